import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

// Profile fields get their type-specific data (a SELECT field's choices, an external account's
// subtype), and push devices become registrations the API adds and removes: a token is unique
// per user and kind, which the database decides through a hash of the token (a TEXT column
// cannot be a MySQL key), and end-to-end-encrypted registrations keep what the client sent.

const CHUNK = 200;

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function mysqlTable(knex: Knex, t: Knex.CreateTableBuilder): void {
  if (knex.client.config.client === 'mysql2') {
    t.charset('utf8mb4');
    t.collate('utf8mb4_unicode_ci');
    t.engine('InnoDB');
  }
}

type Row = Record<string, unknown>;

const TABLE = 'push_devices';
// Where the table being replaced waits while its rows are copied.
const ASIDE = 'push_devices_old';

/**
 * MySQL and MariaDB keep foreign key names unique per database (MySQL 8 its check constraint names
 * too), and the rebuilt table takes the same names: the table set aside gives up its own first.
 */
async function releaseConstraintNames(knex: Knex, table: string): Promise<void> {
  if (knex.client.config.client !== 'mysql2') return;
  const [constraints] = await knex.raw(
    `select constraint_name as name, constraint_type as type from information_schema.table_constraints
     where table_schema = database() and table_name = ? and constraint_type in ('FOREIGN KEY', 'CHECK')`,
    [table],
  ) as [{ name: string; type: string }[]];
  for (const c of constraints) {
    await knex.raw(c.type === 'FOREIGN KEY' ? 'alter table ?? drop foreign key ??' : 'alter table ?? drop constraint ??', [table, c.name]);
  }
}

/**
 * Replaces push_devices with a table of another shape holding the rows `convert` makes of the old
 * ones (in id order, a page at a time), such that a crash at any point loses no row and running
 * the migration again finishes the work: MySQL commits every schema change at once. The old table
 * is renamed aside (one atomic step), the new one is built under the final name and filled, and
 * only then is the old one dropped. The new table is not built under another name and swapped in
 * by a rename, because SQLite would keep its CREATE TABLE text rewritten (the name in double
 * quotes), a schema that differs from one built directly.
 */
async function rebuildPushDevices(knex: Knex, options: {
  /** Whether push_devices already has the new shape (rebuilt before a crash, not yet recorded). */
  done: () => Promise<boolean>;
  create: (t: Knex.CreateTableBuilder) => void;
  columns: string[];
  convert: (rows: Row[]) => Row[];
}): Promise<void> {
  if (!(await knex.schema.hasTable(ASIDE))) {
    if (await options.done()) return;
    await knex.schema.renameTable(TABLE, ASIDE);
  }
  // From here on the rows are in ASIDE until it is dropped; whatever TABLE holds is rebuilt.
  await releaseConstraintNames(knex, ASIDE);
  await knex.schema.dropTableIfExists(TABLE);
  await knex.schema.createTable(TABLE, (t) => {
    mysqlTable(knex, t);
    options.create(t);
  });
  for (let after = 0; ;) {
    const page = await knex(ASIDE).where('id', '>', after).orderBy('id').limit(CHUNK).select(options.columns) as Row[];
    if (page.length === 0) break;
    const rows = options.convert(page);
    if (rows.length > 0) await knex(TABLE).insert(rows);
    after = Number(page[page.length - 1]!.id);
  }
  await knex.schema.dropTable(ASIDE);
}

const hasTokenHash = (knex: Knex) => knex.schema.hasColumn(TABLE, 'token_hash');

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('custom_profile_fields', 'field_data'))) {
    await knex.schema.alterTable('custom_profile_fields', (t) => {
      // JSON text; NULL for types without data.
      t.text('field_data').nullable();
    });
  }

  // push_devices is rebuilt (no table refers to it): SQLite cannot add a NOT NULL column to
  // existing rows, and earlier rows may repeat a token, which the new key refuses (the first, by
  // id, is kept).
  const seen = new Set<string>();
  await rebuildPushDevices(knex, {
    done: () => hasTokenHash(knex),
    create: (t) => {
      t.increments('id').primary();
      t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
      // apns and fcm are legacy push tokens; e2ee is an end-to-end-encrypted registration.
      t.string('kind', 8).notNullable();
      t.check("?? in ('apns', 'fcm', 'e2ee')", ['kind'], 'push_devices_kind_check');
      // Legacy: the token itself. E2EE: the token id (the server never sees the token).
      t.text('token').notNullable();
      t.string('token_hash', 64).notNullable();
      // APNs app id of a legacy apns token.
      t.string('app_id', 255).nullable();
      // E2EE only: which service issued the token, and what the client asked the server to keep.
      t.string('token_kind', 4).nullable();
      t.text('push_key').nullable();
      t.bigInteger('push_key_id').unsigned().nullable();
      t.text('bouncer_public_key').nullable();
      t.text('encrypted_push_registration').nullable();
      t.datetime('created_at', { precision: 3 }).notNullable();
      t.unique(['user_id', 'kind', 'token_hash'], { indexName: 'push_devices_user_kind_token_unique' });
    },
    columns: ['id', 'user_id', 'kind', 'token', 'created_at'],
    convert: (page) => page.flatMap((r) => {
      const hash = tokenHash(String(r.token));
      const key = `${r.user_id}/${r.kind}/${hash}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ ...r, token_hash: hash }];
    }),
  });
}

export async function down(knex: Knex): Promise<void> {
  await rebuildPushDevices(knex, {
    done: async () => !(await hasTokenHash(knex)),
    create: (t) => {
      t.increments('id').primary();
      t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
      t.string('kind', 8).notNullable();
      t.check("?? in ('apns', 'fcm', 'e2ee')", ['kind'], 'push_devices_kind_check');
      t.text('token').notNullable();
      t.datetime('created_at', { precision: 3 }).notNullable();
      t.index(['user_id'], 'push_devices_user_index');
    },
    columns: ['id', 'user_id', 'kind', 'token', 'created_at'],
    convert: (page) => page,
  });
  if (await knex.schema.hasColumn('custom_profile_fields', 'field_data')) {
    await knex.schema.alterTable('custom_profile_fields', (t) => {
      t.dropColumn('field_data');
    });
  }
}
