import './productionMode';
import 'reflect-metadata';
import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig, type Config } from './config';
import { startDraining } from './requestLifecycle';
import { buildServer } from './server';
import { migrate, MigrationLockHeld, openDatabase, releaseMigrationLock, type Database } from './store/db';
import { sweepExpiredAuthFailures } from './store/authFailures';
import { countOrganizations } from './store/organizations';
import { DEMO_CREDENTIALS, demoWorld } from './world/demoWorld';
import { loadWorld } from './world/loadWorld';
import { WorldError } from './world/worldFile';

class CliFailure extends Error {}

async function withDatabase<T>(config: Config, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolSize });
  try {
    try {
      await migrate(db);
    } catch (err) {
      throw preparationFailure(config, err);
    }
    return await fn(db);
  } finally {
    await db.knex.destroy();
  }
}

/** Why migrating failed, in one line; for a held lock, what it means and how to recover. */
function preparationFailure(config: Config, err: unknown): CliFailure {
  const reason = err instanceof MigrationLockHeld
    ? 'the migration lock is held: another instance is migrating it now, or one was killed while migrating;'
      + ' if none is running, release the lock with `org-admin-gateway migrate --unlock` and start again'
    : (err as Error).message;
  return new CliFailure(`cannot prepare the database (${redact(config.databaseUrl)}): ${reason}`);
}

/** A database URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function printWelcome(address: string, orgUrl: string | null): void {
  const lines = [`org-admin-gateway listening on ${address}`, `  GraphQL (Apollo Sandbox): ${address}/graphql`, `  Zulip REST API:           ${address}/api/v1`];
  if (orgUrl) {
    const [, adminEmail, adminKey] = DEMO_CREDENTIALS[1];
    lines.push('', `Loaded the demo organization "Zulip Dev" (${orgUrl}). Demo credentials (email / API key):`);
    for (const [role, email, key] of DEMO_CREDENTIALS) lines.push(`  ${role.padEnd(13)} ${email.padEnd(22)} ${key}`);
    lines.push('', 'Try:',
      `  curl -sS ${address}/api/v1/server_settings`,
      `  curl -sS -u ${adminEmail}:${adminKey} -d name=Marketing -d description='Channels for **marketing**' ${address}/api/v1/channel_folders/create`,
      `  curl -sS -u ${adminEmail}:${adminKey} -d invite_as=400 -d 'stream_ids=[]' ${address}/api/v1/invites/multiuse`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function serve(config: Config): Promise<void> {
  const db = openDatabase(config.databaseUrl, { poolMax: config.databasePoolSize });
  try {
    await migrate(db);
  } catch (err) {
    await db.knex.destroy();
    throw preparationFailure(config, err);
  }
  let demoUrl: string | null = null;
  if ((await countOrganizations(db.knex)) === 0) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    demoUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
    await loadWorld(db, demoWorld(demoUrl));
  }
  const app = await buildServer({ db, config });
  // Expired failure buckets are dead weight; any instance may clear them.
  const sweeper = setInterval(() => {
    sweepExpiredAuthFailures(db, new Date()).catch((err) => app.log.warn({ err }, 'could not sweep expired authentication failures'));
  }, 10 * 60_000);
  sweeper.unref();
  const address = await app.listen({ host: config.host, port: config.port });
  printWelcome(address, demoUrl);
  // SIGTERM: drain (readiness 503, requests still served), then stop accepting, let in-flight
  // requests finish, close the pool; give up after the drain and 10 s more.
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), config.shutdownDrainMs + 10_000).unref();
    startDraining(app);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    await app.close();
    await db.knex.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

export async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name('org-admin-gateway')
    .description('GraphQL gateway and Zulip-compatible REST API for organization administration')
    .exitOverride();
  program.command('serve', { isDefault: true }).description('migrate, load the demo world into an empty database, and serve')
    .action(async () => serve(loadConfig()));
  program.command('migrate').description('apply the database migrations (DATABASE_URL)')
    .option('--unlock', 'only release a migration lock left by a process killed while migrating; never while another instance may be migrating')
    .action(async (options: { unlock?: boolean }) => {
      const config = loadConfig();
      if (options.unlock) {
        const db = openDatabase(config.databaseUrl, { poolMax: 1 });
        let released: boolean;
        try {
          released = await releaseMigrationLock(db);
        } catch (err) {
          throw new CliFailure(`cannot release the migration lock (${redact(config.databaseUrl)}): ${(err as Error).message}`);
        } finally {
          await db.knex.destroy();
        }
        process.stdout.write(released ? 'migration lock released\n' : 'the migration lock was not held; nothing changed\n');
        return;
      }
      await withDatabase(config, async () => undefined);
      process.stdout.write('migrations applied\n');
    });
  program.command('load-world').argument('<file>', 'world file (JSON)').description('load a world file in one transaction and print the ids assigned')
    .action(async (file: string) => {
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (err) {
        throw new CliFailure(`cannot read ${file}: ${(err as Error).message}`);
      }
      const result = await withDatabase(loadConfig(), (db) => loadWorld(db, raw));
      process.stdout.write(`${JSON.stringify(result)}\n`);
    });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) process.exit(err.exitCode);
    if (err instanceof CliFailure || err instanceof WorldError || err instanceof ConfigError) {
      process.stderr.write(`org-admin-gateway: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

if (require.main === module) void main(process.argv.slice(2));
