import type { Knex } from 'knex';
import * as initial from './20261121000000_initial';
import * as authFailures from './20261121010000_auth_failures';
import * as messages from './20261201000000_messages';
import * as profileFieldDataPushRegistrations from './20261201010000_profile_field_data_push_registrations';

// Migrations are listed here rather than discovered on disk, so that the compiled server and the
// TypeScript test runner load the same modules. Append new ones in order.
const MIGRATIONS: Record<string, Knex.Migration> = {
  '20261121000000_initial': initial,
  '20261121010000_auth_failures': authFailures,
  '20261201000000_messages': messages,
  '20261201010000_profile_field_data_push_registrations': profileFieldDataPushRegistrations,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};
