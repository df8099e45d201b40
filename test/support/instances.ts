import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Gateway } from './gateway';
import { USERS, type Handle } from './world';

const MAIN = path.join(__dirname, '..', '..', 'dist', 'src', 'main.js');

/** A gateway as operators run it: `node dist/src/main.js serve`, its own process. */
export interface Instance {
  base: string;
  child: ChildProcess;
  /** Standard output: the start-up banner, then one JSON log line each. */
  stdout: () => string;
  /** Standard error, for the failure messages of tests. */
  stderr: () => string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * The environment of a process started as operators start it: this one's, without the test
 * runner's NODE_ENV=test (which changes the defaults of graphql-js and Apollo), plus `env`.
 */
export function operatorEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _testMode, ...inherited } = process.env;
  return { ...inherited, ...env };
}

export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    env: operatorEnv({
      DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      // Tests fail authentication on purpose (old keys after regeneration).
      AUTH_FAILURE_LIMIT_PER_CLIENT: '1000000/60', AUTH_FAILURE_LIMIT_PER_ACCOUNT: '1000000/60', ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start in time: ${err}`)), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`instance exited with ${code}: ${err}`)); });
  });
  return {
    base, child, exited, stdout: () => out, stderr: () => err,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The same shape as startGateway's, for the test helpers that take one, pointed at an instance. */
export function at(g: Gateway, instance: Instance): Gateway {
  return { ...g, base: instance.base };
}

export const credentials = (g: Gateway, who: Handle) => ({ email: USERS[who].email, apiKey: g.keys[who] });
