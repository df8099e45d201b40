import type { Knex } from 'knex';
import { IN_LIST_CHUNK, preparedRows, toBool, toDate, toIdOrNull } from './db';
import { emailKey } from './keys';
import type { ActingUser, Organization, User } from './types';

const ACTING_USER_COLUMNS = [
  'u.id AS id', 'u.organization_id AS organization_id', 'u.email AS email', 'u.full_name AS full_name',
  'u.role AS role', 'u.is_active AS is_active', 'u.bot_type AS bot_type',
  'o.name AS org_name', 'o.url AS org_url', 'o.deactivated AS org_deactivated',
  'o.welcome_message_custom_text AS org_welcome_message_custom_text',
  'o.create_multiuse_invite_group_id AS org_create_multiuse_invite_group_id',
  'o.can_add_subscribers_group_id AS org_can_add_subscribers_group_id',
  'o.can_manage_all_groups_id AS org_can_manage_all_groups_id',
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

function decodeActingUser(row: Row): ActingUser {
  const organization: Organization = {
    id: Number(row.organization_id),
    name: String(row.org_name),
    url: String(row.org_url),
    deactivated: toBool(row.org_deactivated),
    welcomeMessageCustomText: String(row.org_welcome_message_custom_text ?? ''),
    createMultiuseInviteGroupId: toIdOrNull(row.org_create_multiuse_invite_group_id),
    canAddSubscribersGroupId: toIdOrNull(row.org_can_add_subscribers_group_id),
    canManageAllGroupsId: toIdOrNull(row.org_can_manage_all_groups_id),
  };
  return { ...decodeUser(row), organization };
}

export interface FailureBucket {
  key: string;
  max: number;
}

// The lookup runs on every request, so its text is fixed (one per number of failure buckets) and,
// on MySQL, prepared once per connection. Every join reads one index entry: the user holding the
// key hash (unique), the user's organization (primary key), the organization the request's host
// names (indexed), and each failure bucket by its key, whatever the failure table holds.
const lookupSql = new Map<number, string>();

function lookupStatement(bucketCount: number): string {
  let sql = lookupSql.get(bucketCount);
  if (!sql) {
    const buckets = Array.from({ length: bucketCount }, (_, i) => i);
    sql = `SELECT ${ACTING_USER_COLUMNS.join(', ')}, h.id AS addressed_organization_id${
      buckets.map((i) => `, f${i}.failures AS f${i}_failures, f${i}.expires_at AS f${i}_expires_at`).join('')}
      FROM (SELECT 1 AS one) d
      LEFT JOIN users u ON u.api_key_hash = ?
      LEFT JOIN organizations o ON o.id = u.organization_id
      LEFT JOIN organizations h ON h.host = ?${
      buckets.map((i) => `\n      LEFT JOIN auth_failures f${i} ON f${i}.bucket_key = ?`).join('')}
      ORDER BY h.id
      LIMIT 1`;
    lookupSql.set(bucketCount, sql);
  }
  return sql;
}

/**
 * The authentication lookup, one statement: the user holding the key hash, with the
 * organization, the organization the request's host names, and the latest time until which one
 * of the caller's failure buckets is full.
 */
export async function findByApiKeyHash(
  knex: Knex, apiKeyHash: string, host: string, buckets: readonly FailureBucket[], now: Date,
): Promise<{ user: ActingUser | null; blockedUntil: Date | null; addressedOrganizationId: number | null }> {
  const [row] = await preparedRows(knex, lookupStatement(buckets.length), [apiKeyHash, host, ...buckets.map((b) => b.key)]);
  let blockedUntil: Date | null = null;
  buckets.forEach((b, i) => {
    const failures = row?.[`f${i}_failures`];
    if (failures === null || failures === undefined || Number(failures) < b.max) return;
    const until = toDate(row![`f${i}_expires_at`]);
    if (until > now && (blockedUntil === null || until > blockedUntil)) blockedUntil = until;
  });
  return {
    user: row && row.id !== null && row.id !== undefined ? decodeActingUser(row) : null,
    blockedUntil,
    addressedOrganizationId: toIdOrNull(row?.addressed_organization_id),
  };
}

export async function setApiKeyHash(knex: Knex, userId: number, apiKeyHash: string): Promise<void> {
  await knex('users').where('id', userId).update({ api_key_hash: apiKeyHash });
}

export interface NewUser {
  organizationId: number;
  email: string;
  fullName: string;
  role: number;
  apiKeyHash: string;
  dateJoined: Date;
}

export async function insertUser(knex: Knex, user: NewUser): Promise<User> {
  const [id] = await knex('users').insert({
    organization_id: user.organizationId,
    email: user.email,
    email_key: emailKey(user.email),
    full_name: user.fullName,
    role: user.role,
    is_active: true,
    bot_type: null,
    api_key_hash: user.apiKeyHash,
    date_joined: user.dateJoined,
  });
  return { id: Number(id), organizationId: user.organizationId, email: user.email, fullName: user.fullName, role: user.role, isActive: true, botType: null };
}

/** The account holding this e-mail address in the organization, ignoring case, if any. */
export async function findUserByEmail(knex: Knex, organizationId: number, email: string): Promise<User | null> {
  const row = await knex('users').where({ organization_id: organizationId, email_key: emailKey(email) }).first();
  return row ? decodeUser(row) : null;
}

/**
 * The organization's users among the ids, by id: one read for up to IN_LIST_CHUNK distinct ids
 * (the values of many USER fields together may name more).
 */
export async function usersByIds(knex: Knex, organizationId: number, ids: readonly number[]): Promise<Map<number, User>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  if (wanted.length === 0) return new Map();
  const rows: Row[] = [];
  for (let i = 0; i < wanted.length; i += IN_LIST_CHUNK) {
    rows.push(...await knex('users').where('organization_id', organizationId).whereIn('id', wanted.slice(i, i + IN_LIST_CHUNK))
      .select('id', 'organization_id', 'email', 'full_name', 'role', 'is_active', 'bot_type'));
  }
  return new Map(rows.map((r: Row) => [Number(r.id), decodeUser(r)]));
}
