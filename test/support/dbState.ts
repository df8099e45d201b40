import type { Database } from '../../src/store/db';

// Left out on purpose: auth_failures, which a refused request may rightly write (every failed
// authentication is counted there), and knex_migrations / knex_migrations_lock, which only
// migrate touches.
const TABLES = [
  'organizations', 'users', 'user_groups', 'user_group_members', 'user_group_subgroups', 'channels', 'subscriptions',
  'custom_profile_fields', 'custom_profile_field_values', 'channel_folders', 'multiuse_invites',
  'multiuse_invite_channels', 'multiuse_invite_groups', 'push_devices', 'messages',
];

/**
 * Every row of every table, in a stable order: comparing two snapshots proves a refused request
 * wrote nothing at all.
 */
export async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const rows = await db.knex(t).select('*');
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
