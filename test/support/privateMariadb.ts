import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';

/** True when this machine can run a MariaDB server of its own for the fault tests. */
export const HAS_MARIADBD = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].some((p) => fs.existsSync(p))
  && ['/usr/bin/mariadb-install-db', '/usr/local/bin/mariadb-install-db'].some((p) => fs.existsSync(p));

const MARIADBD = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].find((p) => fs.existsSync(p)) ?? 'mariadbd';

/** Refused connections while the server starts are expected; knex need not warn of each. */
const QUIET = { warn: () => {}, error: () => {}, debug: () => {}, deprecate: () => {} };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A MariaDB server of the tests' own, in a temporary data directory, on its own port and socket:
 * the fault tests stop and start it, which the shared server other tests use must never see.
 */
export class PrivateMariadb {
  private process: ChildProcess | null = null;
  private constructor(readonly dir: string, readonly port: number) {}

  static async create(): Promise<PrivateMariadb> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oag-mariadb-'));
    const server = new PrivateMariadb(dir, await freePort());
    try {
      execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${path.join(dir, 'data')}`, '--user=root', '--auth-root-authentication-method=normal',
        '--skip-test-db'], { stdio: 'ignore' });
      await server.start();
    } catch (err) {
      await server.destroy();
      throw err;
    }
    return server;
  }

  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}`;
  }

  /** Starts the server on its data directory and waits until it answers. */
  async start(): Promise<void> {
    const d = this.dir;
    this.process = spawn(MARIADBD, [
      '--no-defaults', `--datadir=${path.join(d, 'data')}`, `--socket=${path.join(d, 'mysqld.sock')}`, `--pid-file=${path.join(d, 'mysqld.pid')}`,
      `--port=${this.port}`, '--bind-address=127.0.0.1', '--user=root', `--log-error=${path.join(d, 'error.log')}`,
      '--innodb-buffer-pool-size=32M', '--max-connections=500',
    ], { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const knex = knexFactory({ client: 'mysql2', connection: `${this.url}/mysql`, pool: { min: 0, max: 1 }, log: QUIET });
      try {
        await knex.raw('select 1');
        return;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`private MariaDB did not start: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        await knex.destroy();
      }
    }
  }

  /** Stops the server: SIGTERM is a clean shutdown, SIGKILL a crash. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const p = this.process;
    if (!p || p.exitCode !== null || (p.signalCode !== null && p.signalCode !== 'SIGSTOP' && p.signalCode !== 'SIGCONT')) return;
    if (signal !== 'SIGKILL') p.kill('SIGCONT');
    const exited = new Promise((resolve) => p.once('exit', resolve));
    p.kill(signal);
    await exited;
    this.process = null;
  }

  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as with a hung host. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  async createDatabase(name: string): Promise<string> {
    const knex = knexFactory({ client: 'mysql2', connection: `${this.url}/mysql`, pool: { min: 0, max: 1 } });
    try {
      await knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await knex.destroy();
    }
    return `${this.url}/${name}`;
  }

  async destroy(): Promise<void> {
    await this.stop('SIGKILL');
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
