import autocannon from 'autocannon';
import { Pool } from 'undici';
import { operation, type Api, type Caller, type OperationData } from './operations';
import { pacedLatencies, percentile, readStdin, startWhenDue, warmUp } from './processes';

// The load generator, in its own process, against 127.0.0.1, answering one JSON line: an
// autocannon run bounded by a request count, or (the soak) a paced run bounded by a duration.

export interface LoadInput {
  url: string;
  op: string;
  api: Api;
  connections: number;
  /** Requests to send (the autocannon run). */
  amount?: number;
  /** Length of the paced run. */
  durationSeconds?: number;
  /**
   * Requests per second, evenly spaced (the soak): an open-loop schedule, one request every
   * 1/rate seconds over up to `connections` connections, sent when due whether or not earlier
   * ones have answered. (autocannon's own rate limit sends each second's share in a burst.)
   * Needs `durationSeconds`.
   */
  pacedRate?: number;
  callers: Caller[];
  data: OperationData;
  /** GraphQL document for a constant request (the bare Apollo baseline). */
  constantGraphql?: string;
}

export interface LoadResult {
  requests: number;
  ok: number;
  failed: number;
  firstFailure: string | null;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** p99 per 10-second window (the soak). */
  p99ByWindow?: number[];
  /** The paced run: the most a request was sent after it was due. */
  scheduleLateMs?: number;
  /** Callers' keys at the end, when the operation replaces them. */
  callers?: Caller[];
}

/** A failed request: any status but 200, and a GraphQL refusal, which comes with status 200. */
function failedAnswer(api: Api, status: number, body: string): boolean {
  return status !== 200 || (api === 'graphql' && body.includes('"errors"'));
}

/** The soak's steady load: requests due every 1/rate seconds, sent whether or not earlier ones answered. */
async function paced(input: LoadInput): Promise<LoadResult> {
  const op = operation(input.op);
  // Callers are taken in turn, so an operation that spends or replaces a caller's state cannot be paced.
  if (op.newKey || op.callers === 'profile') throw new Error(`${op.id} cannot run paced`);
  const rate = input.pacedRate!;
  const total = Math.round(rate * input.durationSeconds!);
  const pool = new Pool(input.url, { connections: input.connections, pipelining: 1 });
  /** The n-th request of the run, answered. */
  const exchange = async (n: number): Promise<{ status: number; body: string }> => {
    const req = op.build(input.api, n, input.callers[n % input.callers.length]!, input.data);
    const res = await pool.request({ method: req.method, path: req.path, headers: req.headers, body: req.body || undefined });
    return { status: res.statusCode, body: await res.body.text() };
  };
  const latencies = pacedLatencies(total, rate);
  let ok = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let done = 0;
  await warmUp(total, input.connections, async (n) => {
    const { status, body } = await exchange(n);
    if (failedAnswer(input.api, status, body)) throw new Error(`warm-up request failed: ${status} ${body.slice(0, 300)}`);
  });
  const started = process.hrtime.bigint();
  const elapsedMs = (): number => Number(process.hrtime.bigint() - started) / 1e6;
  let lateMs = 0;
  const send = (n: number): void => {
    const at = elapsedMs();
    lateMs = Math.max(lateMs, at - (n * 1000) / rate);
    exchange(n)
      .then(({ status, body }) => {
        if (failedAnswer(input.api, status, body)) {
          failed++;
          firstFailure ??= `${status} ${body.slice(0, 300)}`;
        } else ok++;
      }, (err: Error) => {
        failed++;
        firstFailure ??= err.message;
      })
      .finally(() => {
        // From the moment it was sent: the schedule itself runs on timers of about 1 ms, whose
        // lateness (reported as scheduleLateMs) belongs to this process, not the server.
        latencies.record(n, elapsedMs() - at);
        done++;
      });
  };
  await startWhenDue(rate, total, elapsedMs, send);
  while (done < total) await new Promise((r) => setTimeout(r, 5));
  const seconds = elapsedMs() / 1000;
  await pool.close();
  return {
    requests: total, ok, failed, firstFailure, seconds, rps: total / seconds,
    ...latencies.summary(),
    scheduleLateMs: lateMs,
  };
}

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as LoadInput;
  if (input.pacedRate) {
    process.stdout.write(`${JSON.stringify(await paced(input))}\n`);
    return;
  }
  const op = operation(input.op);
  const callers = input.callers.map((c) => ({ ...c }));
  // Callers whose key a request may replace are never in flight twice at once.
  const idle = [...callers];
  let sent = 0;
  let firstFailure: string | null = null;
  let bodyFailures = 0;

  const pick = (n: number): Caller => {
    if (op.newKey) {
      const c = idle.shift();
      if (!c) throw new Error('more connections than callers');
      return c;
    }
    // Each request of a run a caller of its own when the request spends the caller's state.
    return op.callers === 'profile' ? callers[n]! : callers[n % callers.length]!;
  };

  const request = input.constantGraphql
    ? {
      method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: input.constantGraphql }),
    }
    : {
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const n = sent++;
        const caller = pick(n);
        context.caller = caller;
        return { ...req, ...op.build(input.api, n, caller, input.data) };
      },
      onResponse: (status: number, body: string, context: Record<string, unknown>) => {
        const caller = context.caller as Caller;
        const failed = failedAnswer(input.api, status, body);
        if (failed) bodyFailures++;
        if (failed && firstFailure === null) firstFailure = `${status} ${body.slice(0, 300)}`;
        if (op.newKey) {
          if (!failed) caller.key = op.newKey(input.api, body);
          idle.push(caller);
        }
      },
    };

  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  let lastResponse = started;
  let ok = 0;
  let failed = 0;
  const instance = autocannon({
    url: input.url,
    connections: input.connections,
    pipelining: 1,
    timeout: 30,
    amount: input.amount,
    requests: [request],
  }) as unknown as NodeJS.EventEmitter & Promise<unknown>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    lastResponse = process.hrtime.bigint();
    if (status === 200) ok++;
    else failed++;
    latencies.push(ms);
  });
  const result = (await instance) as { errors: number; timeouts: number; non2xx: number };
  // Up to the last answer: autocannon notices a finished request count only on its once-a-second
  // tick, so its own end would round every run up to whole seconds.
  const seconds = Number(lastResponse - started) / 1e9;
  const sorted = Float64Array.from(latencies).sort();
  const out: LoadResult = {
    requests: latencies.length,
    // A GraphQL refusal comes with status 200: counted from the body.
    ok: ok - (input.api === 'graphql' ? bodyFailures : 0),
    failed: failed + (input.api === 'graphql' ? bodyFailures : 0) + result.errors + result.timeouts,
    firstFailure,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ...(op.newKey ? { callers } : {}),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).stack}\n`);
    process.exit(1);
  });
}
