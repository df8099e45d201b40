import type { Knex } from 'knex';

// Counters of failed authentications, shared by every gateway instance: one row a bucket
// ("client:<address>" or "account:<e-mail>"), counting failures until expires_at.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_failures', (t) => {
    if (knex.client.config.client === 'mysql2') {
      t.charset('utf8mb4');
      t.collate('utf8mb4_bin');
      t.engine('InnoDB');
    }
    t.string('bucket_key', 191).primary();
    t.integer('failures').notNullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.index(['expires_at'], 'auth_failures_expires_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('auth_failures');
}
