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

interface OldPushDevice { id: number; user_id: number; kind: string; token: string; created_at: unknown }

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('custom_profile_fields', (t) => {
    // JSON text; NULL for types without data.
    t.text('field_data').nullable();
  });

  // push_devices is rebuilt (no table refers to it): SQLite cannot add a NOT NULL column to
  // existing rows, and earlier rows may repeat a token, which the new key refuses.
  const old = (await knex('push_devices').orderBy('id').select('id', 'user_id', 'kind', 'token', 'created_at')) as OldPushDevice[];
  await knex.schema.dropTable('push_devices');
  await knex.schema.createTable('push_devices', (t) => {
    mysqlTable(knex, t);
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
  });
  const seen = new Set<string>();
  const rows = [];
  for (const r of old) {
    const hash = tokenHash(String(r.token));
    const key = `${r.user_id}/${r.kind}/${hash}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ id: r.id, user_id: r.user_id, kind: r.kind, token: r.token, token_hash: hash, created_at: r.created_at });
  }
  for (let i = 0; i < rows.length; i += CHUNK) await knex('push_devices').insert(rows.slice(i, i + CHUNK));
}

export async function down(knex: Knex): Promise<void> {
  const rows = await knex('push_devices').orderBy('id').select('id', 'user_id', 'kind', 'token', 'created_at');
  await knex.schema.dropTable('push_devices');
  await knex.schema.createTable('push_devices', (t) => {
    mysqlTable(knex, t);
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.string('kind', 8).notNullable();
    t.check("?? in ('apns', 'fcm', 'e2ee')", ['kind'], 'push_devices_kind_check');
    t.text('token').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id'], 'push_devices_user_index');
  });
  for (let i = 0; i < rows.length; i += CHUNK) await knex('push_devices').insert(rows.slice(i, i + CHUNK));
  await knex.schema.alterTable('custom_profile_fields', (t) => {
    t.dropColumn('field_data');
  });
}
