import type { Knex } from 'knex';
import { pushTokenHash } from './keys';
import type { PushDevice } from './types';

export async function listPushDevices(knex: Knex, userId: number): Promise<PushDevice[]> {
  const rows = await knex('push_devices').where('user_id', userId).orderBy('id').select('id', 'kind');
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind }));
}

/** Legacy tokens and end-to-end-encrypted registrations alike. */
export async function deletePushDevices(knex: Knex, userId: number): Promise<void> {
  await knex('push_devices').where('user_id', userId).delete();
}

export interface LegacyTokenRow {
  userId: number;
  kind: 'apns' | 'fcm';
  token: string;
  appId: string | null;
  createdAt: Date;
}

/**
 * One INSERT that the unique (user, kind, token) key turns into nothing when the token is
 * already registered: registering again is a success that changes nothing, race or not.
 */
export async function insertLegacyTokenIfAbsent(knex: Knex, row: LegacyTokenRow): Promise<void> {
  await knex('push_devices')
    .insert({
      user_id: row.userId, kind: row.kind, token: row.token, token_hash: pushTokenHash(row.token), app_id: row.appId, created_at: row.createdAt,
    })
    .onConflict(['user_id', 'kind', 'token_hash'])
    .ignore();
}

/** How many rows went: 0 when the user had no such token. */
export async function deleteToken(knex: Knex, userId: number, kind: 'apns' | 'fcm', token: string): Promise<number> {
  return knex('push_devices').where({ user_id: userId, kind, token_hash: pushTokenHash(token) }).delete();
}

export interface E2eeRegistrationRow {
  userId: number;
  tokenKind: 'fcm' | 'apns';
  tokenId: string;
  pushKey: string;
  pushKeyId: number;
  bouncerPublicKey: string;
  encryptedPushRegistration: string;
  createdAt: Date;
}

/**
 * One upsert keyed by (user, e2ee, token id): registering the same token again keeps one row and
 * takes the latest key and registration data (the client rotated them).
 */
export async function upsertE2eeRegistration(knex: Knex, row: E2eeRegistrationRow): Promise<void> {
  await knex('push_devices')
    .insert({
      user_id: row.userId, kind: 'e2ee', token: row.tokenId, token_hash: pushTokenHash(row.tokenId), token_kind: row.tokenKind,
      push_key: row.pushKey, push_key_id: row.pushKeyId, bouncer_public_key: row.bouncerPublicKey,
      encrypted_push_registration: row.encryptedPushRegistration, created_at: row.createdAt,
    })
    .onConflict(['user_id', 'kind', 'token_hash'])
    .merge(['token_kind', 'push_key', 'push_key_id', 'bouncer_public_key', 'encrypted_push_registration']);
}
