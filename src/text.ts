import { badRequest } from './errors';

// String rules shared by the REST parameter parser and the operations. Lengths are counted in
// Unicode code points, as Zulip (Python) counts them, never in UTF-16 units.

export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function checkMaxLength(value: string, max: number, varName: string): void {
  // Fast path: a string of at most `max` UTF-16 units has at most `max` code points.
  if (value.length > max && codePointLength(value) > max) {
    throw badRequest(`${varName} is too long (limit: ${max} characters)`);
  }
}

// Python's str.isspace() set, which str.strip() removes.
const PY_SPACE = '[\\t\\n\\x0b\\x0c\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const PY_STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g');

export function pythonStrip(s: string): string {
  return s.replace(PY_STRIP, '');
}

function isNoncharacter(cp: number): boolean {
  return (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
}

const CONTROL_OR_SURROGATE = /^[\p{Cc}\p{Cs}]$/u;

/** 1-based code-point position of the first control, surrogate or non-character, or 0. */
export function firstUnprintablePosition(s: string): number {
  let pos = 0;
  for (const ch of s) {
    pos++;
    if (CONTROL_OR_SURROGATE.test(ch) || isNoncharacter(ch.codePointAt(0)!)) return pos;
  }
  return 0;
}

/** 1-based code-point position of the first lone surrogate (text no database can store), or 0. */
export function firstLoneSurrogatePosition(s: string): number {
  if (s.isWellFormed()) return 0;
  let pos = 0;
  for (const ch of s) {
    pos++;
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) return pos;
  }
  return 0;
}

/** Text from GraphQL (JSON) may carry lone surrogates, which no UTF-8 column can hold. */
export function checkStorableText(value: string, varName: string): void {
  const pos = firstLoneSurrogatePosition(value);
  if (pos > 0) throw badRequest(`Invalid character in ${varName}, at position ${pos}.`);
}
