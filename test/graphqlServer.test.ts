import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeDocument, ServerSettingsDocument } from '../src/generated/graphql';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, graphqlError, request } from './support/http';

const SANDBOX = 'https://studio.apollographql.com';

describe.each(DIALECTS)('GraphQL endpoint on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  it('serverSettings needs no credentials and reports the feature level and limits', async () => {
    expect((await graphqlClient(g, null).request(ServerSettingsDocument)).serverSettings).toEqual({
      zulipFeatureLevel: 492, zulipVersion: expect.any(String), maxChannelFolderNameLength: 60,
      maxChannelFolderDescriptionLength: 1024, maxWelcomeMessageCustomTextLength: 8000,
    });
  });

  it('GET /server_settings names the organization the Host header addresses, and none for an unknown host', async () => {
    const get = (host: string) => new Promise<any>((resolve, reject) => {
      const u = new URL('/api/v1/server_settings', g.base);
      http.get({ host: u.hostname, port: u.port, path: u.pathname, headers: { host } }, (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve(JSON.parse(text)));
      }).on('error', reject);
    });
    expect(await get('TEST.localhost:9991')).toMatchObject({ realm_name: 'Test Org', realm_url: 'http://test.localhost:9991', realm_uri: 'http://test.localhost:9991', zulip_feature_level: 492 });
    expect(await get('unknown.localhost:9991')).not.toHaveProperty('realm_name');
  });

  it('me answers with the caller, its profile data and push devices', async () => {
    const me = (await graphqlClient(g, 'member').request(MeDocument)).me;
    expect(me).toMatchObject({ id: g.userId('member'), email: 'member@test.org', fullName: 'Mia Member', role: 'MEMBER', isBot: false });
    expect(me.profileData.map((p) => p.value)).toEqual(['+1-555-0400', 'B-400', 'Hello.']);
    expect(me.pushDevices.map((d) => d.kind).sort()).toEqual(['APNS', 'E2EE', 'FCM']);
    expect((await graphqlClient(g, 'bot').request(MeDocument)).me).toMatchObject({ isBot: true });
  });

  it('Apollo Sandbox may call it cross-origin with credentials', async () => {
    const pre = await request(g, 'OPTIONS', '/graphql', {
      headers: { origin: SANDBOX, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(SANDBOX);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const res = await request(g, 'POST', '/graphql', {
      who: 'member', headers: { origin: SANDBOX, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(SANDBOX);
    expect(res.body).toEqual({ data: { me: { id: g.userId('member') } } });
  });

  it('other origins get no CORS grant, and the REST API grants none', async () => {
    const res = await request(g, 'POST', '/graphql', { headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{"query":"{ serverSettings { zulipFeatureLevel } }"}' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const rest = await request(g, 'GET', '/api/v1/server_settings', { headers: { origin: SANDBOX } });
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a document asking for too many fields or batched operations is refused before running', async () => {
    const many = `{ ${Array.from({ length: 201 }, (_, i) => `a${i}: serverSettings { zulipFeatureLevel }`).join(' ')} }`;
    const res = await request(g, 'POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: many }) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: 'Query asks for too many fields (limit: 200)', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const batch = await request(g, 'POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ query: '{ serverSettings { zulipFeatureLevel } }' }, { query: '{ serverSettings { zulipVersion } }' }]) });
    expect(batch.status).toBe(400);
    expect(batch.body).not.toHaveProperty('data');
  });

  it('an unexpected failure is masked: no message, stack or SQL reaches the client', async () => {
    const broken = await startGateway(dialect);
    try {
      await broken.db.knex.schema.dropTable('push_devices');
      const err = await graphqlError(graphqlClient(broken, 'member').request(MeDocument));
      expect(err).toEqual({ message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR', status: 200 });
    } finally {
      await broken.close();
    }
  });
});

describe('introspection setting', () => {
  it('can be turned off; the API keeps working', async () => {
    const g = await startGateway('sqlite', { graphqlIntrospection: false });
    try {
      const res = await request(g, 'POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }) });
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect((await graphqlClient(g, null).request(ServerSettingsDocument)).serverSettings.zulipFeatureLevel).toBe(492);
    } finally {
      await g.close();
    }
  });
});
