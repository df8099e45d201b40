import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { buildSchema, isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/rest/routes/index';
import type { RestRoute } from '../src/rest/route';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { rawRequest, type RawResponse } from './support/rawHttp';
import { ORG_URL, USERS } from './support/world';

// Generated hostile requests against every REST endpoint and GraphQL mutation. Each answer must
// be a refusal in the API's own error shape with a 4xx status, or a legitimate success; never a
// 5xx, a stack trace or a hang; and a refusal leaves every table as it was.
// RELIABILITY_SCALE multiplies the number of runs (npm run test:long).

const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
const RUNS_PER_ENDPOINT = Math.max(1, Math.round(20 * SCALE));
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

// ---------------------------------------------------------------------------------------------
// Values

const FIXED_HOSTILE = [
  '', ' ', 'null', 'true', 'false', '0', '-0', '-1', '1.5', '1.0', '1e3', '1e309', '-1e309', 'NaN', 'Infinity',
  '9223372036854775807', '9223372036854775808', '-9223372036854775809', '18446744073709551616', '0x10', '٣', '１',
  '[]', '[1.0]', '[1e0]', '[-1]', '[9223372036854775808]', '[null]', '[true]', '["1"]', '[[1]]', '[{}]', '{}', '{"a":1}',
  '[{"id":1}]', '[{"id":1,"value":[1.5]}]', '[{"id":9223372036854775808,"value":"x"}]', '{"__proto__":{"x":1}}',
  '[{"id":1,"value":{"__proto__":1}}]', '"\\ud800"', '["\\udfff"]', '"\\u0000"', '[', '{', '{"a":', '[1,]', '[,1]', '\u0000',
  'x\u0000y', '\u0001\u001f\u007f', '\r\n', '\u202e', '\ud800', '\udfff', 'a\udc00b', '\uffff', '\ufdd0', '💩', '🏳️‍🌈',
  "' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', '1 UNION SELECT api_key_hash FROM users', '\\', '%', '%%',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '{{7*7}}', '${7*7}',
  'javascript:alert(1)', '../../../../etc/passwd', 'APNS', 'FCM', '400', '100', '[1,2,3]', '[0]',
];

const loneSurrogates = fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 4 })
  .map((units) => String.fromCharCode(...units));
const controls = fc.array(fc.integer({ min: 0, max: 0x1f }), { minLength: 1, maxLength: 8 }).map((cs) => String.fromCharCode(...cs));
const deepArrays = fc.integer({ min: 1, max: 150_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const deepObjects = fc.integer({ min: 1, max: 20_000 }).map((n) => '[{"id":1,"value":'.repeat(n) + '1' + '}]'.repeat(n));
const hugeIdArrays = fc.tuple(fc.integer({ min: 10_001, max: 110_000 }), fc.integer({ min: -5, max: 1_000_000 }))
  .map(([n, start]) => `[${Array.from({ length: n }, (_, i) => start + i).join(',')}]`);
const hugeProfileData = fc.integer({ min: 10_001, max: 40_000 }).map((n) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, value: 'x' }))));
const hugeStrings = fc.tuple(fc.integer({ min: 61, max: 900_000 }), fc.constantFrom('a', 'é', '💩', '\u0000', '<', "'"))
  .map(([n, c]) => c.repeat(Math.floor(n / c.length)));
const numbers = fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map(String);

const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIXED_HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 1, arbitrary: controls },
  { weight: 2, arbitrary: numbers },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 2, arbitrary: fc.array(fc.oneof(numbers, fc.constant('1.0'), fc.constant('"x"')), { maxLength: 6 }).map((xs) => `[${xs.join(',')}]`) },
  { weight: 1, arbitrary: deepArrays },
  { weight: 1, arbitrary: deepObjects },
  { weight: 2, arbitrary: hugeIdArrays },
  { weight: 1, arbitrary: hugeProfileData },
  { weight: 1, arbitrary: hugeStrings },
);

/** Form encoding that keeps JSON punctuation readable (and the body small for long arrays). */
function formEncode(value: string): string {
  // Lone surrogates, which encodeURIComponent refuses, go out as their (invalid) UTF-8 bytes.
  const escaped = [...value].map((ch) => {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(ch);
  }).join('');
  return escaped.replace(/%2C/g, ',').replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%3A/g, ':');
}

/** A value as it goes on the wire: properly encoded, or with broken percent escapes and raw bytes. */
const encodedValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map(formEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%f', '%ff%fe', '%ed%a0%80', '%c0%80', '%00', '%e2%82', '%f4%90%80%80', '+%2B+', '%25%', '%u0041') },
);

// ---------------------------------------------------------------------------------------------
// REST requests

interface HostileRest {
  method: string;
  path: string;
  headers: [string, string | Buffer][];
  body: Buffer | undefined;
  auth: 'owner' | 'hostile' | 'none';
}

const basic = (email: string, key: string) => `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;

const hostileAuth: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom('Basic', 'Basic ', 'Basic !!!!', 'Basic ====', 'Bearer x', 'Digest x', 'basic', `Basic ${'A'.repeat(8000)}`),
  fc.uint8Array({ maxLength: 60 }).map((b) => `Basic ${Buffer.from(b).toString('base64')}`),
  fc.tuple(hostileValue, hostileValue).map(([e, k]) => basic(e.slice(0, 200), k.slice(0, 200))),
  fc.constant(basic(USERS.owner.email, `${USERS.owner.apiKey}\u0000`)),
  fc.constant(basic(`${USERS.owner.email}\u0000`, USERS.owner.apiKey)),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Buffer.concat([Buffer.from('Basic '), Buffer.from(b).filter((x) => x !== 10 && x !== 13)])),
);

const CONTENT_TYPES = [
  'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=latin1', 'application/json', 'text/plain',
  'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/x-www-form-urlencoded;;;', '*/*', '',
];

function pathFor(route: RestRoute, segment: string): string {
  return `/api/v1${route.path.replace(/:\w+/g, segment)}`;
}

const pathSegment = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '00001', '-1', '1.5', '9223372036854775808', '99999999999999999999999999', '%00', '%ff', '٣', 'a', '%2e%2e', '1%20'),
  fc.nat({ max: 50 }).map(String),
);

function buildRest(route: RestRoute) {
  const names = [...route.params.map((p) => p.name)];
  const paramName = fc.oneof(
    { weight: 6, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('extra') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'a[b]', 'stream_ids[]', '', '%00', 'x'.repeat(300)) },
  );
  // Mostly one hostile parameter among valid or absent ones, so that it reaches its parser and
  // the operation behind it; sometimes several at once.
  const fields: fc.Arbitrary<[string, string][]> = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(paramName, encodedValue).map((pair) => [pair]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(paramName, encodedValue), { maxLength: 6 }) },
  );
  // A valid value for some parameters, so that parsing reaches the later ones.
  const plausible = fc.constantFrom<Record<string, string>>({}, { name: 'ok', description: 'ok' }, { token: 'tok', appid: 'app' }, { data: '[]' });

  return fc.record({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS') }),
    segment: pathSegment,
    fields,
    plausible,
    queryFields: fc.oneof({ weight: 3, arbitrary: fc.constant<[string, string][]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(paramName, encodedValue.filter((v) => v.length < 2000)), { maxLength: 3 }) }),
    encoding: fc.constantFrom('form', 'form', 'form', 'form', 'query', 'multipart', 'multipart', 'broken-multipart', 'json', 'raw-bytes', 'none'),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined, freq: 4 }),
    auth: fc.constantFrom<'owner' | 'hostile' | 'none'>('owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'hostile', 'none'),
    authHeader: hostileAuth,
    rawBytes: fc.uint8Array({ maxLength: 300 }),
  }).map((r): HostileRest => {
    const pairs: [string, string][] = [...Object.entries(r.plausible).map(([k, v]): [string, string] => [k, formEncode(v)]), ...r.fields];
    const form = pairs.map(([k, v]) => `${formEncode(k)}=${v}`).join('&');
    const query = r.queryFields.map(([k, v]) => `${formEncode(k)}=${v}`).join('&');
    const headers: [string, string | Buffer][] = [];
    let body: Buffer | undefined;
    let contentType: string | undefined;
    let reqQuery = query;
    switch (r.encoding) {
      case 'form':
        body = Buffer.from(form, 'latin1');
        contentType = 'application/x-www-form-urlencoded';
        break;
      case 'query':
        reqQuery = [query, form.length < 6000 ? form : ''].filter(Boolean).join('&');
        break;
      case 'multipart': {
        const boundary = 'XyZzY';
        const parts = pairs.map(([k, v]) => {
          let value: string;
          try {
            value = decodeURIComponent(v);
          } catch {
            value = v;
          }
          return `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${value}\r\n`;
        });
        body = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
        contentType = `multipart/form-data; boundary=${boundary}`;
        break;
      }
      case 'broken-multipart':
        body = Buffer.from(`--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue\r\n--B\r\nContent-Disposition: form-data; name="x"\r\n${form.slice(0, 500)}`);
        contentType = 'multipart/form-data; boundary=B';
        break;
      case 'json':
        body = Buffer.from(JSON.stringify(Object.fromEntries(pairs)));
        contentType = 'application/json';
        break;
      case 'raw-bytes':
        body = Buffer.from(r.rawBytes);
        contentType = 'application/x-www-form-urlencoded';
        break;
      case 'none':
        break;
    }
    if (r.contentType !== undefined) contentType = r.contentType;
    if (contentType !== undefined) headers.push(['Content-Type', contentType]);
    if (r.auth === 'owner') headers.push(['Authorization', '']);
    else if (r.auth === 'hostile') headers.push(['Authorization', r.authHeader]);
    const p = pathFor(route, r.segment) + (reqQuery ? `?${reqQuery}` : '');
    return { method: r.method, path: p, headers, body, auth: r.auth };
  });
}

// ---------------------------------------------------------------------------------------------
// GraphQL mutations, with inputs generated from the schema's own input types

const schema = buildSchema(fs.readFileSync(path.join(__dirname, '..', 'schema', 'schema.graphql'), 'utf8'));
const MUTATIONS = Object.values(schema.getMutationType()!.getFields());

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 63, -(2 ** 63), 1.5, -1, 0, Number.MAX_SAFE_INTEGER + 2, 1e308, 'APNS', 'MEMBER', 'OWNER') },
  { weight: 1, arbitrary: fc.integer({ min: 10_001, max: 100_000 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }).map((n) => { let v: unknown = 1; for (let i = 0; i < n; i++) v = [v]; return v; }) },
);

/** A value for an input type: mostly the right shape with hostile leaves, sometimes anything. */
function inputValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const t = isNonNullType(type) ? type.ofType : type;
  let shaped: fc.Arbitrary<unknown>;
  if (isInputObjectType(t) && depth < 4) {
    const fieldArbs = Object.fromEntries(Object.values(t.getFields()).map((f) => [f.name, inputValue(f.type, depth + 1)]));
    shaped = fc.record(fieldArbs, { requiredKeys: [] });
  } else if (isListType(t)) {
    shaped = fc.array(inputValue(t.ofType, depth + 1), { maxLength: 5 });
  } else {
    shaped = hostileJson;
  }
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson });
}

interface HostileGraphQL {
  field: string;
  body: Buffer;
  contentType: string;
  host: string;
}

function buildGraphQL(field: (typeof MUTATIONS)[number]) {
  const args = field.args;
  const varDefs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const callArgs = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  // The owner's new key, to go on calling as the owner.
  const selectApiKey = field.name === 'regenerateApiKey' ? ' apiKey' : '';
  const document = `mutation Hostile${varDefs ? `(${varDefs})` : ''} { ${field.name}${callArgs ? `(${callArgs})` : ''} { __typename${selectApiKey} } }`;
  const variables = fc.record(Object.fromEntries(args.map((a) => [a.name, inputValue(a.type)])), { requiredKeys: [] });
  return fc.record({
    variables: fc.oneof({ weight: 8, arbitrary: variables }, { weight: 1, arbitrary: hostileJson }),
    form: fc.constantFrom('json', 'json', 'json', 'json', 'broken-json', 'deep-json', 'wrong-type', 'get'),
    host: fc.constantFrom(new URL(ORG_URL).host, 'nowhere.example', '\u0000', 'a'.repeat(300)),
    cut: fc.nat(),
  }).map((r): HostileGraphQL => {
    const text = JSON.stringify({ query: document, variables: r.variables });
    switch (r.form) {
      case 'broken-json':
        return { field: field.name, body: Buffer.from(text.slice(0, r.cut % text.length)), contentType: 'application/json', host: r.host };
      case 'deep-json':
        return { field: field.name, body: Buffer.from(`{"query":${JSON.stringify(document)},"variables":{"input":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`), contentType: 'application/json', host: r.host };
      case 'wrong-type':
        return { field: field.name, body: Buffer.from(text), contentType: 'text/plain', host: r.host };
      case 'get':
        return { field: field.name, body: Buffer.alloc(0), contentType: 'get', host: r.host };
      default:
        return { field: field.name, body: Buffer.from(text), contentType: 'application/json', host: r.host };
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Checks

const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules|\/src\/|\.ts:\d+/;

function checkRestAnswer(res: RawResponse, method: string): void {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  if (method === 'HEAD' || res.status === 204) return;
  if (res.status < 300) {
    expect(res.body).toMatchObject({ result: 'success', msg: '' });
    return;
  }
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ result: 'error', msg: expect.any(String) });
  // Zulip's 405 body alone has no code.
  if (res.status !== 405) expect(res.body.code).toEqual(expect.any(String));
}

/** True when the mutation wrote (a legitimate success); refusals must have written nothing. */
function checkGraphQLAnswer(res: RawResponse, field: string): boolean {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.text).not.toMatch(STACK_TRACE);
  expect(res.body, res.text).toEqual(expect.any(Object));
  const errors: any[] = res.body.errors ?? [];
  for (const e of errors) {
    expect(e.extensions?.code, JSON.stringify(e)).not.toBe('INTERNAL_SERVER_ERROR');
    expect(e.extensions?.stacktrace).toBeUndefined();
  }
  if (errors.length === 0) {
    expect(res.status).toBe(200);
    expect(res.body.data?.[field]).toEqual(expect.any(Object));
    return true;
  }
  return false;
}

const clip = (v: unknown, n = 400): string => {
  const text = Buffer.isBuffer(v) ? v.toString('latin1') : typeof v === 'string' ? v : JSON.stringify(v) ?? String(v);
  return text.length > n ? `${text.slice(0, n)}… (${text.length} characters)` : text;
};

/** fast-check's report, with the (often huge) counterexample cut short. */
async function checkProperty<T>(property: fc.IAsyncProperty<[T]>): Promise<void> {
  const out = await fc.check(property, { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: true });
  if (!out.failed) return;
  const example = out.counterexample?.[0] as Record<string, unknown> | undefined;
  const shown = example ? Object.entries(example).map(([k, v]) => `  ${k}: ${clip(v)}`).join('\n') : '';
  throw new Error(`failed after ${out.numRuns} runs (seed ${out.seed}, path ${out.counterexamplePath})\n${shown}\n${clip(String((out.errorInstance as Error)?.message ?? out.errorInstance), 3000)}`);
}

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let g: Gateway;
  const counts = new Map<string, number>();
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => {
    const lines = [...counts].map(([k, n]) => `  ${String(n).padStart(6)}  ${k}`);
    process.stdout.write(`hostile requests per endpoint (${dialect}), ${[...counts.values()].reduce((a, b) => a + b, 0)} in all:\n${lines.join('\n')}\n`);
    await g?.close();
  });

  const ownerAuth = () => basic(USERS.owner.email, g.keys.owner);

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('REST %s', async (name, route) => {
    await checkProperty(fc.asyncProperty(buildRest(route), async (req) => {
      const headers = req.headers.map(([k, v]): [string, string | Buffer] => (k === 'Authorization' && v === '' ? [k, ownerAuth()] : [k, v]));
      const writes = req.method !== 'GET' && req.method !== 'HEAD';
      const before = writes ? await snapshot(g.db) : undefined;
      const res = await rawRequest(g.base, { method: req.method, path: req.path, headers, body: req.body });
      counts.set(name, (counts.get(name) ?? 0) + 1);
      checkRestAnswer(res, req.method);
      if (res.status >= 400 && before) expect(await snapshot(g.db)).toEqual(before);
      if (res.status === 200 && res.body?.api_key) g.keys.owner = res.body.api_key;
    }));
  }, 300_000 * Math.max(1, SCALE));

  it.each(MUTATIONS.map((m) => [m.name, m] as const))('GraphQL mutation %s', async (name, mutation) => {
    await checkProperty(fc.asyncProperty(buildGraphQL(mutation), async (req) => {
      const before = await snapshot(g.db);
      const auth: [string, string][] = [['Authorization', ownerAuth()], ['Host', req.host]];
      const res = req.contentType === 'get'
        ? await rawRequest(g.base, { method: 'GET', path: `/graphql?query=${encodeURIComponent(`mutation { ${name} { __typename } }`)}`, headers: [...auth, ['Apollo-Require-Preflight', 'true']] })
        : await rawRequest(g.base, { method: 'POST', path: '/graphql', headers: [...auth, ['Content-Type', req.contentType]], body: req.body });
      counts.set(`graphql ${name}`, (counts.get(`graphql ${name}`) ?? 0) + 1);
      if (res.status === 400 && res.body?.errors === undefined) {
        // Refused before GraphQL (e.g. the Host header): still a clean JSON error.
        expect(res.text).not.toMatch(STACK_TRACE);
      } else if (checkGraphQLAnswer(res, name)) {
        const key = res.body.data?.[name]?.apiKey;
        if (name === 'regenerateApiKey' && typeof key === 'string') g.keys.owner = key;
        return;
      }
      expect(await snapshot(g.db)).toEqual(before);
    }));
  }, 300_000 * Math.max(1, SCALE));

  it('the process still answers afterwards', async () => {
    const res = await rawRequest(g.base, { method: 'GET', path: '/healthz', headers: [] });
    expect(res.status).toBe(200);
  });
});
