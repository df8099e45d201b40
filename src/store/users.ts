import type { Knex } from 'knex';
import { IN_LIST_CHUNK, toBool, toDate } from './db';
import { emailKey } from './keys';
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

export interface FailureBucket {
  key: string;
  max: number;
}

/**
 * The authentication lookup, one statement: the user holding the key hash (indexed), with the
 * organization, and the latest time until which one of the caller's failure buckets is full.
 */
function lookupQuery(
  knex: Knex, apiKeyHash: unknown, host: unknown, buckets: ReadonlyArray<{ key: unknown; max: unknown }>, now: unknown,
): Knex.QueryBuilder {
  const blocked = knex('auth_failures')
    .max('expires_at')
    .where('expires_at', '>', now as Date)
    .andWhere((w) => {
      for (const b of buckets) w.orWhere((q) => q.where('bucket_key', b.key as string).andWhere('failures', '>=', b.max as number));
    })
    .as('blocked_until');
  return knex
    .from(knex.raw('(select 1 as one) as d'))
    .leftJoin('users as u', (j) => j.on('u.api_key_hash', '=', knex.raw('?', [apiKeyHash as string])))
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    // The organization the request's Host names, if any (indexed).
    .leftJoin('organizations as h', (j) => j.on('h.host', '=', knex.raw('?', [host as string])))
    .first([...ACTING_USER_COLUMNS, 'h.id as addressed_organization_id', blocked]);
}

// The lookup runs on every request, so its SQL is built once per dialect and number of buckets;
// each request only binds its values. Building it with marker values tells where each goes.
const lookupPlans = new Map<string, { sql: string; order: string[] }>();

function lookupPlan(knex: Knex, bucketCount: number): { sql: string; order: string[] } {
  const id = `${knex.client.config.client}:${bucketCount}`;
  let plan = lookupPlans.get(id);
  if (!plan) {
    const buckets = Array.from({ length: bucketCount }, (_, i) => ({ key: `@key${i}`, max: `@max${i}` }));
    const compiled = lookupQuery(knex, '@hash', '@host', buckets, '@now').toSQL();
    plan = { sql: compiled.sql, order: compiled.bindings.map(String) };
    lookupPlans.set(id, plan);
  }
  return plan;
}

/**
 * The authentication lookup, one statement: the user holding the key hash (indexed), with the
 * organization, the organization the request's host names, and the latest time until which one
 * of the caller's failure buckets is full.
 */
export async function findByApiKeyHash(
  knex: Knex, apiKeyHash: string, host: string, buckets: readonly FailureBucket[], now: Date,
): Promise<{ user: ActingUser | null; blockedUntil: Date | null; addressedOrganizationId: number | null }> {
  const plan = lookupPlan(knex, buckets.length);
  const values: Record<string, Knex.Value> = { '@hash': apiKeyHash, '@host': host, '@now': now };
  buckets.forEach((b, i) => { values[`@key${i}`] = b.key; values[`@max${i}`] = b.max; });
  // Anything else among the bindings (the LIMIT) is a constant of the query itself.
  const result = await knex.raw(plan.sql, plan.order.map((name) => (name in values ? values[name] : Number(name))));
  const rows: Row[] = Array.isArray(result[0]) ? result[0] : result;
  const row = rows[0];
  return {
    user: row && row.id !== null && row.id !== undefined ? decodeActingUser(row) : null,
    blockedUntil: row?.blocked_until === null || row?.blocked_until === undefined ? null : toDate(row.blocked_until),
    addressedOrganizationId: row?.addressed_organization_id === null || row?.addressed_organization_id === undefined
      ? null : Number(row.addressed_organization_id),
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
