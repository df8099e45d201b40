import type { Knex } from 'knex';
import { NOT_LOGGED_IN, badRequest, unauthorized } from '../errors';
import { checkAccountUsable } from '../policy';
import type { ActingUser } from '../store/types';
import { findByApiKeyHash } from '../store/users';
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

/**
 * The acting user for an Authorization header: one indexed lookup by key hash. No result is
 * cached between requests, so a replaced key fails on every instance at once.
 */
export async function authenticate(knex: Knex, header: string | undefined): Promise<ActingUser> {
  if (header === undefined || header === '') throw unauthorized(NOT_LOGGED_IN);
  const { email, apiKey } = basicCredentials(header);
  if (!API_KEY_FORMAT.test(apiKey)) throw unauthorized('Malformed API key');
  const user = await findByApiKeyHash(knex, hashApiKey(apiKey));
  if (user === null || user.email.toLowerCase() !== email.toLowerCase()) throw unauthorized('Invalid API key');
  checkAccountUsable(user);
  return user;
}
