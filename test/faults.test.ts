import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/store/db';
import { loadWorld } from '../src/world/loadWorld';
import { startInstance, type Instance } from './support/instances';
import { HAS_MARIADBD, PrivateMariadb } from './support/privateMariadb';
import { testWorld, USERS, type Handle } from './support/world';

// Faults, on a MariaDB server of this file's own (never the shared one): the database stops in the
// middle of a load, a gateway process is killed during writes, a gateway is told to stop while
// requests are in flight. RELIABILITY_SCALE lengthens the load (npm run test:long).

const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
/** No request may take longer than this, outage or not. */
const REQUEST_BOUND_MS = 8_000;

const auth = (who: Handle) => ({ authorization: `Basic ${Buffer.from(`${USERS[who].email}:${USERS[who].apiKey}`).toString('base64')}` });
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Outcome {
  startedAt: number;
  endedAt: number;
  status: number;
  body: any;
}

async function send(base: string, method: string, path: string, who: Handle, form?: Record<string, string>): Promise<Outcome> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method, headers: { ...auth(who), ...(form ? FORM : {}) }, body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch { /* kept as text */ }
    return { startedAt, endedAt: performance.now(), status: res.status, body };
  } catch (err) {
    // -1: no HTTP answer at all (connection refused or reset, or the 30 s timeout).
    return { startedAt, endedAt: performance.now(), status: -1, body: String((err as Error).cause ?? err) };
  }
}

/** `workers` loops of requests until `stop()` says so. */
async function runLoad(workers: number, stop: () => boolean, next: (n: number) => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let n = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (!stop()) outcomes.push(await next(n++));
  }));
  return outcomes;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!HAS_MARIADBD)('faults, on a private MariaDB server', () => {
  let server: PrivateMariadb;
  let url: string;
  const figures: string[] = [];

  beforeAll(async () => {
    server = await PrivateMariadb.create();
    url = await server.createDatabase('oag_faults');
    const db = openDatabase(url);
    try {
      await migrate(db);
      await loadWorld(db, testWorld());
    } finally {
      await db.knex.destroy();
    }
  }, 120_000 * Math.max(1, SCALE));
  afterAll(async () => {
    process.stdout.write(`fault figures:\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
    await server?.destroy();
  });

  async function withInstance<T>(fn: (inst: Instance) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
    const inst = await startInstance(url, env);
    try {
      return await fn(inst);
    } finally {
      await inst.kill('SIGKILL');
    }
  }

  it('the database stops in the middle of a load: fast clean 5xx answers, the process stays up, service resumes by itself', async () => {
    await withInstance(async (inst) => {
      let done = false;
      let restartedAt = Infinity;
      const loadPromise = runLoad(8, () => done, (n) => (n % 2 === 0
        ? send(inst.base, 'GET', '/api/v1/channel_folders', 'member')
        : send(inst.base, 'POST', '/api/v1/channel_folders/create', 'admin', { name: `Outage ${n}`, description: '' })));
      await sleep(1_000 * SCALE);
      const stoppedAt = performance.now();
      await server.stop('SIGKILL');
      await sleep(3_000 * SCALE);
      await server.start();
      restartedAt = performance.now();
      await sleep(4_000);
      done = true;
      const outcomes = await loadPromise;

      expect(inst.child.exitCode).toBeNull();
      const longest = Math.max(...outcomes.map((o) => o.endedAt - o.startedAt));
      expect(longest).toBeLessThan(REQUEST_BOUND_MS);
      const failures = outcomes.filter((o) => o.status !== 200);
      for (const f of failures) {
        expect(f.status, JSON.stringify(f.body)).toBeGreaterThanOrEqual(500);
        expect(f.body).toEqual({ result: 'error', msg: expect.any(String), code: expect.any(String) });
      }
      expect(failures.length).toBeGreaterThan(0);
      // Standard output stays JSON log lines through the outage (the failures' error lines; Knex's
      // own notices of each failed connection attempt are not printed): every line after the
      // start-up banner.
      const out = inst.stdout().split('\n').filter((l) => l !== '');
      const firstLogLine = out.findIndex((l) => l.startsWith('{'));
      expect(firstLogLine).toBeGreaterThan(0);
      expect(out[0]).toMatch(/^org-admin-gateway listening on /);
      for (const line of out.slice(1, firstLogLine)) expect(line, 'banner line').toMatch(/^ {2}\S/);
      for (const line of out.slice(firstLogLine)) expect(() => JSON.parse(line), line).not.toThrow();
      expect(inst.stderr()).not.toMatch(/Acquire connection error/);
      // Recovery: the first request to start after the database came back and succeed.
      const firstOk = outcomes.filter((o) => o.status === 200 && o.startedAt >= restartedAt).sort((x, y) => x.endedAt - y.endedAt)[0];
      expect(firstOk).toBeDefined();
      const recoveryMs = firstOk!.endedAt - restartedAt;
      expect(recoveryMs).toBeLessThan(5_000);
      // Once recovered, every later request succeeds.
      expect(outcomes.filter((o) => o.startedAt > firstOk!.endedAt && o.status !== 200)).toEqual([]);
      const during = outcomes.filter((o) => o.startedAt >= stoppedAt && o.startedAt < restartedAt);
      figures.push(`outage: ${outcomes.length} requests, ${failures.length} failed (${[...new Set(failures.map((f) => f.status))].join(', ')}), `
        + `${during.length} started during the ${Math.round(restartedAt - stoppedAt)} ms outage; longest request ${Math.round(longest)} ms; `
        + `recovered ${Math.round(recoveryMs)} ms after the database answered`);
    });
  }, 120_000 * Math.max(1, SCALE));

  it('the database freezes (SIGSTOP) under load: every request is answered by the request timeout, service resumes on thaw', async () => {
    const timeoutMs = 1_500;
    await withInstance(async (inst) => {
      let done = false;
      const loadPromise = runLoad(8, () => done, (n) => (n % 2 === 0
        ? send(inst.base, 'GET', '/api/v1/channel_folders', 'member')
        : send(inst.base, 'POST', '/api/v1/channel_folders/create', 'admin', { name: `Freeze ${n}`, description: '' })));
      await sleep(1_000);
      const frozenAt = performance.now();
      server.freeze();
      await sleep(4_000 * SCALE);
      server.thaw();
      const thawedAt = performance.now();
      await sleep(3_000);
      done = true;
      const outcomes = await loadPromise;

      expect(inst.child.exitCode).toBeNull();
      const longest = Math.max(...outcomes.map((o) => o.endedAt - o.startedAt));
      if (process.env.DEBUG_FAULTS) console.log(outcomes.filter((o) => o.endedAt - o.startedAt > 1600).map((o) => [Math.round(o.startedAt - frozenAt), Math.round(o.endedAt - o.startedAt), o.status, JSON.stringify(o.body).slice(0, 100)]));
      // The timeout, plus the time to write the answer on a busy machine.
      expect(longest).toBeLessThan(timeoutMs + 1_500);
      const failures = outcomes.filter((o) => o.status !== 200);
      expect(failures.length).toBeGreaterThan(0);
      for (const f of failures) {
        expect({ status: f.status, body: f.body }).toEqual({
          status: 503, body: { result: 'error', msg: 'The request took too long; try again later', code: 'REQUEST_TIMEOUT' },
        });
      }
      const firstOk = outcomes.filter((o) => o.status === 200 && o.startedAt >= thawedAt).sort((x, y) => x.endedAt - y.endedAt)[0];
      expect(firstOk).toBeDefined();
      expect(outcomes.filter((o) => o.startedAt > firstOk!.endedAt && o.status !== 200)).toEqual([]);
      figures.push(`freeze: ${outcomes.length} requests, ${failures.length} answered 503 after the ${timeoutMs} ms request timeout during the `
        + `${Math.round(thawedAt - frozenAt)} ms freeze; longest request ${Math.round(longest)} ms; recovered ${Math.round(firstOk!.endedAt - thawedAt)} ms after thaw`);
    }, { REQUEST_TIMEOUT_MS: String(timeoutMs) });
  }, 120_000 * Math.max(1, SCALE));

  it('a gateway killed (SIGKILL) during invitation writes: after restart every invitation is whole or absent', async () => {
    const knex = openDatabase(url).knex;
    try {
      const orgId = (await knex('organizations').where('name', 'Test Org').first()).id;
      const channels = await knex('channels').where('organization_id', orgId).whereIn('name', ['general', 'public', 'private']).orderBy('id').pluck('id');
      const groups = await knex('user_groups').where('organization_id', orgId).whereIn('name', ['open', 'locked']).orderBy('id').pluck('id');
      const before = Number((await knex('multiuse_invites').max('id as id').first())?.id ?? 0);
      const rounds = Math.max(2, Math.round(3 * SCALE));
      let answered = 0;
      for (let round = 0; round < rounds; round++) {
        const inst = await startInstance(url);
        let done = false;
        const loadPromise = runLoad(16, () => done, () => send(inst.base, 'POST', '/api/v1/invites/multiuse', 'owner',
          { stream_ids: JSON.stringify(channels), group_ids: JSON.stringify(groups), invite_as: '400' }));
        await sleep(300 + (round % 5) * 150);
        await inst.kill('SIGKILL');
        done = true;
        const outcomes = await loadPromise;
        answered += outcomes.filter((o) => o.status === 200).length;
        for (const o of outcomes) expect([200, -1]).toContain(o.status);
      }
      const after = await startInstance(url);
      try {
        const invites = await knex('multiuse_invites').where('id', '>', before).pluck('id');
        const channelRows = await knex('multiuse_invite_channels').whereIn('invite_id', invites).select('invite_id', 'channel_id');
        const groupRows = await knex('multiuse_invite_groups').whereIn('invite_id', invites).select('invite_id', 'group_id');
        for (const id of invites) {
          expect(channelRows.filter((r) => r.invite_id === id).map((r) => r.channel_id).sort()).toEqual([...channels].sort());
          expect(groupRows.filter((r) => r.invite_id === id).map((r) => r.group_id).sort()).toEqual([...groups].sort());
        }
        // Every answered creation was committed; some were committed but never answered.
        expect(invites.length).toBeGreaterThanOrEqual(answered);
        const res = await send(after.base, 'GET', '/api/v1/invites', 'owner');
        expect(res.status).toBe(200);
        figures.push(`SIGKILL during writes: ${rounds} kills, ${answered} creations answered, ${invites.length} invitations stored, all whole`);
      } finally {
        await after.kill('SIGKILL');
      }
    } finally {
      await knex.destroy();
    }
  }, 120_000 * Math.max(1, SCALE));

  it('SIGTERM: readiness turns 503, requests in flight are finished and stored, GraphQL still answers, the process exits 0', async () => {
    const inst = await startInstance(url);
    const knex = openDatabase(url).knex;
    try {
      const before = Number((await knex('channel_folders').max('id as id').first())?.id ?? 0);
      const count = Math.max(20, Math.round(60 * SCALE));
      // SIGTERM once the first answers are back: the server is then busy with the others.
      let answers = 0;
      let signalled: () => void;
      const firstAnswers = new Promise<void>((resolve) => { signalled = resolve; });
      const requests = Array.from({ length: count }, (_, i) => send(inst.base, 'POST', '/api/v1/channel_folders/create', 'admin',
        { name: `Shutdown ${i}`, description: 'x'.repeat(1000) }).then((o) => { if (++answers === 3) signalled(); return o; }));
      await firstAnswers;
      inst.child.kill('SIGTERM');
      // Draining: the load balancer is told to stop, the process still answers.
      await sleep(100);
      expect((await fetch(`${inst.base}/readyz`)).status).toBe(503);
      expect((await fetch(`${inst.base}/healthz`)).status).toBe(200);
      // GraphQL is served while draining too (Apollo must not stop on the signal by itself).
      const query = await fetch(`${inst.base}/graphql`, {
        method: 'POST', headers: { ...auth('admin'), 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { email } }' }),
      });
      expect({ status: query.status, body: await query.json() }).toEqual({ status: 200, body: { data: { me: { email: USERS.admin.email } } } });
      const outcomes = await Promise.all(requests);
      expect(await inst.exited).toBe(0);
      const ok = outcomes.filter((o) => o.status === 200);
      // Every request sent before the signal is answered in full and stored.
      for (const o of outcomes) expect(o.status, JSON.stringify(o.body)).toBe(200);
      const stored = await knex('channel_folders').where('id', '>', before).pluck('id');
      expect(stored.sort()).toEqual(ok.map((o) => o.body.channel_folder_id).sort());
      const refused = outcomes.filter((o) => o.status === -1).map((o) => /ECONN\w+|other side closed|socket/i.exec(String(o.body))?.[0] ?? String(o.body).slice(0, 40));
      figures.push(`SIGTERM after the first answers: ${count} requests sent, ${ok.length} answered in full and stored, ${refused.length} without an answer `
        + `(${[...new Set(refused)].join(', ') || 'none'}) and not stored, exit code 0`);
    } finally {
      await inst.kill('SIGKILL');
      await knex.destroy();
    }
  }, 60_000 * Math.max(1, SCALE));
});
