import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type zulipInitType from 'zulip-js';
import { snapshot } from './support/dbState';
import { expectRefusal } from './support/refusals';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { request, type HttpResult } from './support/http';
import { ORG_URL, USERS, type Handle } from './support/world';
import { CREATE, INVITE, PROFILE, REGENERATE, REGISTER, SERVER_SETTINGS } from './support/paths';

// The wire behaviour of the REST shim, through plain fetch and through the real Zulip client
// (zulip-js). zulip-js replaces the global FormData when it loads, so it is loaded here only and
// every multipart body in this file is built by hand.


const BOUNDARY = '----oagShimBoundaryQ1w2E3r4T5y6';

function multipart(fields: [string, string][], boundary = BOUNDARY): { body: Buffer; headers: Record<string, string> } {
  const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return {
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function expectJsonBody(res: HttpResult): void {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.text.endsWith('\n')).toBe(true);
}

function expectSuccessBody(res: HttpResult): void {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ result: 'success', msg: '' });
  expectJsonBody(res);
}

/** A Zulip error body: result, msg, code; no ignored_parameters_unsupported. */
function expectZulipError(res: HttpResult, status: number): void {
  expect(res.status).toBe(status);
  expectJsonBody(res);
  expect(res.body).toMatchObject({ result: 'error', msg: expect.any(String), code: expect.any(String) });
  expect(res.body).not.toHaveProperty('ignored_parameters_unsupported');
}

describe.each(DIALECTS)('REST shim wire behaviour on %s', (dialect) => {
  let g: Gateway;
  let zulipInit: typeof zulipInitType;
  let field: { phone: number; badge: number };
  let generalId: number;

  beforeAll(async () => {
    g = await startGateway(dialect);
    zulipInit = ((await import('zulip-js')) as any).default ?? (await import('zulip-js'));
    const fieldId = async (name: string) =>
      Number((await g.db.knex('custom_profile_fields').where({ organization_id: g.org.id, name }).first()).id);
    field = { phone: await fieldId('Phone'), badge: await fieldId('Badge') };
    generalId = Number((await g.db.knex('channels').where({ organization_id: g.org.id, name: 'general' }).first()).id);
  });
  afterAll(async () => { await g?.close(); });

  function client(who: Handle) {
    return zulipInit({ username: USERS[who].email, apiKey: g.keys[who], realm: g.base });
  }

  async function folder(id: number) {
    return g.db.knex('channel_folders').where('id', id).first();
  }

  async function profileValues(who: Handle): Promise<number[]> {
    const rows = await g.db.knex('custom_profile_field_values').where('user_id', g.userId(who)).select('field_id');
    return rows.map((r) => Number(r.field_id)).sort((a, b) => a - b);
  }

  describe('the real Zulip client (zulip-js)', () => {
    it('creates a channel folder (multipart POST)', async () => {
      const zulip = await client('admin');
      const res = await zulip.callEndpoint('/channel_folders/create', 'POST', { name: 'From zulip-js', description: 'Made by *zulip-js*' });
      expect(res).toEqual({ result: 'success', msg: '', channel_folder_id: expect.any(Number) });
      expect(await folder(res.channel_folder_id)).toMatchObject({
        name: 'From zulip-js', description: 'Made by *zulip-js*', rendered_description: '<p>Made by <em>zulip-js</em></p>',
        creator_id: g.userId('admin'), organization_id: g.org.id,
      });
    });

    it('reports a parameter error as Zulip does', async () => {
      const zulip = await client('admin');
      const before = await snapshot(g.db);
      expect(await zulip.callEndpoint('/channel_folders/create', 'POST', { name: 'No description' }))
        .toEqual({ result: 'error', msg: "Missing 'description' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('creates a reusable invitation link; arrays are sent JSON-encoded', async () => {
      const zulip = await client('admin');
      const res = await zulip.callEndpoint('/invites/multiuse', 'POST', { invite_as: 400, stream_ids: [generalId], invite_expires_in_minutes: 60 });
      expect(res).toEqual({ result: 'success', msg: '', invite_link: expect.stringMatching(new RegExp(`^${ORG_URL}/join/[a-z2-7]{24}/$`)) });
      const key = res.invite_link.split('/join/')[1].replace('/', '');
      const row = await g.db.knex('multiuse_invites').where('invite_key', key).first();
      expect(row).toMatchObject({ creator_id: g.userId('admin'), invited_as: 400 });
      const channels = await g.db.knex('multiuse_invite_channels').where('invite_id', row.id).select('*');
      expect(channels).toHaveLength(1);
    });

    it('removes profile data (DELETE)', async () => {
      const zulip = await client('member');
      const before = await profileValues('member');
      expect(before).toContain(field.phone);
      expect(await zulip.callEndpoint('/users/me/profile_data', 'DELETE', { data: JSON.stringify([field.phone]) }))
        .toEqual({ result: 'success', msg: '' });
      expect(await profileValues('member')).toEqual(before.filter((id) => id !== field.phone));
      const rows = await snapshot(g.db);
      expect(await zulip.callEndpoint('/users/me/profile_data', 'DELETE', { data: JSON.stringify([field.badge]) }))
        .toEqual({ result: 'error', msg: 'You are not allowed to change this field. Contact an administrator to update it.', code: 'BAD_REQUEST' });
      expect(await snapshot(g.db)).toEqual(rows);
    });

    it('regenerates the API key with an empty multipart body; the old key stops working', async () => {
      const oldKey = g.keys.member2;
      const zulip = await client('member2');
      const res = await zulip.callEndpoint('/users/me/api_key/regenerate', 'POST', {});
      expect(res).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
      expect(res.api_key).not.toBe(oldKey);
      g.keys.member2 = res.api_key;
      const stale = await request(g, 'POST', REGISTER, { who: { email: USERS.member2.email, apiKey: oldKey } });
      expect(stale.status).toBe(401);
      expect(stale.body).toEqual({ result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' });
      // The new key works, through a client made with it.
      expect((await (await client('member2')).queues.register({})).result).toBe('success');
    });

    it('parameters sent to a parameterless endpoint are reported as ignored', async () => {
      const zulip = await client('member2');
      const res = await zulip.callEndpoint('/users/me/api_key/regenerate', 'POST', { zeta: 'z', alpha: 'a' });
      expect(res).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(/^[A-Za-z0-9]{32}$/), ignored_parameters_unsupported: ['alpha', 'zeta'] });
      g.keys.member2 = res.api_key;
    });

    it('registers (POST /register), with and without event types', async () => {
      const zulip = await client('guest');
      const all = await zulip.queues.register({});
      expect(all).toMatchObject({ result: 'success', msg: '', zulip_feature_level: 492 });
      expect(all.channel_folders.map((f: any) => f.name)).toEqual(expect.arrayContaining(['Existing', 'Archived one']));
      const folders = await zulip.queues.register({ event_types: ['channel_folders'] });
      expect(folders.channel_folders.map((f: any) => f.name)).toEqual(expect.arrayContaining(['Existing', 'Archived one']));
      const other = await zulip.callEndpoint('/register', 'POST', { fetch_event_types: ['realm'] });
      expect(other.result).toBe('success');
      expect(other).not.toHaveProperty('channel_folders');
    });

    it('reads the server settings (GET)', async () => {
      const zulip = await client('member');
      expect(await zulip.server.settings()).toMatchObject({ result: 'success', msg: '', zulip_feature_level: 492 });
    });
  });

  describe('where parameters come from', () => {
    it('a repeated parameter takes the last value: query string, urlencoded body, multipart body', async () => {
      const q = await request(g, 'POST', `${CREATE}?name=q-first&name=q-last&description=d1&description=d2`, { who: 'admin' });
      expectSuccessBody(q);
      expect(await folder(q.body.channel_folder_id)).toMatchObject({ name: 'q-last', description: 'd2' });

      const f = await request(g, 'POST', CREATE, {
        who: 'admin', body: 'name=f-first&description=x&name=f-last', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectSuccessBody(f);
      expect(await folder(f.body.channel_folder_id)).toMatchObject({ name: 'f-last', description: 'x' });

      const m = multipart([['name', 'm-first'], ['description', ''], ['name', 'm-last']]);
      const mr = await request(g, 'POST', CREATE, { who: 'admin', ...m });
      expectSuccessBody(mr);
      expect(await folder(mr.body.channel_folder_id)).toMatchObject({ name: 'm-last', description: '' });
    });

    it('the body wins over the query string, for urlencoded and multipart bodies', async () => {
      const f = await request(g, 'POST', CREATE, { who: 'admin', query: { name: 'query name', description: 'query' }, form: { name: 'body name' } });
      expect(await folder(f.body.channel_folder_id)).toMatchObject({ name: 'body name', description: 'query' });

      const m = multipart([['description', 'multipart']]);
      const mr = await request(g, 'POST', `${CREATE}?name=mixed&description=query`, { who: 'admin', ...m });
      expect(await folder(mr.body.channel_folder_id)).toMatchObject({ name: 'mixed', description: 'multipart' });

      // DELETE: the query's id would be refused (not editable); the body's is removed.
      const d = await request(g, 'DELETE', `${PROFILE}?data=${encodeURIComponent(JSON.stringify([field.badge]))}`,
        { who: 'moderator', form: { data: JSON.stringify([field.phone]) } });
      expect(d.body).toEqual({ result: 'success', msg: '' });
      expect(await profileValues('moderator')).not.toContain(field.phone);
      expect(await profileValues('moderator')).toContain(field.badge);
    });

    it('unknown parameters are listed, sorted by code point, in ignored_parameters_unsupported', async () => {
      const res = await request(g, 'POST', CREATE, {
        who: 'admin', query: { zeta: 1, '😀': 'x' },
        form: { name: 'Ignored params', description: '', alpha: 'a', Alpha: 'A', _x: '', '～': 'y' },
      });
      expect(res.body).toEqual({
        result: 'success', msg: '', channel_folder_id: expect.any(Number),
        ignored_parameters_unsupported: ['Alpha', '_x', 'alpha', 'zeta', '～', '😀'],
      });
    });

    it('a name sent in both query string and body is listed once', async () => {
      const res = await request(g, 'POST', REGISTER, { who: 'member', query: { extra: 1, fetch_event_types: ['realm'] }, form: { extra: 2 } });
      expect(res.body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['extra'] });
    });

    it('errors never carry ignored_parameters_unsupported', async () => {
      const before = await snapshot(g.db);
      const missing = await request(g, 'POST', CREATE, { who: 'admin', form: { name: 'x', bogus: 1 } });
      expect(missing.body).toEqual({ result: 'error', msg: "Missing 'description' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
      const refused = await request(g, 'POST', CREATE, { who: 'member', form: { name: 'x', description: '', bogus: 1 } });
      expect(refused.body).toEqual({ result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
      const invalid = await request(g, 'DELETE', PROFILE, { who: 'member', form: { data: '[1.0]', bogus: 1 } });
      expect(invalid.body).toEqual({ result: 'error', msg: 'data[0] is not an integer', code: 'BAD_REQUEST' });
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('a JSON request body is ignored', async () => {
      const before = await snapshot(g.db);
      const json = { 'content-type': 'application/json' };
      const res = await request(g, 'POST', CREATE, { who: 'admin', body: JSON.stringify({ name: 'JSON', description: 'json' }), headers: json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg: "Missing 'description' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
      const del = await request(g, 'DELETE', PROFILE, { who: 'member2', body: JSON.stringify({ data: '[]' }), headers: json });
      expect(del.body).toEqual({ result: 'error', msg: "Missing 'data' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'data' });
      // Malformed JSON is not an error either: the body is not read as parameters at all.
      const broken = await request(g, 'POST', CREATE, { who: 'admin', body: '{not json', headers: json });
      expect(broken.body).toEqual({ result: 'error', msg: "Missing 'description' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
      expect(await snapshot(g.db)).toEqual(before);
      // The query string still counts next to a JSON body.
      const q = await request(g, 'POST', `${CREATE}?name=json-query&description=q`, { who: 'admin', body: '{"name":"ignored"}', headers: json });
      expectSuccessBody(q);
      expect(await folder(q.body.channel_folder_id)).toMatchObject({ name: 'json-query', description: 'q' });
    });

    it('uploaded files in a multipart body are not parameters', async () => {
      const body = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="data.json"\r\n`
        + `Content-Type: application/json\r\n\r\n[${field.phone}]\r\n--${BOUNDARY}--\r\n`);
      const before = await snapshot(g.db);
      const res = await request(g, 'DELETE', PROFILE, { who: 'admin', body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      expect(res.body).toEqual({ result: 'error', msg: "Missing 'data' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'data' });
      expect(await snapshot(g.db)).toEqual(before);
    });
  });

  describe('routing', () => {
    it.each([
      ['GET', CREATE, ['POST']],
      ['DELETE', CREATE, ['POST']],
      ['PATCH', INVITE, ['POST']],
      ['GET', REGENERATE, ['POST']],
      ['PUT', REGISTER, ['POST']],
      ['POST', SERVER_SETTINGS, ['GET', 'HEAD']],
      ['DELETE', SERVER_SETTINGS, ['GET', 'HEAD']],
    ])('%s %s without credentials is 405 before authentication', async (method, path, allowed) => {
      const before = await snapshot(g.db);
      const res = await request(g, method, path, method === 'GET' ? {} : { form: { name: 'x', description: 'y' } });
      expect(res.status).toBe(405);
      expect(res.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: allowed });
      expectJsonBody(res);
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('405 also with bad or valid credentials', async () => {
      const bad = await request(g, 'GET', CREATE, { who: { email: 'nobody@test.org', apiKey: 'x' } });
      expect(bad.status).toBe(405);
      expect(bad.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
      const good = await request(g, 'GET', REGENERATE, { who: 'member' });
      expect(good.status).toBe(405);
      expect(good.body).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['POST'] });
    });

    it('a known path with the right method still needs credentials', async () => {
      const res = await expectRefusal(g.db, () => request(g, 'POST', CREATE, { form: { name: 'x', description: '' } }), 401,
        { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    });

    it.each([
      ['GET', '/api/v1/no/such/endpoint'],
      ['POST', '/api/v1/channel_folders/1/extra'],
      ['DELETE', '/api/v1/users/me/profile_data/extra'],
      ['GET', '/api/v1/'],
    ])('unknown path %s %s is a 404 JSON error body', async (method, path) => {
      for (const who of [null, 'admin'] as const) {
        const res = await request(g, method, path, { who });
        expect(res.status).toBe(404);
        expectJsonBody(res);
        expect(res.body).toMatchObject({ result: 'error', msg: expect.any(String) });
      }
    });

    it('GET /server_settings needs no credentials', async () => {
      const res = await request(g, 'GET', SERVER_SETTINGS);
      expectSuccessBody(res);
      expect(res.body).toMatchObject({
        zulip_feature_level: 492, zulip_version: expect.any(String), zulip_merge_base: expect.any(String),
        push_notifications_enabled: expect.any(Boolean), is_incompatible: false, authentication_methods: expect.any(Object),
      });
      const head = await fetch(new URL(SERVER_SETTINGS, g.base), { method: 'HEAD' });
      expect(head.status).toBe(200);
    });
  });

  describe('POST /register', () => {
    it('feature level, limits, and all channel folders of the organization, archived included', async () => {
      const res = await request(g, 'POST', REGISTER, { who: 'member' });
      expectSuccessBody(res);
      expect(res.body).toMatchObject({
        zulip_feature_level: 492, max_channel_folder_name_length: 60, max_channel_folder_description_length: 1024,
      });
      const folders: any[] = res.body.channel_folders;
      const existing = folders.find((f) => f.name === 'Existing');
      const archived = folders.find((f) => f.name === 'Archived one');
      expect(existing).toMatchObject({
        id: expect.any(Number), description: 'Already **here**', rendered_description: '<p>Already <strong>here</strong></p>',
        creator_id: g.userId('admin'), is_archived: false,
      });
      expect(archived).toMatchObject({ is_archived: true, creator_id: g.userId('admin') });
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const f of folders) {
        expect(Number.isInteger(f.date_created)).toBe(true);
        expect(f.date_created).toBeGreaterThan(nowSeconds - 24 * 3600);
        expect(f.date_created).toBeLessThanOrEqual(nowSeconds + 5);
      }
      // Only this organization's folders (the other one also has an "Existing").
      expect(folders.filter((f) => f.name === 'Existing')).toHaveLength(1);
      const ids = (await g.db.knex('channel_folders').where('organization_id', g.org.id).select('id')).map((r) => Number(r.id));
      expect(folders.map((f) => f.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    });
  });

  describe('malformed and oversized bodies', () => {
    const broken: [string, Record<string, string>, string][] = [
      ['no boundary parameter', { 'content-type': 'multipart/form-data' }, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
      ['garbage instead of parts', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, 'this is not multipart at all'],
      ['a truncated part', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nabc`],
      ['a complete part then a truncated one', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nd\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nn`],
      ['a part with broken headers', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, `--${BOUNDARY}\r\nthis is no header\r\n`],
    ];

    it.each(broken)('broken multipart (%s) is a 400 Zulip error, never a 500, and writes nothing', async (_name, headers, body) => {
      const before = await snapshot(g.db);
      const res = await request(g, 'POST', CREATE, { who: 'admin', body, headers });
      expectZulipError(res, 400);
      expect(await snapshot(g.db)).toEqual(before);
    });

    it.each([
      ['a truncated part', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`],
      ['part headers and nothing else', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n`],
    ])('broken multipart (%s) to a parameterless endpoint is refused with 400, not run', async (_name, body) => {
      const before = await snapshot(g.db);
      const res = await request(g, 'POST', REGENERATE, { who: 'member2', body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      if (res.status === 200) g.keys.member2 = res.body.api_key; // keep later tests working if the product ran the call
      expectZulipError(res, 400);
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('an empty multipart body (closing boundary only, as zulip-js sends) and a zero-length one are accepted', async () => {
      for (const body of [`--${BOUNDARY}--\r\n`, '']) {
        const res = await request(g, 'POST', REGISTER, { who: 'member2', body, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
        expectSuccessBody(res);
        expect(res.body).not.toHaveProperty('ignored_parameters_unsupported');
      }
    });

    it('an urlencoded body over 1 MiB is 413 with a Zulip error body', async () => {
      const before = await snapshot(g.db);
      const res = await request(g, 'POST', CREATE, {
        who: 'admin', body: `name=big&description=${'a'.repeat(1024 * 1024 + 10)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectZulipError(res, 413);
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('a multipart body with one field over 1 MiB is 413 with a Zulip error body', async () => {
      const before = await snapshot(g.db);
      const m = multipart([['name', 'big'], ['description', 'a'.repeat(1024 * 1024 + 10)]]);
      const res = await request(g, 'POST', CREATE, { who: 'admin', ...m });
      expectZulipError(res, 413);
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('a multipart body over 1 MiB in total (no field over the limit) is 413 and writes nothing', async () => {
      const before = await snapshot(g.db);
      const m = multipart([['name', 'big total'], ['description', ''], ['pad1', 'a'.repeat(600_000)], ['pad2', 'a'.repeat(600_000)]]);
      expect(m.body.length).toBeGreaterThan(1024 * 1024);
      const res = await request(g, 'POST', CREATE, { who: 'admin', ...m });
      expectZulipError(res, 413);
      expect(await snapshot(g.db)).toEqual(before);
    });

    it.each(['application/json', 'text/plain'])('a %s body over 1 MiB is 413 with a Zulip error body', async (type) => {
      const res = await request(g, 'POST', REGISTER, {
        who: 'guest', body: JSON.stringify({ pad: 'a'.repeat(1024 * 1024 + 10) }), headers: { 'content-type': type },
      });
      expectZulipError(res, 413);
    });

    it('the server is still healthy afterwards', async () => {
      expectSuccessBody(await request(g, 'GET', SERVER_SETTINGS));
    });
  });

  it('success bodies end with a newline and are application/json on every endpoint', async () => {
    const responses = [
      await request(g, 'GET', SERVER_SETTINGS),
      await request(g, 'POST', REGISTER, { who: 'guest' }),
      await request(g, 'POST', CREATE, { who: 'owner', form: { name: 'Newline check', description: '' } }),
      await request(g, 'POST', INVITE, { who: 'admin', form: { invite_as: 400 } }),
      await request(g, 'DELETE', PROFILE, { who: 'member2', form: { data: [] } }),
    ];
    for (const res of responses) {
      expectSuccessBody(res);
      expect(res.text).toBe(`${JSON.stringify(res.body)}\n`);
    }
    // Error bodies too.
    const before = await snapshot(g.db);
    const err = await request(g, 'POST', CREATE, { who: 'member', form: {} });
    expectZulipError(err, 400);
    expect(await snapshot(g.db)).toEqual(before);
  });
});
