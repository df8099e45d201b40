import { ZulipError, badRequest, missingArgument } from '../errors';
import { checkMaxLength } from '../text';

// Zulip's parameter parsing (typed_endpoint, strict mode): a value comes from the form body, else
// the query string; JSON-typed parameters hold one JSON document; the first failure, in the
// order the parameters are declared, is the answer.

export type ParamKind = 'string' | 'int' | 'int-or-null' | 'bool' | 'int-list' | 'string-list' | 'profile-data-list';

/** One element of PATCH /users/me/profile_data's `data`: a text value or a list of user ids. */
export interface ProfileDataElement {
  id: number;
  value: string | number[];
}

export interface ParamSpec {
  name: string;
  kind: ParamKind;
  required?: boolean;
  /** For strings: the longest value, in code points. */
  maxLength?: number;
  /** For integers: the values allowed. */
  oneOf?: readonly number[];
  /** For the OpenAPI document. */
  description?: string;
}

/** Raw values by name: the body's over the query string's, the last of repeated names. */
export type RawParams = Map<string, string>;

const INTEGER_TOKEN = /^-?(0|[1-9][0-9]*)$/;

function notInteger(varName: string): ZulipError {
  return badRequest(`${varName} is not an integer`);
}

function parseJson(raw: string, varName: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${varName} is not valid JSON`);
  }
}

/** The source text of each element of a JSON array that already parsed. */
function arrayElementTokens(raw: string): string[] {
  const tokens: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      if (depth === 0) start = i + 1;
      depth++;
    } else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) tokens.push(raw.slice(start, i));
    } else if (ch === ',' && depth === 1) {
      tokens.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  if (tokens.length === 1 && tokens[0]!.trim() === '') return [];
  return tokens.map((t) => t.trim());
}

/** A strict JSON integer: no fraction or exponent (Zulip refuses 1.0), within the safe range. */
function strictInteger(value: unknown, token: string, varName: string): number {
  if (typeof value !== 'number' || !INTEGER_TOKEN.test(token)) throw notInteger(varName);
  if (!Number.isSafeInteger(value)) throw badRequest(`${varName} is too ${value > 0 ? 'large' : 'small'}`);
  return value;
}

/**
 * Stands for a number with a fraction or exponent: an object of this one key, which is neither an
 * integer, a string nor a list. (No reviver turns it into a sentinel: JSON.parse with a reviver
 * recurses, and a deeply nested document would exhaust the stack.)
 */
const NON_INTEGER_KEY = '\u0000nonInteger';
const NON_INTEGER_JSON = '{"\\u0000nonInteger":true}';
const NUMBER_TOKEN = /-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/**
 * JSON.parse, except that numbers written with a fraction or exponent (1.0, 1e0) become
 * non-integer markers: Zulip's strict parsing refuses them wherever an integer is expected.
 */
function parseJsonMarkingNonIntegers(raw: string, varName: string): unknown {
  parseJson(raw, varName);
  let marked = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < raw.length && raw[j] !== '"') j += raw[j] === '\\' ? 2 : 1;
      marked += raw.slice(i, j + 1);
      i = j;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      NUMBER_TOKEN.lastIndex = i;
      const token = NUMBER_TOKEN.exec(raw)![0];
      marked += /[.eE]/.test(token) ? NON_INTEGER_JSON : token;
      i += token.length - 1;
    } else {
      marked += ch;
    }
  }
  return JSON.parse(marked);
}

const isNonInteger = (v: object): boolean => (v as Record<string, unknown>)[NON_INTEGER_KEY] === true && Object.keys(v).length === 1;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !isNonInteger(v);
const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Zulip's Json[list[ProfileDataElementUpdateDict]] in strict mode: a list of objects with an
 * integer `id` and a `value` that is a string or a list of integers; other keys are ignored. The
 * first failure names its place as pydantic does (the value's first union member is str).
 */
function parseProfileDataList(raw: string, v: string): ProfileDataElement[] {
  const value = parseJsonMarkingNonIntegers(raw, v);
  if (!Array.isArray(value)) throw badRequest(`${v} is not a list`);
  return value.map((element, i) => {
    const at = `${v}[${i}]`;
    if (!isObject(element)) throw badRequest(`${at} is not a dict`);
    if (!('id' in element)) throw badRequest(`id key is missing from ${at}`);
    if (!isInteger(element.id)) throw badRequest(`${at}["id"] is not an integer`);
    if (!('value' in element)) throw badRequest(`value key is missing from ${at}`);
    const item = element.value;
    if (typeof item !== 'string' && !(Array.isArray(item) && item.every(isInteger))) throw badRequest(`${at}["value"]["str"] is not a string`);
    return { id: element.id, value: item as string | number[] };
  });
}

function parseOne(spec: ParamSpec, raw: string): unknown {
  const v = spec.name;
  switch (spec.kind) {
    case 'string':
      if (spec.maxLength !== undefined) checkMaxLength(raw, spec.maxLength, v);
      return raw;
    case 'bool': {
      const value = parseJson(raw, v);
      if (typeof value !== 'boolean') throw badRequest(`${v} is not a boolean`);
      return value;
    }
    case 'int':
    case 'int-or-null': {
      const value = parseJson(raw, v);
      if (value === null && spec.kind === 'int-or-null') return null;
      if (spec.oneOf) {
        // Any integer, however large, that is not one of the values is the same refusal.
        if (typeof value !== 'number' || !INTEGER_TOKEN.test(raw.trim())) throw notInteger(v);
        if (!spec.oneOf.includes(value)) throw badRequest(`Invalid ${v}: Value error, Not in the list of possible values`);
        return value;
      }
      return strictInteger(value, raw.trim(), v);
    }
    case 'int-list': {
      const value = parseJson(raw, v);
      if (!Array.isArray(value)) throw badRequest(`${v} is not a list`);
      const tokens = arrayElementTokens(raw);
      return value.map((element, i) => strictInteger(element, tokens[i] ?? '', `${v}[${i}]`));
    }
    case 'string-list': {
      const value = parseJson(raw, v);
      if (!Array.isArray(value)) throw badRequest(`${v} is not a list`);
      value.forEach((element, i) => {
        if (typeof element !== 'string') throw badRequest(`${v}[${i}] is not a string`);
      });
      return value;
    }
    case 'profile-data-list':
      return parseProfileDataList(raw, v);
  }
}

export interface ParsedParams {
  values: Record<string, unknown>;
  /** Sent names the endpoint does not know, sorted: Zulip's ignored_parameters_unsupported. */
  ignored: string[];
}

export function parseParams(specs: readonly ParamSpec[], raw: RawParams): ParsedParams {
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = raw.get(spec.name);
    if (value === undefined) {
      if (spec.required) throw missingArgument(spec.name);
      continue;
    }
    values[spec.name] = parseOne(spec, value);
  }
  const known = new Set(specs.map((s) => s.name));
  const ignored = [...raw.keys()].filter((k) => !known.has(k)).sort(compareCodePoints);
  return { values, ignored };
}

/** Python's sort order for str: by code point, not by UTF-16 unit. */
function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
