import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeDocument, ServerSettingsDocument } from '../src/generated/graphql';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { fetchAtHost, graphqlClient, graphqlError, post, request, type HttpResult } from './support/http';
import { USERS } from './support/world';
import { REGENERATE, REGISTER } from './support/paths';
import { expectRefusal } from './support/refusals';

const NOT_LOGGED_IN = 'Not logged in: API authentication or user session required';
const BAD_HEADER = 'Invalid authorization header for basic auth';
const WEBHOOK = 'This API is not available to incoming webhook bots.';
const INTROSPECTION = '{ __schema { queryType { name } } }';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const basic = (email: string, key: string) => `Basic ${b64(`${email}:${key}`)}`;

describe.each(DIALECTS)('authentication on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  const send = (path: string, authorization?: string) =>
    request(g, 'POST', path, { headers: authorization === undefined ? {} : { authorization } });

  /** The exact Zulip auth refusal on both endpoints, with nothing written. */
  async function expectAuthRefusal(authorization: string | undefined, status: number, msg: string, code: string) {
    for (const path of [REGENERATE, REGISTER]) {
      const res = await expectRefusal(g.db, () => send(path, authorization), status, { result: 'error', msg, code });
      expect(res.text.endsWith('\n'), path).toBe(true);
      if (status === 401) expect(res.headers.get('www-authenticate'), path).toBe('Basic realm="zulip"');
      else expect(res.headers.get('www-authenticate'), path).toBeNull();
    }
  }

  const unauthorized = (authorization: string | undefined, msg: string) => expectAuthRefusal(authorization, 401, msg, 'UNAUTHORIZED');

  describe('/api/v1', () => {
    it('no Authorization header: 401 Not logged in, with WWW-Authenticate', async () => {
      await unauthorized(undefined, NOT_LOGGED_IN);
    });

    it.each([
      [`Bearer ${USERS.member.apiKey}`], [`Digest ${b64(`${USERS.member.email}:${USERS.member.apiKey}`)}`],
      [`Token ${basic(USERS.member.email, USERS.member.apiKey).slice(6)}`],
    ])('a scheme other than Basic (%s) is 400 BAD_REQUEST', async (authorization) => {
      await expectAuthRefusal(authorization, 400, 'This endpoint requires HTTP basic authentication.', 'BAD_REQUEST');
    });

    it('the scheme is case-insensitive', async () => {
      for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
        const res = await send(REGISTER, `${scheme} ${b64(`${USERS.member.email}:${USERS.member.apiKey}`)}`);
        expect(res.status, scheme).toBe(200);
      }
    });

    it.each([
      ['no colon', `Basic ${b64('foo')}`],
      ['two colons', `Basic ${b64(`${USERS.member.email}:${USERS.member.apiKey}:x`)}`],
      ['not base64', 'Basic !!!not-base64!!!'],
      ['bad padding', `Basic ${b64(`${USERS.member.email}:${USERS.member.apiKey}`).replace(/=+$/, '')}x`],
      ['not UTF-8', `Basic ${b64(Buffer.from([0xff, 0xfe, 0x3a, 0x41]))}`],
      ['no credentials', 'Basic '],
      ['a scheme alone', 'Bearer'],
      ['three words', `Basic ${b64(`${USERS.member.email}:${USERS.member.apiKey}`)} extra`],
    ])('an undecodable Basic value (%s) is 401 "Invalid authorization header for basic auth"', async (_what, authorization) => {
      await unauthorized(authorization, BAD_HEADER);
    });

    it.each([
      ['31 characters', USERS.member.apiKey.slice(0, 31)],
      ['33 characters', `${USERS.member.apiKey}a`],
      ['empty', ''],
      ['a dash', `${USERS.member.apiKey.slice(0, 31)}-`],
      ['an underscore', `_${USERS.member.apiKey.slice(1)}`],
      ['a non-ASCII letter', `${USERS.member.apiKey.slice(0, 31)}é`],
      ['an inner space', `${USERS.member.apiKey.slice(0, 15)} ${USERS.member.apiKey.slice(16)}`],
    ])('a malformed key (%s) is 401 "Malformed API key"', async (_what, key) => {
      await unauthorized(basic(USERS.member.email, key), 'Malformed API key');
    });

    it('the key format is checked before the email: a malformed key with an unknown email is "Malformed API key"', async () => {
      await unauthorized(basic('nobody@nowhere.org', 'short'), 'Malformed API key');
    });

    it('an unknown key is 401 "Invalid API key"', async () => {
      await unauthorized(basic(USERS.member.email, 'Z'.repeat(32)), 'Invalid API key');
    });

    it('another user\'s key with the wrong email is "Invalid API key"', async () => {
      await unauthorized(basic(USERS.member.email, USERS.admin.apiKey), 'Invalid API key');
      await unauthorized(basic('nobody@test.org', USERS.admin.apiKey), 'Invalid API key');
      await unauthorized(basic(USERS.owner.email, USERS.otherOwner.apiKey), 'Invalid API key');
      // The email check comes before the account checks.
      await unauthorized(basic(USERS.member.email, USERS.former.apiKey), 'Invalid API key');
      await unauthorized(basic(USERS.member.email, USERS.goneOwner.apiKey), 'Invalid API key');
      await unauthorized(basic(USERS.member.email, USERS.webhook.apiKey), 'Invalid API key');
    });

    it('the email matches case-insensitively', async () => {
      const res = await send(REGISTER, basic('MEMBER@Test.ORG', USERS.member.apiKey));
      expect(res.status).toBe(200);
      expect(res.body.result).toBe('success');
      const me = await graphqlClient(g, { email: 'Member@TEST.org', apiKey: USERS.member.apiKey }).request(MeDocument, {});
      expect(me.me).toMatchObject({ id: g.userId('member'), email: USERS.member.email });
    });

    it('whitespace around the email and the key is stripped', async () => {
      for (const [email, key] of [
        [` ${USERS.member.email} `, ` ${USERS.member.apiKey} `],
        [`\t${USERS.member.email}`, `${USERS.member.apiKey}\n`],
        [`${USERS.member.email}\u00a0`, `\r\n${USERS.member.apiKey}\u3000`],
      ] as const) {
        const res = await send(REGISTER, basic(email, key));
        expect(res.status, JSON.stringify([email, key])).toBe(200);
      }
    });

    it('a deactivated user is 401 "Account is deactivated"', async () => {
      await unauthorized(basic(USERS.former.email, USERS.former.apiKey), 'Account is deactivated');
    });

    it('a user of a deactivated organization is 401 "This organization has been deactivated"', async () => {
      await unauthorized(basic(USERS.goneOwner.email, USERS.goneOwner.apiKey), 'This organization has been deactivated');
    });

    it('an incoming webhook bot is 401 with the webhook message', async () => {
      await unauthorized(basic(USERS.webhook.email, USERS.webhook.apiKey), WEBHOOK);
    });

    it('Zulip\'s order: organization deactivated, then user deactivated, then webhook bot', async () => {
      const users = () => g.db.knex('users');
      try {
        await users().where('id', g.userId('goneOwner')).update({ is_active: false });
        await unauthorized(basic(USERS.goneOwner.email, USERS.goneOwner.apiKey), 'This organization has been deactivated');
        await users().where('id', g.userId('webhook')).update({ is_active: false });
        await unauthorized(basic(USERS.webhook.email, USERS.webhook.apiKey), 'Account is deactivated');
      } finally {
        await users().where('id', g.userId('goneOwner')).update({ is_active: true });
        await users().where('id', g.userId('webhook')).update({ is_active: true });
      }
      await unauthorized(basic(USERS.webhook.email, USERS.webhook.apiKey), WEBHOOK);
    });

    it('a request sent to another organization\'s address is refused; its own address and unknown ones are not', async () => {
      const send = async (host: string) => {
        const res = await fetchAtHost(host)(`${g.base}${REGISTER}`, {
          method: 'POST', headers: { authorization: basic(USERS.member.email, g.keys.member), 'content-type': 'application/x-www-form-urlencoded' }, body: '',
        });
        return { status: res.status, body: await res.json() as any, auth: res.headers.get('www-authenticate') };
      };
      const before = await snapshot(g.db);
      expect(await send('OTHER.localhost:9991')).toEqual({
        status: 401, auth: 'Basic realm="zulip"',
        body: { result: 'error', msg: 'Account is not associated with this subdomain', code: 'UNAUTHORIZED' },
      });
      expect(await snapshot(g.db)).toEqual(before);
      expect((await send('test.localhost:9991')).status).toBe(200);
      expect((await send('unknown.localhost:9991')).status).toBe(200);
    });

    it('valid credentials pass (the refusals above are not a broken endpoint)', async () => {
      for (const h of ['owner', 'member', 'guest', 'bot', 'otherMember'] as const) {
        const res = await post(g, h, REGISTER);
        expect(res.status, h).toBe(200);
      }
    });
  });

  describe('/graphql', () => {
    const gql = (query: string, authorization?: string) => request(g, 'POST', '/graphql', {
      body: JSON.stringify({ query }),
      headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    });

    it('introspection and serverSettings work without credentials', async () => {
      const res = await gql(INTROSPECTION);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
      const settings = await graphqlClient(g, null).request(ServerSettingsDocument, {});
      expect(settings.serverSettings.zulipFeatureLevel).toBe(492);
    });

    it('me without credentials: UNAUTHORIZED with the Not-logged-in message', async () => {
      expect(await graphqlError(graphqlClient(g, null).request(MeDocument, {})))
        .toMatchObject({ message: NOT_LOGGED_IN, code: 'UNAUTHORIZED' });
      const res = await gql('{ me { id } }');
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toMatchObject({ message: NOT_LOGGED_IN, extensions: { code: 'UNAUTHORIZED' } });
    });

    it.each([
      ['introspection', INTROSPECTION],
      ['serverSettings', '{ serverSettings { zulipFeatureLevel } }'],
      ['me', '{ me { id } }'],
    ])('invalid credentials fail with HTTP 401 "Invalid API key" even for %s', async (_what, query) => {
      for (const authorization of [basic(USERS.member.email, 'Z'.repeat(32)), basic(USERS.member.email, USERS.admin.apiKey)]) {
        const res = await gql(query, authorization);
        expect(res.status).toBe(401);
        expect(res.body.data ?? null).toBeNull();
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0].message).toBe('Invalid API key');
        expect(res.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
        expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
      }
    });

    it.each([
      ['a malformed key', basic(USERS.member.email, 'short'), 'Malformed API key'],
      ['an undecodable value', `Basic ${b64('foo')}`, BAD_HEADER],
      ['a deactivated user', basic(USERS.former.email, USERS.former.apiKey), 'Account is deactivated'],
      ['a deactivated organization', basic(USERS.goneOwner.email, USERS.goneOwner.apiKey), 'This organization has been deactivated'],
      ['an incoming webhook bot', basic(USERS.webhook.email, USERS.webhook.apiKey), WEBHOOK],
    ])('%s: HTTP 401 with the Zulip message, even for introspection', async (_what, authorization, msg) => {
      for (const query of [INTROSPECTION, '{ me { id } }']) {
        const before = await snapshot(g.db);
        const res = await gql(query, authorization);
        expect(res.status).toBe(401);
        expect(res.body.data ?? null).toBeNull();
        expect(res.body.errors[0]).toMatchObject({ message: msg, extensions: { code: 'UNAUTHORIZED' } });
        expect(await snapshot(g.db)).toEqual(before);
      }
    });

    it('a non-Basic scheme on /graphql is refused as BAD_REQUEST', async () => {
      const res = await gql(INTROSPECTION, `Bearer ${USERS.member.apiKey}`);
      expect(res.status).toBe(400);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors[0]).toMatchObject({ message: 'This endpoint requires HTTP basic authentication.', extensions: { code: 'BAD_REQUEST' } });
    });

    it('a body that is not JSON gets a GraphQL-shaped 400, not a framework error', async () => {
      const res = await request(g, 'POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: '{"query": ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [{ message: 'Malformed request', extensions: { code: 'BAD_REQUEST' } }] });
    });

    it('valid credentials: me is the caller', async () => {
      const res = await gql('{ me { id email } }', basic(USERS.guest.email, USERS.guest.apiKey));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { me: { id: g.userId('guest'), email: USERS.guest.email } } });
    });
  });

  it('error responses carry no stack trace, no file path and never echo the API key', async () => {
    const secret = USERS.admin.apiKey;
    const malformed = 'Secret-Key-That-Must-Not-Leak-0';
    const gql = (body: string, authorization?: string) => request(g, 'POST', '/graphql', {
      body, headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    });
    const cases: [string, Promise<HttpResult>][] = [
      ['rest wrong email', send(REGISTER, basic(USERS.member.email, secret))],
      ['rest malformed', send(REGISTER, basic(USERS.member.email, malformed))],
      ['rest bearer', send(REGISTER, `Bearer ${secret}`)],
      ['rest deactivated', send(REGISTER, basic(USERS.former.email, USERS.former.apiKey))],
      ['rest webhook', send(REGENERATE, basic(USERS.webhook.email, USERS.webhook.apiKey))],
      ['rest no header', send(REGENERATE)],
      ['rest body too large', request(g, 'POST', REGISTER, { who: 'member', form: { x: 'y'.repeat(1100 * 1024) } })],
      ['rest unknown path', request(g, 'POST', '/api/v1/no/such/path', { who: 'member' })],
      ['rest wrong method', request(g, 'PUT', REGISTER, { who: 'member' })],
      ['graphql wrong email', gql(JSON.stringify({ query: INTROSPECTION }), basic(USERS.member.email, secret))],
      ['graphql malformed', gql(JSON.stringify({ query: INTROSPECTION }), basic(USERS.member.email, malformed))],
      ['graphql me anonymous', gql(JSON.stringify({ query: '{ me { id } }' }))],
      ['graphql syntax error', gql(JSON.stringify({ query: '{ me { id ' }), basic(USERS.member.email, USERS.member.apiKey))],
      ['graphql unknown field', gql(JSON.stringify({ query: '{ nope }' }), basic(USERS.member.email, USERS.member.apiKey))],
      ['graphql bad json', gql('{"query": ', basic(USERS.member.email, USERS.member.apiKey))],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      // Every case is an error (an anonymous `me` is HTTP 200 with GraphQL errors).
      if (what === 'graphql me anonymous') expect(res.body.errors.length, what).toBeGreaterThan(0);
      else expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.text, what).not.toMatch(/\bat [\w.<>$]+ \(|\bat (file:|\/)|\n\s+at /);
      expect(res.text, what).not.toMatch(/\/work\/|node_modules|\.(ts|js|mjs|cjs):\d+/);
      expect(res.text.toLowerCase(), what).not.toContain('stacktrace');
      expect(res.text, what).not.toContain(secret);
      expect(res.text, what).not.toContain(malformed);
      expect(res.text, what).not.toContain(USERS.member.apiKey);
    }
  });
});
