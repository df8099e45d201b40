import type { Knex } from 'knex';
import { toBool } from './db';
import type { ActingUser, Organization, User } from './types';

const ACTING_USER_COLUMNS = [
  'u.id as id', 'u.organization_id as organization_id', 'u.email as email', 'u.full_name as full_name',
  'u.role as role', 'u.is_active as is_active', 'u.bot_type as bot_type',
  'o.name as org_name', 'o.url as org_url', 'o.deactivated as org_deactivated',
  'o.welcome_message_custom_text as org_welcome_message_custom_text',
  'o.create_multiuse_invite_group_id as org_create_multiuse_invite_group_id',
  'o.can_add_subscribers_group_id as org_can_add_subscribers_group_id',
  'o.can_manage_all_groups_id as org_can_manage_all_groups_id',
];

type Row = Record<string, unknown>;

export function decodeUser(row: Row): User {
  return {
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    email: String(row.email),
    fullName: String(row.full_name),
    role: Number(row.role),
    isActive: toBool(row.is_active),
    botType: (row.bot_type as string | null) ?? null,
  };
}

function nullableId(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function decodeActingUser(row: Row): ActingUser {
  const organization: Organization = {
    id: Number(row.organization_id),
    name: String(row.org_name),
    url: String(row.org_url),
    deactivated: toBool(row.org_deactivated),
    welcomeMessageCustomText: String(row.org_welcome_message_custom_text ?? ''),
    createMultiuseInviteGroupId: nullableId(row.org_create_multiuse_invite_group_id),
    canAddSubscribersGroupId: nullableId(row.org_can_add_subscribers_group_id),
    canManageAllGroupsId: nullableId(row.org_can_manage_all_groups_id),
  };
  return { ...decodeUser(row), organization };
}

/** The authentication lookup: one indexed read by key hash, with the organization. */
export async function findByApiKeyHash(knex: Knex, apiKeyHash: string): Promise<ActingUser | null> {
  const row = await knex('users as u')
    .join('organizations as o', 'o.id', 'u.organization_id')
    .where('u.api_key_hash', apiKeyHash)
    .first(ACTING_USER_COLUMNS);
  return row ? decodeActingUser(row) : null;
}

export async function setApiKeyHash(knex: Knex, userId: number, apiKeyHash: string): Promise<void> {
  await knex('users').where('id', userId).update({ api_key_hash: apiKeyHash });
}

/** The organization's users among the ids, by id: one read however many ids. */
export async function usersByIds(knex: Knex, organizationId: number, ids: readonly number[]): Promise<Map<number, User>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (wanted.length === 0) return new Map();
  const rows = await knex('users').where('organization_id', organizationId).whereIn('id', wanted)
    .select('id', 'organization_id', 'email', 'full_name', 'role', 'is_active', 'bot_type');
  return new Map(rows.map((r: Row) => [Number(r.id), decodeUser(r)]));
}
