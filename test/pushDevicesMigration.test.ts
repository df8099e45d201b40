import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { migrationSource } from '../migrations';
import { openDatabase, type Database } from '../src/store/db';
import { pushTokenHash } from '../src/store/keys';
import { DIALECTS, freshDatabaseUrl } from './support/gateway';

const NAME = '20261201010000_profile_field_data_push_registrations';
const EARLIER = ['20261121000000_initial', '20261121010000_auth_failures', '20261201000000_messages'];

/** Each table's definition as the database keeps it: SQLite's stored SQL, MySQL's SHOW CREATE TABLE. */
async function schemaOf(db: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (db.dialect === 'sqlite') {
    const rows = await db.knex.raw("select tbl_name, sql from sqlite_master where sql is not null and name not like 'knex_%' order by type desc, name") as { tbl_name: string; sql: string }[];
    for (const r of rows) out[r.tbl_name] = out[r.tbl_name] ? `${out[r.tbl_name]}\n${r.sql}` : r.sql;
  } else {
    const [tables] = await db.knex.raw("select table_name as name from information_schema.tables where table_schema = database() and table_name not like 'knex_%'") as [{ name: string }[]];
    for (const { name } of tables) {
      const [[row]] = await db.knex.raw('show create table ??', [name]) as [Record<string, string>[]];
      out[name] = row!['Create Table']!.replace(/ AUTO_INCREMENT=\d+/, '');
    }
  }
  return out;
}

/**
 * The schema to compare after a rebuild. custom_profile_fields is left to a check of its column:
 * on SQLite, Knex drops a column by rebuilding the table, which rewrites its stored SQL.
 */
async function comparable(db: Database): Promise<{ schema: Record<string, string>; fieldData: boolean }> {
  const { custom_profile_fields: _, ...schema } = await schemaOf(db);
  return { schema, fieldData: await db.knex.schema.hasColumn('custom_profile_fields', 'field_data') };
}

const devices = async (db: Database) => (await db.knex('push_devices').orderBy('id').select('*')).map((r) => ({ ...r, id: Number(r.id) }));

/**
 * Makes the `n`th statement sent from now on fail, as if the process died just before it: what
 * ran before stays (on MySQL every schema change commits at once). Answers the statements sent.
 * The PRAGMAs Knex sends around a SQLite column drop are not counted: a process dying at one of
 * them leaves what dying at the next statement does, and failing them only makes Knex complain.
 */
function crashAt(knex: Knex, n: number): { sent: () => string[]; restore: () => void } {
  const client = knex.client as { query: (connection: unknown, query: { sql?: string }) => Promise<unknown> };
  const original = client.query;
  const sent: string[] = [];
  client.query = function query(connection, q) {
    const counted = !/^\s*pragma/i.test(q.sql ?? '');
    if (counted) sent.push(q.sql ?? '');
    return counted && sent.length === n ? Promise.reject(new Error('crash')) : original.call(this, connection, q);
  };
  return { sent: () => sent, restore: () => { client.query = original; } };
}

/**
 * Runs `step` (one direction of the migration, outside any transaction) with a crash at each of its
 * statements in turn, then runs `finish` (the migration again, as after a restart) and `check`,
 * then `reset` to start over; until a run of `step` completes without reaching the crash, whose
 * statements it answers.
 */
async function atEveryStatement(db: Database, steps: {
  step: (knex: Knex) => PromiseLike<unknown>; finish: () => Promise<unknown>; check: () => Promise<void>; reset: () => Promise<unknown>;
}): Promise<string[]> {
  for (let n = 1; ; n++) {
    const crash = crashAt(db.knex, n);
    try {
      await steps.step(db.knex);
    } catch (err) {
      // Knex may report the failed statement in words of its own; any other failure is a bug.
      if (crash.sent().length < n) throw err;
    } finally {
      crash.restore();
    }
    const crashed = crash.sent().length >= n;
    // A run that completed may still be unrecorded (the process died before Knex wrote it down):
    // finishing it must then change nothing.
    await steps.finish();
    await steps.check();
    if (!crashed) return crash.sent();
    await steps.reset();
  }
}

describe.each(DIALECTS)('the push registration migration on %s', (dialect) => {
  it('keeps existing devices, gives each its token hash, and keeps one of repeated tokens', async () => {
    const { url, drop } = await freshDatabaseUrl(dialect);
    const db = openDatabase(url);
    try {
      await db.knex.migrate.up({ migrationSource, name: '20261121000000_initial' });
      const now = new Date();
      await db.knex('organizations').insert({ id: 1, name: 'O', url: 'http://o.test', host: 'o.test', welcome_message_custom_text: '', created_at: now });
      await db.knex('users').insert({
        id: 1, organization_id: 1, email: 'a@o.test', email_key: 'a@o.test', full_name: 'A', role: 400, api_key_hash: 'h', date_joined: now,
      });
      await db.knex('push_devices').insert([
        { id: 1, user_id: 1, kind: 'fcm', token: 'same', created_at: now },
        { id: 2, user_id: 1, kind: 'fcm', token: 'same', created_at: now },
        { id: 3, user_id: 1, kind: 'apns', token: 'same', created_at: now },
      ]);
      await db.knex.migrate.latest({ migrationSource });
      const rows = await db.knex('push_devices').orderBy('id').select('id', 'kind', 'token', 'token_hash');
      expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
        { id: 1, kind: 'fcm', token: 'same', token_hash: pushTokenHash('same') },
        { id: 3, kind: 'apns', token: 'same', token_hash: pushTokenHash('same') },
      ]);
      await expect(db.knex('push_devices').insert({ user_id: 1, kind: 'fcm', token: 'same', token_hash: pushTokenHash('same'), created_at: now }))
        .rejects.toThrow();
    } finally {
      await db.knex.destroy();
      await drop();
    }
  });

  it('a crash at any statement, up or down, loses no device, and running it again ends in the same schema', async () => {
    const { url, drop } = await freshDatabaseUrl(dialect);
    const db = openDatabase(url);
    try {
      for (const name of EARLIER) await db.knex.migrate.up({ migrationSource, name });
      const now = new Date('2026-01-02T03:04:05.678Z');
      await db.knex('organizations').insert({ id: 1, name: 'O', url: 'http://o.test', host: 'o.test', welcome_message_custom_text: '', created_at: now });
      await db.knex('users').insert([1, 2].map((id) => ({
        id, organization_id: 1, email: `u${id}@o.test`, email_key: `u${id}@o.test`, full_name: `U${id}`, role: 400, api_key_hash: `h${id}`, date_joined: now,
      })));
      await db.knex('push_devices').insert([
        { id: 3, user_id: 1, kind: 'fcm', token: 'a', created_at: now },
        { id: 5, user_id: 2, kind: 'apns', token: 'b', created_at: now },
        { id: 8, user_id: 1, kind: 'fcm', token: 'a', created_at: now },
        { id: 9, user_id: 2, kind: 'fcm', token: 'c', created_at: now },
      ]);
      const before = await comparable(db);

      // The state a run without crashes reaches, and the one its down returns to.
      await db.knex.migrate.latest({ migrationSource });
      const after = await comparable(db);
      const rebuilt = await devices(db);
      expect(rebuilt.map((r) => [r.id, r.token_hash])).toEqual([[3, pushTokenHash('a')], [5, pushTokenHash('b')], [9, pushTokenHash('c')]]);
      await db.knex.migrate.down({ migrationSource });
      expect(await comparable(db)).toEqual(before);
      const restored = await devices(db);
      expect(restored).toEqual(rebuilt.map(({ id, user_id, kind, token, created_at }) => ({ id, user_id, kind, token, created_at })));

      const migration = await migrationSource.getMigration(NAME);
      const upStatements = await atEveryStatement(db, {
        step: (knex) => migration.up(knex),
        finish: () => db.knex.migrate.latest({ migrationSource }),
        check: async () => {
          expect(await comparable(db)).toEqual(after);
          expect(await devices(db)).toEqual(rebuilt);
        },
        reset: () => db.knex.migrate.down({ migrationSource }),
      });
      const downStatements = await atEveryStatement(db, {
        step: (knex) => migration.down!(knex),
        finish: () => db.knex.migrate.down({ migrationSource }),
        check: async () => {
          expect(await comparable(db)).toEqual(before);
          expect(await devices(db)).toEqual(restored);
        },
        reset: () => db.knex.migrate.latest({ migrationSource }),
      });
      // Among the statements crashed at: setting the old table aside, building the new one, copying, dropping the old.
      for (const statements of [upStatements, downStatements]) {
        for (const step of [/^(alter|rename) table `push_devices` (rename )?to `push_devices_old`/, /^create table `push_devices`/, /^insert into `push_devices`/, /^drop table `push_devices_old`/]) {
          expect(statements).toContainEqual(expect.stringMatching(step));
        }
      }
    } finally {
      await db.knex.destroy();
      await drop();
    }
  }, 120_000);
});
