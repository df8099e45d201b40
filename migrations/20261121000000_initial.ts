import type { Knex } from 'knex';

// Dialect-neutral schema for MySQL/MariaDB and SQLite. Names that must be unique "ignoring case"
// are kept in a separate key column the application fills (see src/store/keys.ts), so that both
// dialects compare exactly the same way whatever their collations do with case and trailing spaces.

const ROLES = [100, 200, 300, 400, 600];

function utf8mb4(knex: Knex, table: Knex.CreateTableBuilder): void {
  if (knex.client.config.client === 'mysql2') {
    table.charset('utf8mb4');
    table.collate('utf8mb4_unicode_ci');
    table.engine('InnoDB');
  }
}

/** A table-level CHECK (MariaDB refuses a named check inline in a column definition). */
function oneOf(t: Knex.CreateTableBuilder, column: string, values: readonly (string | number)[], name: string): void {
  t.check(`?? in (${values.map(() => '?').join(', ')})`, [column, ...values], name);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.string('name', 255).notNullable();
    t.string('url', 255).notNullable().unique('organizations_url_unique');
    // Lower-cased host[:port] of url: which organization a request's Host header addresses.
    t.string('host', 255).notNullable().index('organizations_host_index');
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.text('welcome_message_custom_text').notNullable();
    // Group-valued settings point into user_groups, which itself points back here; the
    // application keeps these references valid (a foreign key cycle would block inserts).
    t.integer('create_multiuse_invite_group_id').unsigned().nullable();
    t.integer('can_add_subscribers_group_id').unsigned().nullable();
    t.integer('can_manage_all_groups_id').unsigned().nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
  });

  await knex.schema.createTable('users', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('email', 254).notNullable();
    t.string('email_key', 254).notNullable();
    t.string('full_name', 255).notNullable();
    t.smallint('role').notNullable();
    oneOf(t, 'role', ROLES, 'users_role_check');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('bot_type', 32).nullable();
    t.integer('bot_owner_id').unsigned().nullable().references('id').inTable('users');
    t.string('api_key_hash', 64).notNullable().unique('users_api_key_hash_unique');
    t.datetime('date_joined', { precision: 3 }).notNullable();
    t.unique(['organization_id', 'email_key'], { indexName: 'users_organization_email_unique' });
  });

  await knex.schema.createTable('user_groups', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    // Anonymous groups (the value of a group setting) have no name.
    t.string('name', 100).nullable();
    t.string('kind', 16).notNullable();
    oneOf(t, 'kind', ['system', 'named', 'anonymous'], 'user_groups_kind_check');
    t.text('description').nullable();
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.integer('can_add_members_group_id').unsigned().nullable().references('id').inTable('user_groups');
    t.integer('can_manage_group_id').unsigned().nullable().references('id').inTable('user_groups');
    t.unique(['organization_id', 'name'], { indexName: 'user_groups_organization_name_unique' });
  });

  await knex.schema.createTable('user_group_members', (t) => {
    utf8mb4(knex, t);
    t.integer('group_id').unsigned().notNullable().references('id').inTable('user_groups');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.primary(['group_id', 'user_id']);
    t.index(['user_id'], 'user_group_members_user_index');
  });

  await knex.schema.createTable('user_group_subgroups', (t) => {
    utf8mb4(knex, t);
    t.integer('supergroup_id').unsigned().notNullable().references('id').inTable('user_groups');
    t.integer('subgroup_id').unsigned().notNullable().references('id').inTable('user_groups');
    t.primary(['supergroup_id', 'subgroup_id']);
    t.index(['subgroup_id'], 'user_group_subgroups_subgroup_index');
  });

  await knex.schema.createTable('channel_folders', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('name', 60).notNullable();
    t.string('name_key', 64).notNullable();
    t.text('description').notNullable();
    t.text('rendered_description').notNullable();
    t.integer('creator_id').unsigned().nullable().references('id').inTable('users');
    t.datetime('date_created', { precision: 3 }).notNullable();
    t.boolean('is_archived').notNullable().defaultTo(false);
    // NULL until the folders are reordered: the position is then the id (see store/channelFolders.ts).
    t.integer('sort_order').nullable();
    t.unique(['organization_id', 'name_key'], { indexName: 'channel_folders_organization_name_unique' });
  });

  await knex.schema.createTable('channels', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('name', 255).notNullable();
    t.boolean('invite_only').notNullable().defaultTo(false);
    t.boolean('is_default').notNullable().defaultTo(false);
    t.boolean('is_archived').notNullable().defaultTo(false);
    t.integer('can_add_subscribers_group_id').unsigned().nullable().references('id').inTable('user_groups');
    t.integer('folder_id').unsigned().nullable().references('id').inTable('channel_folders');
    t.unique(['organization_id', 'name'], { indexName: 'channels_organization_name_unique' });
  });

  await knex.schema.createTable('subscriptions', (t) => {
    utf8mb4(knex, t);
    t.integer('channel_id').unsigned().notNullable().references('id').inTable('channels');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.primary(['channel_id', 'user_id']);
    t.index(['user_id'], 'subscriptions_user_index');
  });

  await knex.schema.createTable('custom_profile_fields', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('name', 255).notNullable();
    t.string('field_type', 32).notNullable();
    oneOf(t, 'field_type', ['SHORT_TEXT', 'LONG_TEXT', 'SELECT', 'DATE', 'URL', 'USER', 'EXTERNAL_ACCOUNT', 'PRONOUNS'], 'custom_profile_fields_type_check');
    t.boolean('editable_by_user').notNullable().defaultTo(true);
    t.boolean('required').notNullable().defaultTo(false);
    t.integer('display_order').notNullable();
    t.unique(['organization_id', 'name'], { indexName: 'custom_profile_fields_organization_name_unique' });
  });

  await knex.schema.createTable('custom_profile_field_values', (t) => {
    utf8mb4(knex, t);
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('field_id').unsigned().notNullable().references('id').inTable('custom_profile_fields');
    t.text('value').notNullable();
    t.primary(['user_id', 'field_id']);
    t.index(['field_id'], 'custom_profile_field_values_field_index');
  });

  await knex.schema.createTable('multiuse_invites', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.integer('creator_id').unsigned().notNullable().references('id').inTable('users');
    // The confirmation key of the link (24 characters of [a-z2-7]); links are listed again later.
    t.string('invite_key', 40).notNullable().unique('multiuse_invites_key_unique');
    t.smallint('invited_as').notNullable();
    oneOf(t, 'invited_as', ROLES, 'multiuse_invites_role_check');
    t.boolean('include_realm_default_subscriptions').notNullable().defaultTo(false);
    t.text('welcome_message_custom_text').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('expires_at', { precision: 3 }).nullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.index(['organization_id', 'creator_id'], 'multiuse_invites_organization_creator_index');
  });

  await knex.schema.createTable('multiuse_invite_channels', (t) => {
    utf8mb4(knex, t);
    t.integer('invite_id').unsigned().notNullable().references('id').inTable('multiuse_invites').onDelete('CASCADE');
    t.integer('channel_id').unsigned().notNullable().references('id').inTable('channels');
    t.primary(['invite_id', 'channel_id']);
  });

  await knex.schema.createTable('multiuse_invite_groups', (t) => {
    utf8mb4(knex, t);
    t.integer('invite_id').unsigned().notNullable().references('id').inTable('multiuse_invites').onDelete('CASCADE');
    t.integer('group_id').unsigned().notNullable().references('id').inTable('user_groups');
    t.primary(['invite_id', 'group_id']);
  });

  await knex.schema.createTable('push_devices', (t) => {
    utf8mb4(knex, t);
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    // apns and fcm are legacy push tokens; e2ee is an end-to-end-encrypted registration.
    t.string('kind', 8).notNullable();
    oneOf(t, 'kind', ['apns', 'fcm', 'e2ee'], 'push_devices_kind_check');
    t.text('token').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id'], 'push_devices_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'push_devices', 'multiuse_invite_groups', 'multiuse_invite_channels', 'multiuse_invites',
    'custom_profile_field_values', 'custom_profile_fields', 'subscriptions', 'channels', 'channel_folders',
    'user_group_subgroups', 'user_group_members', 'user_groups', 'users', 'organizations',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
