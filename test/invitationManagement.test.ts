import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateInvitationDocument, InvitationsDocument, RevokeInvitationDocument } from '../src/generated/graphql';
import { toDate, toDateOrNull } from '../src/store/db';
import { loadWorld, type LoadedOrganization } from '../src/world/loadWorld';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, request, type Who } from './support/http';
import { INVITE, INVITES } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';
import { recordStatements } from './support/sqlStatements';

const MUST_OWNER = { result: 'error', msg: 'Must be an organization owner', code: 'UNAUTHORIZED_PRINCIPAL' };
const MUST_ADMIN = { result: 'error', msg: 'Must be an organization administrator', code: 'BAD_REQUEST' };
const NO_SUCH = { result: 'error', msg: 'No such invitation', code: 'BAD_REQUEST' };
const ALREADY = { result: 'error', msg: 'Invitation has already been revoked', code: 'BAD_REQUEST' };
const GUEST = { result: 'error', msg: 'Not allowed for guest users', code: 'BAD_REQUEST' };
const BOT = { result: 'error', msg: 'This endpoint does not accept bot requests.', code: 'BAD_REQUEST' };
const NOT_FOUND = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };
const OK = { result: 'success', msg: '' };

// An organization of its own where members may create links, so every link here is known.
type Person = 'owner' | 'admin' | 'moderator' | 'member' | 'member2' | 'guest' | 'bot';
const ROLE_OF: Record<Person, number> = { owner: 100, admin: 200, moderator: 300, member: 400, member2: 400, guest: 600, bot: 400 };
const PEOPLE = Object.keys(ROLE_OF) as Person[];
const ORG_URL = 'http://manage.localhost:9991';
const P = Object.fromEntries(PEOPLE.map((p) => [p, { email: `${p}@manage.org`, apiKey: `Manage${p}`.padEnd(31, '0') + 'a' }])) as
  Record<Person, { email: string; apiKey: string }>;

function manageWorld(): object {
  return {
    organizations: [{
      name: 'Manage Org',
      url: ORG_URL,
      settings: { create_multiuse_invite_group: 'role:members' },
      users: PEOPLE.map((p) => ({
        email: P[p].email, full_name: `${p} person`, role: ROLE_OF[p], api_key: P[p].apiKey,
        ...(p === 'bot' ? { bot_type: 'default', bot_owner: P.member.email } : {}),
      })),
      channels: [{ name: 'manage-general', is_default: true, subscribers: PEOPLE.filter((p) => p !== 'bot').map((p) => P[p].email) }],
      user_groups: [{ name: 'manage-team', members: [], subgroups: [], can_add_members_group: 'role:members' }],
    }],
  };
}

describe.each(DIALECTS)('list and revoke reusable invitation links on %s', (dialect) => {
  let g: Gateway;
  let org: LoadedOrganization;
  beforeAll(async () => {
    g = await startGateway(dialect);
    [org] = (await loadWorld(g.db, manageWorld())).organizations as [LoadedOrganization];
  });
  afterAll(async () => { await g?.close(); });

  const id = (p: Person) => org.users[P[p].email]!;
  const revokePath = (inviteId: number | string) => `${INVITE}/${inviteId}`;
  const revoke = (who: Who, inviteId: number | string, form?: Record<string, unknown>) => request(g, 'DELETE', revokePath(inviteId), { who, form });
  const row = (inviteId: number) => g.db.knex('multiuse_invites').where('id', inviteId).first();

  /** A link made through the API by one of Manage Org's people; returns its id. */
  async function link(who: Person, input: { inviteAs?: 'OWNER' | 'ADMINISTRATOR' | 'MODERATOR' | 'MEMBER' | 'GUEST'; inviteExpiresInMinutes?: number | null; streamIds?: number[]; groupIds?: number[] } = {}): Promise<number> {
    const res = await graphqlClient(g, P[who]).request(CreateInvitationDocument, { input });
    return res.createReusableInvitation.invitation!.id;
  }

  /** Zulip's multiuse entry of GET /invites, computed from the stored row. */
  async function entry(inviteId: number) {
    const r = await row(inviteId);
    const channels = await g.db.knex('multiuse_invite_channels').where('invite_id', inviteId).orderBy('channel_id').pluck('channel_id');
    const groups = await g.db.knex('multiuse_invite_groups').where('invite_id', inviteId).orderBy('group_id').pluck('group_id');
    const expires = toDateOrNull(r.expires_at);
    return {
      invited_by_user_id: Number(r.creator_id),
      invited: Math.floor(toDate(r.created_at).getTime() / 1000),
      expiry_date: expires === null ? null : Math.floor(expires.getTime() / 1000),
      id: inviteId,
      link_url: `${ORG_URL}/join/${r.invite_key}/`,
      invited_as: Number(r.invited_as),
      is_multiuse: true,
      stream_ids: channels.map(Number),
      group_ids: groups.map(Number),
    };
  }

  /** A successful revocation: Zulip's empty success, the row kept with revoked_at set, nothing else changed. */
  async function expectRevoked(who: Who, inviteId: number) {
    const before = await snapshot(g.db);
    const t0 = Date.now();
    const res = await revoke(who, inviteId);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: OK });
    const r = await row(inviteId);
    const at = toDate(r.revoked_at).getTime();
    expect(at).toBeGreaterThanOrEqual(t0 - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    await g.db.knex('multiuse_invites').where('id', inviteId).update({ revoked_at: null });
    expect(await snapshot(g.db)).toEqual(before);
    await g.db.knex('multiuse_invites').where('id', inviteId).update({ revoked_at: r.revoked_at });
  }

  // Links listed in the first test, made before any other.
  let adminLink: number; let memberLink: number; let memberForever: number; let member2Link: number; let ownerLink: number;

  it('GET /invites: administrators see every active link of the organization, others their own, in Zulip\'s shape', async () => {
    adminLink = await link('admin', { inviteAs: 'MODERATOR', streamIds: [org.channels['manage-general']!], groupIds: [org.user_groups['manage-team']!] });
    memberLink = await link('member');
    memberForever = await link('member', { inviteExpiresInMinutes: null, inviteAs: 'GUEST' });
    member2Link = await link('member2', { inviteExpiresInMinutes: 5 });
    ownerLink = await link('owner', { inviteAs: 'OWNER' });
    const expiredNow = await link('member', { inviteExpiresInMinutes: 0 });
    const expiredBefore = await link('admin', { inviteExpiresInMinutes: -60 });
    const revoked = await link('member');
    await g.db.knex('multiuse_invites').where('id', revoked).update({ revoked_at: new Date() });

    const list = async (who: Who) => {
      const res = await request(g, 'GET', INVITES, { who });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['invites', 'msg', 'result']);
      expect(res.body).toMatchObject(OK);
      return res.body.invites;
    };
    const all = await Promise.all([adminLink, memberLink, memberForever, member2Link, ownerLink].map(entry));
    expect(await list(P.admin)).toEqual(all);
    expect(await list(P.owner)).toEqual(all);
    expect(await list(P.member)).toEqual([all[1], all[2]]);
    expect(await list(P.member2)).toEqual([all[3]]);
    expect(await list(P.moderator)).toEqual([]);
    expect(all[2]!.expiry_date).toBeNull();
    expect(all[0]).toMatchObject({ invited_as: 300, invited_by_user_id: id('admin'), stream_ids: [org.channels['manage-general']], group_ids: [org.user_groups['manage-team']] });
    expect(all[3]!.expiry_date! - all[3]!.invited).toBeGreaterThanOrEqual(299);
    expect(all[3]!.expiry_date! - all[3]!.invited).toBeLessThanOrEqual(301);
    for (const hidden of [expiredNow, expiredBefore, revoked]) expect((await list(P.admin)).map((e: any) => e.id)).not.toContain(hidden);

    // Another organization's administrators see none of these.
    const elsewhere = (await list('admin')).map((e: any) => e.id);
    for (const e of all) expect(elsewhere).not.toContain(e.id);
  });

  it('GET /invites reports unknown parameters, from the query string and the body alike', async () => {
    const res = await request(g, 'GET', INVITES, { who: P.member2, query: { include_expired: true, b: 1 } });
    expect(res.body).toEqual({ ...OK, invites: [await entry(member2Link)], ignored_parameters_unsupported: ['b', 'include_expired'] });
  });

  it('GET /invites: guests and bots are refused; no credentials is 401', async () => {
    await expectRefusal(g.db, () => request(g, 'GET', INVITES, { who: P.guest }), 400, GUEST);
    await expectRefusal(g.db, () => request(g, 'GET', INVITES, { who: P.bot }), 400, BOT);
    const res = await request(g, 'GET', INVITES);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 401, body: { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' },
    });
  });

  it('GET /invites costs the same number of queries for 2 links as for 40', async () => {
    const counted = async (who: Who) => {
      const { result: res, sql } = await recordStatements(g.db, () => request(g, 'GET', INVITES, { who }));
      expect(res.status).toBe(200);
      return { n: sql.length, listed: res.body.invites.length };
    };
    const few = await counted(P.member2);
    const channel = org.channels['manage-general']!;
    const group = org.user_groups['manage-team']!;
    for (let i = 0; i < 39; i++) await link('member2', { streamIds: [channel], groupIds: [group] });
    const many = await counted(P.member2);
    expect([few.listed, many.listed]).toEqual([1, 40]);
    expect(many.n).toBe(few.n);
  });

  it('the creator revokes their own link: the row is kept with revoked_at set and the link is no longer listed', async () => {
    const mine = await link('member');
    await expectRevoked(P.member, mine);
    const listed = await request(g, 'GET', INVITES, { who: P.member });
    expect(listed.body.invites.map((e: any) => e.id)).not.toContain(mine);
    expect(await row(mine)).toBeDefined();
  });

  it('a member or moderator may not revoke someone else\'s link: administrator required, as a plain BAD_REQUEST', async () => {
    await expectRefusal(g.db, () => revoke(P.member, member2Link), 400, MUST_ADMIN);
    await expectRefusal(g.db, () => revoke(P.moderator, memberLink), 400, MUST_ADMIN);
    await expectRefusal(g.db, () => revoke(P.member2, adminLink), 400, MUST_ADMIN);
  });

  it('an administrator revokes anyone\'s link but one that makes owners, which needs an owner', async () => {
    await expectRevoked(P.admin, memberLink);
    const ownersAdminLink = await link('owner', { inviteAs: 'ADMINISTRATOR' });
    await expectRevoked(P.admin, ownersAdminLink);
    await expectRefusal(g.db, () => revoke(P.admin, ownerLink), 400, MUST_OWNER);
    await expectRevoked(P.owner, ownerLink);
  });

  it('the owner check comes before the administrator check', async () => {
    const another = await link('owner', { inviteAs: 'OWNER' });
    await expectRefusal(g.db, () => revoke(P.member, another), 400, MUST_OWNER);
    await expectRefusal(g.db, () => revoke(P.moderator, another), 400, MUST_OWNER);
  });

  it('an owner revokes links of every role, administrators\' included', async () => {
    await expectRevoked(P.owner, adminLink);
  });

  it('an already revoked link: "Invitation has already been revoked", after the permission check', async () => {
    const once = await link('member2');
    await expectRevoked(P.member2, once);
    await expectRefusal(g.db, () => revoke(P.member2, once), 400, ALREADY);
    await expectRefusal(g.db, () => revoke(P.admin, once), 400, ALREADY);
    await expectRefusal(g.db, () => revoke(P.member, once), 400, MUST_ADMIN);
  });

  it('an expired link may still be revoked', async () => {
    const expired = await link('member', { inviteExpiresInMinutes: -5 });
    await expectRevoked(P.member, expired);
  });

  it('an unknown id, another organization\'s link and an id past any integer column: "No such invitation"', async () => {
    const elsewhere = (await graphqlClient(g, 'admin').request(CreateInvitationDocument, { input: {} })).createReusableInvitation.invitation!.id;
    expect(Number((await row(elsewhere)).organization_id)).toBe(g.org.id);
    await expectRefusal(g.db, () => revoke(P.admin, elsewhere), 400, NO_SUCH);
    await expectRefusal(g.db, () => revoke(P.owner, 999999), 400, NO_SUCH);
    await expectRefusal(g.db, () => revoke(P.member, 0), 400, NO_SUCH);
    await expectRefusal(g.db, () => revoke(P.owner, '4294967297'), 400, NO_SUCH);
    await expectRefusal(g.db, () => revoke(P.owner, '99999999999999999999999999'), 400, NO_SUCH);
    await expectRefusal(g.db, () => revoke('otherOwner', member2Link), 400, NO_SUCH);
  });

  it('guests and bots are refused before the link is looked up', async () => {
    await expectRefusal(g.db, () => revoke(P.guest, 999999), 400, GUEST);
    await expectRefusal(g.db, () => revoke(P.bot, member2Link), 400, BOT);
  });

  it.each(['abc', '-1', '1.5', '1e3', '%20', '0x10', '12abc'])('a path id %j that is not digits is an unknown path (404), credentials or not', async (bad) => {
    await expectRefusal(g.db, () => revoke(P.owner, bad), 404, NOT_FOUND);
    await expectRefusal(g.db, () => revoke(null, bad), 404, NOT_FOUND);
  });

  it('a known path with another method is 405; without credentials, 401', async () => {
    const res = await request(g, 'GET', revokePath(member2Link), { who: P.owner });
    expect({ status: res.status, body: res.body }).toEqual({ status: 405, body: { result: 'error', msg: 'Method Not Allowed', allowed_methods: ['DELETE'] } });
    await expectRefusal(g.db, () => revoke(null, member2Link), 401,
      { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
  });

  it('the id comes from the path only: an invite_id in the body or query string is ignored and reported', async () => {
    const target = await link('member');
    const decoy = await link('member');
    const res = await request(g, 'DELETE', `${revokePath(target)}?invite_id=${decoy}`, { who: P.member, form: { invite_id: decoy } });
    expect(res.body).toEqual({ ...OK, ignored_parameters_unsupported: ['invite_id'] });
    expect((await row(target)).revoked_at).not.toBeNull();
    expect((await row(decoy)).revoked_at).toBeNull();
  });

  it('concurrent revocations of one link: exactly one succeeds, the others are told it is already revoked', async () => {
    const target = await link('admin');
    const results = await Promise.all([P.admin, P.owner, P.admin, P.owner].map((who) => revoke(who, target)));
    const bodies = results.map((r) => r.body);
    expect(bodies.filter((b) => b.result === 'success')).toEqual([OK]);
    expect(bodies.filter((b) => b.result === 'error')).toEqual([ALREADY, ALREADY, ALREADY]);
    expect((await row(target)).revoked_at).not.toBeNull();
  });

  // ---------------------------------------------------------------- GraphQL

  it('GraphQL revokeReusableInvitation returns the revoked invitation; reusableInvitations no longer lists it', async () => {
    const target = await link('member2', { inviteAs: 'GUEST', inviteExpiresInMinutes: null });
    const listedBefore = (await graphqlClient(g, P.member2).request(InvitationsDocument, {})).reusableInvitations.find((i) => i.id === target)!;
    const t0 = Date.now();
    const res = await graphqlClient(g, P.member2).request(RevokeInvitationDocument, { input: { id: target } });
    const r = await row(target);
    expect(res.revokeReusableInvitation.invitation).toEqual({ ...listedBefore, revokedAt: toDate(r.revoked_at).toISOString() });
    expect(toDate(r.revoked_at).getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    const after = (await graphqlClient(g, P.member2).request(InvitationsDocument, {})).reusableInvitations;
    expect(after.map((i) => i.id)).not.toContain(target);
  });

  it('GraphQL: the same refusals, messages and codes, and nothing written', async () => {
    const owners = await link('owner', { inviteAs: 'OWNER' });
    const members = await link('member');
    const revoked = await link('member');
    await graphqlClient(g, P.member).request(RevokeInvitationDocument, { input: { id: revoked } });
    const cases: [Who, number, string, string][] = [
      [P.member2, members, 'Must be an organization administrator', 'BAD_REQUEST'],
      [P.admin, owners, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'],
      [P.member, owners, 'Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'],
      [P.member, revoked, 'Invitation has already been revoked', 'BAD_REQUEST'],
      [P.admin, 999999, 'No such invitation', 'BAD_REQUEST'],
      [P.admin, Number.MAX_SAFE_INTEGER, 'No such invitation', 'BAD_REQUEST'],
      ['otherOwner', members, 'No such invitation', 'BAD_REQUEST'],
      [P.guest, members, 'Not allowed for guest users', 'BAD_REQUEST'],
      [P.bot, members, 'This endpoint does not accept bot requests.', 'BAD_REQUEST'],
      [null, members, 'Not logged in: API authentication or user session required', 'UNAUTHORIZED'],
    ];
    for (const [who, inviteId, message, code] of cases) {
      await expectGraphqlRefusal(g.db, () => graphqlClient(g, who).request(RevokeInvitationDocument, { input: { id: inviteId } }), { message, code });
    }
  });
});
