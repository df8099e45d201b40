import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MeDocument, RemoveProfileDataDocument } from '../src/generated/graphql';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, request, type HttpResult, type Who } from './support/http';
import type { Handle } from './support/world';
import { PROFILE } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';

const BOT_REFUSED = { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' };
const NOT_EDITABLE = 'You are not allowed to change this field. Contact an administrator to update it.';
const NO_SUCH_FIELD = 999_999;

/** A multipart/form-data body built by hand, so the test does not depend on a FormData implementation. */
function multipart(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = '----oagTestBoundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DIALECTS)('remove own profile data on %s', (dialect) => {
  let g: Gateway;
  let initialValues: Record<string, unknown>[];
  let field: { phone: number; badge: number; bio: number; other: number };

  beforeAll(async () => {
    g = await startGateway(dialect);
    const id = async (orgId: number, name: string) =>
      Number((await g.db.knex('custom_profile_fields').where({ organization_id: orgId, name }).first()).id);
    field = {
      phone: await id(g.org.id, 'Phone'), badge: await id(g.org.id, 'Badge'), bio: await id(g.org.id, 'Bio'),
      other: await id(g.otherOrg.id, 'Other field'),
    };
    initialValues = await g.db.knex('custom_profile_field_values').select('*');
  });
  afterAll(async () => { await g?.close(); });

  // Each test starts from the world's values (test setup only: the requests under test go over HTTP).
  beforeEach(async () => {
    await g.db.knex('custom_profile_field_values').delete();
    await g.db.knex('custom_profile_field_values').insert(initialValues);
  });

  async function values(who: Handle): Promise<Record<number, string>> {
    const rows = await g.db.knex('custom_profile_field_values').where('user_id', g.userId(who)).select('field_id', 'value');
    return Object.fromEntries(rows.map((r) => [Number(r.field_id), String(r.value)]));
  }

  async function allValues(): Promise<string[]> {
    const rows = await g.db.knex('custom_profile_field_values').select('user_id', 'field_id', 'value');
    return rows.map((r) => `${r.user_id}/${r.field_id}=${r.value}`).sort();
  }

  function row(who: Handle, fieldId: number, value: string): string {
    return `${g.userId(who)}/${fieldId}=${value}`;
  }

  /** DELETE with `data` (already a string) in the urlencoded body. */
  function remove(who: Who, data: string | undefined, extra: Record<string, string> = {}): Promise<HttpResult> {
    return request(g, 'DELETE', PROFILE, { who, form: data === undefined ? extra : { data, ...extra } });
  }

  async function expectSuccess(res: HttpResult): Promise<void> {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text.endsWith('\n')).toBe(true);
  }

  const bad = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });

  describe('where `data` comes from', () => {
    it('the query string: the value row is deleted, other values and other users\' values stay', async () => {
      const before = await allValues();
      await expectSuccess(await request(g, 'DELETE', PROFILE, { who: 'member', query: { data: [field.phone] } }));
      expect(await values('member')).toEqual({ [field.badge]: 'B-400', [field.bio]: 'Hello.' });
      expect(await allValues()).toEqual(before.filter((r) => r !== row('member', field.phone, '+1-555-0400')));
      expect(await values('moderator')).toMatchObject({ [field.phone]: '+1-555-0300' });
      expect(await values('admin')).toMatchObject({ [field.phone]: '+1-555-0200' });
      expect(await values('guest')).toMatchObject({ [field.phone]: '+1-555-0600' });
    });

    it('an urlencoded body', async () => {
      const before = await allValues();
      await expectSuccess(await remove('member', JSON.stringify([field.phone, field.bio])));
      expect(await values('member')).toEqual({ [field.badge]: 'B-400' });
      expect(await allValues()).toEqual(before.filter((r) =>
        r !== row('member', field.phone, '+1-555-0400') && r !== row('member', field.bio, 'Hello.')));
      expect(await values('admin')).toMatchObject({ [field.phone]: '+1-555-0200', [field.bio]: 'Admin bio.' });
    });

    it('a multipart body', async () => {
      const { body, contentType } = multipart({ data: JSON.stringify([field.phone]) });
      await expectSuccess(await request(g, 'DELETE', PROFILE, { who: 'moderator', body, headers: { 'content-type': contentType } }));
      expect(await values('moderator')).toEqual({ [field.badge]: 'B-300' });
      expect(await values('member')).toMatchObject({ [field.phone]: '+1-555-0400' });
    });
  });

  describe('what is removed', () => {
    it('removing a field the caller has no value for succeeds and changes nothing', async () => {
      const before = await snapshot(g.db);
      await expectSuccess(await remove('member2', JSON.stringify([field.phone, field.bio])));
      await expectSuccess(await remove('owner', JSON.stringify([field.phone])));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('an empty list succeeds and changes nothing', async () => {
      const before = await snapshot(g.db);
      await expectSuccess(await remove('member', '[]'));
      await expectSuccess(await request(g, 'DELETE', PROFILE, { who: 'member', query: { data: [] } }));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('a required field (Bio) can be cleared', async () => {
      await expectSuccess(await remove('member', JSON.stringify([field.bio])));
      expect(await values('member')).toEqual({ [field.phone]: '+1-555-0400', [field.badge]: 'B-400' });
    });

    it('three ids (a length the statement pads by repeating one) remove exactly those values', async () => {
      const before = await allValues();
      // An administrator, who may also remove the non-editable Badge.
      await expectSuccess(await remove('admin', JSON.stringify([field.bio, field.phone, field.badge])));
      const gone = [field.bio, field.phone, field.badge].map((f) => `${g.userId('admin')}/${f}=`);
      expect(before.filter((r) => gone.some((p) => r.startsWith(p)))).toHaveLength(3);
      expect(await allValues()).toEqual(before.filter((r) => !gone.some((p) => r.startsWith(p))));
    });

    it('a repeated id is removed once, without error', async () => {
      await expectSuccess(await remove('member', JSON.stringify([field.phone, field.phone])));
      expect(await values('member')).toEqual({ [field.badge]: 'B-400', [field.bio]: 'Hello.' });
    });

    it('removing again is idempotent', async () => {
      await expectSuccess(await remove('member', JSON.stringify([field.phone])));
      const after = await snapshot(g.db);
      await expectSuccess(await remove('member', JSON.stringify([field.phone])));
      expect(await snapshot(g.db)).toEqual(after);
    });
  });

  describe('who may remove what', () => {
    it('guests may remove their own values', async () => {
      await expectSuccess(await remove('guest', JSON.stringify([field.phone])));
      expect(await values('guest')).toEqual({});
      expect(await values('member')).toMatchObject({ [field.phone]: '+1-555-0400' });
    });

    it.each(['bot', 'adminBot'] as const)('a %s is refused, with or without a valid list', async (who) => {
      await expectRefusal(g.db, () => remove(who, JSON.stringify([field.phone])), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => remove(who, '[]'), 400, BOT_REFUSED);
    });

    it('the bot refusal comes before parameter parsing: no data, bad JSON, bad elements', async () => {
      await expectRefusal(g.db, () => remove('bot', undefined), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'bot' }), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => remove('bot', 'not json'), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => remove('adminBot', '["1"]'), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => remove('bot', JSON.stringify([NO_SUCH_FIELD])), 400, BOT_REFUSED);
    });

    it.each(['member', 'moderator'] as const)('a %s may not remove a field that is not editable by users (Badge)', async (who) => {
      await expectRefusal(g.db, () => remove(who, JSON.stringify([field.badge])), 400, bad(NOT_EDITABLE));
    });

    it('a guest may not remove a non-editable field either, even without a value for it', async () => {
      await expectRefusal(g.db, () => remove('guest', JSON.stringify([field.badge])), 400, bad(NOT_EDITABLE));
    });

    it.each(['admin', 'owner'] as const)('a %s bypasses editable_by_user', async (who) => {
      const others = await values('member');
      await expectSuccess(await remove(who, JSON.stringify([field.badge])));
      expect((await values(who))[field.badge]).toBeUndefined();
      expect(await values('member')).toEqual(others);
      expect(await values('moderator')).toMatchObject({ [field.badge]: 'B-300' });
    });

    it('an unknown field id is refused', async () => {
      await expectRefusal(g.db, () => remove('member', JSON.stringify([NO_SUCH_FIELD])), 400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectRefusal(g.db, () => remove('admin', JSON.stringify([0])), 400, bad('Field id 0 not found.'));
      await expectRefusal(g.db, () => remove('member', JSON.stringify([-3])), 400, bad('Field id -3 not found.'));
    });

    it('another organization\'s field is not found, even for an owner', async () => {
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.other])), 400, bad(`Field id ${field.other} not found.`));
      await expectRefusal(g.db, () => remove('owner', JSON.stringify([field.other])), 400, bad(`Field id ${field.other} not found.`));
      // And the other organization's member cannot reach this organization's fields.
      await expectRefusal(g.db, () => remove('otherMember', JSON.stringify([field.phone])), 400, bad(`Field id ${field.phone} not found.`));
    });
  });

  describe('all or nothing, first failure in list order', () => {
    it('a valid removable id followed by an unknown one removes nothing', async () => {
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.phone, NO_SUCH_FIELD])), 400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      expect(await values('member')).toMatchObject({ [field.phone]: '+1-555-0400' });
    });

    it('a valid removable id followed by a non-editable one removes nothing', async () => {
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.phone, field.bio, field.badge])), 400, bad(NOT_EDITABLE));
      expect(await values('member')).toEqual({ [field.phone]: '+1-555-0400', [field.badge]: 'B-400', [field.bio]: 'Hello.' });
    });

    it('the first failing id in list order is reported', async () => {
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.phone, NO_SUCH_FIELD, field.badge])),
        400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.phone, field.badge, NO_SUCH_FIELD])), 400, bad(NOT_EDITABLE));
      await expectRefusal(g.db, () => remove('member', JSON.stringify([field.other, NO_SUCH_FIELD])), 400, bad(`Field id ${field.other} not found.`));
      await expectRefusal(g.db, () => remove('member', JSON.stringify([NO_SUCH_FIELD + 1, field.other])), 400, bad(`Field id ${NO_SUCH_FIELD + 1} not found.`));
    });
  });

  describe('parsing `data`', () => {
    it('missing: REQUEST_VARIABLE_MISSING with var_name, from body-less, query-less and unrelated-parameter requests', async () => {
      const missing = { result: 'error', msg: "Missing 'data' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'data' };
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member' }), 400, missing);
      await expectRefusal(g.db, () => remove('member', undefined, { datum: '[1]' }), 400, missing);
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', query: { Data: [field.phone] } }), 400, missing);
    });

    it.each(['not json', '', '[1,', '[1]]', "['1']", 'tru'])('%j is not valid JSON', async (data) => {
      await expectRefusal(g.db, () => remove('member', data), 400, bad('data is not valid JSON'));
    });

    it.each(['5', '{"0":1}', '"[1]"', 'null', 'true'])('%j is not a list', async (data) => {
      await expectRefusal(g.db, () => remove('member', data), 400, bad('data is not a list'));
    });

    it.each(['["1"]', '[1.5]', '[1.0]', '[true]', '[null]', '[1e0]', '[[1]]', '[{"id":1}]', '[false]'])(
      '%j: data[0] is not an integer', async (data) => {
        await expectRefusal(g.db, () => remove('member', data), 400, bad('data[0] is not an integer'));
      });

    it('the failing element\'s index is reported, and parsing comes before any field check', async () => {
      await expectRefusal(g.db, () => remove('member', `[${field.phone}, 2.0]`), 400, bad('data[1] is not an integer'));
      await expectRefusal(g.db, () => remove('member', `[${NO_SUCH_FIELD}, ${field.phone}, "x"]`), 400, bad('data[2] is not an integer'));
      await expectRefusal(g.db, () => remove('member', `[{"a":[1,2]}, ${field.phone}]`), 400, bad('data[0] is not an integer'));
      await expectRefusal(g.db, () => remove('member', `["a,b", 1]`), 400, bad('data[0] is not an integer'));
      await expectRefusal(g.db, () => remove('member', `[${field.phone}, ${field.badge}, 3.0]`), 400, bad('data[2] is not an integer'));
    });

    it('parse errors come from the query string too', async () => {
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', query: { data: '[1.0]' } }), 400, bad('data[0] is not an integer'));
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', query: { data: 'x' } }), 400, bad('data is not valid JSON'));
      await expectRefusal(g.db, () => request(g, 'DELETE', `${PROFILE}?data`, { who: 'member' }), 400, bad('data is not valid JSON'));
    });

    it('parse errors from a multipart body', async () => {
      const { body, contentType } = multipart({ data: '[true]' });
      await expectRefusal(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', body, headers: { 'content-type': contentType } }),
        400, bad('data[0] is not an integer'));
    });

    it('whitespace inside valid JSON is accepted', async () => {
      await expectSuccess(await remove('member', ` [ ${field.phone} ,\n ${field.bio} ] `));
      expect(await values('member')).toEqual({ [field.badge]: 'B-400' });
    });
  });

  describe('GraphQL removeProfileData', () => {
    it('removes the values and the payload reflects the removal', async () => {
      const client = graphqlClient(g, 'member');
      const data = await client.request(RemoveProfileDataDocument, { input: { fieldIds: [field.phone, field.bio] } });
      expect(data.removeProfileData.user).toEqual({
        id: g.userId('member'),
        profileData: [{ fieldId: field.badge, value: 'B-400' }],
      });
      expect((await client.request(MeDocument, {})).me.profileData).toEqual([{ fieldId: field.badge, value: 'B-400' }]);
      expect(await values('member')).toEqual({ [field.badge]: 'B-400' });
      expect(await values('admin')).toMatchObject({ [field.phone]: '+1-555-0200', [field.bio]: 'Admin bio.' });
    });

    it('an empty list and an unset field succeed and change nothing; guests are allowed', async () => {
      const before = await snapshot(g.db);
      const empty = await graphqlClient(g, 'member').request(RemoveProfileDataDocument, { input: { fieldIds: [] } });
      expect(empty.removeProfileData.user?.profileData).toHaveLength(3);
      const unset = await graphqlClient(g, 'member2').request(RemoveProfileDataDocument, { input: { fieldIds: [field.phone] } });
      expect(unset.removeProfileData.user).toEqual({ id: g.userId('member2'), profileData: [] });
      expect(await snapshot(g.db)).toEqual(before);
      const guest = await graphqlClient(g, 'guest').request(RemoveProfileDataDocument, { input: { fieldIds: [field.phone] } });
      expect(guest.removeProfileData.user).toEqual({ id: g.userId('guest'), profileData: [] });
      expect(await values('guest')).toEqual({});
    });

    it('an administrator removes a non-editable field', async () => {
      const data = await graphqlClient(g, 'admin').request(RemoveProfileDataDocument, { input: { fieldIds: [field.badge] } });
      expect(data.removeProfileData.user?.profileData.map((p) => p.fieldId).sort()).toEqual([field.phone, field.bio].sort());
      expect(await values('admin')).toEqual({ [field.phone]: '+1-555-0200', [field.bio]: 'Admin bio.' });
    });

    it('the same refusals, messages and codes, all or nothing', async () => {
      const send = (who: Who, fieldIds: number[]) => () => graphqlClient(g, who).request(RemoveProfileDataDocument, { input: { fieldIds } });
      const badRequest = (message: string) => ({ message, code: 'BAD_REQUEST' });
      await expectGraphqlRefusal(g.db, send('bot', [field.phone]), badRequest('This endpoint does not accept bot requests.'));
      await expectGraphqlRefusal(g.db, send('adminBot', []), badRequest('This endpoint does not accept bot requests.'));
      await expectGraphqlRefusal(g.db, send('moderator', [field.phone, field.badge]), badRequest(NOT_EDITABLE));
      await expectGraphqlRefusal(g.db, send('member', [field.phone, NO_SUCH_FIELD, field.badge]), badRequest(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectGraphqlRefusal(g.db, send('owner', [field.other]), badRequest(`Field id ${field.other} not found.`));
      await expectGraphqlRefusal(g.db, send(null, [field.phone]), { message: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
    });
  });

  it('authentication comes first: no credentials is 401 with WWW-Authenticate, nothing removed', async () => {
    const before = await snapshot(g.db);
    const res = await request(g, 'DELETE', PROFILE, { form: { data: JSON.stringify([field.phone]) } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
    expect(res.body).toEqual({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
    expect(await snapshot(g.db)).toEqual(before);
  });
});
