import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MeDocument, RegisterE2eePushDeviceDocument, RegisterPushDeviceDocument, RemovePushDeviceDocument,
} from '../src/generated/graphql';
import { pushTokenHash } from '../src/store/keys';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, post, request, type HttpResult, type Who } from './support/http';
import { APNS_TOKEN, E2EE_REGISTER, FCM_TOKEN, REGENERATE } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';
import { USERS, type Handle } from './support/world';

const BOT_REFUSED = { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' };
const SUCCESS = { result: 'success', msg: '' };
const APP_ID = 'org.zulip.Zulip';
const APNS_HEX = 'c0ffee00deadbeef0123456789abcdef';

const b64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString('base64');
const PUSH_KEY = b64([0x31, ...Array(32).fill(7)]);
const TOKEN_ID = b64([1, 2, 3, 4, 5, 6, 7, 8]);

/** A valid end-to-end-encrypted registration, as POST /mobile_push/register takes it. */
function e2eeForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    push_key_id: 2408, push_key: PUSH_KEY, token_kind: 'fcm', token_id: TOKEN_ID,
    bouncer_public_key: 'bouncer-public-key', encrypted_push_registration: 'encrypted-push-registration-data', ...overrides,
  };
}

describe.each(DIALECTS)('push devices on %s', (dialect) => {
  let g: Gateway;
  let initialDevices: Record<string, unknown>[];

  beforeAll(async () => {
    g = await startGateway(dialect);
    initialDevices = await g.db.knex('push_devices').select('*');
  });
  afterAll(async () => { await g?.close(); });

  // Each test starts from the world's devices (test setup only: the requests under test go over HTTP).
  beforeEach(async () => {
    await g.db.knex('push_devices').delete();
    await g.db.knex('push_devices').insert(initialDevices);
  });

  interface DeviceRow { kind: string; token: string; appId: string | null; tokenKind: string | null; pushKey: string | null; pushKeyId: number | null }

  async function devices(who: Handle): Promise<DeviceRow[]> {
    const rows = await g.db.knex('push_devices').where('user_id', g.userId(who)).orderBy('id')
      .select('kind', 'token', 'token_hash', 'app_id', 'token_kind', 'push_key', 'push_key_id');
    return rows.map((r) => {
      expect(r.token_hash).toBe(pushTokenHash(r.token));
      return {
        kind: r.kind, token: r.token, appId: r.app_id ?? null, tokenKind: r.token_kind ?? null, pushKey: r.push_key ?? null,
        pushKeyId: r.push_key_id === null ? null : Number(r.push_key_id),
      };
    });
  }

  const fcm = (token: string): DeviceRow => ({ kind: 'fcm', token, appId: null, tokenKind: null, pushKey: null, pushKeyId: null });
  const apns = (token: string, appId = APP_ID): DeviceRow => ({ kind: 'apns', token, appId, tokenKind: null, pushKey: null, pushKeyId: null });
  const e2ee = (token: string, tokenKind: string, pushKey: string, pushKeyId: number): DeviceRow => ({ kind: 'e2ee', token, appId: null, tokenKind, pushKey, pushKeyId });

  async function meKinds(who: Handle): Promise<string[]> {
    return (await graphqlClient(g, who).request(MeDocument, {})).me.pushDevices.map((d) => d.kind);
  }

  function expectSuccess(res: HttpResult, extra: object = {}): void {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...SUCCESS, ...extra });
  }

  const bad = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const badRequest = (message: string) => ({ message, code: 'BAD_REQUEST' });
  const missing = (name: string) => ({ result: 'error', msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name });
  const del = (who: Who, path: string, form: Record<string, unknown>) => request(g, 'DELETE', path, { who, form });

  describe('legacy FCM tokens', () => {
    it('registering stores the token; me { pushDevices } shows it', async () => {
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'fcm-token-1' }));
      expect(await devices('member2')).toEqual([fcm('fcm-token-1')]);
      expect(await meKinds('member2')).toEqual(['FCM']);
    });

    it('registering the same token again succeeds and changes nothing', async () => {
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'again' }));
      const before = await snapshot(g.db);
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'again' }));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('concurrent registrations of one token leave one row', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => post(g, 'member2', FCM_TOKEN, { token: 'racing' })));
      for (const res of results) expectSuccess(res);
      expect(await devices('member2')).toEqual([fcm('racing')]);
    });

    it('the same token for another user, or as the other kind, is another registration', async () => {
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'member-fcm' }));
      expectSuccess(await post(g, 'member2', APNS_TOKEN, { token: 'abcd', appid: APP_ID }));
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'abcd' }));
      expect(await devices('member2')).toEqual([fcm('member-fcm'), apns('abcd'), fcm('abcd')]);
      expect((await devices('member')).map((d) => `${d.kind}:${d.token}`)).toEqual(['fcm:member-fcm', 'apns:member-apns', 'e2ee:member-e2ee']);
    });

    it('a token of 4096 characters is taken; 4097, or an empty one, is refused', async () => {
      expectSuccess(await post(g, 'guest', FCM_TOKEN, { token: 'x'.repeat(4096) }));
      expect(await devices('guest')).toEqual([fcm('x'.repeat(4096))]);
      await expectRefusal(g.db, () => post(g, 'guest', FCM_TOKEN, { token: 'x'.repeat(4097) }), 400, bad('Empty or invalid length token'));
      await expectRefusal(g.db, () => post(g, 'guest', FCM_TOKEN, { token: '' }), 400, bad('Empty or invalid length token'));
    });

    it('the length is counted in code points', async () => {
      expectSuccess(await post(g, 'guest', FCM_TOKEN, { token: '😀'.repeat(4096) }));
      expect(await devices('guest')).toEqual([fcm('😀'.repeat(4096))]);
      await expectRefusal(g.db, () => post(g, 'guest', FCM_TOKEN, { token: '😀'.repeat(4097) }), 400, bad('Empty or invalid length token'));
    });

    it('a missing token is refused; unknown parameters are reported as ignored', async () => {
      await expectRefusal(g.db, () => post(g, 'member', FCM_TOKEN, {}), 400, missing('token'));
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 't', encrypt_notifications: true }), { ignored_parameters_unsupported: ['encrypt_notifications'] });
      expect(await devices('member2')).toEqual([fcm('t')]);
    });

    it('removing deletes only that token of that user', async () => {
      expectSuccess(await del('member', FCM_TOKEN, { token: 'member-fcm' }));
      expect((await devices('member')).map((d) => `${d.kind}:${d.token}`)).toEqual(['apns:member-apns', 'e2ee:member-e2ee']);
      expect((await devices('admin')).map((d) => `${d.kind}:${d.token}`)).toEqual(['fcm:admin-fcm']);
    });

    it('removing a token the caller does not have is refused: unknown, another user\'s, or of the other kind', async () => {
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, { token: 'never-registered' }), 400, bad('Token does not exist'));
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, { token: 'admin-fcm' }), 400, bad('Token does not exist'));
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, { token: 'member-apns' }), 400, bad('Token does not exist'));
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, { token: 'member-e2ee' }), 400, bad('Token does not exist'));
    });

    it('removing checks the token first, and needs one', async () => {
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, { token: '' }), 400, bad('Empty or invalid length token'));
      await expectRefusal(g.db, () => del('member', FCM_TOKEN, {}), 400, missing('token'));
    });
  });

  describe('legacy APNs tokens', () => {
    it('registering stores the token with its app id; hex with whitespace between pairs is accepted', async () => {
      expectSuccess(await post(g, 'guest', APNS_TOKEN, { token: APNS_HEX, appid: APP_ID }));
      expectSuccess(await post(g, 'guest', APNS_TOKEN, { token: 'AB cd\t01', appid: 'com.example.app-2' }));
      expect(await devices('guest')).toEqual([apns(APNS_HEX), apns('AB cd\t01', 'com.example.app-2')]);
      expect(await meKinds('guest')).toEqual(['APNS', 'APNS']);
    });

    it('registering again succeeds and changes nothing', async () => {
      expectSuccess(await post(g, 'guest', APNS_TOKEN, { token: APNS_HEX, appid: APP_ID }));
      const before = await snapshot(g.db);
      expectSuccess(await post(g, 'guest', APNS_TOKEN, { token: APNS_HEX, appid: 'org.other.App' }));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it.each(['not hex', 'abc', 'a bc', 'gg', 'member-apns'])('%j is not an APNs token', async (token) => {
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { token, appid: APP_ID }), 400, bad('Invalid APNS token'));
    });

    it('the app id is required and checked before the token', async () => {
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { token: APNS_HEX }), 400, missing('appid'));
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { appid: APP_ID }), 400, missing('token'));
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { token: APNS_HEX, appid: 'org/zulip' }), 400, bad('appid has invalid format'));
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { token: 'zz', appid: '' }), 400, bad('appid has invalid format'));
      await expectRefusal(g.db, () => post(g, 'guest', APNS_TOKEN, { token: '', appid: APP_ID }), 400, bad('Empty or invalid length token'));
    });

    it('removing: the caller\'s token goes; others are refused', async () => {
      expectSuccess(await post(g, 'guest', APNS_TOKEN, { token: APNS_HEX, appid: APP_ID }));
      await expectRefusal(g.db, () => del('member', APNS_TOKEN, { token: APNS_HEX }), 400, bad('Token does not exist'));
      await expectRefusal(g.db, () => del('guest', APNS_TOKEN, { token: 'xyz' }), 400, bad('Invalid APNS token'));
      expectSuccess(await del('guest', APNS_TOKEN, { token: APNS_HEX }));
      expect(await devices('guest')).toEqual([]);
      await expectRefusal(g.db, () => del('guest', APNS_TOKEN, { token: APNS_HEX }), 400, bad('Token does not exist'));
    });
  });

  describe('end-to-end-encrypted registrations', () => {
    it('registering stores a registration of kind e2ee, keyed by the token id', async () => {
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm()));
      expect(await devices('member2')).toEqual([e2ee(TOKEN_ID, 'fcm', PUSH_KEY, 2408)]);
      expect(await meKinds('member2')).toEqual(['E2EE']);
      const row = await g.db.knex('push_devices').where('user_id', g.userId('member2')).first();
      expect(row.bouncer_public_key).toBe('bouncer-public-key');
      expect(row.encrypted_push_registration).toBe('encrypted-push-registration-data');
    });

    it('registering the same token id again keeps one registration and takes the new key (rotation)', async () => {
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm()));
      const newKey = b64([0x31, ...Array(32).fill(9)]);
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm({ push_key: newKey, push_key_id: 4294967295, token_kind: 'apns' })));
      expect(await devices('member2')).toEqual([e2ee(TOKEN_ID, 'apns', newKey, 4294967295)]);
      const before = await snapshot(g.db);
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm({ push_key: newKey, push_key_id: 4294967295, token_kind: 'apns' })));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('another token id is another registration', async () => {
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm()));
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm({ token_id: b64([8, 7, 6, 5, 4, 3, 2, 1]), push_key_id: 0 })));
      expect((await devices('member2')).map((d) => [d.token, d.pushKeyId])).toEqual([[TOKEN_ID, 2408], [b64([8, 7, 6, 5, 4, 3, 2, 1]), 0]]);
    });

    it.each([
      ['push_key_id', -1, 'Invalid push_key_id'],
      ['push_key_id', 4294967296, 'Invalid push_key_id'],
      ['push_key_id', '1.5', 'push_key_id is not an integer'],
      ['push_key', 'not base64!', 'Invalid push_key'],
      ['push_key', b64([0x31, ...Array(31).fill(7)]), 'Invalid push_key'],
      ['push_key', b64([0x32, ...Array(32).fill(7)]), 'Invalid push_key'],
      ['token_kind', 'gcm', 'Invalid token_kind'],
      ['token_kind', 'FCM', 'Invalid token_kind'],
      ['token_id', b64([1, 2, 3]), 'Invalid token_id'],
      ['token_id', 'hGsEWGmyyfI', 'Invalid token_id'],
      ['bouncer_public_key', '', 'Invalid bouncer_public_key'],
      ['encrypted_push_registration', '', 'Invalid encrypted_push_registration'],
    ])('%s = %j: %s', async (name, value, msg) => {
      await expectRefusal(g.db, () => post(g, 'member2', E2EE_REGISTER, e2eeForm({ [name]: value })), 400, bad(msg));
    });

    it.each(['push_key_id', 'push_key', 'token_kind', 'token_id', 'bouncer_public_key', 'encrypted_push_registration'])(
      'a missing %s is refused', async (name) => {
        const form = e2eeForm();
        delete form[name];
        await expectRefusal(g.db, () => post(g, 'member2', E2EE_REGISTER, form), 400, missing(name));
      });
  });

  describe('who may register', () => {
    it.each(['bot', 'adminBot'] as const)('a %s is refused by every endpoint, before its parameters are read', async (who) => {
      await expectRefusal(g.db, () => post(g, who, FCM_TOKEN, { token: 't' }), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => post(g, who, FCM_TOKEN, {}), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => post(g, who, APNS_TOKEN, { token: 'zz' }), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => del(who, FCM_TOKEN, { token: 't' }), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => del(who, APNS_TOKEN, {}), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => post(g, who, E2EE_REGISTER, {}), 400, BOT_REFUSED);
      await expectGraphqlRefusal(g.db, () => graphqlClient(g, who).request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: 't' } }),
        badRequest('This endpoint does not accept bot requests.'));
    });

    it('without credentials: 401', async () => {
      const unauthenticated = { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' };
      await expectRefusal(g.db, () => post(g, null, FCM_TOKEN, { token: 't' }), 401, unauthenticated);
      await expectRefusal(g.db, () => post(g, null, E2EE_REGISTER, e2eeForm()), 401, unauthenticated);
    });
  });

  describe('GraphQL', () => {
    it('registerPushDevice, registerE2eePushDevice and removePushDevice, returning the user\'s devices', async () => {
      const client = graphqlClient(g, 'member2');
      const a = await client.request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: 'gql-fcm' } });
      expect(a.registerPushDevice.user).toEqual({ id: g.userId('member2'), pushDevices: [{ kind: 'FCM' }] });
      const b = await client.request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: APNS_HEX, appId: APP_ID } });
      expect(b.registerPushDevice.user!.pushDevices).toEqual([{ kind: 'FCM' }, { kind: 'APNS' }]);
      const c = await client.request(RegisterE2eePushDeviceDocument, {
        input: { tokenKind: 'apns', tokenId: TOKEN_ID, pushKey: PUSH_KEY, pushKeyId: 1, bouncerPublicKey: 'k', encryptedPushRegistration: 'r' },
      });
      expect(c.registerE2eePushDevice.user!.pushDevices).toEqual([{ kind: 'FCM' }, { kind: 'APNS' }, { kind: 'E2EE' }]);
      expect(await devices('member2')).toEqual([fcm('gql-fcm'), apns(APNS_HEX), e2ee(TOKEN_ID, 'apns', PUSH_KEY, 1)]);
      const d = await client.request(RemovePushDeviceDocument, { input: { kind: 'FCM', token: 'gql-fcm' } });
      expect(d.removePushDevice.user!.pushDevices).toEqual([{ kind: 'APNS' }, { kind: 'E2EE' }]);
      expect(await devices('member2')).toEqual([apns(APNS_HEX), e2ee(TOKEN_ID, 'apns', PUSH_KEY, 1)]);
    });

    it('the same refusals, with the database unchanged', async () => {
      const client = graphqlClient(g, 'member2');
      await expectGraphqlRefusal(g.db, () => client.request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: APNS_HEX } }),
        { message: "Missing 'appid' argument", code: 'REQUEST_VARIABLE_MISSING' });
      await expectGraphqlRefusal(g.db, () => client.request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: 'xyz', appId: APP_ID } }), badRequest('Invalid APNS token'));
      await expectGraphqlRefusal(g.db, () => client.request(RegisterPushDeviceDocument, { input: { kind: 'APNS', token: APNS_HEX, appId: 'a b' } }), badRequest('appid has invalid format'));
      await expectGraphqlRefusal(g.db, () => client.request(RegisterPushDeviceDocument, { input: { kind: 'FCM', token: '' } }), badRequest('Empty or invalid length token'));
      await expectGraphqlRefusal(g.db, () => client.request(RemovePushDeviceDocument, { input: { kind: 'FCM', token: 'member-fcm' } }), badRequest('Token does not exist'));
      await expectGraphqlRefusal(g.db, () => client.request(RegisterE2eePushDeviceDocument, {
        input: { tokenKind: 'fcm', tokenId: TOKEN_ID, pushKey: 'AAAA', pushKeyId: 1, bouncerPublicKey: 'k', encryptedPushRegistration: 'r' },
      }), badRequest('Invalid push_key'));
      await expectGraphqlRefusal(g.db, () => client.request(RegisterE2eePushDeviceDocument, {
        input: { tokenKind: 'web', tokenId: TOKEN_ID, pushKey: PUSH_KEY, pushKeyId: 1, bouncerPublicKey: 'k', encryptedPushRegistration: 'r' },
      }), badRequest('Invalid token_kind'));
    });
  });

  describe('regenerating the API key removes every device registered through the API', () => {
    it('legacy FCM and APNs tokens and an end-to-end-encrypted registration, all gone; other users keep theirs', async () => {
      expectSuccess(await post(g, 'member2', FCM_TOKEN, { token: 'm2-fcm' }));
      expectSuccess(await post(g, 'member2', APNS_TOKEN, { token: APNS_HEX, appid: APP_ID }));
      expectSuccess(await post(g, 'member2', E2EE_REGISTER, e2eeForm()));
      expect(await meKinds('member2')).toEqual(['FCM', 'APNS', 'E2EE']);
      const others = { member: await devices('member'), admin: await devices('admin') };

      const res = await post(g, 'member2', REGENERATE);
      expect(res.status).toBe(200);
      const oldKey = g.keys.member2;
      g.keys.member2 = res.body.api_key;
      expect(await devices('member2')).toEqual([]);
      expect(await meKinds('member2')).toEqual([]);
      expect({ member: await devices('member'), admin: await devices('admin') }).toEqual(others);
      // The old key no longer registers anything.
      const stale = await post(g, { email: USERS.member2.email, apiKey: oldKey }, FCM_TOKEN, { token: 'm2-fcm' });
      expect(stale.status).toBe(401);
      expect(await devices('member2')).toEqual([]);
    });
  });
});
