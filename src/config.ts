import path from 'node:path';

/** Everything the process reads from its environment, validated once at start. */
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** Connections in the MySQL pool (SQLite always uses one). */
  databasePoolSize: number;
  /** Minutes a reusable invitation link stays valid when the caller names no expiry. */
  invitationLinkValidityMinutes: number;
  graphqlIntrospection: boolean;
  /** Origins allowed to call /graphql from a browser (Apollo Sandbox by default). */
  corsOrigins: string[];
  logLevel: string;
  /**
   * The longest a request may take before it is answered with a 503: a database that stops
   * answering (frozen, or a network that drops packets) must not hold clients indefinitely.
   */
  requestTimeoutMs: number;
  /**
   * On SIGTERM, how long to keep serving (with /readyz saying 503) before the listener closes:
   * requests already on their way when the load balancer learns of the shutdown are served.
   */
  shutdownDrainMs: number;
  /** Failed authentications allowed per client address and per account, in a window. */
  authFailureLimits: { client: RateWindow; account: RateWindow };
  /** BENCH=1: serve /__bench/* (statement counts, CPU, memory) for `npm run bench`; never in production. */
  benchProbe: boolean;
}

export interface RateWindow {
  max: number;
  seconds: number;
}

export const DEFAULT_SQLITE_FILE = path.join('data', 'org-admin-gateway.sqlite3');

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(raw)}`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, not ${JSON.stringify(raw)}`);
}

function rateWindow(env: NodeJS.ProcessEnv, name: string, fallback: RateWindow): RateWindow {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new ConfigError(`${name} must be FAILURES/SECONDS, e.g. 10/1800, not ${JSON.stringify(raw)}`);
  return { max: Number(m[1]), seconds: Number(m[2]) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL && env.DATABASE_URL !== '' ? env.DATABASE_URL : `sqlite:${DEFAULT_SQLITE_FILE}`;
  if (!/^(sqlite:|mysql:\/\/|mariadb:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be sqlite:PATH or mysql://user:pass@host:port/db');
  }
  return {
    host: env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1',
    port: integer(env, 'PORT', 9991, 0, 65535),
    databaseUrl,
    invitationLinkValidityMinutes: integer(env, 'INVITATION_LINK_VALIDITY_MINUTES', 14400, 1, 10_000_000),
    graphqlIntrospection: boolean(env, 'GRAPHQL_INTROSPECTION', true),
    corsOrigins: (env.CORS_ORIGINS ?? 'https://studio.apollographql.com,https://sandbox.embed.apollographql.com')
      .split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: env.LOG_LEVEL && env.LOG_LEVEL !== '' ? env.LOG_LEVEL : 'info',
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 15_000, 100, 600_000),
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 1_000, 0, 60_000),
    authFailureLimits: {
      client: rateWindow(env, 'AUTH_FAILURE_LIMIT_PER_CLIENT', { max: 100, seconds: 600 }),
      account: rateWindow(env, 'AUTH_FAILURE_LIMIT_PER_ACCOUNT', { max: 10, seconds: 1800 }),
    },
    benchProbe: boolean(env, 'BENCH', false),
  };
}
