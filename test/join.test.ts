import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JoinWithInvitationDocument, MyMessagesDocument, type JoinWithInvitationMutation } from '../src/generated/graphql';
import { signUpPage } from '../src/web/pages';
import { loadWorld, type LoadedOrganization } from '../src/world/loadWorld';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { encodeParams, fetchAtHost, graphqlClient, graphqlClientAt, graphqlError, post, type Who } from './support/http';
import { INVITE, JOIN, REGISTER } from './support/paths';
import { expectGraphqlRefusal } from './support/refusals';
import { ORG_URL, OTHER_ORG_URL } from './support/world';
import { recordStatements } from './support/sqlStatements';

const HOST = new URL(ORG_URL).host;
const OTHER_HOST = new URL(OTHER_ORG_URL).host;
const GONE_HOST = 'gone.localhost:9991';

const MALFORMED = 'The confirmation link is malformed.';
const NOT_FOUND = "We couldn't find your confirmation link in the system.";
const EXPIRED = 'The confirmation link has expired or been deactivated.';

const GREETING = 'Hi there, and welcome to Zulip! 👋\n\n'
  + 'New to Zulip? The [getting started guide](https://zulip.com/help/getting-started-with-zulip) walks you through the basics.';
const GREETING_HTML = '<p>Hi there, and welcome to Zulip! 👋</p>\n'
  + '<p>New to Zulip? The <a href="https://zulip.com/help/getting-started-with-zulip">getting started guide</a> walks you through the basics.</p>';
const ADMIN_GREETING = `${GREETING}\n\nSetting up your organization? See the guide to [moving your organization to Zulip](https://zulip.com/help/moving-to-zulip).`;

/** An organization whose name and texts need escaping in HTML. */
const EVIL_URL = 'http://evil.localhost:9991';
const EVIL_NAME = '<script>alert("x")</script> & Co';
const EVIL_OWNER = { email: 'owner@evil.org', apiKey: 'EvilOwnerKey0000000000000000000a' };

function extraWorld(): object {
  return {
    organizations: [{
      name: EVIL_NAME,
      url: EVIL_URL,
      settings: { welcome_message_custom_text: 'Hi <b>there</b> & **welcome**' },
      users: [{ email: EVIL_OWNER.email, full_name: 'Evil Owner', role: 100, api_key: EVIL_OWNER.apiKey }],
    }],
  };
}

interface Page {
  status: number;
  headers: Headers;
  text: string;
}

const byNumber = (a: number, b: number) => a - b;

describe.each(DIALECTS)('joining through a reusable link on %s', (dialect) => {
  let g: Gateway;
  let evil: LoadedOrganization;
  beforeAll(async () => {
    g = await startGateway(dialect);
    [evil] = (await loadWorld(g.db, extraWorld())).organizations as [LoadedOrganization];
  });
  afterAll(async () => { await g?.close(); });

  const ch = (name: string) => g.org.channels[name]!;
  const grp = (name: string) => g.org.user_groups[name]!;

  /** A link made through the REST API; returns its key. */
  async function link(who: Who, form: Record<string, unknown> = {}): Promise<string> {
    const res = await post(g, who, INVITE, form);
    expect(res.status, res.text).toBe(200);
    return /\/join\/([a-z2-7]{24})\/$/.exec(res.body.invite_link)![1]!;
  }

  async function openPage(key: string, host = HOST): Promise<Page> {
    const res = await fetchAtHost(host)(new URL(JOIN(key), g.base));
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  async function submit(key: string, form: Record<string, string>, host = HOST): Promise<Page> {
    const res = await fetchAtHost(host)(new URL(JOIN(key), g.base), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encodeParams(form).toString(),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  function apiKeyOf(page: Page): string {
    const m = /<code class="key" id="api-key"[^>]*>([A-Za-z0-9]{32})<\/code>/.exec(page.text);
    expect(m, page.text).not.toBeNull();
    return m![1]!;
  }

  async function stored(email: string) {
    const { knex } = g.db;
    const user = await knex('users').where('email_key', email.toLowerCase()).first();
    expect(user, `no user ${email}`).toBeDefined();
    const id = Number(user.id);
    const channels = (await knex('subscriptions').where('user_id', id).pluck('channel_id')).map(Number).sort(byNumber);
    const groups = (await knex('user_group_members').where('user_id', id).pluck('group_id')).map(Number).sort(byNumber);
    const messages = await knex('messages').where('recipient_id', id).orderBy('id').select('sender_name', 'content', 'rendered_content');
    return {
      id, organizationId: Number(user.organization_id), email: String(user.email), fullName: String(user.full_name),
      role: Number(user.role), channels, groups,
      messages: messages.map((m) => ({ sender: m.sender_name, content: m.content, rendered: m.rendered_content })),
    };
  }

  /** A refusal: the exact page, and not a row written anywhere. */
  async function refusedPage(send: () => Promise<Page>, status: number, message: string) {
    const before = await snapshot(g.db);
    const page = await send();
    expect(page.status).toBe(status);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(`role="alert"`);
    expect(page.text).toContain(escapeForTest(message));
    expect(await snapshot(g.db)).toEqual(before);
    return page;
  }

  /** The same refusal through joinWithInvitation, sent to the organization at `host`. */
  const refusedGraphQL = (input: { key: string; email: string; fullName: string }, message: string, host = HOST) =>
    expectGraphqlRefusal(g.db, () => graphqlClientAt(g, null, host).request(JoinWithInvitationDocument, { input }), { message, code: 'BAD_REQUEST' });

  const escapeForTest = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

  async function registers(email: string, apiKey: string) {
    const res = await post(g, { email, apiKey }, REGISTER);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('success');
  }

  // ---------------------------------------------------------------- the page

  it('GET shows an accessible sign-up form for the organization of the link, and writes nothing', async () => {
    const key = await link('admin');
    const before = await snapshot(g.db);
    const page = await openPage(key);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(page.text).toContain('<title>Join Test Org</title>');
    expect(page.text).toContain('<h1>Join Test Org</h1>');
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('<label for="email">Email address</label>');
    expect(page.text).toContain('<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="">');
    expect(page.text).toContain('<label for="full_name">Full name</label>');
    expect(page.text).toContain('<input id="full_name" name="full_name" type="text" autocomplete="name" required maxlength="100" value="">');
    expect(page.text).not.toMatch(/<script|<link|src=|@import/);
    expect(await snapshot(g.db)).toEqual(before);
  });

  it('the organization name and the welcome text are escaped', async () => {
    const res = await post(g, EVIL_OWNER, INVITE, {});
    const key = /\/join\/([a-z2-7]{24})\/$/.exec(res.body.invite_link)![1]!;
    const host = new URL(EVIL_URL).host;
    const page = await openPage(key, host);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Join &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>');
    expect(page.text).not.toContain('<script>');
    const joined = await submit(key, { email: 'x@evil.org', full_name: "O'Hara & <Ann" }, host);
    expect(joined.status).toBe(200);
    expect(joined.text).not.toContain('<script>');
    expect(joined.text).not.toContain('<b>');
    expect(joined.text).toContain('Welcome to &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co, O&#39;Hara &amp; &lt;Ann!');
    expect(joined.text).toContain('<p>Hi &lt;b&gt;there&lt;/b&gt; &amp; <strong>welcome</strong></p>');
    const user = await stored('x@evil.org');
    expect(user.organizationId).toBe(evil.id);
    expect(user.messages[1]).toEqual({ sender: 'Welcome Bot', content: 'Hi <b>there</b> & **welcome**', rendered: '<p>Hi &lt;b&gt;there&lt;/b&gt; &amp; <strong>welcome</strong></p>' });
  });

  // ---------------------------------------------------------------- what the account gets

  it('POST creates the account: role, channels with the defaults, groups with the role\'s, messages, a key that works', async () => {
    const key = await link('owner', {
      stream_ids: [ch('public'), ch('private-owner-only')], group_ids: [grp('open'), grp('locked')],
      include_realm_default_subscriptions: true, invite_as: 400,
    });
    const page = await submit(key, { email: '  Newbie@Example.COM ', full_name: '  Nora Newbie ' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<title>Welcome to Test Org</title>');
    expect(page.text).toContain('<h1>Welcome to Test Org, Nora Newbie!</h1>');
    const apiKey = apiKeyOf(page);
    const user = await stored('newbie@example.com');
    expect(user).toEqual({
      id: expect.any(Number), organizationId: g.org.id, email: 'Newbie@Example.COM', fullName: 'Nora Newbie', role: 400,
      // The invitation's channels plus the default channels (general, private-default).
      channels: [ch('general'), ch('public'), ch('private-owner-only'), ch('private-default')].sort(byNumber),
      groups: [grp('open'), grp('locked'), grp('role:members'), grp('role:fullmembers')].sort(byNumber),
      messages: [
        { sender: 'Welcome Bot', content: GREETING, rendered: GREETING_HTML },
        { sender: 'Welcome Bot', content: 'Welcome to the test org!', rendered: '<p>Welcome to the test org!</p>' },
      ],
    });
    // The page shows both messages, rendered.
    expect(page.text).toContain(`<article class="message">\n<h3>Welcome Bot</h3>\n${GREETING_HTML}\n</article>`);
    expect(page.text).toContain('<article class="message">\n<h3>Welcome Bot</h3>\n<p>Welcome to the test org!</p>\n</article>');
    // Only the hash is stored.
    const row = await g.db.knex('users').where('id', user.id).first();
    expect(row.api_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(apiKey);
    await registers('Newbie@Example.COM', apiKey);
    const me = await graphqlClient(g, { email: 'newbie@example.com', apiKey }).request(MyMessagesDocument);
    expect(me).toEqual({
      me: {
        id: user.id,
        messages: [
          { id: expect.any(Number), senderName: 'Welcome Bot', content: GREETING, renderedContent: GREETING_HTML, sentAt: expect.any(String) },
          { id: expect.any(Number), senderName: 'Welcome Bot', content: 'Welcome to the test org!', renderedContent: '<p>Welcome to the test org!</p>', sentAt: expect.any(String) },
        ],
      },
    });
    expect(me.me.messages[0]!.id).toBeLessThan(me.me.messages[1]!.id);
  });

  it('without the flag only the invitation\'s channels; the role comes from the invitation', async () => {
    const key = await link('owner', { stream_ids: [ch('public')], invite_as: 200 });
    const page = await submit(key, { email: 'second-admin@example.com', full_name: 'Ada Second' });
    expect(page.status).toBe(200);
    const user = await stored('second-admin@example.com');
    expect(user.role).toBe(200);
    expect(user.channels).toEqual([ch('public')]);
    expect(user.groups).toEqual([grp('role:administrators')]);
    // Administrators get the pointer for setting up the organization.
    expect(user.messages.map((m) => m.content)).toEqual([ADMIN_GREETING, 'Welcome to the test org!']);
  });

  it('each role gets its system group; guests role:everyone, moderators role:moderators', async () => {
    const guestKey = await link('admin', { invite_as: 600 });
    expect((await submit(guestKey, { email: 'guesty@example.com', full_name: 'Gia Guest' })).status).toBe(200);
    expect((await stored('guesty@example.com')).groups).toEqual([grp('role:everyone')]);
    const modKey = await link('admin', { invite_as: 300 });
    expect((await submit(modKey, { email: 'mod2@example.com', full_name: 'Mod Two' })).status).toBe(200);
    expect((await stored('mod2@example.com')).groups).toEqual([grp('role:moderators')]);
    const ownerKey = await link('owner', { invite_as: 100 });
    expect((await submit(ownerKey, { email: 'owner2@example.com', full_name: 'Owen Two' })).status).toBe(200);
    const owner = await stored('owner2@example.com');
    expect({ role: owner.role, groups: owner.groups }).toEqual({ role: 100, groups: [grp('role:owners')] });
  });

  it('default channels and the organization\'s welcome text are taken at joining time', async () => {
    const key = await link('admin', { include_realm_default_subscriptions: true });
    const { knex } = g.db;
    await knex('channels').where('id', ch('public')).update({ is_default: true });
    await knex('organizations').where('id', g.org.id).update({ welcome_message_custom_text: 'Changed **text**' });
    try {
      expect((await submit(key, { email: 'late@example.com', full_name: 'Lee Late' })).status).toBe(200);
      const user = await stored('late@example.com');
      expect(user.channels).toEqual([ch('general'), ch('public'), ch('private-default')].sort(byNumber));
      expect(user.messages.map((m) => [m.content, m.rendered])).toEqual([
        [GREETING, GREETING_HTML], ['Changed **text**', '<p>Changed <strong>text</strong></p>'],
      ]);
    } finally {
      await knex('channels').where('id', ch('public')).update({ is_default: false });
      await knex('organizations').where('id', g.org.id).update({ welcome_message_custom_text: 'Welcome to the test org!' });
    }
  });

  it('the invitation\'s own text wins; an empty text means the greeting alone', async () => {
    const own = await link('admin', { welcome_message_custom_text: 'Glad to have you in #**general**.' });
    expect((await submit(own, { email: 'own-text@example.com', full_name: 'Otto Text' })).status).toBe(200);
    expect((await stored('own-text@example.com')).messages.map((m) => m.content)).toEqual([GREETING, 'Glad to have you in #**general**.']);
    const none = await link('admin', { welcome_message_custom_text: '' });
    const page = await submit(none, { email: 'no-text@example.com', full_name: 'Nat None' });
    expect(page.text.match(/<article class="message">/g)).toHaveLength(1);
    expect((await stored('no-text@example.com')).messages.map((m) => m.content)).toEqual([GREETING]);
  });

  it('an organization whose text is empty sends the greeting alone', async () => {
    const res = await post(g, 'otherMember', INVITE, {});
    const key = /\/join\/([a-z2-7]{24})\/$/.exec(res.body.invite_link)![1]!;
    expect((await submit(key, { email: 'quiet@example.com', full_name: 'Quinn Quiet' }, OTHER_HOST)).status).toBe(200);
    const user = await stored('quiet@example.com');
    expect({ org: user.organizationId, messages: user.messages.map((m) => m.content) }).toEqual({ org: g.otherOrg.id, messages: [GREETING] });
  });

  it('channels archived and groups deactivated since the link was made are left out', async () => {
    const key = await link('owner', { stream_ids: [ch('public'), ch('general')], group_ids: [grp('open'), grp('locked')] });
    const { knex } = g.db;
    await knex('channels').where('id', ch('public')).update({ is_archived: true });
    await knex('user_groups').where('id', grp('locked')).update({ deactivated: true });
    try {
      expect((await submit(key, { email: 'after-archive@example.com', full_name: 'Abe Archive' })).status).toBe(200);
      const user = await stored('after-archive@example.com');
      expect({ channels: user.channels, groups: user.groups }).toEqual({
        channels: [ch('general')], groups: [grp('open'), grp('role:members'), grp('role:fullmembers')].sort(byNumber),
      });
    } finally {
      await knex('channels').where('id', ch('public')).update({ is_archived: false });
      await knex('user_groups').where('id', grp('locked')).update({ deactivated: false });
    }
  });

  it('one link serves many people, and stays usable', async () => {
    const key = await link('admin');
    for (const n of [1, 2, 3]) {
      const page = await submit(key, { email: `many${n}@example.com`, full_name: `Many ${n}` });
      expect(page.status).toBe(200);
      await registers(`many${n}@example.com`, apiKeyOf(page));
    }
    expect((await openPage(key)).status).toBe(200);
  });

  // ---------------------------------------------------------------- links that do not work

  it('malformed, unknown, revoked and expired links: 404 pages with Zulip\'s messages, on GET and POST', async () => {
    const { knex } = g.db;
    const form = { email: 'nobody@example.com', full_name: 'No Body' };
    for (const bad of ['invalid_key', 'abc', 'a'.repeat(23), 'a'.repeat(25), 'a'.repeat(39), 'aaaaaaaaaaaa-aaaaaaaaaaa']) {
      await refusedPage(() => openPage(bad), 404, MALFORMED);
      await refusedPage(() => submit(bad, form), 404, MALFORMED);
    }
    // Well-formed but unknown (the legacy 40-character length included; upper case is another key).
    const key = await link('admin');
    for (const unknown of ['a'.repeat(24), 'a'.repeat(40), key.toUpperCase()]) {
      await refusedPage(() => openPage(unknown), 404, NOT_FOUND);
      await refusedPage(() => submit(unknown, form), 404, NOT_FOUND);
    }
    const revoked = await link('admin');
    await knex('multiuse_invites').where('invite_key', revoked).update({ revoked_at: new Date() });
    await refusedPage(() => openPage(revoked), 404, NOT_FOUND);
    await refusedPage(() => submit(revoked, form), 404, NOT_FOUND);
    const expired = await link('admin', { invite_expires_in_minutes: 1 });
    await knex('multiuse_invites').where('invite_key', expired).update({ expires_at: new Date(Date.now() - 1000) });
    const page = await refusedPage(() => openPage(expired), 404, EXPIRED);
    expect(page.text).toContain('<h1>Whoops.</h1>');
    await refusedPage(() => submit(expired, form), 404, EXPIRED);
    // Revoked and expired at once reads as unknown.
    await knex('multiuse_invites').where('invite_key', expired).update({ revoked_at: new Date() });
    await refusedPage(() => openPage(expired), 404, NOT_FOUND);
  });

  it('a link works only at its own organization\'s address', async () => {
    const form = { email: 'wanderer@example.com', full_name: 'Wanda Wanderer' };
    const key = await link('admin');
    for (const host of [OTHER_HOST, 'nowhere.example:9991', 'TEST.localhost:1234']) {
      await refusedPage(() => openPage(key, host), 404, NOT_FOUND);
      await refusedPage(() => submit(key, form, host), 404, NOT_FOUND);
    }
    // The Host header is case-insensitive.
    expect((await openPage(key, HOST.toUpperCase())).status).toBe(200);
    // A link of the other organization is unknown here.
    const res = await post(g, 'otherMember', INVITE, {});
    const otherKey = /\/join\/([a-z2-7]{24})\/$/.exec(res.body.invite_link)![1]!;
    await refusedPage(() => openPage(otherKey), 404, NOT_FOUND);
    await refusedPage(() => submit(otherKey, form), 404, NOT_FOUND);
    await refusedGraphQL({ key: otherKey, ...{ email: form.email, fullName: form.full_name } }, NOT_FOUND);
  });

  it('a deactivated organization\'s link does not work', async () => {
    const { knex } = g.db;
    const goneOrg = await knex('organizations').where('host', GONE_HOST).first();
    const goneOwner = await knex('users').where('organization_id', goneOrg.id).first();
    const key = 'deactivatedorgkey2345672';
    await knex('multiuse_invites').insert({
      organization_id: goneOrg.id, creator_id: goneOwner.id, invite_key: key, invited_as: 400,
      include_realm_default_subscriptions: false, welcome_message_custom_text: null, created_at: new Date(), expires_at: null, revoked_at: null,
    });
    await refusedPage(() => openPage(key, GONE_HOST), 404, 'This organization has been deactivated.');
    await refusedPage(() => submit(key, { email: 'late@gone.org', full_name: 'Gone Late' }, GONE_HOST), 404, 'This organization has been deactivated.');
  });

  // ---------------------------------------------------------------- the form's values

  it('e-mail addresses already in the organization and invalid values are refused with the form kept', async () => {
    const key = await link('admin');
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'MEMBER@Test.org', full_name: 'Mia Again' }, 'MEMBER@Test.org already has an account'],
      [{ email: 'former@test.org', full_name: 'Former Again' }, 'Account has been deactivated.'],
      [{ email: 'not-an-address', full_name: 'Val Id' }, 'Enter a valid email address.'],
      [{ email: 'a@b', full_name: 'Val Id' }, 'Enter a valid email address.'],
      [{ email: 'two@@example.com', full_name: 'Val Id' }, 'Enter a valid email address.'],
      [{ email: `${'x'.repeat(250)}@example.com`, full_name: 'Val Id' }, 'Enter a valid email address.'],
      [{ email: '', full_name: 'Val Id' }, 'Enter a valid email address.'],
      [{ email: 'ok@example.com', full_name: 'N' }, 'Name too short!'],
      [{ email: 'ok@example.com', full_name: '   ' }, 'Name too short!'],
      [{ email: 'ok@example.com', full_name: 'é'.repeat(101) }, 'Name too long!'],
      [{ email: 'ok@example.com', full_name: 'Star *Power*' }, 'Invalid characters in name!'],
      [{ email: 'ok@example.com', full_name: 'at@name' }, 'Invalid characters in name!'],
      [{ email: 'ok@example.com', full_name: 'Tab\u0007Bell' }, 'Invalid characters in name!'],
      [{ email: 'ok@example.com', full_name: 'Mia Member|15' }, 'Invalid format!'],
      [{ email: 'ok@example.com' }, 'Name too short!'],
    ];
    for (const [form, message] of cases) {
      const page = await refusedPage(() => submit(key, form as Record<string, string>), 400, message);
      expect(page.text).toContain('<p class="error" role="alert" id="form-error">');
      expect(/<input id="email"[^>]* value="([^"]*)">/.exec(page.text)?.[1]).toBe(escapeForTest(form.email ?? ''));
      await refusedGraphQL({ key, email: form.email ?? '', fullName: form.full_name ?? '' }, message);
    }
    // 100 characters (code points) is the limit.
    expect((await submit(key, { email: 'long-name@example.com', full_name: '😀'.repeat(100) })).status).toBe(200);
    expect((await stored('long-name@example.com')).fullName).toBe('😀'.repeat(100));
  });

  it('a refused form is the sign-up page again, named from the one lookup of the link; the API answer names nothing more', async () => {
    const res = await post(g, EVIL_OWNER, INVITE, {});
    const key = /\/join\/([a-z2-7]{24})\/$/.exec(res.body.invite_link)![1]!;
    const host = new URL(EVIL_URL).host;
    const form = { email: EVIL_OWNER.email, full_name: "O'Hara & <Eve" };
    const message = `${EVIL_OWNER.email} already has an account`;
    const before = await snapshot(g.db);
    const { result: page, sql } = await recordStatements(g.db, () => submit(key, form, host));
    expect(page.status).toBe(400);
    expect(page.text).toContain('<h1>Join &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</h1>');
    expect(page.text).toBe(signUpPage(EVIL_NAME, { email: form.email, fullName: form.full_name, error: message }));
    // The organization and the link are read once, in the join's own transaction.
    expect(sql.filter((q) => /\borganizations\b/.test(q))).toHaveLength(1);
    expect(sql.filter((q) => /\bmultiuse_invites\b/.test(q))).toHaveLength(1);

    const answer = await fetchAtHost(host)(new URL('/graphql', g.base), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation J($input: JoinWithInvitationInput!) { joinWithInvitation(input: $input) { apiKey } }',
        variables: { input: { key, email: form.email, fullName: form.full_name } } }),
    });
    expect(await answer.json()).toEqual({
      errors: [{ message, locations: [{ line: 1, column: 48 }], path: ['joinWithInvitation'], extensions: { code: 'BAD_REQUEST' } }],
      data: null,
    });
    // Neither refusal wrote anything.
    expect(await snapshot(g.db)).toEqual(before);
  });

  it('concurrent joins with one e-mail address make one account', async () => {
    const key = await link('admin');
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => submit(key, { email: 'Race@example.com', full_name: `Racer ${n}` })));
    expect(pages.map((p) => p.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const p of pages.filter((x) => x.status === 400)) expect(p.text).toContain('Race@example.com already has an account');
    expect(await g.db.knex('users').where('email_key', 'race@example.com').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 1 }]);
    const user = await stored('race@example.com');
    expect(user.messages).toHaveLength(2);
  });

  // ---------------------------------------------------------------- GraphQL

  it('joinWithInvitation needs no credentials and returns the user, the key and the messages', async () => {
    const key = await link('owner', { stream_ids: [ch('public')], group_ids: [grp('open')], invite_as: 300, welcome_message_custom_text: 'Hi *mod*' });
    const result: JoinWithInvitationMutation = await graphqlClientAt(g, null, HOST).request(JoinWithInvitationDocument, {
      input: { key, email: 'gql@example.com', fullName: ' Gina Graph ' },
    });
    const user = await stored('gql@example.com');
    expect(result).toEqual({
      joinWithInvitation: {
        user: { id: user.id, email: 'gql@example.com', fullName: 'Gina Graph', role: 'MODERATOR', isBot: false },
        apiKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        messages: [
          { id: expect.any(Number), senderName: 'Welcome Bot', content: GREETING, renderedContent: GREETING_HTML, sentAt: expect.any(String) },
          { id: expect.any(Number), senderName: 'Welcome Bot', content: 'Hi *mod*', renderedContent: '<p>Hi <em>mod</em></p>', sentAt: expect.any(String) },
        ],
      },
    });
    expect(user).toMatchObject({ role: 300, channels: [ch('public')], groups: [grp('open'), grp('role:moderators')].sort(byNumber) });
    const apiKey = result.joinWithInvitation.apiKey;
    await registers('gql@example.com', apiKey);
    const me = await graphqlClient(g, { email: 'gql@example.com', apiKey }).request(MyMessagesDocument);
    expect(me.me.messages).toEqual(result.joinWithInvitation.messages);
  });

  it('the join payload\'s user answers its own-data fields: the account it made is its creator\'s to see', async () => {
    // The request carries no credentials; the payload hands over the new account's key, so its
    // own data (no push devices yet, the Welcome Bot's messages) is answered, not refused after the join.
    const client = graphqlClientAt(g, null, HOST);
    const key = await link('admin');
    const query = `mutation J($input: JoinWithInvitationInput!) {
      joinWithInvitation(input: $input) { user { id pushDevices { kind } messages { id content } } messages { id content } } }`;
    const result = await client.request<{ joinWithInvitation: { user: { id: number; pushDevices: unknown[]; messages: unknown[] }; messages: unknown[] } }>(
      query, { input: { key, email: 'own-data@example.com', fullName: 'Own Data' } });
    const made = await stored('own-data@example.com');
    expect(result.joinWithInvitation.user).toEqual({ id: made.id, pushDevices: [], messages: result.joinWithInvitation.messages });
    expect(result.joinWithInvitation.messages.map((m) => (m as { content: string }).content)).toEqual(made.messages.map((m) => m.content));
  });

  it('joinWithInvitation refuses what the page refuses, with the same messages', async () => {
    const { knex } = g.db;
    const input = (key: string) => ({ key, email: 'gql-refused@example.com', fullName: 'Ref Used' });
    await refusedGraphQL(input('abc'), MALFORMED);
    await refusedGraphQL(input('b'.repeat(24)), NOT_FOUND);
    const key = await link('admin');
    await refusedGraphQL(input(key), NOT_FOUND, OTHER_HOST);
    // Without a Host header that names an organization there is no organization to join.
    await refusedGraphQL(input(key), NOT_FOUND, '127.0.0.1');
    await knex('multiuse_invites').where('invite_key', key).update({ expires_at: new Date(Date.now() - 1000) });
    await refusedGraphQL(input(key), EXPIRED);
    await knex('multiuse_invites').where('invite_key', key).update({ revoked_at: new Date() });
    await refusedGraphQL(input(key), NOT_FOUND);
  });

  it('a user\'s messages are that user\'s: the world\'s users have none', async () => {
    expect(await graphqlClient(g, 'member').request(MyMessagesDocument)).toEqual({ me: { id: g.userId('member'), messages: [] } });
  });
});
