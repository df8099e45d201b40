import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, openApiPath } from '../src/rest/openapi/document';
import { ROUTES } from '../src/rest/routes/index';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { request, type HttpResult, type Who } from './support/http';
import { USERS } from './support/world';

// The document at /api/v1/openapi.json: valid OpenAPI 3.1, one entry per route of the shim's
// table, and every real answer (successes and refusals) valid against the schema it declares
// for that path, method and status.

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, any> } & Record<string, unknown>;

const METHODS = ['get', 'post', 'patch', 'delete', 'put'];

/** A validator of bodies against the document's schemas, resolving its `#/components/...` refs. */
function bodyValidator(doc: Doc) {
  // Strict about keywords; not about style: Zulip's shapes put `required` in allOf branches
  // without `type`, which strictTypes and strictRequired flag.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
  addFormats(ajv);
  // The refs point into the document, so each schema is compiled with the components beside it.
  ajv.addKeyword({ keyword: 'components' });
  const cache = new Map<object, ValidateFunction>();
  return (schema: object): ValidateFunction => {
    if (!cache.has(schema)) cache.set(schema, ajv.compile({ ...schema, components: doc.components }));
    return cache.get(schema)!;
  };
}

function resolveResponse(doc: Doc, response: any): any {
  const ref: string | undefined = response?.$ref;
  return ref ? doc.components.responses[ref.replace('#/components/responses/', '')] : response;
}

describe('the OpenAPI document', () => {
  const doc = openApiDocument(ROUTES) as Doc;

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validateOpenApi(structuredClone(doc) as any);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('the validator does refuse a broken document', async () => {
    const undescribed = structuredClone(doc) as any;
    delete undescribed.paths['/invites'].get.responses['200'].description;
    expect((await validateOpenApi(undescribed)).valid).toBe(false);
    const optionalPathParameter = structuredClone(doc) as any;
    optionalPathParameter.paths['/invites/multiuse/{invite_id}'].delete.parameters[0].required = false;
    expect((await validateOpenApi(optionalPathParameter)).valid).toBe(false);
  });

  it('lists exactly the route table\'s paths and operations, and itself', () => {
    const fromTable = new Set(ROUTES.map((r) => openApiPath(r.path)));
    expect(new Set(Object.keys(doc.paths))).toEqual(new Set([...fromTable, '/openapi.json']));
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path} ${item[m].operationId}`));
    expect(operations.sort()).toEqual([
      ...ROUTES.map((r) => `${r.method} ${openApiPath(r.path)} ${r.operationId}`),
      'GET /openapi.json get-openapi-document',
    ].sort());
  });

  it('declares parameters as Zulip does: path ids, query strings for GET, form bodies with JSON encoding', () => {
    const revoke = doc.paths['/invites/multiuse/{invite_id}'].delete;
    expect(revoke.parameters).toEqual([expect.objectContaining({ name: 'invite_id', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } })]);
    expect(doc.paths['/channel_folders'].get.parameters).toEqual([
      expect.objectContaining({ name: 'include_archived', in: 'query', required: false, content: { 'application/json': { schema: expect.objectContaining({ type: 'boolean' }) } } }),
    ]);
    const invite = doc.paths['/invites/multiuse'].post.requestBody;
    expect(Object.keys(invite.content).sort()).toEqual(['application/x-www-form-urlencoded', 'multipart/form-data']);
    const form = invite.content['application/x-www-form-urlencoded'];
    expect(form.schema.properties.stream_ids).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(form.schema.properties.invite_expires_in_minutes).toMatchObject({ type: ['integer', 'null'] });
    expect(form.schema.properties.welcome_message_custom_text).toMatchObject({ type: 'string', maxLength: 8000 });
    expect(form.encoding).toEqual(Object.fromEntries(['group_ids', 'include_realm_default_subscriptions', 'invite_as', 'invite_expires_in_minutes', 'stream_ids']
      .map((n) => [n, { contentType: 'application/json' }])));
    expect(doc.paths['/channel_folders/create'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['description', 'name']);
  });

  it('uses Zulip\'s components and Basic authentication except where none is needed', () => {
    for (const name of ['JsonSuccessBase', 'JsonSuccess', 'CodedError', 'CodedErrorBase', 'MissingArgumentError', 'IgnoredParametersUnsupported', 'RateLimitedError']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(doc.components.securitySchemes).toEqual({ BasicAuth: expect.objectContaining({ type: 'http', scheme: 'basic' }) });
    expect(doc.paths['/server_settings'].get.security).toEqual([]);
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);
    expect(doc.paths['/register'].post.security).toEqual([{ BasicAuth: [] }]);
    expect(doc.paths['/users/me/profile_data'].delete.responses['200']).toEqual({ $ref: '#/components/responses/SimpleSuccess' });
  });

  it('a declared schema refuses bodies the route cannot give', () => {
    const compile = bodyValidator(doc);
    const schemaOf = (path: string, method: string, status: number) =>
      resolveResponse(doc, doc.paths[path]![method].responses[status]).content['application/json'].schema;
    const created = compile(schemaOf('/channel_folders/create', 'post', 200));
    expect(created({ result: 'success', msg: '', channel_folder_id: 3 })).toBe(true);
    expect(created({ result: 'success', msg: '', channel_folder_id: 3, extra: 1 })).toBe(false);
    expect(created({ result: 'success', msg: '' })).toBe(false);
    // No required parameter: no REQUEST_VARIABLE_MISSING; and no code the route does not give.
    const revokeRefused = compile(schemaOf('/invites/multiuse/{invite_id}', 'delete', 400));
    expect(revokeRefused({ result: 'error', msg: 'No such invitation', code: 'BAD_REQUEST' })).toBe(true);
    expect(revokeRefused({ result: 'error', msg: "Missing 'x' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'x' })).toBe(false);
    expect(compile(schemaOf('/channel_folders', 'get', 400))({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' })).toBe(false);
    const missing = compile(schemaOf('/channel_folders/create', 'post', 400));
    expect(missing({ result: 'error', msg: "Missing 'name' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'name' })).toBe(true);
    expect(missing({ result: 'error', msg: "Missing 'name' argument", code: 'REQUEST_VARIABLE_MISSING' })).toBe(false);
  });
});

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

describe.each(DIALECTS)('real answers conform to the OpenAPI document on %s', (dialect) => {
  let g: Gateway;
  let doc: Doc;
  let compile: ReturnType<typeof bodyValidator>;
  /** `METHOD /path status code` of every answer checked. */
  const checked = new Set<string>();

  beforeAll(async () => {
    g = await startGateway(dialect);
    const served = await request(g, 'GET', '/api/v1/openapi.json');
    expect(served.status).toBe(200);
    doc = served.body;
    compile = bodyValidator(doc);
  });
  afterAll(async () => { await g?.close(); });

  /** The answer's body against the schema the document declares for its path, method and status. */
  function conforms(res: HttpResult, method: string, apiPath: string): HttpResult {
    const operation = doc.paths[apiPath]?.[method.toLowerCase()];
    const declared = operation ? resolveResponse(doc, operation.responses[String(res.status)])
      : res.status === 405 && doc.paths[apiPath] ? doc.components.responses.MethodNotAllowed : undefined;
    expect(declared, `${method} ${apiPath} does not declare ${res.status}: ${res.text}`).toBeDefined();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const validate = compile(declared.content['application/json'].schema);
    expect(validate(res.body), `${method} ${apiPath} ${res.status} ${res.text}: ${JSON.stringify(validate.errors)}`).toBe(true);
    checked.add(`${method} ${apiPath} ${res.status} ${res.body?.code ?? ''}`);
    return res;
  }

  async function call(who: Who, method: string, apiPath: string, opts: { form?: Record<string, unknown>; query?: Record<string, unknown>; ids?: Record<string, number | string> } = {}) {
    const url = `/api/v1${apiPath.replace(/\{(\w+)\}/g, (_m, name: string) => String(opts.ids?.[name]))}`;
    // A refused write changes no row (failed authentications count only in auth_failures, which
    // the snapshot leaves out).
    const before = method === 'GET' ? undefined : await snapshot(g.db);
    const res = conforms(await request(g, method, url, { who, form: opts.form, query: opts.query }), method, apiPath);
    if (before && res.status >= 400) expect(await snapshot(g.db), `${method} ${apiPath} ${res.status}`).toEqual(before);
    return res;
  }

  it('the document itself, and server settings, without credentials', async () => {
    expect((await call(null, 'GET', '/openapi.json')).status).toBe(200);
    expect((await call(null, 'GET', '/server_settings')).body.zulip_feature_level).toBe(492);
  });

  it('register, with and without folders, and with an unsupported parameter', async () => {
    expect((await call('member', 'POST', '/register')).body.channel_folders.map((f: { name: string }) => f.name)).toEqual(['Existing', 'Archived one']);
    expect((await call('member', 'POST', '/register', { form: { fetch_event_types: ['message'] } })).body).not.toHaveProperty('channel_folders');
    expect((await call('member', 'POST', '/register', { form: { no_such_thing: 1 } })).body.ignored_parameters_unsupported).toEqual(['no_such_thing']);
    expect((await call('member', 'POST', '/register', { form: { event_types: 'not json' } })).body.code).toBe('BAD_REQUEST');
  });

  it('channel folders: create, list, update, reorder, and their refusals', async () => {
    const created = await call('admin', 'POST', '/channel_folders/create', { form: { name: 'Conforming', description: 'A **folder**' } });
    expect(created.status).toBe(200);
    const id = created.body.channel_folder_id;
    expect((await call('member', 'POST', '/channel_folders/create', { form: { name: 'x', description: '' } })).body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((await call('admin', 'POST', '/channel_folders/create', { form: { description: '' } })).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'name' });
    expect((await call('admin', 'POST', '/channel_folders/create', { form: { name: 'n'.repeat(61), description: '' } })).body.code).toBe('BAD_REQUEST');

    const listed = await call('guest', 'GET', '/channel_folders', { query: { include_archived: true } });
    expect(listed.body.channel_folders.map((f: { id: number }) => f.id)).toContain(id);
    expect((await call('guest', 'GET', '/channel_folders', { query: { include_archived: 'yes' } })).body.msg).toBe('include_archived is not valid JSON');

    expect((await call('admin', 'PATCH', '/channel_folders/{channel_folder_id}', { ids: { channel_folder_id: id }, form: { name: 'Renamed', is_archived: true } })).status).toBe(200);
    expect((await call('admin', 'PATCH', '/channel_folders/{channel_folder_id}', { ids: { channel_folder_id: 999999 }, form: { name: 'x' } })).body.msg).toBe('Invalid channel folder ID');
    expect((await call('admin', 'PATCH', '/channel_folders/{channel_folder_id}', { ids: { channel_folder_id: 'abc' }, form: { name: 'x' } })).status).toBe(404);

    const order = listed.body.channel_folders.map((f: { id: number }) => f.id).reverse();
    expect((await call('admin', 'PATCH', '/channel_folders', { form: { order } })).status).toBe(200);
    expect((await call('admin', 'PATCH', '/channel_folders', { form: { order: [] } })).body.msg).toBe('Invalid order mapping.');
    expect((await call('admin', 'PATCH', '/channel_folders')).body.var_name).toBe('order');
  });

  it('invitations: create, list, revoke, and their refusals', async () => {
    const created = await call('admin', 'POST', '/invites/multiuse', { form: { invite_expires_in_minutes: null, stream_ids: [g.org.channels.general] } });
    expect(created.status).toBe(200);
    expect((await call('guest', 'POST', '/invites/multiuse')).body.msg).toBe('Not allowed for guest users');
    expect((await call('admin', 'POST', '/invites/multiuse', { form: { invite_as: 100 } })).body.code).toBe('UNAUTHORIZED_PRINCIPAL');
    expect((await call('admin', 'POST', '/invites/multiuse', { form: { stream_ids: [1.5] } })).body.msg).toBe('stream_ids[0] is not an integer');

    const listed = await call('admin', 'GET', '/invites');
    const entry = listed.body.invites.find((i: { link_url: string }) => i.link_url === created.body.invite_link);
    expect(entry).toMatchObject({ expiry_date: null, is_multiuse: true });

    const ids = { invite_id: entry.id };
    expect((await call('member', 'DELETE', '/invites/multiuse/{invite_id}', { ids })).body.msg).toBe('Must be an organization administrator');
    expect((await call('admin', 'DELETE', '/invites/multiuse/{invite_id}', { ids })).status).toBe(200);
    expect((await call('admin', 'DELETE', '/invites/multiuse/{invite_id}', { ids })).body.msg).toBe('Invitation has already been revoked');
    expect((await call('admin', 'DELETE', '/invites/multiuse/{invite_id}', { ids: { invite_id: '-1' } })).status).toBe(404);
  });

  it('profile data: set and remove, and their refusals', async () => {
    const phone = g.org.custom_profile_fields.Phone!;
    expect((await call('member', 'PATCH', '/users/me/profile_data', { form: { data: [{ id: phone, value: '+1-555-0123' }] } })).status).toBe(200);
    expect((await call('member', 'PATCH', '/users/me/profile_data', { form: { data: [{ id: 1234567, value: 'x' }] } })).body.msg).toBe('Field id 1234567 not found.');
    expect((await call('bot', 'PATCH', '/users/me/profile_data', { form: { data: [] } })).body.msg).toBe('This endpoint does not accept bot requests.');
    expect((await call('member', 'DELETE', '/users/me/profile_data', { form: { data: [phone] } })).status).toBe(200);
    expect((await call('member', 'DELETE', '/users/me/profile_data')).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'data' });
  });

  it('push devices: legacy tokens and end-to-end-encrypted registration, and their refusals', async () => {
    const apns = { token: 'c0ffee00deadbeef0123456789abcdef', appid: 'org.zulip.Zulip' };
    expect((await call('member2', 'POST', '/users/me/apns_device_token', { form: apns })).status).toBe(200);
    expect((await call('member2', 'POST', '/users/me/apns_device_token', { form: { token: apns.token } })).body.var_name).toBe('appid');
    expect((await call('member2', 'DELETE', '/users/me/apns_device_token', { form: { token: apns.token } })).status).toBe(200);
    expect((await call('member2', 'DELETE', '/users/me/apns_device_token', { form: { token: apns.token } })).body.msg).toBe('Token does not exist');
    expect((await call('member2', 'POST', '/users/me/android_gcm_reg_id', { form: { token: 'fcm-token' } })).status).toBe(200);
    expect((await call('member2', 'DELETE', '/users/me/android_gcm_reg_id', { form: { token: 'fcm-token' } })).status).toBe(200);
    expect((await call('member2', 'POST', '/users/me/android_gcm_reg_id', { form: { token: '' } })).body.msg).toBe('Empty or invalid length token');
    const e2ee = {
      push_key_id: 2408, push_key: b64([0x31, ...Array(32).fill(7)]), token_kind: 'fcm', token_id: b64([1, 2, 3, 4, 5, 6, 7, 8]),
      bouncer_public_key: 'bouncer-public-key', encrypted_push_registration: 'encrypted-push-registration-data',
    };
    expect((await call('member2', 'POST', '/mobile_push/register', { form: e2ee })).status).toBe(200);
    expect((await call('member2', 'POST', '/mobile_push/register', { form: { ...e2ee, token_kind: 'other' } })).body.msg).toBe('Invalid token_kind');
  });

  it('API key regeneration', async () => {
    const res = await call('member2', 'POST', '/users/me/api_key/regenerate');
    expect(res.status).toBe(200);
    g.keys.member2 = res.body.api_key;
    expect((await call('member2', 'POST', '/register')).status).toBe(200);
  });

  it('credential failures: 401 on every authenticated route, and 400 for another scheme', async () => {
    for (const r of ROUTES.filter((x) => x.authenticated)) {
      const ids = { channel_folder_id: 1, invite_id: 1 };
      expect((await call(null, r.method, openApiPath(r.path), { ids })).status).toBe(401);
    }
    const wrongKey = { email: USERS.member.email, apiKey: 'WrongKeyWrongKeyWrongKeyWrong000' };
    expect((await call(wrongKey, 'POST', '/register')).body).toEqual({ result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' });
    const bearer = await request(g, 'POST', '/api/v1/register', { headers: { authorization: 'Bearer abc' } });
    expect(conforms(bearer, 'POST', '/register').body.msg).toBe('This endpoint requires HTTP basic authentication.');
  });

  it('an unlisted method: 405 with the allowed methods', async () => {
    const res = await call('admin', 'PUT', '/channel_folders');
    expect(res.status).toBe(405);
    expect(res.body.allowed_methods).toEqual(['GET', 'HEAD', 'PATCH']);
    expect((await call(null, 'POST', '/openapi.json')).body.allowed_methods).toEqual(['GET', 'HEAD']);
  });

  it('a body over the limit: 413', async () => {
    const res = await request(g, 'POST', '/api/v1/register', { who: 'member', body: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(conforms(res, 'POST', '/register').status).toBe(413);
  });

  it('too many failed authentications: 429', async () => {
    const limited = await startGateway(dialect, { authFailureLimits: { client: { max: 1000, seconds: 60 }, account: { max: 1, seconds: 60 } } });
    try {
      const before = await snapshot(limited.db);
      const wrongKey = { email: USERS.member.email, apiKey: 'WrongKeyWrongKeyWrongKeyWrong000' };
      expect((await request(limited, 'POST', '/api/v1/register', { who: wrongKey })).status).toBe(401);
      // The account's bucket is full: even the right key is refused.
      const res = await request(limited, 'POST', '/api/v1/channel_folders/create', { who: 'member', form: {} });
      expect(conforms(res, 'POST', '/channel_folders/create').status).toBe(429);
      expect(res.body['retry-after']).toBeGreaterThan(0);
      expect(await snapshot(limited.db)).toEqual(before);
    } finally {
      await limited.close();
    }
  });

  it('every operation answered with success, and the refusal kinds were all seen', () => {
    for (const r of ROUTES) expect(checked, `${r.method} ${r.path}`).toContain(`${r.method} ${openApiPath(r.path)} 200 `);
    const kinds = [...checked].map((c) => c.split(' ').slice(2).join(' '));
    for (const kind of ['400 BAD_REQUEST', '400 REQUEST_VARIABLE_MISSING', '400 UNAUTHORIZED_PRINCIPAL', '401 UNAUTHORIZED', '404 BAD_REQUEST', '405 ', '413 BAD_REQUEST', '429 RATE_LIMIT_HIT']) {
      expect(kinds, kind).toContain(kind);
    }
  });
});
