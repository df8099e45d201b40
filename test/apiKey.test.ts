import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MeDocument, RegenerateDocument, RegisterE2eePushDeviceDocument, RegisterPushDeviceDocument,
} from '../src/generated/graphql';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, graphqlError, post, request, type HttpResult } from './support/http';
import { USERS, type Handle } from './support/world';
import { REGENERATE, REGISTER } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';

const KEY = /^[A-Za-z0-9]{32}$/;
const INVALID_KEY = { result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' };

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe.each(DIALECTS)('regenerate API key on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  const as = (h: Handle, apiKey: string) => ({ email: USERS[h].email, apiKey });

  /** Whether a key authenticates its owner right now (POST /register has no side effect). */
  async function works(h: Handle, apiKey: string): Promise<boolean> {
    const res = await post(g, as(h, apiKey), REGISTER);
    if (res.status === 200) return true;
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID_KEY);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    return false;
  }

  async function userRow(h: Handle) {
    return g.db.knex('users').where('id', g.userId(h)).first();
  }

  async function pushKinds(h: Handle): Promise<string[]> {
    const rows = await g.db.knex('push_devices').where('user_id', g.userId(h)).select('kind');
    return rows.map((r) => String(r.kind)).sort();
  }

  /** Regenerates over REST, checks the exact success body, and records the new key. */
  async function regenerate(h: Handle): Promise<{ oldKey: string; newKey: string; res: HttpResult }> {
    const oldKey = g.keys[h];
    const res = await post(g, h, REGENERATE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(KEY) });
    g.keys[h] = res.body.api_key;
    return { oldKey, newKey: res.body.api_key, res };
  }

  it('returns exactly {result, msg, api_key}; the old key fails at once, the new one works', async () => {
    const { oldKey, newKey, res } = await regenerate('member2');
    expect(Object.keys(res.body).sort()).toEqual(['api_key', 'msg', 'result']);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text.endsWith('\n')).toBe(true);
    expect(newKey).not.toBe(oldKey);

    const refused = await post(g, as('member2', oldKey), REGISTER);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(INVALID_KEY);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="zulip"');

    const ok = await post(g, as('member2', newKey), REGISTER);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('success');
  });

  it('stores only the SHA-256 hash: the plain key appears nowhere in the users table', async () => {
    const { oldKey, newKey } = await regenerate('member2');
    expect((await userRow('member2')).api_key_hash).toBe(sha256(newKey));
    const users = JSON.stringify(await g.db.knex('users').select('*'));
    expect(users).not.toContain(newKey);
    expect(users).not.toContain(oldKey);
    expect(users).toContain(sha256(newKey));
    expect(users).not.toContain(sha256(oldKey));
    // Nor anywhere else in the database.
    expect(JSON.stringify(await snapshot(g.db))).not.toContain(newKey);
  });

  it('removes all the caller\'s push devices (fcm, apns, e2ee) and no one else\'s', async () => {
    expect(await pushKinds('member')).toEqual(['apns', 'e2ee', 'fcm']);
    expect(await pushKinds('admin')).toEqual(['fcm']);
    const before = (await graphqlClient(g, 'member').request(MeDocument, {})).me.pushDevices.map((d) => d.kind).sort();
    expect(before).toEqual(['APNS', 'E2EE', 'FCM']);

    await regenerate('member');

    expect(await pushKinds('member')).toEqual([]);
    expect(await pushKinds('admin')).toEqual(['fcm']);
    expect((await graphqlClient(g, 'member').request(MeDocument, {})).me.pushDevices).toEqual([]);
    expect((await graphqlClient(g, 'admin').request(MeDocument, {})).me.pushDevices.map((d) => d.kind)).toEqual(['FCM']);
  });

  it.each(['owner', 'admin', 'moderator', 'member', 'guest', 'bot', 'adminBot'] as const)('a %s may regenerate its key', async (h) => {
    const { oldKey, newKey } = await regenerate(h);
    expect(await works(h, oldKey)).toBe(false);
    expect(await works(h, newKey)).toBe(true);
    expect((await userRow(h)).api_key_hash).toBe(sha256(newKey));
  });

  it('GraphQL regenerateApiKey: a new key; the old one fails on /graphql with 401, the new one works', async () => {
    const oldKey = g.keys.owner;
    const data = await graphqlClient(g, 'owner').request(RegenerateDocument, {});
    const newKey = data.regenerateApiKey.apiKey!;
    expect(newKey).toMatch(KEY);
    expect(newKey).not.toBe(oldKey);
    g.keys.owner = newKey;

    const err = await graphqlError(graphqlClient(g, as('owner', oldKey)).request(MeDocument, {}));
    expect(err).toEqual({ message: 'Invalid API key', code: 'UNAUTHORIZED', status: 401 });
    expect((await graphqlClient(g, 'owner').request(MeDocument, {})).me.email).toBe(USERS.owner.email);
    expect(await works('owner', oldKey)).toBe(false);
    expect(await works('owner', newKey)).toBe(true);
    expect((await userRow('owner')).api_key_hash).toBe(sha256(newKey));
  });

  it('GraphQL regenerateApiKey removes the caller\'s push devices too', async () => {
    // Registered through the API, as the mobile apps do.
    await graphqlClient(g, 'guest').request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: 'guest-fcm' } });
    await graphqlClient(g, 'guest').request(RegisterE2eePushDeviceDocument, {
      input: {
        tokenKind: 'fcm', tokenId: Buffer.from('guest-e2').toString('base64'), pushKey: Buffer.alloc(33, 0x31).toString('base64'),
        pushKeyId: 7, bouncerPublicKey: 'bouncer-public-key', encryptedPushRegistration: 'encrypted-push-registration-data',
      },
    });
    await graphqlClient(g, 'member2').request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: 'abcd0123', appId: 'org.zulip.Zulip' } });
    expect((await graphqlClient(g, 'guest').request(MeDocument, {})).me.pushDevices.map((d) => d.kind).sort()).toEqual(['E2EE', 'FCM']);
    g.keys.guest = (await graphqlClient(g, 'guest').request(RegenerateDocument, {})).regenerateApiKey.apiKey!;
    expect(await pushKinds('guest')).toEqual([]);
    expect(await pushKinds('member2')).toEqual(['apns']);
  });

  it('an incoming webhook bot is refused with 401 and nothing changes', async () => {
    const message = 'This API is not available to incoming webhook bots.';
    const res = await expectRefusal(g.db, () => post(g, 'webhook', REGENERATE), 401, { result: 'error', msg: message, code: 'UNAUTHORIZED' });
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    await expectGraphqlRefusal(g.db, () => graphqlClient(g, 'webhook').request(RegenerateDocument, {}), { message, code: 'UNAUTHORIZED', status: 401 });
    expect((await userRow('webhook')).api_key_hash).toBe(sha256(USERS.webhook.apiKey));
  });

  it('without credentials: refused over REST and GraphQL, nothing written', async () => {
    const message = 'Not logged in: API authentication or user session required';
    await expectRefusal(g.db, () => post(g, null, REGENERATE), 401, { result: 'error', msg: message, code: 'UNAUTHORIZED' });
    await expectGraphqlRefusal(g.db, () => graphqlClient(g, null).request(RegenerateDocument, {}), { message, code: 'UNAUTHORIZED' });
  });

  it('every parameter sent is reported, sorted, in ignored_parameters_unsupported; the call still succeeds', async () => {
    const oldKey = g.keys.moderator;
    const res = await request(g, 'POST', REGENERATE, {
      who: 'moderator', query: { zeta: '1', mid: 'x' }, form: { api_key: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', alpha: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: 'success', msg: '', api_key: expect.stringMatching(KEY), ignored_parameters_unsupported: ['alpha', 'api_key', 'mid', 'zeta'],
    });
    expect(res.body.api_key).not.toBe('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    g.keys.moderator = res.body.api_key;
    expect(await works('moderator', oldKey)).toBe(false);
    expect(await works('moderator', res.body.api_key)).toBe(true);
    expect(await works('moderator', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });

  it('a regeneration without parameters has no ignored_parameters_unsupported key', async () => {
    const { res } = await regenerate('adminBot');
    expect(res.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('concurrent regenerations by one user leave exactly one working key, one of those returned', async () => {
    const oldKey = g.keys.admin;
    const results = await Promise.all(Array.from({ length: 6 }, () => post(g, 'admin', REGENERATE)));
    const returned: string[] = [];
    for (const r of results) {
      if (r.status === 200) {
        expect(r.body).toEqual({ result: 'success', msg: '', api_key: expect.stringMatching(KEY) });
        returned.push(r.body.api_key);
      } else {
        // A request that authenticated after another had committed sees the old key as unknown.
        expect(r.status).toBe(401);
        expect(r.body).toEqual(INVALID_KEY);
      }
    }
    expect(returned.length).toBeGreaterThanOrEqual(1);
    expect(new Set(returned).size).toBe(returned.length);

    const working: string[] = [];
    for (const k of returned) if (await works('admin', k)) working.push(k);
    expect(working).toHaveLength(1);
    g.keys.admin = working[0]!;
    expect(await works('admin', oldKey)).toBe(false);
    expect((await userRow('admin')).api_key_hash).toBe(sha256(working[0]!));
  });

  it('two regenerations in a row: only the latest key works', async () => {
    const first = await regenerate('bot');
    const second = await regenerate('bot');
    expect(second.oldKey).toBe(first.newKey);
    expect(await works('bot', first.oldKey)).toBe(false);
    expect(await works('bot', first.newKey)).toBe(false);
    expect(await works('bot', second.newKey)).toBe(true);
  });

  /** The users rows of a snapshot by id, with the caller's key hash left out. */
  function usersWithoutKeyHash(rows: unknown[], h: Handle): unknown[] {
    return rows.map((r) => JSON.parse(r as string)).sort((a, b) => a.id - b.id)
      .map(({ api_key_hash, ...r }) => (r.id === g.userId(h) ? r : { ...r, api_key_hash }));
  }

  it('a regeneration removes exactly the caller\'s push devices and changes nothing else but its key hash', async () => {
    const moderator = graphqlClient(g, 'moderator');
    await moderator.request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: 'moderator-fcm' } });
    await moderator.request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: 'abcd4567', appId: 'org.zulip.Zulip' } });
    await moderator.request(RegisterE2eePushDeviceDocument, {
      input: {
        tokenKind: 'apns', tokenId: Buffer.from('mod-e2ee').toString('base64'), pushKey: Buffer.alloc(33, 0x31).toString('base64'),
        pushKeyId: 9, bouncerPublicKey: 'bouncer-public-key', encryptedPushRegistration: 'encrypted-push-registration-data',
      },
    });
    // Someone else's registration, which must stay.
    await graphqlClient(g, 'guest').request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: 'guest-stays' } });
    expect(await pushKinds('moderator')).toEqual(['apns', 'e2ee', 'fcm']);

    const before = await snapshot(g.db);
    await regenerate('moderator');
    const after = await snapshot(g.db);

    for (const table of Object.keys(before)) {
      if (table !== 'users' && table !== 'push_devices') expect(after[table], table).toEqual(before[table]);
    }
    const devices = (rows: unknown[]) => rows.map((r) => JSON.parse(r as string));
    const othersBefore = devices(before.push_devices!).filter((d) => d.user_id !== g.userId('moderator'));
    expect(othersBefore.map((d) => d.token)).toContain('guest-stays');
    expect(devices(before.push_devices!).length - othersBefore.length).toBe(3);
    expect(devices(after.push_devices!)).toEqual(othersBefore);
    expect(await pushKinds('moderator')).toEqual([]);
    expect(usersWithoutKeyHash(after.users!, 'moderator')).toEqual(usersWithoutKeyHash(before.users!, 'moderator'));
    expect((await userRow('moderator')).api_key_hash).toBe(sha256(g.keys.moderator));
  });

  it('a caller without push devices: a regeneration changes nothing but its key hash', async () => {
    expect(await pushKinds('bot')).toEqual([]);
    const before = await snapshot(g.db);
    const { oldKey, newKey } = await regenerate('bot');
    const after = await snapshot(g.db);
    for (const table of Object.keys(before)) {
      if (table !== 'users') expect(after[table], table).toEqual(before[table]);
    }
    expect(usersWithoutKeyHash(after.users!, 'bot')).toEqual(usersWithoutKeyHash(before.users!, 'bot'));
    expect((await userRow('bot')).api_key_hash).not.toBe(sha256(oldKey));
    expect((await userRow('bot')).api_key_hash).toBe(sha256(newKey));
  });
});
