import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateInvitationDocument, InvitationsDocument, type CreateReusableInvitationInput, type Role } from '../src/generated/graphql';
import { toBool, toDate, toDateOrNull } from '../src/store/db';
import { loadWorld, type LoadedOrganization } from '../src/world/loadWorld';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, graphqlError, post, request, type Who } from './support/http';
import { ORG_URL, OTHER_ORG_URL } from './support/world';
import { INVITE } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';

const DEFAULT_MINUTES = 14400;
const INSUFFICIENT = { result: 'error', msg: 'Insufficient permission', code: 'BAD_REQUEST' };
const NO_SUBSCRIBE = { result: 'error', msg: 'You do not have permission to subscribe other users to channels.', code: 'BAD_REQUEST' };
const MUST_OWNER = { result: 'error', msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' };
const MUST_ADMIN = { result: 'error', msg: 'Must be an organization administrator', code: 'BAD_REQUEST' };
const MUST_MODERATOR = { result: 'error', msg: 'Must be an organization moderator', code: 'BAD_REQUEST' };
const BAD_INVITE_AS = { result: 'error', msg: 'Invalid invite_as: Value error, Not in the list of possible values', code: 'BAD_REQUEST' };
const TOO_LONG = { result: 'error', msg: 'welcome_message_custom_text is too long (limit: 8000 characters)', code: 'BAD_REQUEST' };
const bad = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
const badChannel = (id: number) => bad(`Invalid channel ID ${id}. No invites were sent.`);

// Extra organizations loaded into each gateway's database, beside the shared test world.
type Person = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest';
const ROLE_OF: Record<Person, number> = { owner: 100, admin: 200, moderator: 300, member: 400, member2: 400, guest: 600 };
const PEOPLE = Object.keys(ROLE_OF) as Person[];

function people(prefix: string, domain: string): Record<Person, { email: string; apiKey: string }> {
  return Object.fromEntries(PEOPLE.map((p) => [p, { email: `${p}@${domain}`, apiKey: `${prefix}${p}`.padEnd(31, '0') + 'a' }])) as any;
}

/** Members may create links; only owners hold the organization's add-subscribers right; groups nest. */
const OPEN_URL = 'http://open.localhost:9991';
const OPEN = people('Open', 'open.org');
/** Members may create links; used only for the listing test, so its links are all known. */
const LIST_URL = 'http://list.localhost:9991';
const LIST = people('List', 'list.org');

function extraWorld(): object {
  const users = (p: Record<Person, { email: string; apiKey: string }>) =>
    PEOPLE.map((h) => ({ email: p[h].email, full_name: `${h} person`, role: ROLE_OF[h], api_key: p[h].apiKey }));
  const all = PEOPLE.map((h) => OPEN[h].email);
  return {
    organizations: [
      {
        name: 'Open Org',
        url: OPEN_URL,
        settings: {
          create_multiuse_invite_group: 'role:members',
          can_add_subscribers_group: 'role:owners',
          welcome_message_custom_text: 'Welcome to the open org!',
        },
        users: users(OPEN),
        channels: [
          { name: 'open-general', is_default: true, subscribers: all },
          { name: 'open-public', subscribers: [OPEN.member.email] },
          { name: 'open-helpers', subscribers: [], can_add_subscribers_group: { members: [OPEN.member.email], subgroups: [] } },
          { name: 'open-private-helpers', invite_only: true, subscribers: [], can_add_subscribers_group: { members: [OPEN.member.email], subgroups: [] } },
          { name: 'open-private-default', invite_only: true, is_default: true, subscribers: [OPEN.member.email] },
          { name: 'open-private', invite_only: true, subscribers: [OPEN.member.email] },
          { name: 'open-crew-channel', subscribers: [], can_add_subscribers_group: 'crew' },
        ],
        user_groups: [
          { name: 'team', members: [OPEN.member2.email], subgroups: [] },
          { name: 'crew', members: [], subgroups: ['team'] },
          { name: 'crew-door', members: [], subgroups: [], can_add_members_group: 'crew' },
          { name: 'mod-managed', members: [], subgroups: [], can_manage_group: 'role:moderators' },
          { name: 'closed', members: [], subgroups: [] },
          { name: 'old-team', members: [OPEN.member.email], subgroups: [], deactivated: true },
          { name: 'old-team-door', members: [], subgroups: [], can_add_members_group: 'old-team' },
        ],
      },
      {
        name: 'List Org',
        url: LIST_URL,
        settings: { create_multiuse_invite_group: 'role:members' },
        users: users(LIST),
      },
    ],
  };
}

interface StoredInvite {
  id: number;
  organizationId: number;
  creatorId: number;
  invitedAs: number;
  includeRealmDefaultSubscriptions: boolean;
  welcomeMessageCustomText: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** expires_at − created_at in minutes; null when the link never expires. */
  validMinutes: number | null;
  channels: number[];
  groups: number[];
}

const LINK = /^(.*)\/join\/([a-z2-7]{24})\/$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const linkPattern = (orgUrl: string) => new RegExp(`^${escape(orgUrl)}/join/[a-z2-7]{24}/$`);
const byNumber = (a: number, b: number) => a - b;

describe.each(DIALECTS)('create reusable invitation link on %s', (dialect) => {
  let g: Gateway;
  let open: LoadedOrganization;
  let list: LoadedOrganization;
  beforeAll(async () => {
    g = await startGateway(dialect);
    [open, list] = (await loadWorld(g.db, extraWorld())).organizations as [LoadedOrganization, LoadedOrganization];
  });
  afterAll(async () => { await g?.close(); });

  const ch = (name: string) => g.org.channels[name]!;
  const grp = (name: string) => g.org.user_groups[name]!;
  const och = (name: string) => open.channels[name]!;
  const ogrp = (name: string) => open.user_groups[name]!;
  const openId = (p: Person) => open.users[OPEN[p].email]!;
  const listId = (p: Person) => list.users[LIST[p].email]!;

  async function storedByKey(key: string): Promise<StoredInvite> {
    const { knex } = g.db;
    const row = await knex('multiuse_invites').where('invite_key', key).first();
    expect(row, `no multiuse_invites row for key ${key}`).toBeDefined();
    const id = Number(row.id);
    const channels = (await knex('multiuse_invite_channels').where('invite_id', id).select('channel_id')).map((r) => Number(r.channel_id));
    const groups = (await knex('multiuse_invite_groups').where('invite_id', id).select('group_id')).map((r) => Number(r.group_id));
    const createdAt = toDate(row.created_at);
    const expiresAt = toDateOrNull(row.expires_at);
    return {
      id,
      organizationId: Number(row.organization_id),
      creatorId: Number(row.creator_id),
      invitedAs: Number(row.invited_as),
      includeRealmDefaultSubscriptions: toBool(row.include_realm_default_subscriptions),
      welcomeMessageCustomText: row.welcome_message_custom_text ?? null,
      createdAt,
      expiresAt,
      revokedAt: toDateOrNull(row.revoked_at),
      validMinutes: expiresAt === null ? null : (expiresAt.getTime() - createdAt.getTime()) / 60_000,
      channels: channels.sort(byNumber),
      groups: groups.sort(byNumber),
    };
  }

  async function storedByLink(link: string): Promise<StoredInvite> {
    const m = LINK.exec(link);
    expect(m, `not an invitation link: ${link}`).not.toBeNull();
    return storedByKey(m![2]!);
  }

  /** A success over REST: exactly { invite_link } of the organization's format, and the stored rows. */
  async function created(who: Who, form: Record<string, unknown>, orgUrl = ORG_URL): Promise<StoredInvite & { link: string }> {
    const t0 = Date.now();
    const res = await post(g, who, INVITE, form);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200, body: { result: 'success', msg: '', invite_link: expect.stringMatching(linkPattern(orgUrl)) },
    });
    const inv = await storedByLink(res.body.invite_link);
    expect(inv.createdAt.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    expect(inv.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(inv.revokedAt).toBeNull();
    return { ...inv, link: res.body.invite_link };
  }

  /** Creating a link with this form is refused with 400 and this body, and nothing is written. */
  const refused = (who: Who, form: Record<string, unknown>, body: object) =>
    expectRefusal(g.db, () => post(g, who, INVITE, form), 400, body);

  // ---------------------------------------------------------------- success and what is stored

  it('an administrator creates a link with the defaults: member role, 14400 minutes, no channels, groups or text', async () => {
    const res = await post(g, 'admin', INVITE, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text.endsWith('\n')).toBe(true);
    expect(res.body).toEqual({ result: 'success', msg: '', invite_link: expect.stringMatching(linkPattern(ORG_URL)) });
    const inv = await storedByLink(res.body.invite_link);
    expect(inv).toMatchObject({
      organizationId: g.org.id, creatorId: g.userId('admin'), invitedAs: 400, includeRealmDefaultSubscriptions: false,
      welcomeMessageCustomText: null, revokedAt: null, validMinutes: DEFAULT_MINUTES, channels: [], groups: [],
    });
  });

  it('every parameter is stored: role, default subscriptions, text, expiry, channels and groups (duplicates once)', async () => {
    const inv = await created('owner', {
      stream_ids: [ch('public'), ch('general'), ch('private-owner-only'), ch('general'), ch('private-default')],
      group_ids: [grp('open'), grp('locked'), grp('open')],
      include_realm_default_subscriptions: true,
      invite_as: 200,
      invite_expires_in_minutes: 60,
      welcome_message_custom_text: 'Hello **there**',
    });
    expect(inv).toMatchObject({
      organizationId: g.org.id, creatorId: g.userId('owner'), invitedAs: 200, includeRealmDefaultSubscriptions: true,
      welcomeMessageCustomText: 'Hello **there**', validMinutes: 60,
      channels: [ch('public'), ch('general'), ch('private-owner-only'), ch('private-default')].sort(byNumber),
      groups: [grp('open'), grp('locked')].sort(byNumber),
    });
  });

  it('each link has its own 24-character key of [a-z2-7]', async () => {
    const a = await created('admin', { include_realm_default_subscriptions: false });
    const b = await created('admin', { include_realm_default_subscriptions: false });
    expect(a.link).not.toBe(b.link);
    expect(a.id).not.toBe(b.id);
  });

  it('parameters come from the query string too; the body wins; unknown names are reported sorted by code point', async () => {
    const fromQuery = await request(g, 'POST', INVITE, { who: 'admin', query: { invite_as: 600, stream_ids: [ch('public')] } });
    expect(fromQuery.body).toEqual({ result: 'success', msg: '', invite_link: expect.stringMatching(linkPattern(ORG_URL)) });
    expect(await storedByLink(fromQuery.body.invite_link)).toMatchObject({ invitedAs: 600, channels: [ch('public')] });

    const both = await request(g, 'POST', INVITE, {
      who: 'admin',
      query: { invite_as: 100, stream_ids: 'not json', zeta: 1, alpha: 2, '😀': 3 },
      form: { invite_as: 300, stream_ids: [ch('general')], Beta: 'x', '\uFF21': 4 },
    });
    expect(both.body).toEqual({
      result: 'success', msg: '', invite_link: expect.stringMatching(linkPattern(ORG_URL)),
      ignored_parameters_unsupported: ['Beta', 'alpha', 'zeta', '\uFF21', '😀'],
    });
    expect(await storedByLink(both.body.invite_link)).toMatchObject({ invitedAs: 300, channels: [ch('general')] });
  });

  it('errors never carry ignored_parameters_unsupported', async () => {
    await refused('member', { unknown_thing: 1 }, INSUFFICIENT);
  });

  // ---------------------------------------------------------------- who may call

  it.each([
    ['guest', 'Not allowed for guest users'],
    ['bot', 'This endpoint does not accept bot requests.'],
    ['adminBot', 'This endpoint does not accept bot requests.'],
  ] as const)('a %s is refused before parameters are parsed', async (who, msg) => {
    await refused(who, {}, bad(msg));
    await refused(who, { group_ids: 'nope', invite_as: 500, welcome_message_custom_text: 'x'.repeat(8001) }, bad(msg));
  });

  it('a guest is refused even where members may create links', async () => {
    await refused(OPEN.guest, { stream_ids: [och('open-general')] }, bad('Not allowed for guest users'));
  });

  it('authentication failures come first: webhook bots and deactivated accounts get 401', async () => {
    for (const [who, msg] of [['webhook', 'This API is not available to incoming webhook bots.'], ['former', 'Account is deactivated']] as const) {
      const before = await snapshot(g.db);
      const res = await post(g, who, INVITE, {});
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { result: 'error', msg, code: 'UNAUTHORIZED' } });
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="zulip"');
      expect(await snapshot(g.db)).toEqual(before);
    }
  });

  it.each(['moderator', 'member', 'member2'] as const)(
    'create_multiuse_invite_group defaults to administrators: a %s gets Insufficient permission', async (who) => {
      await refused(who, {}, INSUFFICIENT);
      await refused(who, { invite_as: 600, stream_ids: [ch('general')] }, INSUFFICIENT);
    });

  it('parameters are parsed before create_multiuse_invite_group is checked', async () => {
    await refused('member', { stream_ids: 'x' }, bad('stream_ids is not valid JSON'));
    await refused('member', { invite_as: 500 }, BAD_INVITE_AS);
    await refused('member', { welcome_message_custom_text: 'x'.repeat(8001) }, TOO_LONG);
  });

  it('create_multiuse_invite_group is checked before the role, the channels and the groups', async () => {
    await refused('member', { invite_as: 100, stream_ids: [999_999], group_ids: [999_999] }, INSUFFICIENT);
  });

  it('where the organization allows role:members, a member creates links for that organization', async () => {
    const inv = await created('otherMember', {}, OTHER_ORG_URL);
    expect(inv).toMatchObject({ organizationId: g.otherOrg.id, creatorId: g.userId('otherMember'), invitedAs: 400 });
    const mine = await created(OPEN.member, {}, OPEN_URL);
    expect(mine).toMatchObject({ organizationId: open.id, creatorId: openId('member') });
  });

  // ---------------------------------------------------------------- invite_as

  const ALLOWED: Record<'owner' | 'admin' | 'moderator' | 'member', number[]> = {
    owner: [100, 200, 300, 400, 600], admin: [200, 300, 400, 600], moderator: [300, 400, 600], member: [400, 600],
  };
  it.each(Object.entries(ALLOWED).flatMap(([who, roles]) => roles.map((r) => [who as Person, r] as const)))(
    'a %s may create a link for role %i', async (who, role) => {
      const inv = await created(OPEN[who], { invite_as: role }, OPEN_URL);
      expect(inv).toMatchObject({ organizationId: open.id, creatorId: openId(who), invitedAs: role });
    });

  it.each([
    ['admin', 100, MUST_OWNER],
    ['moderator', 100, MUST_OWNER], ['moderator', 200, MUST_ADMIN],
    ['member', 100, MUST_OWNER], ['member', 200, MUST_ADMIN], ['member', 300, MUST_MODERATOR],
  ] as const)('a %s may not create a link for role %i', async (who, role, body) => {
    await refused(OPEN[who], { invite_as: role }, body);
  });

  it('in the shared world too: an administrator may not invite owners, an owner may', async () => {
    await refused('admin', { invite_as: 100 }, MUST_OWNER);
    expect((await created('owner', { invite_as: 100 })).invitedAs).toBe(100);
  });

  it('the role is checked before channels and groups', async () => {
    await refused(OPEN.member, { invite_as: 300, stream_ids: [999_999], group_ids: [999_999] }, MUST_MODERATOR);
    await refused('admin', { invite_as: 100, stream_ids: [999_999] }, MUST_OWNER);
  });

  it.each([['500'], ['0'], ['700'], ['-400'], ['101'], ['4000000000000000000000']])(
    'invite_as %s is not one of the roles', async (raw) => {
      await refused('owner', { invite_as: raw }, BAD_INVITE_AS);
    });

  it.each([['400.0'], ['4e2'], ['"400"'], ['true'], ['null'], ['[400]'], ['{"a":400}']])(
    'invite_as %s is not an integer (strict)', async (raw) => {
      await refused('owner', { invite_as: raw }, bad('invite_as is not an integer'));
    });

  it.each([['member'], [''], ['400,'], ['{']])('invite_as %j is not valid JSON', async (raw) => {
    await refused('owner', { invite_as: raw }, bad('invite_as is not valid JSON'));
  });

  // ---------------------------------------------------------------- parsing

  it.each(['stream_ids', 'group_ids'] as const)('%s: JSON, a list, and strict integers only', async (name) => {
    await refused('admin', { [name]: 'oops' }, bad(`${name} is not valid JSON`));
    await refused('admin', { [name]: '' }, bad(`${name} is not valid JSON`));
    await refused('admin', { [name]: '[1,' }, bad(`${name} is not valid JSON`));
    await refused('admin', { [name]: '5' }, bad(`${name} is not a list`));
    await refused('admin', { [name]: '"[1]"' }, bad(`${name} is not a list`));
    await refused('admin', { [name]: '{"0":1}' }, bad(`${name} is not a list`));
    await refused('admin', { [name]: 'null' }, bad(`${name} is not a list`));
    await refused('admin', { [name]: '[1,1.0]' }, bad(`${name}[1] is not an integer`));
    await refused('admin', { [name]: '[1,"1"]' }, bad(`${name}[1] is not an integer`));
    await refused('admin', { [name]: '[1,true]' }, bad(`${name}[1] is not an integer`));
    await refused('admin', { [name]: '[1,null]' }, bad(`${name}[1] is not an integer`));
    await refused('admin', { [name]: '[1, 2, 3e0]' }, bad(`${name}[2] is not an integer`));
    await refused('admin', { [name]: '[1.5, "x"]' }, bad(`${name}[0] is not an integer`));
    await refused('admin', { [name]: '[[1]]' }, bad(`${name}[0] is not an integer`));
  });

  it('an empty list is the same as none', async () => {
    const inv = await created('admin', { stream_ids: [], group_ids: [] });
    expect(inv).toMatchObject({ channels: [], groups: [] });
  });

  it.each([['1'], ['0'], ['"true"'], ['null'], ['[]']])('include_realm_default_subscriptions %s is not a boolean', async (raw) => {
    await refused('admin', { include_realm_default_subscriptions: raw }, bad('include_realm_default_subscriptions is not a boolean'));
  });

  it('include_realm_default_subscriptions True (not JSON) is not valid JSON; false is stored as false', async () => {
    await refused('admin', { include_realm_default_subscriptions: 'True' },
      bad('include_realm_default_subscriptions is not valid JSON'));
    expect((await created('admin', { include_realm_default_subscriptions: false })).includeRealmDefaultSubscriptions).toBe(false);
  });

  it.each([['1.5'], ['60.0'], ['1e10'], ['"60"'], ['true'], ['[60]']])('invite_expires_in_minutes %s is not an integer', async (raw) => {
    await refused('admin', { invite_expires_in_minutes: raw }, bad('invite_expires_in_minutes is not an integer'));
  });

  it('invite_expires_in_minutes that is not JSON', async () => {
    await refused('admin', { invite_expires_in_minutes: 'soon' }, bad('invite_expires_in_minutes is not valid JSON'));
  });

  it('parameters are parsed in Zulip\'s order: group_ids, include_realm_default_subscriptions, invite_as, expiry, stream_ids, text', async () => {
    const all: Record<string, unknown> = {
      welcome_message_custom_text: 'x'.repeat(8001),
      stream_ids: '[1,"2"]',
      invite_expires_in_minutes: '1.5',
      invite_as: 500,
      include_realm_default_subscriptions: '1',
      group_ids: 'nope',
    };
    const expected = [
      ['group_ids', 'group_ids is not valid JSON'],
      ['include_realm_default_subscriptions', 'include_realm_default_subscriptions is not a boolean'],
      ['invite_as', BAD_INVITE_AS.msg],
      ['invite_expires_in_minutes', 'invite_expires_in_minutes is not an integer'],
      ['stream_ids', 'stream_ids[1] is not an integer'],
      ['welcome_message_custom_text', TOO_LONG.msg],
    ];
    for (const [name, msg] of expected) {
      await refused('admin', all, bad(msg!));
      delete all[name!];
    }
    expect(all).toEqual({});
  });

  it('parsing comes before every permission check: a refused role, channel or group does not hide a bad parameter', async () => {
    await refused('admin', { invite_as: 100, stream_ids: [999_999], group_ids: [999_999], welcome_message_custom_text: 'é'.repeat(8001) }, TOO_LONG);
  });

  // ---------------------------------------------------------------- expiry

  it('invite_expires_in_minutes: absent is the server default, null never expires, explicit values are kept', async () => {
    expect((await created('admin', {})).validMinutes).toBe(DEFAULT_MINUTES);
    const never = await created('admin', { invite_expires_in_minutes: null });
    expect(never.expiresAt).toBeNull();
    expect(never.validMinutes).toBeNull();
    for (const minutes of [1, 2880, 525_600 * 100]) {
      expect((await created('admin', { invite_expires_in_minutes: minutes })).validMinutes).toBe(minutes);
    }
  });

  it('invite_expires_in_minutes 0 or negative is accepted: the link is already expired', async () => {
    expect((await created('admin', { invite_expires_in_minutes: 0 })).validMinutes).toBe(0);
    expect((await created('admin', { invite_expires_in_minutes: -5 })).validMinutes).toBe(-5);
  });

  it('a date near the end of year 9999 is still stored; past it is refused', async () => {
    const minutes = Math.floor((Date.UTC(9999, 11, 30) - Date.now()) / 60_000);
    expect((await created('admin', { invite_expires_in_minutes: minutes })).validMinutes).toBe(minutes);
    await refused('admin', { invite_expires_in_minutes: 10_000_000_000 }, bad('invite_expires_in_minutes is too large'));
    await refused('admin', { invite_expires_in_minutes: '100000000000000000000000' }, bad('invite_expires_in_minutes is too large'));
    await refused('admin', { invite_expires_in_minutes: -10_000_000_000 }, bad('invite_expires_in_minutes is too small'));
  });

  // ---------------------------------------------------------------- channels

  it('unknown, other-organization, archived and unreadable private channels are invalid', async () => {
    await refused('admin', { stream_ids: [999_999] }, badChannel(999_999));
    await refused('admin', { stream_ids: [0] }, badChannel(0));
    await refused('admin', { stream_ids: [-3] }, badChannel(-3));
    const foreign = g.otherOrg.channels['other-public']!;
    await refused('admin', { stream_ids: [foreign] }, badChannel(foreign));
    await refused('otherOwner', { stream_ids: [ch('general')] }, badChannel(ch('general')));
    await refused('owner', { stream_ids: [ch('archived')] }, badChannel(ch('archived')));
    // Administrators get no shortcut to private channels they are not subscribed to.
    await refused('admin', { stream_ids: [ch('private-owner-only')] }, badChannel(ch('private-owner-only')));
    await refused('admin', { stream_ids: [ch('private-helpers')] }, badChannel(ch('private-helpers')));
    await refused('owner', { stream_ids: [ch('private-helpers')] }, badChannel(ch('private-helpers')));
  });

  it('the first invalid channel in list order is reported', async () => {
    await refused('admin', { stream_ids: [ch('general'), 999_998, ch('archived')] }, badChannel(999_998));
    await refused('admin', { stream_ids: [ch('archived'), 999_998] }, badChannel(ch('archived')));
    await refused('admin', { stream_ids: [ch('public'), ch('private-owner-only'), 999_997] }, badChannel(ch('private-owner-only')));
  });

  it('readable channels: public ones, subscribed private ones, a private default channel the caller is in', async () => {
    const inv = await created('admin', { stream_ids: [ch('public'), ch('private'), ch('private-default'), ch('general')] });
    expect(inv.channels).toEqual([ch('public'), ch('private'), ch('private-default'), ch('general')].sort(byNumber));
    expect((await created('owner', { stream_ids: [ch('private-owner-only')] })).channels).toEqual([ch('private-owner-only')]);
  });

  it('a private channel is readable through its add-subscribers group without a subscription', async () => {
    const inv = await created(OPEN.member, { stream_ids: [och('open-private-helpers')] }, OPEN_URL);
    expect(inv.channels).toEqual([och('open-private-helpers')]);
    await refused(OPEN.moderator, { stream_ids: [och('open-private-helpers')] }, badChannel(och('open-private-helpers')));
  });

  it('a default channel does not make a private channel readable', async () => {
    await refused(OPEN.moderator, { stream_ids: [och('open-private-default')] }, badChannel(och('open-private-default')));
  });

  it('without the organization\'s add-subscribers right, only default channels and channels granting it are allowed', async () => {
    // Other Org: can_add_subscribers_group is administrators.
    await refused('otherMember', { stream_ids: [g.otherOrg.channels['other-public']!] }, NO_SUBSCRIBE);
    await refused('otherMember', { stream_ids: [g.otherOrg.channels['other-general']!, g.otherOrg.channels['other-public']!] }, NO_SUBSCRIBE);
    expect((await created('otherMember', { stream_ids: [g.otherOrg.channels['other-general']!] }, OTHER_ORG_URL)).channels)
      .toEqual([g.otherOrg.channels['other-general']!]);
    expect((await created('otherOwner', { stream_ids: [g.otherOrg.channels['other-public']!] }, OTHER_ORG_URL)).channels)
      .toEqual([g.otherOrg.channels['other-public']!]);

    // Open Org: can_add_subscribers_group is owners.
    await refused(OPEN.member, { stream_ids: [och('open-public')] }, NO_SUBSCRIBE);
    await refused(OPEN.member, { stream_ids: [och('open-private')] }, NO_SUBSCRIBE);
    await refused(OPEN.moderator, { stream_ids: [och('open-helpers')] }, NO_SUBSCRIBE);
    await refused(OPEN.member, { stream_ids: [och('open-crew-channel')] }, NO_SUBSCRIBE);
    const ok = await created(OPEN.member, {
      stream_ids: [och('open-general'), och('open-private-default'), och('open-helpers'), och('open-private-helpers')],
    }, OPEN_URL);
    expect(ok.channels).toEqual([och('open-general'), och('open-private-default'), och('open-helpers'), och('open-private-helpers')].sort(byNumber));
    // The channel's add-subscribers group, reached through a subgroup (team ⊂ crew).
    expect((await created(OPEN.member2, { stream_ids: [och('open-crew-channel')] }, OPEN_URL)).channels).toEqual([och('open-crew-channel')]);
  });

  it('administrators may subscribe others to any channel they can read, whatever the organization setting', async () => {
    expect((await created(OPEN.admin, { stream_ids: [och('open-public'), och('open-helpers')] }, OPEN_URL)).channels)
      .toEqual([och('open-public'), och('open-helpers')].sort(byNumber));
    expect((await created(OPEN.owner, { stream_ids: [och('open-public')] }, OPEN_URL)).channels).toEqual([och('open-public')]);
  });

  it('every channel is checked for access before any for the add-subscribers right', async () => {
    await refused('otherMember', { stream_ids: [g.otherOrg.channels['other-public']!, 999_999] }, badChannel(999_999));
    await refused(OPEN.member, { stream_ids: [och('open-public'), och('open-private-default'), 999_996] }, badChannel(999_996));
  });

  it('channels are checked before groups', async () => {
    await refused('owner', { stream_ids: [999_999], group_ids: [999_999] }, badChannel(999_999));
    await refused(OPEN.member, { stream_ids: [och('open-public')], group_ids: [999_999] }, NO_SUBSCRIBE);
  });

  // ---------------------------------------------------------------- groups

  it('unknown, other-organization and anonymous groups are invalid', async () => {
    await refused('owner', { group_ids: [999_999] }, bad('Invalid user group'));
    await refused('owner', { group_ids: [g.otherOrg.user_groups['other-group']!] }, bad('Invalid user group'));
    await refused('otherMember', { group_ids: [grp('open')] }, bad('Invalid user group'));
    const anonymous = await g.db.knex('user_groups').where({ organization_id: g.org.id, kind: 'anonymous' }).first('id');
    expect(anonymous).toBeDefined();
    await refused('owner', { group_ids: [Number(anonymous.id)] }, bad('Invalid user group'));
  });

  it('a deactivated group is refused, even where the caller could add members', async () => {
    await refused('admin', { group_ids: [grp('retired')] }, bad('User group is deactivated.'));
    await refused('owner', { group_ids: [grp('retired')] }, bad('User group is deactivated.'));
  });

  it.each(['role:members', 'role:administrators', 'role:owners', 'role:nobody', 'role:everyone'])(
    'system group %s: Insufficient permission, even for an owner', async (name) => {
      await refused('owner', { group_ids: [grp(name)] }, INSUFFICIENT);
      await refused('admin', { group_ids: [grp(name)] }, INSUFFICIENT);
    });

  it('groups are checked in list order: the first failure is the answer', async () => {
    await refused('admin', { group_ids: [grp('open'), 999_999, grp('retired')] }, bad('Invalid user group'));
    await refused('admin', { group_ids: [grp('retired'), 999_999] }, bad('User group is deactivated.'));
    await refused('admin', { group_ids: [grp('locked'), grp('retired')] }, INSUFFICIENT);
    await refused('admin', { group_ids: [grp('open'), grp('role:members')] }, INSUFFICIENT);
  });

  it('an administrator needs the group\'s can_add_members_group or can_manage_group: being an administrator is not enough', async () => {
    await refused('admin', { group_ids: [grp('locked')] }, INSUFFICIENT);
    await refused('admin', { group_ids: [grp('managed')] }, INSUFFICIENT);
    await refused('admin', { group_ids: [grp('outer-managed')] }, INSUFFICIENT);
    expect((await created('admin', { group_ids: [grp('open')] })).groups).toEqual([grp('open')]);
  });

  it('owners hold can_manage_all_groups by default and may use any named group', async () => {
    const inv = await created('owner', { group_ids: [grp('locked'), grp('managed'), grp('outer-managed'), grp('outer')] });
    expect(inv.groups).toEqual([grp('locked'), grp('managed'), grp('outer-managed'), grp('outer')].sort(byNumber));
  });

  it('permission through can_manage_group, through can_add_members_group and through subgroup membership', async () => {
    expect((await created(OPEN.moderator, { group_ids: [ogrp('mod-managed')] }, OPEN_URL)).groups).toEqual([ogrp('mod-managed')]);
    await refused(OPEN.member, { group_ids: [ogrp('mod-managed')] }, INSUFFICIENT);
    // member2 is in team, team is a subgroup of crew, crew may add members to crew-door.
    expect((await created(OPEN.member2, { group_ids: [ogrp('crew-door'), ogrp('crew-door')] }, OPEN_URL)).groups).toEqual([ogrp('crew-door')]);
    await refused(OPEN.member, { group_ids: [ogrp('crew-door')] }, INSUFFICIENT);
    await refused(OPEN.member2, { group_ids: [ogrp('closed')] }, INSUFFICIENT);
    await refused(OPEN.admin, { group_ids: [ogrp('crew-door')] }, INSUFFICIENT);
  });

  it('membership of a deactivated group still grants its permission', async () => {
    expect((await created(OPEN.member, { group_ids: [ogrp('old-team-door')] }, OPEN_URL)).groups).toEqual([ogrp('old-team-door')]);
  });

  // ---------------------------------------------------------------- welcome_message_custom_text

  it('administrators store the text as sent, including the empty text; absent is null', async () => {
    expect((await created('admin', { welcome_message_custom_text: 'Hi **there**' })).welcomeMessageCustomText).toBe('Hi **there**');
    expect((await created('admin', { welcome_message_custom_text: '' })).welcomeMessageCustomText).toBe('');
    expect((await created('owner', { welcome_message_custom_text: '  spaced\nlines  ' })).welcomeMessageCustomText).toBe('  spaced\nlines  ');
    expect((await created('admin', {})).welcomeMessageCustomText).toBeNull();
  });

  it('8000 code points are the limit: astral characters count as one', async () => {
    expect((await created('admin', { welcome_message_custom_text: '😀'.repeat(8000) })).welcomeMessageCustomText).toBe('😀'.repeat(8000));
    expect((await created('admin', { welcome_message_custom_text: 'x'.repeat(8000) })).welcomeMessageCustomText).toBe('x'.repeat(8000));
    await refused('admin', { welcome_message_custom_text: '😀'.repeat(8001) }, TOO_LONG);
    await refused('admin', { welcome_message_custom_text: 'x'.repeat(8001) }, TOO_LONG);
    await refused('admin', { welcome_message_custom_text: 'é'.repeat(7999) + '😀😀' }, TOO_LONG);
  });

  it('from a non-administrator the text is stored as null and the request still succeeds', async () => {
    for (const who of ['moderator', 'member'] as const) {
      for (const text of ['Hello from a non-admin', '']) {
        const inv = await created(OPEN[who], { welcome_message_custom_text: text }, OPEN_URL);
        expect(inv).toMatchObject({ creatorId: openId(who), welcomeMessageCustomText: null });
      }
    }
    expect((await created('otherMember', { welcome_message_custom_text: 'Nope' }, OTHER_ORG_URL)).welcomeMessageCustomText).toBeNull();
  });

  it('a non-administrator\'s text is still length-checked', async () => {
    await refused(OPEN.member, { welcome_message_custom_text: '😀'.repeat(8001) }, TOO_LONG);
  });

  // ---------------------------------------------------------------- concurrency

  it('concurrent creations all succeed with distinct links and complete rows', async () => {
    const callers: Who[] = ['admin', 'owner', 'admin', 'owner', 'admin', 'owner', 'admin', 'owner', OPEN.member, OPEN.member];
    const results = await Promise.all(callers.map((who) => post(g, who, INVITE, typeof who === 'object'
      ? { stream_ids: [och('open-general'), och('open-helpers')], group_ids: [ogrp('old-team-door')], invite_as: 600 }
      : { stream_ids: [ch('general'), ch('public')], group_ids: [grp('open')], invite_as: 600, include_realm_default_subscriptions: true })));
    expect(results.map((r) => [r.status, r.body.msg])).toEqual(callers.map(() => [200, '']));
    const links = results.map((r) => r.body.invite_link as string);
    expect(new Set(links).size).toBe(callers.length);
    for (const [i, link] of links.entries()) {
      const inOpen = typeof callers[i] === 'object';
      expect(link).toMatch(linkPattern(inOpen ? OPEN_URL : ORG_URL));
      const inv = await storedByLink(link);
      expect(inv).toMatchObject(inOpen
        ? { organizationId: open.id, invitedAs: 600, channels: [och('open-general'), och('open-helpers')].sort(byNumber), groups: [ogrp('old-team-door')] }
        : { organizationId: g.org.id, invitedAs: 600, includeRealmDefaultSubscriptions: true, channels: [ch('general'), ch('public')].sort(byNumber), groups: [grp('open')] });
    }
  });

  // ---------------------------------------------------------------- GraphQL

  it('GraphQL: createReusableInvitation returns the link and the invitation, matching the stored rows', async () => {
    const t0 = Date.now();
    const data = await graphqlClient(g, 'admin').request(CreateInvitationDocument, {
      input: {
        inviteAs: 'MODERATOR', streamIds: [ch('public'), ch('general'), ch('public')], groupIds: [grp('open')],
        includeRealmDefaultSubscriptions: true, welcomeMessageCustomText: 'Welcome via GraphQL', inviteExpiresInMinutes: 90,
      },
    });
    const link = data.createReusableInvitation.inviteLink!;
    expect(link).toMatch(linkPattern(ORG_URL));
    const inv = data.createReusableInvitation.invitation!;
    expect({ ...inv, streamIds: [...inv.streamIds].sort(byNumber) }).toEqual({
      id: expect.any(Number), inviteLink: link, inviteAs: 'MODERATOR',
      streamIds: [ch('public'), ch('general')].sort(byNumber), groupIds: [grp('open')],
      includeRealmDefaultSubscriptions: true, welcomeMessageCustomText: 'Welcome via GraphQL',
      createdAt: expect.any(String), expiresAt: expect.any(String), creatorId: g.userId('admin'),
    });
    expect(Date.parse(inv.createdAt)).toBeGreaterThanOrEqual(t0 - 1000);
    expect(Date.parse(inv.expiresAt!) - Date.parse(inv.createdAt)).toBe(90 * 60_000);
    const row = await storedByLink(link);
    expect(row).toMatchObject({
      id: inv.id, organizationId: g.org.id, creatorId: g.userId('admin'), invitedAs: 300, includeRealmDefaultSubscriptions: true,
      welcomeMessageCustomText: 'Welcome via GraphQL', validMinutes: 90,
      channels: [ch('public'), ch('general')].sort(byNumber), groups: [grp('open')],
    });
    expect(row.createdAt.toISOString()).toBe(inv.createdAt);
  });

  it('GraphQL: expiry absent is the server default, null never expires; defaults are member and no text', async () => {
    const client = graphqlClient(g, 'owner');
    const absent = (await client.request(CreateInvitationDocument, { input: {} })).createReusableInvitation.invitation!;
    expect(absent).toMatchObject({ inviteAs: 'MEMBER', streamIds: [], groupIds: [], includeRealmDefaultSubscriptions: false, welcomeMessageCustomText: null });
    expect(Date.parse(absent.expiresAt!) - Date.parse(absent.createdAt)).toBe(DEFAULT_MINUTES * 60_000);
    const never = (await client.request(CreateInvitationDocument, { input: { inviteExpiresInMinutes: null } })).createReusableInvitation;
    expect(never.invitation!.expiresAt).toBeNull();
    expect((await storedByLink(never.inviteLink!)).expiresAt).toBeNull();
    const owner = (await client.request(CreateInvitationDocument, { input: { inviteAs: 'OWNER' } })).createReusableInvitation.invitation!;
    expect(owner.inviteAs).toBe('OWNER');
  });

  it('GraphQL: a non-administrator\'s text comes back and is stored as null', async () => {
    const data = await graphqlClient(g, OPEN.member).request(CreateInvitationDocument, { input: { welcomeMessageCustomText: 'mine', inviteAs: 'GUEST' } });
    expect(data.createReusableInvitation.invitation).toMatchObject({ welcomeMessageCustomText: null, inviteAs: 'GUEST', creatorId: openId('member') });
    expect(data.createReusableInvitation.inviteLink).toMatch(linkPattern(OPEN_URL));
    expect((await storedByLink(data.createReusableInvitation.inviteLink!)).welcomeMessageCustomText).toBeNull();
  });

  it('GraphQL: the same rules, messages and codes, and nothing written', async () => {
    const cases: Array<[Who, CreateReusableInvitationInput, string, string]> = [
      ['guest', {}, 'Not allowed for guest users', 'BAD_REQUEST'],
      ['bot', {}, 'This endpoint does not accept bot requests.', 'BAD_REQUEST'],
      ['member', {}, 'Insufficient permission', 'BAD_REQUEST'],
      ['moderator', { inviteAs: 'GUEST' }, 'Insufficient permission', 'BAD_REQUEST'],
      ['admin', { inviteAs: 'OWNER' }, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'],
      [OPEN.moderator, { inviteAs: 'ADMINISTRATOR' }, 'Must be an organization administrator', 'BAD_REQUEST'],
      [OPEN.member, { inviteAs: 'MODERATOR' }, 'Must be an organization moderator', 'BAD_REQUEST'],
      [OPEN.member, { inviteAs: 'OWNER' }, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'],
      ['admin', { streamIds: [ch('general'), 999_999] }, 'Invalid channel ID 999999. No invites were sent.', 'BAD_REQUEST'],
      ['admin', { streamIds: [ch('archived')] }, `Invalid channel ID ${ch('archived')}. No invites were sent.`, 'BAD_REQUEST'],
      ['admin', { streamIds: [ch('private-owner-only')] }, `Invalid channel ID ${ch('private-owner-only')}. No invites were sent.`, 'BAD_REQUEST'],
      ['otherMember', { streamIds: [g.otherOrg.channels['other-public']!] }, NO_SUBSCRIBE.msg, 'BAD_REQUEST'],
      ['admin', { groupIds: [999_999] }, 'Invalid user group', 'BAD_REQUEST'],
      ['admin', { groupIds: [grp('retired')] }, 'User group is deactivated.', 'BAD_REQUEST'],
      ['owner', { groupIds: [grp('role:members')] }, 'Insufficient permission', 'BAD_REQUEST'],
      ['admin', { groupIds: [grp('locked')] }, 'Insufficient permission', 'BAD_REQUEST'],
      ['admin', { welcomeMessageCustomText: '😀'.repeat(8001) }, TOO_LONG.msg, 'BAD_REQUEST'],
      ['admin', { inviteExpiresInMinutes: 10_000_000_000 }, 'invite_expires_in_minutes is too large', 'BAD_REQUEST'],
    ];
    for (const [who, input, message, code] of cases) {
      await expectGraphqlRefusal(g.db, () => graphqlClient(g, who).request(CreateInvitationDocument, { input }), { message, code });
    }
  });

  it('GraphQL: without credentials, UNAUTHORIZED for both the mutation and the query', async () => {
    const anon = graphqlClient(g, null);
    const notLoggedIn = { message: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' };
    await expectGraphqlRefusal(g.db, () => anon.request(CreateInvitationDocument, { input: {} }), notLoggedIn);
    await expectGraphqlRefusal(g.db, () => anon.request(InvitationsDocument, {}), notLoggedIn);
  });

  it('GraphQL reusableInvitations: administrators see every active link of their organization, others their own', async () => {
    const make = async (who: Person, input: CreateReusableInvitationInput = {}) =>
      (await graphqlClient(g, LIST[who]).request(CreateInvitationDocument, { input })).createReusableInvitation.invitation!;
    const adminLink = await make('admin', { inviteAs: 'MODERATOR' });
    const memberLink = await make('member');
    const memberForever = await make('member', { inviteExpiresInMinutes: null, inviteAs: 'GUEST' });
    const member2Link = await make('member2', { inviteExpiresInMinutes: 5 });
    const ownerLink = await make('owner', { inviteAs: 'OWNER' });
    const expiredNow = await make('member', { inviteExpiresInMinutes: 0 });
    const expiredBefore = await make('admin', { inviteExpiresInMinutes: -60 });
    const revoked = await make('member');
    await g.db.knex('multiuse_invites').where('id', revoked.id).update({ revoked_at: new Date() });
    const moderatorRevoked = await make('moderator');
    await g.db.knex('multiuse_invites').where('id', moderatorRevoked.id).update({ revoked_at: new Date() });

    const listOf = async (who: Who) => (await graphqlClient(g, who).request(InvitationsDocument, {})).reusableInvitations;
    const active = [adminLink, memberLink, memberForever, member2Link, ownerLink];
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect((await listOf(LIST.admin)).sort(byId)).toEqual([...active].sort(byId));
    expect((await listOf(LIST.owner)).sort(byId)).toEqual([...active].sort(byId));
    expect((await listOf(LIST.member)).sort(byId)).toEqual([memberLink, memberForever].sort(byId));
    expect(await listOf(LIST.member2)).toEqual([member2Link]);
    expect(await listOf(LIST.moderator)).toEqual([]);
    for (const inv of [expiredNow, expiredBefore, revoked, moderatorRevoked]) {
      expect((await listOf(LIST.admin)).map((x) => x.id)).not.toContain(inv.id);
    }
    expect(memberForever.expiresAt).toBeNull();
    expect(listId('member')).toBe(memberLink.creatorId);

    // Another organization's administrators see none of these, only their own organization's links.
    const home = await created('admin', {});
    const shared = (await listOf('admin')).map((x) => x.id);
    expect(shared).toContain(home.id);
    for (const inv of active) expect(shared).not.toContain(inv.id);
    for (const inv of await listOf('admin')) expect(inv.inviteLink).toMatch(linkPattern(ORG_URL));
  });

  it('GraphQL reusableInvitations: a listed link matches what REST created', async () => {
    const inv = await created('admin', { stream_ids: [ch('general')], group_ids: [grp('open')], invite_as: 600, welcome_message_custom_text: 'listed' });
    const listed = (await graphqlClient(g, 'owner').request(InvitationsDocument, {})).reusableInvitations.find((x) => x.inviteLink === inv.link);
    expect(listed).toEqual({
      id: inv.id, inviteLink: inv.link, inviteAs: 'GUEST' satisfies Role, streamIds: [ch('general')], groupIds: [grp('open')],
      includeRealmDefaultSubscriptions: false, welcomeMessageCustomText: 'listed',
      createdAt: inv.createdAt.toISOString(), expiresAt: inv.expiresAt!.toISOString(), creatorId: g.userId('admin'),
    });
  });

  it('GraphQL reusableInvitations: guests and bots are refused', async () => {
    expect(await graphqlError(graphqlClient(g, 'guest').request(InvitationsDocument, {})))
      .toMatchObject({ message: 'Not allowed for guest users', code: 'BAD_REQUEST' });
    expect(await graphqlError(graphqlClient(g, 'bot').request(InvitationsDocument, {})))
      .toMatchObject({ message: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' });
  });
});
