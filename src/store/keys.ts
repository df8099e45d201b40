import { hash } from 'node:crypto';

/** SHA-256 of a text's UTF-8 bytes, in hex: the fixed-length form of keys and tokens stored for lookup. */
export function sha256Hex(text: string): string {
  // The one-shot form: no Hash object per call (a request hashes its key and account address).
  return hash('sha256', text, 'hex');
}

/** Case-insensitive uniqueness key of a channel folder name, compared byte for byte by both dialects. */
export function folderNameKey(name: string): string {
  return sha256Hex(name.toLowerCase());
}

/** The key column of a push token: tokens are up to 4096 characters, too long for a MySQL key. */
export function pushTokenHash(token: string): string {
  return sha256Hex(token);
}

/** E-mail addresses are unique within an organization ignoring case. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
