import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashApiKey } from '../src/auth/keys';
import type { CeilingInput, CeilingResult, CapturedRequest, Statement } from './ceilings';
import { createBenchDatabase, loadBenchWorld, restoreProfileValues, settleDatabase, valuedFieldIds, type Settling } from './database';
import type { LoadInput, LoadResult } from './loadgen';
import { OPERATIONS, type Caller, type Operation, type OperationData } from './operations';
import { cpuMicros, freePort, hostWasBusy, machineCpuTicks, ROOT, rssPeakSampler, runScript, startServer, stealShare, type Served } from './processes';
import { countInstructions, type InstructionCount } from './instructions';
import { INSTRUCTION_LABELS, renderReadme, renderTable, stealNote, targets, type BenchResults, type Row } from './report';
import {
  CHANNELS, KEY_USERS, OWNERS, PROFILE_USERS, QUERY_USERS, REPLAY_KEY_USERS, initialApiKey, userEmail,
} from './world';

// `npm run bench`: ceilings first, then every operation through the real built server, over
// REST and GraphQL at 1, 10 and 50 clients; one table, as JSON and in the README.

const CLIENTS = [1, 10, 50] as const;
/** Requests per measured run, by clients (runs of a few seconds: shorter ones were too noisy). */
const AMOUNT: Record<number, number> = { 1: 1_500, 10: 5_000, 50: 12_000 };
const WARMUP = { connections: 10, amount: 400 };
const RAW_INSERT_CALLS = 30_000;
const RUN_TIME_LIMIT_MS = 120_000;
/** The soak: REST create folder at a steady rate, and first its same work paced alike. */
const SOAK = { seconds: 300, rate: 1_000 };

const args = new Set(process.argv.slice(2));
// `--only=create-folder,trivial-query`: those operations only, the table printed and nothing
// written (for trying a change; the README and results come from full runs).
const only = [...args].find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const SELECTED = only ? OPERATIONS.filter((o) => only.includes(o.id)) : OPERATIONS;
if (only && SELECTED.length !== only.length) throw new Error(`--only: known operations are ${OPERATIONS.map((o) => o.id).join(', ')}`);
const log = (msg: string): void => { process.stderr.write(`[bench] ${msg}\n`); };

interface Probe {
  statements: number;
}

async function probe(served: Served): Promise<Probe> {
  return (await fetch(`${served.url}/__bench/stats`)).json() as Promise<Probe>;
}

/** One load run against a server process, with what that process spent meanwhile. */
async function measure(served: Served, input: LoadInput, withProbe: boolean) {
  const before = withProbe ? await probe(served) : null;
  const cpu0 = cpuMicros(served.pid);
  const rss = rssPeakSampler(served.pid);
  const result = await runScript<LoadResult>('loadgen.js', input, RUN_TIME_LIMIT_MS + (input.durationSeconds ?? 0) * 1000);
  const cpu = cpuMicros(served.pid) - cpu0;
  const peakRss = rss.stop();
  const after = withProbe ? await probe(served) : null;
  if (result.failed > 0) throw new Error(`${input.op} ${input.api} at ${input.connections}: ${result.failed} of ${result.requests} failed; first: ${result.firstFailure}`);
  return {
    ...result,
    cpuMicrosPerRequest: cpu / result.requests,
    statementsPerRequest: before && after ? (after.statements - before.statements) / result.requests : null,
    peakRssMB: peakRss / 2 ** 20,
  };
}

/** A ceiling run, in its own process; like a measured run, it must not fail a single call. */
async function ceiling(input: CeilingInput): Promise<CeilingResult> {
  const result = await runScript<CeilingResult>('ceilings.js', input, RUN_TIME_LIMIT_MS + (input.durationSeconds ?? 0) * 1000);
  if (result.failed > 0) throw new Error(`ceiling ${input.kind} at ${input.concurrency}: ${result.failed} of ${result.calls} calls failed`);
  return result;
}

/** Requests in a run: removing profile values spends a caller per request (see world.ts). */
function amount(op: Operation, clients: number): number {
  return op.callers === 'profile' ? Math.min(AMOUNT[clients]!, PROFILE_USERS.length) : AMOUNT[clients]!;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const loadBefore = os.loadavg();
  // On a shared host the hypervisor may hand much of the CPU to other guests: every timed figure
  // then shrinks, and the run says so.
  const ticksBefore = machineCpuTicks();
  await new Promise((r) => setTimeout(r, 2_000));
  const stolenAtStart = stealShare(ticksBefore, machineCpuTicks());
  if (hostWasBusy(stolenAtStart)) log(`warning: ${Math.round(stolenAtStart * 100)}% of the CPU time went to other guests of the host in the last 2 s; timed figures will be low`);
  const database = await createBenchDatabase();
  log(`database ${database.name}`);
  const servers: Served[] = [];
  try {
    const { db, org } = await loadBenchWorld(database.url);
    log(`world loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const mariadb = String((await db.knex.raw('SELECT VERSION() AS v'))[0][0].v);
    // Channels the owners may invite to: the public ones (every tenth is private, see world.ts).
    const publicChannels = Array.from({ length: CHANNELS }, (_, c) => c).filter((c) => c % 10 !== 9);
    const data: OperationData = {
      tag: Date.now().toString(36),
      streamIds: publicChannels.slice(0, 100).map((c) => org.channels[`channel-${c}`]!),
      groupIds: Array.from({ length: 20 }, (_, g) => org.user_groups[`group-${g}`]!),
      fieldIds: valuedFieldIds(org),
    };
    const keys = new Map<number, string>();
    const caller = (i: number): Caller => ({ email: userEmail(i), key: keys.get(i) ?? initialApiKey(i) });
    const dbCaller = (i: number) => ({ id: org.users[userEmail(i)]!, email: userEmail(i), hash: hashApiKey(keys.get(i) ?? initialApiKey(i)) });
    const callerSets: Record<Operation['callers'], number[]> = { owners: OWNERS, profile: PROFILE_USERS, keys: KEY_USERS, query: QUERY_USERS };
    const profileUserIds = PROFILE_USERS.map((i) => org.users[userEmail(i)]!);
    const settling: Settling[] = [];
    const settle = async (phase: string) => {
      const s = await settleDatabase(db, phase);
      settling.push(s);
      log(`database settled for ${phase} in ${s.seconds.toFixed(0)} s (redo since checkpoint ${(s.checkpointAgeShare * 100).toFixed(0)}% of the log, ${(s.dirtyShare * 100).toFixed(0)}% of the pool dirty)`);
    };

    // 1. Ceilings.
    await settle('the ceilings');
    log('ceiling: raw mysql2 INSERT');
    const rawInsert = await ceiling({
      kind: 'raw-insert', url: database.url, calls: RAW_INSERT_CALLS, concurrency: 50, poolSize: 10,
    });

    log('ceiling: bare Apollo Server');
    const measureBare = async (env: NodeJS.ProcessEnv) => {
      const bare = await startServer([path.join(__dirname, 'bareApollo.js')], env, await freePort(), '/healthz');
      servers.push(bare);
      const bareInput = (connections: number, amount: number): LoadInput => ({
        url: bare.url, op: 'trivial-query', api: 'graphql', connections, amount, callers: [], data, constantGraphql: 'mutation { ping }',
      });
      await measure(bare, bareInput(WARMUP.connections, WARMUP.amount * 5), false);
      const byClients: Record<number, Awaited<ReturnType<typeof measure>>> = {};
      for (const c of CLIENTS) byClients[c] = await measure(bare, bareInput(c, AMOUNT[c]! * 2), false);
      await bare.stop();
      return byClients;
    };
    const bareApollo = await measureBare({});

    log('server under test: node dist/src/main.js serve');
    const server = await startServer(['dist/src/main.js', 'serve'], { DATABASE_URL: database.url, BENCH: '1', HOST: '127.0.0.1' }, await freePort(), '/readyz');
    servers.push(server);
    const idleRssMB = (await (await fetch(`${server.url}/__bench/stats`)).json() as { rss: number }).rss / 2 ** 20;

    // The statements one real request issues, from the server's Knex query events.
    const captured: Record<string, CapturedRequest> = {};
    for (const op of SELECTED) {
      const i = callerSets[op.callers][0]!;
      const who = caller(i);
      const req = op.build(op.apis[0]!, 0, who, { ...data, tag: `${data.tag}-capture` });
      await fetch(`${server.url}/__bench/capture/start`);
      const res = await fetch(server.url + req.path, { method: req.method, headers: req.headers, body: req.body || undefined });
      const body = await res.text();
      const { statements } = await (await fetch(`${server.url}/__bench/capture/stop`)).json() as { statements: Statement[] };
      if (res.status !== 200 || body.includes('"errors"')) throw new Error(`capture of ${op.id} failed: ${res.status} ${body}`);
      const entry: CapturedRequest = { statements, caller: dbCaller(i) };
      if (op.id === 'create-folder') entry.folderName = `f-${data.tag}-capture-0`;
      if (op.newKey) {
        keys.set(i, op.newKey(op.apis[0]!, body));
        entry.newKeyHash = hashApiKey(keys.get(i)!);
      }
      captured[op.id] = entry;
    }

    // The like-for-like baseline for the trivial query: bare Apollo making the same lookup.
    let bareApolloWithLookup: Awaited<ReturnType<typeof measureBare>> | null = null;
    const lookup = captured['trivial-query']?.statements[0];
    if (lookup) {
      log('ceiling: bare Apollo Server making the authentication lookup');
      bareApolloWithLookup = await measureBare({ BARE_LOOKUP: JSON.stringify({ url: database.url, sql: lookup.sql, bindings: lookup.bindings }) });
    }

    log('ceiling: same work through plain Knex');
    const sameWork: Record<string, Record<number, CeilingResult>> = {};
    for (const op of SELECTED) {
      await settle(`${op.id}, same work`);
      sameWork[op.id] = {};
      for (const c of CLIENTS) {
        if (op.id === 'remove-profile') await restoreProfileValues(db, org, profileUserIds);
        const rotate = op.id === 'remove-profile' || op.id === 'regenerate-key';
        const callers = (op.id === 'regenerate-key' ? REPLAY_KEY_USERS : callerSets[op.callers]).map(dbCaller);
        sameWork[op.id]![c] = await ceiling({
          kind: 'same-work', url: database.url, calls: amount(op, c), concurrency: c, poolSize: 10,
          captured: captured[op.id], callers, rotateUsers: rotate,
        });
      }
    }

    // 2. Every operation through the server.
    const rows: Row[] = [];
    for (const op of SELECTED) {
      for (const api of op.apis) {
        // Each API starts on a settled database too: GraphQL ran straight after REST's 19,000
        // INSERTs, while InnoDB wrote them back on the cores the gateway shares (run 6: 0.66 × REST
        // at 50 clients, against about 1.0 in ad-hoc runs alternating the two).
        await settle(`${op.id} over ${api === 'rest' ? 'REST' : 'GraphQL'}`);
        const run = async (connections: number, amount: number) => {
          if (op.id === 'remove-profile') await restoreProfileValues(db, org, profileUserIds);
          const ids = callerSets[op.callers];
          const input: LoadInput = {
            url: server.url, op: op.id, api, connections, amount, data: { ...data, tag: `${data.tag}-${api}-${connections}-${amount}` },
            callers: ids.map(caller),
          };
          const m = await measure(server, input, true);
          m.callers?.forEach((c) => keys.set(Number(/^user(\d+)@/.exec(c.email)![1]), c.key));
          return m;
        };
        log(`${op.id} ${api}`);
        await run(WARMUP.connections, WARMUP.amount);
        for (const c of CLIENTS) {
          const m = await run(c, amount(op, c));
          const ceiling = op.id === 'trivial-query' ? bareApollo[c]! : sameWork[op.id]![c]!;
          rows.push({
            operation: op.id, title: op.title, api, clients: c, requests: m.requests,
            rps: m.rps, p50: m.p50, p99: m.p99, cpuMicrosPerRequest: m.cpuMicrosPerRequest,
            statementsPerRequest: m.statementsPerRequest ?? NaN, peakRssMB: m.peakRssMB,
            ceiling: {
              kind: op.id === 'trivial-query' ? 'bare Apollo' : 'same work',
              rps: ceiling.rps, p50: ceiling.p50, p99: ceiling.p99,
              cpuMicrosPerRequest: 'cpuMicrosPerCall' in ceiling ? ceiling.cpuMicrosPerCall : ceiling.cpuMicrosPerRequest,
              statementsPerRequest: 'statementsPerCall' in ceiling ? ceiling.statementsPerCall : 0,
              peakRssMB: 'peakRssMB' in ceiling ? ceiling.peakRssMB : null,
            },
            rawInsertRatio: m.rps / rawInsert.rps,
          });
        }
      }
    }

    // The 5-minute steady run, on request.
    let soak: BenchResults['soak'] = null;
    if (args.has('--soak')) {
      if (!captured['create-folder']) throw new Error('--soak runs create-folder: include it in --only');
      // The database's own tail at the same steady rate, just before: the statements of one
      // create-folder request replayed through plain Knex, paced as the soak paces requests.
      await settle('the soak ceiling');
      log('soak ceiling: the same work through plain Knex at 1,000 calls per second for 5 minutes');
      const soakCeiling = await ceiling({
        kind: 'same-work', url: database.url, calls: SOAK.seconds * SOAK.rate, concurrency: 50, poolSize: 10,
        captured: captured['create-folder']!,
        callers: OWNERS.map(dbCaller), pacedRate: SOAK.rate, durationSeconds: SOAK.seconds,
      });
      await settle('the soak');
      log('soak: REST create folder at 1,000 requests per second for 5 minutes');
      const rssSamples: number[] = [];
      const timer = setInterval(() => {
        void fetch(`${server.url}/__bench/stats`).then((r) => r.json()).then((s: any) => rssSamples.push(s.rss / 2 ** 20)).catch(() => undefined);
      }, 10_000);
      const m = await measure(server, {
        url: server.url, op: 'create-folder', api: 'rest', connections: 50, durationSeconds: SOAK.seconds, pacedRate: SOAK.rate,
        callers: OWNERS.map(caller), data: { ...data, tag: `${data.tag}-soak` },
      }, true);
      clearInterval(timer);
      // Flatness after the first minute (start-up growth and JIT settle there).
      const settled = rssSamples.slice(6);
      soak = {
        seconds: m.seconds, requests: m.requests, rps: m.rps, p50: m.p50, p99: m.p99, p99ByWindow: m.p99ByWindow ?? [],
        rssMB: rssSamples, rssSpread: settled.length ? (Math.max(...settled) - Math.min(...settled)) / Math.min(...settled) : NaN,
        scheduleLateMs: m.scheduleLateMs ?? NaN,
        ceiling: { p50: soakCeiling.p50, p99: soakCeiling.p99, p99ByWindow: soakCeiling.p99ByWindow ?? [] },
      };
    }

    await server.stop();

    // Instructions per request, on request (about 5 minutes more).
    let instructions: InstructionCount[] | null = null;
    if (args.has('--instructions')) {
      if (!captured['create-folder'] || !captured['trivial-query']) throw new Error('--instructions runs create-folder and trivial-query: include them in --only');
      log('instructions per request under callgrind');
      const gateway = ['dist/src/main.js', 'serve'];
      const gatewayEnv = { DATABASE_URL: database.url, BENCH: '1', HOST: '127.0.0.1' };
      const load = (op: string, api: 'rest' | 'graphql', callers: Caller[]) => (url: string, amount: number, connections: number): LoadInput => ({
        url, op, api, connections, amount, callers, data: { ...data, tag: `${data.tag}-instructions-${api}-${amount}` },
      });
      // Each count starts on a settled database too: a count includes what the process does while
      // it waits, so a database still writing back the soak's INSERTs would raise it (run 8's GraphQL count came straight after the soak).
      const counted = async (label: string, command: string[], env: NodeJS.ProcessEnv, readyPath: string, requests: Parameters<typeof countInstructions>[4]) => {
        await settle(`${label} under callgrind`);
        return countInstructions(label, command, env, readyPath, requests);
      };
      instructions = [
        await counted(INSTRUCTION_LABELS.bare, [path.join(__dirname, 'bareApollo.js')], {}, '/healthz',
          (url, amount, connections) => ({ ...load('trivial-query', 'graphql', [])(url, amount, connections), constantGraphql: 'mutation { ping }' })),
        await counted(INSTRUCTION_LABELS.trivial, gateway, gatewayEnv, '/readyz', load('trivial-query', 'graphql', QUERY_USERS.map(caller))),
        await counted(INSTRUCTION_LABELS.rest, gateway, gatewayEnv, '/readyz', load('create-folder', 'rest', OWNERS.map(caller))),
        await counted(INSTRUCTION_LABELS.graphql, gateway, gatewayEnv, '/readyz', load('create-folder', 'graphql', OWNERS.map(caller))),
      ];
    }
    await db.knex.destroy();

    const results: BenchResults = {
      date: new Date().toISOString(),
      commit: gitCommit(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', node: process.version, mariadb, loadAverageBefore: loadBefore[0]!, loadAverageAfter: os.loadavg()[0]!, stealShare: stealShare(ticksBefore, machineCpuTicks()) },
      world: { users: 10_000, channels: CHANNELS, groups: 500, profileFields: 100 },
      serverIdleRssMB: idleRssMB,
      ceilings: {
        rawInsert,
        bareApollo: Object.fromEntries(CLIENTS.map((c) => [c, bareApollo[c]])),
        bareApolloWithLookup: bareApolloWithLookup ? Object.fromEntries(CLIENTS.map((c) => [c, bareApolloWithLookup![c]])) : null,
        sameWork,
        capturedStatements: Object.fromEntries(Object.entries(captured).map(([k, v]) => [k, v.statements.map((s) => s.sql.replace(/\s+/g, ' ').slice(0, 160))])),
      },
      rows,
      soak,
      settling,
      instructions,
      targets: [],
      totalSeconds: (Date.now() - t0) / 1000,
    };
    results.targets = targets(results);
    if (only) {
      process.stdout.write(`${renderTable(results)}\n\n(--only: nothing written${stealNote(results.machine.stealShare)})\n`);
      return;
    }
    const day = results.date.slice(0, 10);
    const file = path.join(ROOT, 'bench', 'results', `${day}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    const readme = path.join(ROOT, 'README.md');
    fs.writeFileSync(readme, renderReadme(fs.readFileSync(readme, 'utf8'), results, path.relative(ROOT, file)));
    process.stdout.write(`${renderTable(results)}\n\nresults: ${path.relative(ROOT, file)} (README updated) in ${results.totalSeconds.toFixed(0)} s\n`);
  } finally {
    for (const s of servers) await s.stop().catch(() => undefined);
    await database.drop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
