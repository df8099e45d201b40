import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpdateProfileDataDocument } from '../src/generated/graphql';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, request, type HttpResult, type Who } from './support/http';
import { PROFILE } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';
import type { Handle } from './support/world';

const BOT_REFUSED = { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' };
const NOT_EDITABLE = 'You are not allowed to change this field. Contact an administrator to update it.';
const NO_SUCH_FIELD = 999_999;

type FieldName = 'Phone' | 'Badge' | 'Bio' | 'Editor' | 'No choices' | 'Birthday' | 'Website' | 'Mentor' | 'GitHub' | 'Pronouns';
const FIELD_NAMES: FieldName[] = ['Phone', 'Badge', 'Bio', 'Editor', 'No choices', 'Birthday', 'Website', 'Mentor', 'GitHub', 'Pronouns'];

describe.each(DIALECTS)('set own profile data on %s', (dialect) => {
  let g: Gateway;
  let initialValues: Record<string, unknown>[];
  const field = {} as Record<FieldName, number>;
  let otherField: number;

  beforeAll(async () => {
    g = await startGateway(dialect);
    for (const name of FIELD_NAMES) field[name] = g.org.custom_profile_fields[name]!;
    otherField = g.otherOrg.custom_profile_fields['Other field']!;
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

  const entry = (name: FieldName | number, value: unknown) => ({ id: typeof name === 'number' ? name : field[name], value });

  /** PATCH with `data` in the urlencoded body (a string is sent as it is). */
  function patch(who: Who, data: unknown): Promise<HttpResult> {
    return request(g, 'PATCH', PROFILE, { who, form: data === undefined ? {} : { data: typeof data === 'string' ? data : JSON.stringify(data) } });
  }

  async function expectSuccess(res: HttpResult): Promise<void> {
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: '' });
  }

  const update = (who: Who, data: Array<{ fieldId: number; value: unknown }>) =>
    graphqlClient(g, who).request(UpdateProfileDataDocument, { input: { data } });

  const bad = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
  const badRequest = (message: string) => ({ message, code: 'BAD_REQUEST' });

  describe('setting values', () => {
    it('every field type takes a valid value; the values are stored as Zulip stores them', async () => {
      const mentorIds = [g.userId('member2'), g.userId('owner')];
      await expectSuccess(await patch('member', [
        entry('Phone', '+1-555-0499'), entry('Bio', '**long** text'), entry('Editor', '1'), entry('Birthday', '1909-03-05'),
        entry('Website', 'https://zulip.com/path?q=1#x'), entry('Mentor', mentorIds), entry('GitHub', 'zulip-mobile'),
        entry('Pronouns', 'she/her'),
      ]));
      expect(await values('member')).toEqual({
        [field.Phone]: '+1-555-0499', [field.Badge]: 'B-400', [field.Bio]: '**long** text', [field.Editor]: '1',
        [field.Birthday]: '1909-03-05', [field.Website]: 'https://zulip.com/path?q=1#x', [field.Mentor]: JSON.stringify(mentorIds),
        [field.GitHub]: 'zulip-mobile', [field.Pronouns]: 'she/her',
      });
      // Nobody else's values moved.
      expect(await values('admin')).toEqual({ [field.Phone]: '+1-555-0200', [field.Badge]: 'B-200', [field.Bio]: 'Admin bio.' });
    });

    it('over GraphQL, returning the user with profileData', async () => {
      const res = await graphqlClient(g, 'guest').request(UpdateProfileDataDocument, {
        input: { data: [{ fieldId: field.Phone, value: '+1-555-0611' }, { fieldId: field.Mentor, value: [g.userId('member')] }] },
      });
      expect(res.updateProfileData.user).toEqual({
        id: g.userId('guest'),
        profileData: [{ fieldId: field.Phone, value: '+1-555-0611' }, { fieldId: field.Mentor, value: `[${g.userId('member')}]` }],
      });
      expect(await values('guest')).toEqual({ [field.Phone]: '+1-555-0611', [field.Mentor]: `[${g.userId('member')}]` });
    });

    it('from the query string and from a multipart body', async () => {
      await expectSuccess(await request(g, 'PATCH', PROFILE, { who: 'member2', query: { data: [entry('Pronouns', 'he/him')] } }));
      const boundary = '----profileBoundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify([entry('Birthday', '2000-02-29')])}\r\n--${boundary}--\r\n`;
      await expectSuccess(await request(g, 'PATCH', PROFILE, { who: 'member2', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }));
      expect(await values('member2')).toEqual({ [field.Pronouns]: 'he/him', [field.Birthday]: '2000-02-29' });
    });

    it('an empty list succeeds and changes nothing; setting the same value again changes nothing', async () => {
      const before = await snapshot(g.db);
      await expectSuccess(await patch('member', []));
      await expectSuccess(await patch('member', [entry('Phone', '+1-555-0400')]));
      expect(await snapshot(g.db)).toEqual(before);
    });

    it('a field named twice takes the later value', async () => {
      await expectSuccess(await patch('member2', [entry('Phone', 'first'), entry('Phone', 'second')]));
      expect(await values('member2')).toEqual({ [field.Phone]: 'second' });
    });

    it('an empty text is stored as a value, as Zulip stores it (values are removed with DELETE)', async () => {
      await expectSuccess(await patch('member', [entry('Phone', ''), entry('Mentor', [])]));
      expect(await values('member')).toMatchObject({ [field.Phone]: '', [field.Mentor]: '[]' });
    });

    it('other keys of an entry are ignored', async () => {
      await expectSuccess(await patch('member2', [{ ...entry('Phone', 'x'), rendered_value: '<p>x</p>' }]));
      expect(await values('member2')).toEqual({ [field.Phone]: 'x' });
    });
  });

  describe('who may set what', () => {
    it.each(['bot', 'adminBot'] as const)('a %s is refused before parsing', async (who) => {
      await expectRefusal(g.db, () => patch(who, [entry('Phone', 'x')]), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => patch(who, undefined), 400, BOT_REFUSED);
      await expectRefusal(g.db, () => patch(who, 'not json'), 400, BOT_REFUSED);
      await expectGraphqlRefusal(g.db, () => update(who, [{ fieldId: field.Phone, value: 'x' }]), badRequest('This endpoint does not accept bot requests.'));
    });

    it.each(['member', 'moderator', 'guest'] as const)('a %s may not set a field not editable by users (Badge)', async (who) => {
      await expectRefusal(g.db, () => patch(who, [entry('Badge', 'B-1')]), 400, bad(NOT_EDITABLE));
      await expectGraphqlRefusal(g.db, () => update(who, [{ fieldId: field.Badge, value: 'B-1' }]), badRequest(NOT_EDITABLE));
    });

    it.each(['admin', 'owner'] as const)('a %s bypasses editable_by_user', async (who) => {
      await expectSuccess(await patch(who, [entry('Badge', 'B-new')]));
      expect((await values(who))[field.Badge]).toBe('B-new');
      expect((await values('member'))[field.Badge]).toBe('B-400');
    });

    it('an unknown id, and another organization\'s field, are not found', async () => {
      await expectRefusal(g.db, () => patch('member', [entry(NO_SUCH_FIELD, 'x')]), 400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectRefusal(g.db, () => patch('owner', [entry(otherField, 'x')]), 400, bad(`Field id ${otherField} not found.`));
      await expectRefusal(g.db, () => patch('otherMember', [entry('Phone', 'x')]), 400, bad(`Field id ${field.Phone} not found.`));
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: otherField, value: 'x' }]), badRequest(`Field id ${otherField} not found.`));
    });
  });

  describe('per-type validation (Zulip\'s messages; the field name stands for var_name)', () => {
    const cases: Array<[string, FieldName, () => unknown, string | (() => string)]> = [
      ['short text over 50 characters', 'Phone', () => 't'.repeat(51), 'Phone is too long (limit: 50 characters)'],
      ['short text counted in code points: 51 emoji', 'Phone', () => '😀'.repeat(51), 'Phone is too long (limit: 50 characters)'],
      ['short text that is a list', 'Phone', () => [1], 'Phone is not a string'],
      ['long text over 500 characters', 'Bio', () => 'b'.repeat(501), 'Bio is too long (limit: 500 characters)'],
      ['external account over 50', 'GitHub', () => 'g'.repeat(51), 'GitHub is too long (limit: 50 characters)'],
      ['pronouns over 50', 'Pronouns', () => 'p'.repeat(51), 'Pronouns is too long (limit: 50 characters)'],
      ['select: not a choice key', 'Editor', () => 'Vim', "'Vim' is not a valid choice for 'Editor'."],
      ['select: the empty string', 'Editor', () => '', "'' is not a valid choice for 'Editor'."],
      ['select without choices', 'No choices', () => '0', "'0' is not a valid choice for 'No choices'."],
      ['select: a list', 'Editor', () => [1], 'Editor is not a string'],
      ['date: not a date', 'Birthday', () => 'a-b-c', 'Birthday is not a date'],
      ['date: unpadded', 'Birthday', () => '1909-3-5', 'Birthday is not a date'],
      ['date: no such day', 'Birthday', () => '2023-02-29', 'Birthday is not a date'],
      ['date: year 0', 'Birthday', () => '0000-01-01', 'Birthday is not a date'],
      ['date: the empty string', 'Birthday', () => '', 'Birthday is not a date'],
      ['date: a list', 'Birthday', () => [123], 'Birthday is not a string'],
      ['url: not a URL', 'Website', () => 'not URL', 'Website is not a URL'],
      ['url: no scheme', 'Website', () => 'zulip.com', 'Website is not a URL'],
      ['url: another scheme', 'Website', () => 'javascript://zulip.com', 'Website is not a URL'],
      ['url: no top-level domain', 'Website', () => 'https://zulip', 'Website is not a URL'],
      ['url: a space', 'Website', () => 'https://zulip.com/a b', 'Website is not a URL'],
      ['url: the empty string', 'Website', () => '', 'Website is not a URL'],
      ['user: a string', 'Mentor', () => 'member', 'User IDs is not a list'],
      ['user: unknown ids, in the order given', 'Mentor', () => [NO_SUCH_FIELD, g.userId('member'), NO_SUCH_FIELD + 1], `Invalid user IDs: ${NO_SUCH_FIELD}, ${NO_SUCH_FIELD + 1}`],
      ['user: another organization\'s user', 'Mentor', () => [g.userId('otherMember')], () => `Invalid user IDs: ${g.userId('otherMember')}`],
      ['user: a deactivated user', 'Mentor', () => [g.userId('member'), g.userId('former')], () => `User with ID ${g.userId('former')} is deactivated`],
      ['user: a bot', 'Mentor', () => [g.userId('bot')], () => `User with ID ${g.userId('bot')} is a bot`],
    ];

    it.each(cases)('%s is refused, over REST and GraphQL', async (_label, name, value, message) => {
      const msg = typeof message === 'string' ? message : message();
      await expectRefusal(g.db, () => patch('member', [entry(name, value())]), 400, bad(msg));
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: field[name], value: value() }]), badRequest(msg));
    });

    it('the limits themselves are accepted: 50, 500, a leap day, a localhost URL, an IP URL', async () => {
      await expectSuccess(await patch('member2', [
        entry('Phone', '😀'.repeat(50)), entry('Bio', 'b'.repeat(500)), entry('Birthday', '2024-02-29'), entry('Website', 'http://localhost:8080/'),
        entry('GitHub', 'g'.repeat(50)), entry('Editor', '0'),
      ]));
      await expectSuccess(await patch('member2', [entry('Website', 'ftp://192.168.0.1/file')]));
      expect(await values('member2')).toEqual({
        [field.Phone]: '😀'.repeat(50), [field.Bio]: 'b'.repeat(500), [field.Birthday]: '2024-02-29', [field.Website]: 'ftp://192.168.0.1/file',
        [field.GitHub]: 'g'.repeat(50), [field.Editor]: '0',
      });
    });

    it('over GraphQL a value that is neither a string nor a list of ids is refused by the field\'s type', async () => {
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: field.Phone, value: 5 }]), badRequest('Phone is not a string'));
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: field.Mentor, value: [g.userId('member'), 'x'] }]), badRequest('User IDs[1] is not an integer'));
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: field.Mentor, value: { ids: [1] } }]), badRequest('User IDs is not a list'));
    });
  });

  describe('all or nothing, each entry checked in order', () => {
    it('a valid entry followed by an invalid one writes nothing', async () => {
      await expectRefusal(g.db, () => patch('member', [entry('Phone', 'changed'), entry('Birthday', 'never')]), 400, bad('Birthday is not a date'));
      await expectRefusal(g.db, () => patch('member', [entry('Phone', 'changed'), entry(NO_SUCH_FIELD, 'x')]), 400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectRefusal(g.db, () => patch('member', [entry('Bio', 'changed'), entry('Badge', 'x')]), 400, bad(NOT_EDITABLE));
      await expectGraphqlRefusal(g.db, () => update('member', [{ fieldId: field.Phone, value: 'changed' }, { fieldId: field.Website, value: 'nope' }]), badRequest('Website is not a URL'));
      expect(await values('member')).toEqual({ [field.Phone]: '+1-555-0400', [field.Badge]: 'B-400', [field.Bio]: 'Hello.' });
    });

    it('the first failing entry is reported: an invalid value before an unknown id, and the reverse', async () => {
      await expectRefusal(g.db, () => patch('member', [entry('Birthday', 'x'), entry(NO_SUCH_FIELD, 'x')]), 400, bad('Birthday is not a date'));
      await expectRefusal(g.db, () => patch('member', [entry(NO_SUCH_FIELD, 'x'), entry('Birthday', 'x')]), 400, bad(`Field id ${NO_SUCH_FIELD} not found.`));
      await expectRefusal(g.db, () => patch('member', [entry('Badge', 'x'), entry('Birthday', 'x')]), 400, bad(NOT_EDITABLE));
    });
  });

  describe('parsing `data` (Zulip\'s typed parameter messages)', () => {
    it('missing', async () => {
      await expectRefusal(g.db, () => patch('member', undefined),
        400, { result: 'error', msg: "Missing 'data' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'data' });
    });

    it.each([
      ['not json', 'data is not valid JSON'],
      ['[{"id":1,', 'data is not valid JSON'],
      ['{"id":1,"value":"x"}', 'data is not a list'],
      ['"x"', 'data is not a list'],
      ['[1]', 'data[0] is not a dict'],
      ['[[1]]', 'data[0] is not a dict'],
      ['[1.5]', 'data[0] is not a dict'],
      ['[{"value":"x"}]', 'id key is missing from data[0]'],
      ['[{"id":"1","value":"x"}]', 'data[0]["id"] is not an integer'],
      ['[{"id":1.0,"value":"x"}]', 'data[0]["id"] is not an integer'],
      ['[{"id":1e0,"value":"x"}]', 'data[0]["id"] is not an integer'],
      ['[{"id":true,"value":"x"}]', 'data[0]["id"] is not an integer'],
      ['[{"id":1}]', 'value key is missing from data[0]'],
      ['[{"id":1,"value":5}]', 'data[0]["value"]["str"] is not a string'],
      ['[{"id":1,"value":null}]', 'data[0]["value"]["str"] is not a string'],
      ['[{"id":1,"value":{"a":1}}]', 'data[0]["value"]["str"] is not a string'],
      ['[{"id":1,"value":[1,"2"]}]', 'data[0]["value"]["str"] is not a string'],
      ['[{"id":1,"value":[1.0]}]', 'data[0]["value"]["str"] is not a string'],
    ])('%s: %s', async (data, msg) => {
      await expectRefusal(g.db, () => patch('member', data), 400, bad(msg));
    });

    it('the failing element\'s index is reported, and parsing precedes every field check', async () => {
      await expectRefusal(g.db, () => patch('member', `[{"id":${NO_SUCH_FIELD},"value":"x"},{"id":2.5,"value":"x"}]`), 400, bad('data[1]["id"] is not an integer'));
      await expectRefusal(g.db, () => patch('member', `[{"id":${field.Badge},"value":"x"},{"id":1,"value":"a \\" 1.5"},7]`), 400, bad('data[2] is not a dict'));
    });
  });
});
