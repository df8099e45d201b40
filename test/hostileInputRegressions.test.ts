import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_LENGTH, MAX_REQUEST_BODY_BYTES } from '../src/limits';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { basicAuth, graphqlClient, request } from './support/http';
import { CREATE, FOLDERS, INVITE, PROFILE } from './support/paths';
import { rawRequest } from './support/rawHttp';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';

// Failures the generated hostile requests found (test/hostileInput.test.ts), one test each, and
// the bound on list lengths.

const ids = (n: number, from = 1_000_000) => Array.from({ length: n }, (_, i) => from + i);
/** Form body with JSON punctuation left as is, as clients send long id lists. */
const form = (fields: Record<string, string>) => Object.entries(fields).map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DIALECTS)('hostile input regressions on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  const rest = (method: string, path: string, fields: Record<string, string>) =>
    request(g, method, path, { body: form(fields), headers: { ...FORM, ...basicAuth(g, 'owner') } });
  const tooMany = (name: string) => ({ result: 'error', msg: `${name} has too many items (limit: ${MAX_LIST_LENGTH})`, code: 'BAD_REQUEST' });

  it('a deeply nested profile data document is refused, not a stack overflow (was a 500)', async () => {
    const deep = '[{"id":1,"value":'.repeat(50_000) + '1' + '}]'.repeat(50_000);
    // Sent unescaped (form parsers take JSON punctuation as is), to stay under the body limit.
    const send = () => request(g, 'PATCH', PROFILE, { body: `data=${deep}`, headers: { ...FORM, ...basicAuth(g, 'owner') } });
    await expectRefusal(g.db, send, 400,
      { result: 'error', msg: 'data[0]["value"]["str"] is not a string', code: 'BAD_REQUEST' });
  });

  it('numbers with a fraction are still no integers in profile data', async () => {
    await expectRefusal(g.db, () => rest('PATCH', PROFILE, { data: '[{"id":1.0,"value":"x"}]' }), 400,
      { result: 'error', msg: 'data[0]["id"] is not an integer', code: 'BAD_REQUEST' });
  });

  it.each([
    ['POST', INVITE, 'stream_ids'], ['POST', INVITE, 'group_ids'], ['PATCH', FOLDERS, 'order'], ['DELETE', PROFILE, 'data'],
  ])('%s %s: %s of 100,000 ids is refused by the list bound (was a 500 on SQLite)', async (method, path, name) => {
    await expectRefusal(g.db, () => rest(method, path, { [name]: JSON.stringify(ids(100_000)) }), 400, tooMany(name));
  });

  it('a list at the bound is allowed through to the next check', async () => {
    await expectRefusal(g.db, () => rest('POST', INVITE, { stream_ids: JSON.stringify(ids(MAX_LIST_LENGTH)) }), 400,
      { result: 'error', msg: 'Invalid channel ID 1000000. No invites were sent.', code: 'BAD_REQUEST' });
    await expectRefusal(g.db, () => rest('POST', INVITE, { stream_ids: JSON.stringify(ids(MAX_LIST_LENGTH + 1)) }), 400, tooMany('stream_ids'));
  });

  it('profile data: too many entries, and too many users in one USER value', async () => {
    const mentor = (await g.db.knex('custom_profile_fields').where({ organization_id: g.org.id, name: 'Mentor' }).first()).id;
    const entries = ids(MAX_LIST_LENGTH + 1).map(() => ({ id: mentor, value: 'x' }));
    await expectRefusal(g.db, () => rest('PATCH', PROFILE, { data: JSON.stringify(entries) }), 400, tooMany('data'));
    await expectRefusal(g.db, () => rest('PATCH', PROFILE, { data: JSON.stringify([{ id: mentor, value: ids(MAX_LIST_LENGTH + 1) }]) }), 400,
      tooMany('data[0]["value"]'));
  });

  it('USER values naming more distinct users than one IN list holds are checked, not a 500', async () => {
    const mentor = (await g.db.knex('custom_profile_fields').where({ organization_id: g.org.id, name: 'Mentor' }).first()).id;
    const data = [0, 1, 2, 3].map((k) => ({ id: mentor, value: ids(MAX_LIST_LENGTH, 1_000_000 + k * MAX_LIST_LENGTH) }));
    const before = await snapshot(g.db);
    const res = await rest('PATCH', PROFILE, { data: JSON.stringify(data) });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^Invalid user IDs: 1000000, 1000001, /);
    expect(await snapshot(g.db)).toEqual(before);
  });

  it('GraphQL lists have the same bound', async () => {
    const client = graphqlClient(g, 'owner');
    await expectGraphqlRefusal(g.db, () => client.request('mutation($o: [SafeInt!]!) { reorderChannelFolders(input: { order: $o }) { __typename } }', { o: ids(MAX_LIST_LENGTH + 1) }),
      { message: `order has too many items (limit: ${MAX_LIST_LENGTH})`, code: 'BAD_REQUEST' });
    await expectGraphqlRefusal(g.db, () => client.request('mutation($s: [SafeInt!]) { createReusableInvitation(input: { streamIds: $s }) { __typename } }', { s: ids(100_000) }),
      { message: `stream_ids has too many items (limit: ${MAX_LIST_LENGTH})`, code: 'BAD_REQUEST' });
    await expectGraphqlRefusal(g.db, () => client.request('mutation($f: [SafeInt!]!) { removeProfileData(input: { fieldIds: $f }) { __typename } }', { f: ids(MAX_LIST_LENGTH + 1) }),
      { message: `data has too many items (limit: ${MAX_LIST_LENGTH})`, code: 'BAD_REQUEST' });
  });

  it('an address longer than the failure counter\'s key column is refused with 401 (was a 500 on MariaDB)', async () => {
    const who = { email: `${'x'.repeat(5000)}@test.org`, apiKey: 'A'.repeat(32) };
    const res = await request(g, 'GET', FOLDERS, { who });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' } });
  });

  it('GraphQL variables with more than 50 coercion errors are a client error (was a 500)', async () => {
    const before = await snapshot(g.db);
    const res = await request(g, 'POST', '/graphql', {
      headers: { 'content-type': 'application/json', ...basicAuth(g, 'owner') },
      body: JSON.stringify({ query: 'mutation($i: UpdateProfileDataInput!) { updateProfileData(input: $i) { __typename } }', variables: { i: { data: ids(60) } } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.extensions.code)).toEqual(Array(res.body.errors.length).fill('BAD_USER_INPUT'));
    expect(res.body.errors.at(-1).message).toBe('Too many errors processing variables, error limit reached. Execution aborted.');
    expect(await snapshot(g.db)).toEqual(before);
  });

  it('HTML in a folder description is escaped when rendered', async () => {
    const res = await rest('POST', CREATE, { name: 'Injected', description: '<img src=x onerror=alert(1)> <script>x</script>' });
    expect(res.status).toBe(200);
    const row = await g.db.knex('channel_folders').where('id', res.body.channel_folder_id).first();
    expect(row.rendered_description).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;x&lt;/script&gt;</p>');
  });

  it('a streamed multipart file larger than the body limit is refused with 413, and nothing is written', async () => {
    // Chunked, so no Content-Length tells the size in advance: the file is refused while it streams.
    const boundary = 'B0undary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBig\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\n\r\n`);
    const body = Buffer.concat([head, Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1024, 97), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    const authorization = basicAuth(g, 'owner').authorization!;
    await expectRefusal(g.db, () => rawRequest(g.base, {
      method: 'POST', path: CREATE, body: chunked,
      headers: [['Host', 'localhost'], ['Authorization', authorization], ['Content-Type', `multipart/form-data; boundary=${boundary}`], ['Transfer-Encoding', 'chunked']],
    }), 413, { result: 'error', msg: 'Request body too large', code: 'BAD_REQUEST' });
  });

  it('a path with a broken percent escape gets a Zulip error body (was Fastify\'s own)', async () => {
    await expectRefusal(g.db, () => rawRequest(g.base, { method: 'DELETE', path: '/api/v1/invites/multiuse/%ff', headers: [] }), 400,
      { result: 'error', msg: 'Malformed request', code: 'BAD_REQUEST' });
  });

  it('a request the HTTP parser refuses gets a Zulip error body (was Fastify\'s own)', async () => {
    const res = await rawRequest(g.base, { method: 'GET', path: '/api/v1/channel_folders', headers: [['Authorization', Buffer.from([66, 97, 115, 105, 99, 32, 2, 0, 1])]] });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { result: 'error', msg: 'Malformed request', code: 'BAD_REQUEST' } });
    const huge = await rawRequest(g.base, { method: 'GET', path: '/api/v1/channel_folders', headers: [['X-Filler', 'x'.repeat(20_000)]] });
    expect({ status: huge.status, body: huge.body }).toEqual({ status: 431, body: { result: 'error', msg: 'Request headers too large', code: 'BAD_REQUEST' } });
  });
});
