import { createHash } from 'node:crypto';

/** Case-insensitive uniqueness key of a channel folder name, compared byte for byte by both dialects. */
export function folderNameKey(name: string): string {
  return createHash('sha256').update(name.toLowerCase(), 'utf8').digest('hex');
}

/** E-mail addresses are unique within an organization ignoring case. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
