import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { openDatabase } from '../src/store/db';
import { folderNameKey } from '../src/store/keys';
import { generateInvitationKey } from '../src/auth/keys';
import { pacedLatencies, percentile, readStdin, startWhenDue, warmUp } from './processes';

// Ceilings, in their own process: what the database allows with no gateway in the way.
//  raw-insert: single-row INSERTs through a plain mysql2 pool.
//  same-work:  the statements one request of an operation issued (captured from Knex's query
//              events in the server), replayed by plain Knex with no HTTP, GraphQL or checks.

export interface Statement {
  sql: string;
  bindings: unknown[];
}

/** The request whose statements were captured, so that the replay can vary what must differ. */
export interface CapturedRequest {
  statements: Statement[];
  caller: { id: number; email: string; hash: string };
  /** Unique per call: a folder name (and its key), a generated invitation key, a new key hash. */
  folderName?: string;
  newKeyHash?: string;
}

export interface CeilingInput {
  kind: 'raw-insert' | 'same-work';
  url: string;
  calls: number;
  concurrency: number;
  poolSize: number;
  captured?: CapturedRequest;
  /** Callers to rotate over (each call its own when `rotateUsers`); absent: the captured one. */
  callers?: Array<{ id: number; email: string; hash: string }>;
  rotateUsers?: boolean;
  /**
   * The soak's ceiling: calls due every 1/rate seconds for `durationSeconds`, sent whether or not
   * earlier ones have finished (as the soak sends requests), instead of `concurrency` callers.
   */
  pacedRate?: number;
  durationSeconds?: number;
}

export interface CeilingResult {
  calls: number;
  failed: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMicrosPerCall: number;
  statementsPerCall: number;
  /** A paced run: p99 per 10-second window. */
  p99ByWindow?: number[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INVITATION_KEY = /^[a-z2-7]{24}$/;

async function drive(calls: number, concurrency: number, one: (n: number) => Promise<void>): Promise<Omit<CeilingResult, 'statementsPerCall'>> {
  const latencies = new Float64Array(calls);
  let next = 0;
  let failed = 0;
  let firstError: unknown = null;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let n = next++; n < calls; n = next++) {
      const s = process.hrtime.bigint();
      try {
        await one(n);
      } catch (err) {
        failed++;
        firstError ??= err;
      }
      latencies[n] = Number(process.hrtime.bigint() - s) / 1e6;
    }
  }));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  if (firstError) process.stderr.write(`ceiling: ${failed} calls failed, first: ${(firstError as Error).message}\n`);
  latencies.sort();
  return {
    calls, failed, seconds, rps: calls / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99),
    cpuMicrosPerCall: (cpu.user + cpu.system) / calls,
  };
}

/** `calls` calls due every 1/rate seconds, each timed from when it was started, as the soak's load generator does. */
async function drivePaced(rate: number, calls: number, one: (n: number) => Promise<void>): Promise<Omit<CeilingResult, 'statementsPerCall'>> {
  const latencies = pacedLatencies(calls, rate);
  let failed = 0;
  let firstError: unknown = null;
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const elapsedMs = (): number => Number(process.hrtime.bigint() - t0) / 1e6;
  const running: Promise<void>[] = [];
  const start = (n: number): void => {
    const at = elapsedMs();
    running.push(one(n).catch((err) => {
      failed++;
      firstError ??= err;
    }).finally(() => latencies.record(n, elapsedMs() - at)));
  };
  await startWhenDue(rate, calls, elapsedMs, start);
  await Promise.all(running);
  const cpu = process.cpuUsage(cpu0);
  if (firstError) process.stderr.write(`ceiling: ${failed} calls failed, first: ${(firstError as Error).message}\n`);
  const took = elapsedMs() / 1000;
  return { calls, failed, seconds: took, rps: calls / took, ...latencies.summary(), cpuMicrosPerCall: (cpu.user + cpu.system) / calls };
}

async function rawInsert(input: CeilingInput): Promise<CeilingResult> {
  const u = new URL(input.url);
  const pool = mysql.createPool({
    host: u.hostname, port: Number(u.port || 3306), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password),
    database: u.pathname.slice(1), connectionLimit: input.poolSize, charset: 'utf8mb4',
  });
  await pool.query(`CREATE TABLE IF NOT EXISTS bench_raw_insert (
    id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY, name VARCHAR(255) NOT NULL, created_at DATETIME(3) NOT NULL
  ) CHARACTER SET utf8mb4`);
  const result = await drive(input.calls, input.concurrency, async (n) => {
    await pool.query('INSERT INTO bench_raw_insert (name, created_at) VALUES (?, ?)', [`row ${n}`, new Date()]);
  });
  await pool.query('DROP TABLE bench_raw_insert');
  await pool.end();
  return { ...result, statementsPerCall: 1 };
}

/** Replaces, in a captured binding, what must differ per call. */
function varier(captured: CapturedRequest, input: CeilingInput) {
  return (n: number): ((value: unknown) => unknown) => {
    const callers = input.callers ?? [captured.caller];
    const caller = callers[n % callers.length]!;
    const name = `r-${n}-${randomBytes(4).toString('hex')}`;
    const invitationKey = generateInvitationKey();
    const newHash = randomBytes(32).toString('hex');
    const now = new Date();
    const map = new Map<unknown, unknown>([
      [captured.caller.hash, caller.hash],
      [`account:${captured.caller.email}`, `account:${caller.email}`],
    ]);
    if (captured.folderName) {
      map.set(captured.folderName, name);
      map.set(folderNameKey(captured.folderName), folderNameKey(name));
    }
    if (captured.newKeyHash) {
      map.set(captured.newKeyHash, newHash);
      caller.hash = newHash;
    }
    if (input.rotateUsers) map.set(captured.caller.id, caller.id);
    return (value) => {
      if (map.has(value)) return map.get(value);
      if (typeof value === 'string' && ISO_DATE.test(value)) return now;
      if (typeof value === 'string' && INVITATION_KEY.test(value)) return invitationKey;
      return value;
    };
  };
}

async function sameWork(input: CeilingInput): Promise<CeilingResult> {
  const captured = input.captured!;
  const db = openDatabase(input.url, { poolMax: input.poolSize });
  const { knex } = db;
  let statements = 0;
  knex.on('query', () => { statements++; });
  const vary = varier(captured, input);
  // BEGIN … COMMIT in the capture: the statements between run in one Knex transaction.
  const steps: Array<Statement | Statement[]> = [];
  let open: Statement[] | null = null;
  for (const s of captured.statements) {
    if (/^BEGIN;?$/i.test(s.sql.trim())) open = [];
    else if (/^COMMIT;?$/i.test(s.sql.trim())) { steps.push(open!); open = null; } else if (open) open.push(s);
    else steps.push(s);
  }
  const call = async (n: number): Promise<void> => {
    const v = vary(n);
    for (const step of steps) {
      if (Array.isArray(step)) {
        await knex.transaction(async (trx) => {
          // The link rows of an invitation point at the invitation row inserted just before:
          // its new id replaces the captured one.
          let inviteId: unknown;
          for (const s of step) {
            const bindings = s.bindings.map(v);
            const link = /^insert into `?multiuse_invite_\w+`? \(([^)]*)\)/i.exec(s.sql);
            if (link && inviteId !== undefined) {
              const columns = link[1]!.split(',').map((c) => c.trim().replace(/`/g, ''));
              for (let i = columns.indexOf('invite_id'); i < bindings.length; i += columns.length) bindings[i] = inviteId;
            }
            const res = await trx.raw(s.sql, bindings as any[]);
            if (/^insert into `?multiuse_invites`?\s/i.test(s.sql)) inviteId = res[0].insertId;
          }
        });
      } else {
        await knex.raw(step.sql, step.bindings.map(v) as any[]);
      }
    }
  };
  const paced = input.pacedRate ? { rate: input.pacedRate, calls: Math.round(input.pacedRate * input.durationSeconds!) } : null;
  // Warm-up calls are neither timed nor counted.
  if (paced) await warmUp(paced.calls, 50, call);
  const before = statements;
  const result = paced ? await drivePaced(paced.rate, paced.calls, call) : await drive(input.calls, input.concurrency, call);
  await knex.destroy();
  return { ...result, statementsPerCall: (statements - before) / result.calls };
}

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as CeilingInput;
  const result = input.kind === 'raw-insert' ? await rawInsert(input) : await sameWork(input);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  });
}
