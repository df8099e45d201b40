import { badRequest } from '../errors';
import type { ProfileField, User } from '../store/types';
import { checkStorableText, codePointLength } from '../text';

// Zulip's per-type checks of a custom profile field value (CustomProfileField's validators), with
// its messages; the field's name stands where Zulip puts var_name. Each returns the text stored.

const SHORT_TEXT_LIMIT = 50;
const LONG_TEXT_LIMIT = 500;
const URL_MAX_LENGTH = 2048;

function checkString(name: string, value: unknown): string {
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
  checkStorableText(value, name);
  return value;
}

function checkCappedString(name: string, value: unknown, limit: number): string {
  const s = checkString(name, value);
  if (s.length > limit && codePointLength(s) > limit) throw badRequest(`${name} is too long (limit: ${limit} characters)`);
  return s;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Python's date.fromisoformat(s).isoformat() == s: exactly YYYY-MM-DD, a real day, year 1 to 9999. */
function checkDate(name: string, value: unknown): string {
  const s = checkString(name, value);
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(s);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const ok = m !== null && year >= 1 && month >= 1 && month <= 12 && day >= 1
    && day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!);
  if (!ok) throw badRequest(`${name} is not a date`);
  return s;
}

// Django's URLValidator (schemes http, https, ftp, ftps), which Zulip's check_url applies.
const UL = '\\u00a1-\\uffff';
const IPV4 = '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)(?:\\.(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)){3}';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOSTNAME = `[a-z${UL}0-9](?:[a-z${UL}0-9-]{0,61}[a-z${UL}0-9])?`;
const DOMAIN = `(?:\\.(?!-)[a-z${UL}0-9-]{1,63}(?<!-))*`;
const TLD = `\\.(?!-)(?:[a-z${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const URL_PATTERN = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|(?:${HOSTNAME}${DOMAIN}${TLD}|localhost))(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$`,
  'iu',
);
const URL_SCHEMES = ['http', 'https', 'ftp', 'ftps'];

function checkUrl(name: string, value: unknown): string {
  const s = checkString(name, value);
  const valid = !/[\t\r\n]/.test(s) && codePointLength(s) <= URL_MAX_LENGTH
    && URL_SCHEMES.includes(s.split('://')[0]!.toLowerCase()) && URL_PATTERN.test(s)
    && hostLength(s) <= 253;
  if (!valid) throw badRequest(`${name} is not a URL`);
  return s;
}

function hostLength(url: string): number {
  const afterScheme = url.slice(url.indexOf('://') + 3);
  const netloc = afterScheme.split(/[/?#]/)[0]!;
  const host = netloc.slice(netloc.lastIndexOf('@') + 1).replace(/:[0-9]{1,5}$/, '');
  return codePointLength(host);
}

function checkSelect(field: ProfileField, value: unknown): string {
  const s = checkString(field.name, value);
  if (!Object.prototype.hasOwnProperty.call(field.fieldData, s)) {
    throw badRequest(`'${s}' is not a valid choice for '${field.name}'.`);
  }
  return s;
}

/** The user ids a USER value names (its integers), for loading them in one read. */
export function userIdsIn(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number' && Number.isInteger(v)) : [];
}

/** Zulip's check_valid_user_ids: users of the organization, active, not bots; stored as JSON. */
function checkUsers(value: unknown, users: ReadonlyMap<number, User>): string {
  if (!Array.isArray(value)) throw badRequest('User IDs is not a list');
  value.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) throw badRequest(`User IDs[${i}] is not an integer`);
  });
  const ids = value as number[];
  const unknown = ids.filter((id) => !users.has(id));
  if (unknown.length > 0) throw badRequest(`Invalid user IDs: ${unknown.join(', ')}`);
  for (const id of new Set(ids)) {
    const u = users.get(id)!;
    if (!u.isActive) throw badRequest(`User with ID ${id} is deactivated`);
    if (u.botType !== null) throw badRequest(`User with ID ${id} is a bot`);
  }
  return JSON.stringify(ids);
}

/**
 * The text to store for `value` in `field`, or Zulip's refusal. `users` holds the organization's
 * users among the ids any USER value names.
 */
export function validatedProfileValue(field: ProfileField, value: unknown, users: ReadonlyMap<number, User>): string {
  switch (field.fieldType) {
    case 'SHORT_TEXT':
    case 'EXTERNAL_ACCOUNT':
    case 'PRONOUNS':
      return checkCappedString(field.name, value, SHORT_TEXT_LIMIT);
    case 'LONG_TEXT':
      return checkCappedString(field.name, value, LONG_TEXT_LIMIT);
    case 'DATE':
      return checkDate(field.name, value);
    case 'URL':
      return checkUrl(field.name, value);
    case 'SELECT':
      return checkSelect(field, value);
    case 'USER':
      return checkUsers(value, users);
    default:
      throw new Error(`unknown custom profile field type ${field.fieldType}`);
  }
}
