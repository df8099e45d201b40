import { badRequest, missingArgument } from '../errors';
import { checkViewingOwnData, requireHuman } from '../policy';
import {
  deleteToken, insertLegacyTokenIfAbsent, listPushDevices, upsertE2eeRegistration,
} from '../store/pushDevices';
import type { PushDevice, User } from '../store/types';
import { codePointLength } from '../text';
import { now, type Services } from './context';
import { gated } from './gates';

export async function pushDevices(services: Services, viewer: User | null, userId: number): Promise<PushDevice[]> {
  checkViewingOwnData(viewer, userId);
  return listPushDevices(services.db.knex, userId);
}

export type LegacyTokenKind = 'apns' | 'fcm';

const MAX_TOKEN_LENGTH = 4096;

/** Python's bytes.fromhex: pairs of hex digits, whitespace allowed between pairs only. */
function isHexBytes(s: string): boolean {
  return /^(?:[ \t\n\r\f\v]*[0-9a-fA-F]{2})*[ \t\n\r\f\v]*$/.test(s);
}

/** Zulip's validate_token: a non-empty token of at most 4096 characters; APNs tokens are hex. */
function checkToken(token: string, kind: LegacyTokenKind): void {
  if (token === '' || codePointLength(token) > MAX_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
  if (kind === 'apns' && !isHexBytes(token)) throw badRequest('Invalid APNS token');
}

/** Zulip's ApnsAppId. */
const APP_ID = /^[.a-zA-Z0-9-]+$/;

export function checkApnsAppId(appId: string): void {
  if (!APP_ID.test(appId)) throw badRequest('appid has invalid format');
}

/**
 * Registers a legacy token (Zulip's POST /users/me/apns_device_token and android_gcm_reg_id).
 * Registering a token the user already has is a success that changes nothing; the unique key
 * decides it, so two racing requests leave one row. Not for bots (the gate), as every push endpoint.
 */
export const registerLegacyPushToken = gated(requireHuman, async (
  services, user, kind: LegacyTokenKind, token: string, appId: string | null,
): Promise<void> => {
  if (kind === 'apns') {
    if (appId === null) throw missingArgument('appid');
    checkApnsAppId(appId);
  }
  checkToken(token, kind);
  await insertLegacyTokenIfAbsent(services.db.knex, {
    userId: user.id, kind, token, appId: kind === 'apns' ? appId : null, createdAt: now(services),
  });
});

/** Removes one of the caller's legacy tokens; a token the caller does not have is refused. */
export const removeLegacyPushToken = gated(requireHuman, async (services, user, kind: LegacyTokenKind, token: string): Promise<void> => {
  checkToken(token, kind);
  const removed = await deleteToken(services.db.knex, user.id, kind, token);
  if (removed === 0) throw badRequest('Token does not exist');
});

export interface E2eeRegistration {
  tokenKind: string;
  tokenId: string;
  pushKey: string;
  pushKeyId: number;
  bouncerPublicKey: string;
  encryptedPushRegistration: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function base64Bytes(s: string): Buffer | null {
  return BASE64.test(s) ? Buffer.from(s, 'base64') : null;
}

/** libsodium secretbox: a 0x31 prefix byte, then a 32-byte key. */
const PUSH_KEY_PREFIX = 0x31;
const PUSH_KEY_BYTES = 33;
const TOKEN_ID_BYTES = 8;
const MAX_PUSH_KEY_ID = 2 ** 32 - 1;
const MAX_REGISTRATION_LENGTH = 4096;

/** The checks Zulip documents for POST /mobile_push/register's fields, in its parameter order. */
function checkE2eeRegistration(r: E2eeRegistration): void {
  if (!Number.isSafeInteger(r.pushKeyId) || r.pushKeyId < 0 || r.pushKeyId > MAX_PUSH_KEY_ID) throw badRequest('Invalid push_key_id');
  const key = base64Bytes(r.pushKey);
  if (key === null || key.length !== PUSH_KEY_BYTES || key[0] !== PUSH_KEY_PREFIX) throw badRequest('Invalid push_key');
  if (r.tokenKind !== 'fcm' && r.tokenKind !== 'apns') throw badRequest('Invalid token_kind');
  const tokenId = base64Bytes(r.tokenId);
  if (tokenId === null || tokenId.length !== TOKEN_ID_BYTES) throw badRequest('Invalid token_id');
  if (r.bouncerPublicKey === '' || codePointLength(r.bouncerPublicKey) > MAX_REGISTRATION_LENGTH) throw badRequest('Invalid bouncer_public_key');
  if (r.encryptedPushRegistration === '' || codePointLength(r.encryptedPushRegistration) > MAX_REGISTRATION_LENGTH) {
    throw badRequest('Invalid encrypted_push_registration');
  }
}

/**
 * Stores an end-to-end-encrypted registration (Zulip's POST /mobile_push/register), keyed by
 * the token id: registering the same token again keeps one registration with the latest key.
 * Nothing is forwarded anywhere: this server sends no notifications.
 */
export const registerE2eePushDevice = gated(requireHuman, async (services, user, r: E2eeRegistration): Promise<void> => {
  checkE2eeRegistration(r);
  await upsertE2eeRegistration(services.db.knex, {
    userId: user.id, tokenKind: r.tokenKind as 'fcm' | 'apns', tokenId: r.tokenId, pushKey: r.pushKey, pushKeyId: r.pushKeyId,
    bouncerPublicKey: r.bouncerPublicKey, encryptedPushRegistration: r.encryptedPushRegistration, createdAt: now(services),
  });
});
