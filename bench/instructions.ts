import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadInput, LoadResult } from './loadgen';
import { freePort, runScript, startServer } from './processes';

// `--instructions`: user-space instructions per request under callgrind, which counts the same
// whatever else the machine is doing (seen here: within 2% between ad-hoc runs, 3–7% between two
// bench runs, as lookup sharing depends on timing), while the req/s and CPU figures move with the
// machine's load by tens of percent between runs.

export interface InstructionCount {
  label: string;
  requests: number;
  instructionsPerRequest: number;
}

/** Requests before counting (the code is optimized by then) and requests counted. */
const WARM_UP = 4_000;
const COUNTED = 3_000;
const CONNECTIONS = 10;

/**
 * Starts the server under callgrind with counting off, warms it up, counts COUNTED requests at
 * CONNECTIONS clients, and stops it. Node runs single-threaded, so that its compiler and garbage
 * collector threads do not interleave differently from one run to the next.
 */
export async function countInstructions(
  label: string, args: string[], env: NodeJS.ProcessEnv, readyPath: string,
  load: (url: string, amount: number, connections: number) => LoadInput,
): Promise<InstructionCount> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-callgrind-'));
  // callgrind_control finds the process through files named after USER and HOST: the same for both.
  const names = { USER: 'bench', HOST: '127.0.0.1' };
  const served = await startServer(['--single-threaded', ...args], { ...env, ...names }, await freePort(), readyPath,
    ['valgrind', '--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${path.join(dir, 'out.%p')}`], 180_000);
  const control = (...flags: string[]) => execFileSync('callgrind_control', [...flags, String(served.pid)], { env: { ...process.env, ...names }, stdio: 'ignore' });
  try {
    const run = async (amount: number) => {
      const result = await runScript<LoadResult>('loadgen.js', load(served.url, amount, CONNECTIONS), 1_800_000);
      if (result.failed > 0) throw new Error(`${label} under callgrind: ${result.failed} of ${result.requests} failed; first: ${result.firstFailure}`);
      return result;
    };
    await run(WARM_UP);
    control('-i', 'on');
    const counted = await run(COUNTED);
    control('-i', 'off');
    control('-d');
    const dump = fs.readFileSync(path.join(dir, `out.${served.pid}.1`), 'utf8');
    const total = Number(/^totals: (\d+)/m.exec(dump)?.[1] ?? NaN);
    return { label, requests: counted.requests, instructionsPerRequest: total / counted.requests };
  } finally {
    await served.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
