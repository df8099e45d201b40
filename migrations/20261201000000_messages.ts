import type { Knex } from 'knex';

// Direct messages delivered to a user; for now only the Welcome Bot's greetings on joining.
// The sender is a system bot that is not a row of `users`, so it is stored by name.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    if (knex.client.config.client === 'mysql2') {
      t.charset('utf8mb4');
      t.collate('utf8mb4_unicode_ci');
      t.engine('InnoDB');
    }
    t.increments('id').primary();
    t.integer('recipient_id').unsigned().notNullable().references('id').inTable('users');
    t.string('sender_name', 255).notNullable();
    t.text('content').notNullable();
    t.text('rendered_content').notNullable();
    t.datetime('sent_at', { precision: 3 }).notNullable();
    t.index(['recipient_id'], 'messages_recipient_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('messages');
}
