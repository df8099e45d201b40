import { NOT_LOGGED_IN, ZulipError, badRequest, unauthorized } from '../errors';
import type { Services } from '../operations/context';
import { recordAuthFailures } from '../store/authFailures';
import { checkAccountUsable } from '../policy';
import type { ActingUser } from '../store/types';
import { emailKey, sha256Hex } from '../store/keys';
import { findByApiKeyHash } from '../store/apiKeyLookup';
import { pythonStrip } from '../text';
import { API_KEY_FORMAT, hashApiKey } from './keys';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Email and API key from `Authorization: Basic base64(email:key)`, with Zulip's refusals. */
export function basicCredentials(header: string): { email: string; apiKey: string } {
  // Exactly a scheme and one token, as Zulip splits the header.
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2) throw unauthorized('Invalid authorization header for basic auth');
  const [scheme, encoded] = parts as [string, string];
  if (scheme.toLowerCase() !== 'basic') throw badRequest('This endpoint requires HTTP basic authentication.');
  let decoded: string;
  try {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) throw new Error('not base64');
    decoded = utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    throw unauthorized('Invalid authorization header for basic auth');
  }
  const fields = decoded.split(':');
  if (fields.length !== 2) throw unauthorized('Invalid authorization header for basic auth');
  return { email: pythonStrip(fields[0]!), apiKey: pythonStrip(fields[1]!) };
}

/** The failure bucket of the account an address names, whether or not it exists. */
export function accountBucketKey(email: string): string {
  return `account:${sha256Hex(emailKey(email))}`;
}

/** The answer once a client or an account has failed too often: Zulip's 429. */
function rateLimited(blockedUntil: Date, now: Date, limit: number): ZulipError {
  const seconds = Math.max(0, (blockedUntil.getTime() - now.getTime()) / 1000);
  return new ZulipError('API usage exceeded rate limit', 'RATE_LIMIT_HIT', 429, { 'retry-after': seconds }, {
    'Retry-After': String(Math.ceil(seconds)),
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(Math.ceil(blockedUntil.getTime() / 1000)),
  });
}

/**
 * The acting user for an Authorization header, in one statement on success: the indexed lookup
 * by key hash, which also reads whether the client's or the account's failure bucket is full.
 * A full bucket refuses even the right key, so guessing gains nothing; the buckets live in the
 * database, so spreading guesses over instances gains nothing either. No result is cached
 * between requests, so a replaced key fails on every instance at once.
 */
export async function authenticate(
  services: Services, header: string | undefined, clientAddress: string, host: string | undefined,
): Promise<ActingUser> {
  if (header === undefined || header === '') throw unauthorized(NOT_LOGGED_IN);
  let credentials: { email: string; apiKey: string } | null = null;
  let failure: ZulipError | null = null;
  try {
    credentials = basicCredentials(header);
  } catch (err) {
    if (!(err instanceof ZulipError) || err.httpStatus !== 401) throw err;
    failure = err;
  }
  const limits = services.config.authFailureLimits;
  const buckets = [{ key: `client:${clientAddress}`, ...limits.client }];
  // The address hashed: a key of fixed length (the column holds 191 characters, a hostile header
  // any number), and no addresses at rest.
  if (credentials && credentials.email !== '') buckets.push({ key: accountBucketKey(credentials.email), ...limits.account });
  const wellFormed = credentials !== null && API_KEY_FORMAT.test(credentials.apiKey);
  const now = new Date();
  const { user, blockedUntil, addressedOrganizationId } = await findByApiKeyHash(
    services.db.knex, wellFormed ? hashApiKey(credentials!.apiKey) : '', (host ?? '').toLowerCase(), buckets, now);
  if (blockedUntil) throw rateLimited(blockedUntil, now, Math.min(...buckets.map((b) => b.max)));
  if (failure === null && !wellFormed) failure = unauthorized('Malformed API key');
  if (failure === null && (user === null || user.email.toLowerCase() !== credentials!.email.toLowerCase())) failure = unauthorized('Invalid API key');
  if (failure) {
    await recordAuthFailures(services.db, buckets, now);
    throw failure;
  }
  checkAccountUsable(user!, addressedOrganizationId);
  return user!;
}
