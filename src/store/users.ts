import type { Knex } from 'knex';
import { IN_LIST_CHUNK, toBool } from './db';
import { emailKey } from './keys';
import type { User } from './types';

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
