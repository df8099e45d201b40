import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// Child processes the bench starts, and what they spend, read from /proc from outside.

export const ROOT = path.resolve(__dirname, '..', '..');
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU of a process in microseconds (from /proc/<pid>/stat, 10 ms resolution). */
export function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** The machine's CPU time so far (from /proc/stat, in clock ticks): all of it, and what the hypervisor gave to other guests. */
export function machineCpuTicks(): { total: number; steal: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is in user's).
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 };
}

/** The share of the machine's CPU time stolen by other guests between two readings. */
export function stealShare(from: { total: number; steal: number }, to: { total: number; steal: number }): number {
  return to.total > from.total ? (to.steal - from.steal) / (to.total - from.total) : 0;
}

/** Above a tenth of the CPU time stolen, timed figures shrink noticeably: the run says so. */
export function hostWasBusy(share: number): boolean {
  return share > 0.1;
}

export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Samples a process's resident memory until stopped; the highest sample. */
export function rssPeakSampler(pid: number, everyMs = 100): { stop: () => number } {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch { /* the process has gone */ }
  }, everyMs);
  return { stop: () => { clearInterval(timer); return peak; } };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Served {
  child: ChildProcess;
  pid: number;
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a server process and waits until `readyPath` answers 200. `under` runs Node under
 * another program (valgrind and its options), which slows the start-up down: allow `startMs`.
 */
export async function startServer(
  args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string, under: string[] = [], startMs = 30_000,
): Promise<Served> {
  const [command, ...commandArgs] = [...under, process.execPath, ...args];
  const child = spawn(command!, commandArgs, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited: ${stderr}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, pid: child.pid!, url, stop };
}

/** Runs a bench script in its own process; its last stdout line is its JSON answer. */
export async function runScript<T>(script: string, input: unknown, timeoutMs: number): Promise<T> {
  const child = spawn(process.execPath, [path.join(__dirname, script)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  child.stdin!.end(JSON.stringify(input));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${script} failed (exit ${code}${code === null ? ', killed after the time limit' : ''})`);
  const lines = out.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as T;
}

export async function readStdin(): Promise<string> {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * An open-loop schedule: `start(n)` for n = 0 … total − 1, each once it is due (every 1/rate
 * seconds from the clock's zero), whether or not earlier ones have finished; resolves once all
 * have been started. Timers fire about once a millisecond, so a tick starts 0, 1 or 2.
 */
export function startWhenDue(rate: number, total: number, elapsedMs: () => number, start: (n: number) => void): Promise<void> {
  let next = 0;
  return new Promise<void>((resolve) => {
    const tick = (): void => {
      const due = Math.min(total, Math.floor((elapsedMs() * rate) / 1000) + 1);
      while (next < due) start(next++);
      if (next < total) setTimeout(tick, Math.max(0, (next * 1000) / rate - elapsedMs()));
      else resolve();
    };
    tick();
  });
}

/**
 * A paced run's latencies: each call's, also grouped by the 10-second window it was due in; the
 * summary gives p50 and p99 of all, and the p99 of each window.
 */
export function pacedLatencies(total: number, rate: number) {
  const all = new Float64Array(total);
  const windows: number[][] = [];
  return {
    record(n: number, ms: number): void {
      all[n] = ms;
      (windows[Math.floor((n * 1000) / rate / 10_000)] ??= []).push(ms);
    },
    summary(): { p50: number; p99: number; p99ByWindow: number[] } {
      all.sort();
      return {
        p50: percentile(all, 50), p99: percentile(all, 99),
        p99ByWindow: windows.map((w) => percentile(Float64Array.from(w).sort(), 99)),
      };
    },
  };
}

/**
 * Calls made before a paced run's clock starts (numbered from `first`, so they never repeat the
 * run's): a fresh process runs its first thousand calls unoptimized and opens its connections on
 * the way, which put 50–190 ms into the first seconds of both paced runs, whatever they measured.
 */
export async function warmUp(first: number, concurrency: number, one: (n: number) => Promise<unknown>, calls = 1_000): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < calls) await one(first + next++);
  }));
}
