import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { loadConfig, type Config } from '../../src/config';
import { buildServer } from '../../src/server';
import { migrate, openDatabase, type Database, type Dialect } from '../../src/store/db';
import { loadWorld, type LoadedOrganization } from '../../src/world/loadWorld';
import { testWorld, USERS, type Handle } from './world';

/** The dialects this run covers: SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export interface Gateway {
  dialect: Dialect;
  base: string;
  db: Database;
  app: FastifyInstance;
  databaseUrl: string;
  config: Config;
  org: LoadedOrganization;
  otherOrg: LoadedOrganization;
  /** Current credentials (tests that regenerate keys update them here). */
  keys: Record<Handle, string>;
  userId(handle: Handle): number;
  close(): Promise<void>;
}

/** A fresh, empty database of the dialect: a temporary SQLite file, or a new MySQL database. */
export async function freshDatabaseUrl(dialect: Dialect): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oag-test-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite3')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_MYSQL_URL!;
  const name = `oag_test_${randomBytes(6).toString('hex')}`;
  const knex = knexFactory({ client: 'mysql2', connection: admin, pool: { min: 0, max: 1 } });
  try {
    await knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await knex.destroy();
  }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const k = knexFactory({ client: 'mysql2', connection: admin, pool: { min: 0, max: 1 } });
      try {
        await k.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await k.destroy();
      }
    },
  };
}

/** A running gateway on a fresh database holding the test world, on 127.0.0.1 and a free port. */
export async function startGateway(dialect: Dialect, overrides: Partial<Config> = {}): Promise<Gateway> {
  const { url, drop } = await freshDatabaseUrl(dialect);
  // Many tests fail authentication on purpose; only the rate-limit tests want the real limits.
  const generous = { max: 1_000_000, seconds: 60 };
  const config = {
    ...loadConfig({ DATABASE_URL: url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    authFailureLimits: { client: generous, account: generous },
    ...overrides,
  };
  const db = openDatabase(url);
  await migrate(db);
  const loaded = await loadWorld(db, testWorld());
  const app = await buildServer({ db, config });
  const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const keys = Object.fromEntries(Object.entries(USERS).map(([h, u]) => [h, u.apiKey])) as Record<Handle, string>;
  const [org, otherOrg] = loaded.organizations as [LoadedOrganization, LoadedOrganization];
  const ids: Record<string, number> = Object.fromEntries(loaded.organizations.flatMap((o) => Object.entries(o.users)));
  return {
    dialect, base, db, app, databaseUrl: url, config, org, otherOrg, keys,
    userId: (h) => ids[USERS[h].email]!,
    close: async () => {
      await app.close();
      await db.knex.destroy();
      await drop();
    },
  };
}
