import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from '../../migrations';

// The one place where the two dialects differ: connection set-up, error codes and value decoding.

export type Dialect = 'sqlite' | 'mysql';

export interface Database {
  knex: Knex;
  dialect: Dialect;
}

export interface OpenOptions {
  /** Connections in the MySQL pool. */
  poolMax?: number;
}

/**
 * Prepared statements kept per connection: only the fixed hot statements are prepared, so this
 * holds them all, and bounds what the server keeps (one more for the moment between preparing a
 * new statement and closing the least recently used one).
 */
export const PREPARED_PER_CONNECTION = 64;

function mysqlConnection(url: string): Knex.MySql2ConnectionConfig {
  const u = new URL(url);
  // ?socket=/run/mysqld/mysqld.sock: a server on this host over its Unix socket (measured here:
  // about 6% less gateway CPU per create-folder request than loopback TCP).
  const socketPath = u.searchParams.get('socket') ?? undefined;
  return {
    ...(socketPath ? { socketPath } : {}),
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    charset: 'utf8mb4',
    timezone: 'Z',
    connectTimeout: 5000,
    supportBigNumbers: true,
    // mysql2's own cache of prepared statements: `prepared` below keeps the bound (its own cache
    // closes what it evicts), so this one is only made roomy enough never to evict by itself.
    maxPreparedStatements: 2 * PREPARED_PER_CONNECTION,
  } as Knex.MySql2ConnectionConfig;
}

/** A line for standard error: standard output carries the JSON log lines and the CLI's answers. */
function toStandardError(message: unknown): void {
  process.stderr.write(`knex: ${typeof message === 'string' ? message : inspect(message)}\n`);
}

/**
 * Knex's own messages (it prints them to standard output by default) on standard error, except
 * two that the caller reports itself: a failed connection attempt (its error reaches the request
 * or the command, which logs it once; during an outage Knex would print a line per attempt), and
 * the notice on a held migration lock (`migrate` turns it into MigrationLockHeld; its advice,
 * `knex migrate:unlock`, is a command this project does not have).
 */
const knexLog = {
  warn(message: unknown): void {
    if (typeof message === 'string'
      && /^(Acquire connection error|Can't take lock to run migrations|If you are sure migrations are not running)/.test(message)) return;
    toStandardError(message);
  },
  error: toStandardError,
  deprecate: toStandardError,
  debug: toStandardError,
};

/** MySQL connections kept open however long the pool sits idle. */
export const WARM_CONNECTIONS = 2;

export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length);
    if (filename !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
    const knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      log: knexLog,
      // One connection: SQLite allows one writer at a time, and the driver is synchronous.
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    });
    return { knex, dialect: 'sqlite' };
  }
  const poolMax = options.poolMax ?? 10;
  const knex = knexFactory({
    client: 'mysql2',
    connection: mysqlConnection(url),
    // Two connections stay open through quiet spells (the rest close after 30 s idle), so the
    // first requests after one do not wait for new connections and prepare their statements again.
    pool: { min: Math.min(WARM_CONNECTIONS, poolMax), max: poolMax, idleTimeoutMillis: 30_000 },
    acquireConnectionTimeout: 10_000,
    log: knexLog,
  });
  return { knex, dialect: 'mysql' };
}

/** Knex's migration lock is set: another process is migrating, or one died while migrating. */
export class MigrationLockHeld extends Error {}

const MIGRATION_LOCK_TABLE = 'knex_migrations_lock';

export async function migrate(db: Database): Promise<string[]> {
  try {
    const [, applied] = await db.knex.migrate.latest({ migrationSource });
    return applied as string[];
  } catch (err) {
    // Knex wraps any failure to take the lock in this name; only this message means "already held".
    const e = err as Error;
    if (e?.name === 'MigrationLocked' && e.message === 'Migration table is already locked') throw new MigrationLockHeld(e.message);
    throw err;
  }
}

/**
 * Clears Knex's migration lock if it is set, and answers whether it was. Only for an operator who
 * knows no process is migrating: two processes migrating at once can corrupt the schema.
 */
export async function releaseMigrationLock(db: Database): Promise<boolean> {
  if (!(await db.knex.schema.hasTable(MIGRATION_LOCK_TABLE))) return false;
  const held = await db.knex(MIGRATION_LOCK_TABLE).where('is_locked', 1).first();
  if (!held) return false;
  await db.knex.migrate.forceFreeMigrationsLock({ migrationSource });
  return true;
}

/** Fails with a clear message when the database cannot be reached. */
export async function checkReachable(db: Database): Promise<void> {
  await db.knex.raw('select 1');
}

/** A row that violates a UNIQUE or PRIMARY KEY constraint (the database decided a race). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062
    || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** In an upsert's update clause: the value the INSERT tried to write into `column`. */
export function insertedValue(db: Database, column: string): string {
  return db.dialect === 'mysql' ? `VALUES(\`${column}\`)` : `excluded."${column}"`;
}

/** Dates come back as Date from mysql2 and as epoch milliseconds from SQLite. */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value));
  return new Date(String(value));
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

/** A nullable id column (both drivers may answer a number or a numeric string). */
export function toIdOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** SQLite stores booleans as 0/1, MySQL as TINYINT. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/**
 * Rows split into multi-row INSERTs as large as the dialect takes: SQLite (through Knex, a
 * compound SELECT) at most 500 rows and 32,766 bound values a statement; MySQL 10,000 rows, so
 * that any list the API accepts is one statement there.
 */
export function insertBatches<T extends object>(knex: Knex, rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]!).length);
  const size = knex.client.config.client === 'mysql2' ? 10_000 : Math.min(500, Math.floor(32_766 / columns));
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}

type Row = Record<string, unknown>;

/** What a write reports: the new row's id (AUTO_INCREMENT / rowid) and the rows it changed. */
export interface WriteResult {
  insertId: number;
  affectedRows: number;
}

interface MySqlStatement {
  execute(values: unknown[], cb: (err: Error | null, result: unknown) => void): void;
}

interface MySqlConnection {
  prepare(sql: string, cb: (err: Error | null, statement: MySqlStatement) => void): void;
  unprepare(sql: string): void;
}

/**
 * Each connection's prepared statements by text, least recently used first. mysql2's `execute`
 * would find a statement in its own cache, but through a key it builds from the whole text on
 * every call and a second command queued for the lookup (profiled: about 3% of a create-folder
 * request's CPU); here a statement is found by its text, which for a fixed statement is a string
 * whose hash V8 keeps. Statements are prepared only through here, so mysql2's cache holds the
 * same ones, and one evicted here is closed there too (`unprepare`).
 */
const preparedStatements = new WeakMap<MySqlConnection, Map<string, MySqlStatement>>();

function statementOn(connection: MySqlConnection, sql: string): MySqlStatement | Promise<MySqlStatement> {
  let kept = preparedStatements.get(connection);
  if (!kept) preparedStatements.set(connection, kept = new Map());
  const statement = kept.get(sql);
  if (statement) {
    kept.delete(sql);
    kept.set(sql, statement);
    return statement;
  }
  return new Promise((resolve, reject) => {
    connection.prepare(sql, (err, prepared) => {
      if (err) return reject(err);
      // Room is made once the new statement exists: a failed prepare closes nothing kept.
      if (kept.size >= PREPARED_PER_CONNECTION) {
        const oldest = kept.keys().next().value!;
        kept.delete(oldest);
        connection.unprepare(oldest);
      }
      kept.set(sql, prepared);
      resolve(prepared);
    });
  });
}

/**
 * A statement of fixed text on a hot path (authentication, single-row writes). On MySQL it runs
 * as a server-side prepared statement (prepared once per connection, see `statementOn`) on a connection
 * from Knex's own pool: measured here, MariaDB spends about a third less CPU on the
 * authentication lookup when it need not parse it on every request, and the gateway skips Knex's
 * per-query work. Knex still announces it (its 'query' event), so statement counts see it. In a
 * transaction, and on SQLite, it goes through `knex.raw`. Only fixed texts belong here: each
 * distinct text is one more statement the server keeps per connection.
 */
async function prepared(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<unknown> {
  if (knex.client.config.client !== 'mysql2' || knex.isTransaction) return asText(knex, sql, bindings);
  // mysql2 checks this in its own `execute`; a statement executed directly is not checked.
  if (bindings.includes(undefined)) throw new TypeError('a bound value is undefined');
  knex.emit('query', { sql, bindings, method: 'raw' });
  const connection = await knex.client.acquireConnection() as MySqlConnection;
  try {
    const statement = await statementOn(connection, sql);
    return await new Promise((resolve, reject) => {
      statement.execute(bindings as unknown[], (err, result) => (err ? reject(err) : resolve(result)));
    });
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** A statement sent as text through `knex.raw`: its rows, or what a write reports, on either driver. */
async function asText(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<unknown> {
  const result = await knex.raw(sql, bindings as Knex.RawBinding[]);
  // mysql2 answers [rows or header, fields]; better-sqlite3 answers the rows or the header.
  return knex.client.config.client === 'mysql2' ? result[0] : result;
}

/** The rows of a SELECT whose text varies (lists of any length): sent as text, never prepared. */
export async function textRows(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  return await asText(knex, sql, bindings) as Row[];
}

/** The rows of a fixed SELECT (see `prepared`). */
export async function preparedRows(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  return await prepared(knex, sql, bindings) as Row[];
}

/** A fixed INSERT, UPDATE or DELETE (see `prepared`). */
export async function preparedWrite(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<WriteResult> {
  const r = await prepared(knex, sql, bindings) as { insertId?: number; affectedRows?: number; lastInsertRowid?: number | bigint; changes?: number };
  return r.affectedRows !== undefined
    ? { insertId: Number(r.insertId ?? 0), affectedRows: r.affectedRows }
    : { insertId: Number(r.lastInsertRowid ?? 0), affectedRows: r.changes ?? 0 };
}

/** `?, ?, …`: the bound-value marks of an `IN (…)` list of `n` values. */
export function placeholders(n: number): string {
  return Array(n).fill('?').join(', ');
}

const placeholderLists = new Map<number, string>();

/**
 * Distinct ids for `IN (…)` in a prepared statement, padded to a power of two by repeating the
 * last one (a membership test decides the same): a statement then takes one of about fifteen
 * texts whatever the list's length, so each connection keeps only a few of them prepared.
 */
export function paddedIdList(ids: readonly number[]): { marks: string; values: number[] } {
  const values = [...new Set(ids)];
  let size = 1;
  while (size < values.length) size *= 2;
  while (values.length < size) values.push(values[values.length - 1]!);
  let marks = placeholderLists.get(size);
  if (marks === undefined) {
    marks = placeholders(size);
    placeholderLists.set(size, marks);
  }
  return { marks, values };
}

/** Ids per IN (...) list, under SQLite's 32766 bound parameters. */
export const IN_LIST_CHUNK = 10_000;
