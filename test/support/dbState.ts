import { expect } from 'vitest';
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

/** A refusal: exactly this status and body, and not one row changed anywhere. */
export async function expectRefusal(
  db: Database, send: () => Promise<{ status: number; body: unknown }>, status: number, body: object,
): Promise<void> {
  const before = await snapshot(db);
  const res = await send();
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
  expect(await snapshot(db)).toEqual(before);
}
