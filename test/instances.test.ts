import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from './support/gateway';
import { post, request, type HttpResult } from './support/http';
import { at, startInstance, type Instance } from './support/instances';
import { CREATE, FOLDERS, INVITE, PROFILE, REGENERATE } from './support/paths';
import { USERS } from './support/world';

// Two gateway processes (`node dist/src/main.js serve`) on one MariaDB database, hit at once: the
// database's constraints and transactions decide every race, never per-process state.
// RELIABILITY_SCALE multiplies the number of concurrent requests (npm run test:long).

const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
const N = Math.max(8, Math.round(24 * SCALE));

describe.skipIf(!process.env.TEST_MYSQL_URL)('two instances on one MariaDB database', () => {
  let g: Gateway;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    g = await startGateway('mysql');
    [a, b] = await Promise.all([startInstance(g.databaseUrl), startInstance(g.databaseUrl)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
    await g?.close();
  });

  /** Request i goes to instance a or b in turn. */
  const on = (i: number) => at(g, i % 2 === 0 ? a : b);

  it(`${N} concurrent creations of one folder name: exactly one succeeds, the rest are told the name is in use`, async () => {
    const names = ['Race folder', 'race folder', 'RACE FOLDER'];
    const results = await Promise.all(Array.from({ length: N }, (_, i) =>
      post(on(i), i % 3 === 0 ? 'admin' : 'owner', CREATE, { name: names[i % 3]!, description: `attempt ${i}` })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect({ status: r.status, body: r.body }).toEqual({ status: 400, body: { result: 'error', msg: 'Channel folder name already in use', code: 'BAD_REQUEST' } });
    }
    const rows = await g.db.knex('channel_folders').where('organization_id', g.org.id).whereRaw('LOWER(name) = ?', ['race folder']);
    expect(rows.map((r) => r.id)).toEqual([ok[0]!.body.channel_folder_id]);
  }, 30_000 * Math.max(1, SCALE));

  it(`${N} concurrent key regenerations by one user: exactly one returned key works, and it is the stored one`, async () => {
    const old = { email: USERS.member.email, apiKey: g.keys.member };
    const results: HttpResult[] = await Promise.all(Array.from({ length: N }, (_, i) => post(on(i), old, REGENERATE)));
    // Authentication reads the database on every request: a request authenticated after the
    // first commit is refused with the old key.
    for (const r of results.filter((x) => x.status !== 200)) {
      expect({ status: r.status, body: r.body }).toEqual({ status: 401, body: { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' } });
    }
    const returned = results.filter((r) => r.status === 200).map((r) => r.body.api_key as string);
    expect(returned.length).toBeGreaterThanOrEqual(1);
    expect(new Set(returned).size).toBe(returned.length);
    // "The last one" is the last to commit (the user's row lock orders the transactions); the
    // order in which answers arrive need not be the commit order, so the test checks what is
    // guaranteed: one returned key works, on every instance, and every other key fails.
    const works = async (apiKey: string, i: number) => (await request(on(i), 'GET', FOLDERS, { who: { email: old.email, apiKey } })).status === 200;
    const working: string[] = [];
    for (const key of [...returned, old.apiKey]) {
      const onA = await works(key, 0);
      expect(await works(key, 1)).toBe(onA);
      if (onA) working.push(key);
    }
    expect(working).toHaveLength(1);
    const stored = await g.db.knex('users').where('id', g.userId('member')).first();
    expect(stored.api_key_hash).toBe(createHash('sha256').update(working[0]!).digest('hex'));
    expect(await g.db.knex('push_devices').where('user_id', g.userId('member'))).toEqual([]);
    g.keys.member = working[0]!;
  }, 30_000 * Math.max(1, SCALE));

  it(`${N} concurrent profile-data settings and removals of three fields: each user ends with all three or none`, async () => {
    const fields = await g.db.knex('custom_profile_fields').where('organization_id', g.org.id).whereIn('name', ['Phone', 'Website', 'Pronouns'])
      .orderBy('id').select('id', 'name');
    const ids = fields.map((f) => f.id as number);
    const value = (name: string, i: number) => (name === 'Website' ? `https://example.com/${i}` : `${name} ${i}`);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(Array.from({ length: N }, (_, i) => (i % 2 === 0
        ? request(on(i >> 1), 'DELETE', PROFILE, { who: 'member2', form: { data: ids } })
        : request(on(i >> 1), 'PATCH', PROFILE, { who: 'member2', form: { data: fields.map((f) => ({ id: f.id, value: value(f.name, i) })) } }))));
      for (const r of results) expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
      const rows = await g.db.knex('custom_profile_field_values').where('user_id', g.userId('member2')).whereIn('field_id', ids).select('value');
      expect([0, 3]).toContain(rows.length);
      // Whole requests: the three values come from one request.
      if (rows.length === 3) expect(new Set(rows.map((r) => /(\d+)$/.exec(r.value)![1])).size).toBe(1);
    }
  }, 30_000 * Math.max(1, SCALE));

  it(`${N} concurrent invitation creations: every link has all its channel and group rows`, async () => {
    const channels = await g.db.knex('channels').where('organization_id', g.org.id).whereIn('name', ['general', 'public', 'private'])
      .pluck('id');
    const groups = await g.db.knex('user_groups').where('organization_id', g.org.id).whereIn('name', ['open', 'locked']).pluck('id');
    const before = await g.db.knex('multiuse_invites').max('id as id').first();
    const results = await Promise.all(Array.from({ length: N }, (_, i) =>
      post(on(i), 'owner', INVITE, { stream_ids: channels.slice(0, 1 + (i % 3)), group_ids: groups.slice(0, i % 3), invite_as: 400 })));
    for (const r of results) expect(r.status, r.text).toBe(200);
    const invites = await g.db.knex('multiuse_invites').where('id', '>', before?.id ?? 0).select('id', 'invite_key');
    expect(invites).toHaveLength(N);
    const links = new Map(results.map((r, i) => [r.body.invite_link as string, i]));
    for (const inv of invites) {
      const i = links.get([...links.keys()].find((l) => l.includes(inv.invite_key))!)!;
      const channelRows = await g.db.knex('multiuse_invite_channels').where('invite_id', inv.id).orderBy('channel_id').pluck('channel_id');
      const groupRows = await g.db.knex('multiuse_invite_groups').where('invite_id', inv.id).orderBy('group_id').pluck('group_id');
      expect(channelRows).toEqual([...channels.slice(0, 1 + (i % 3))].sort((x, y) => x - y));
      expect(groupRows).toEqual([...groups.slice(0, i % 3)].sort((x, y) => x - y));
    }
  }, 30_000 * Math.max(1, SCALE));

  it('both instances are still up and ready', async () => {
    for (const inst of [a, b]) {
      const res = await fetch(`${inst.base}/readyz`);
      expect(res.status).toBe(200);
    }
  });
});
