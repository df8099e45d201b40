import { randomBytes, randomInt } from 'node:crypto';
import { sha256Hex } from '../store/keys';

export const API_KEY_LENGTH = 32;
export const API_KEY_FORMAT = /^[A-Za-z0-9]{32}$/;
const API_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 characters of [A-Za-z0-9] from the cryptographic generator (about 190 bits). */
export function generateApiKey(): string {
  let key = '';
  for (let i = 0; i < API_KEY_LENGTH; i++) key += API_KEY_ALPHABET[randomInt(API_KEY_ALPHABET.length)];
  return key;
}

/**
 * API keys are stored only as this hash. A fast unsalted hash is enough: keys are long random
 * strings, not passwords, and the hash must be an indexed lookup key.
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** An invitation key: 15 random bytes in lower-case base32, i.e. 24 characters of [a-z2-7]. */
export function generateInvitationKey(): string {
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}
