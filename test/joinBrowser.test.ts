import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyMessagesDocument } from '../src/generated/graphql';
import { loadWorld } from '../src/world/loadWorld';
import { startGateway, type Gateway } from './support/gateway';
import { graphqlClient, post } from './support/http';
import { INVITE, REGISTER } from './support/paths';

// The join journey in a real browser: Debian's Chromium, driven by playwright-core. A browser
// cannot choose the Host header, so the organization under test lives at the server's own address.

const CHROMIUM = '/usr/bin/chromium';
const OWNER = { email: 'owner@browser.org', apiKey: 'BrowserOwnerKey0000000000000000a' };
const SCREENSHOTS = path.join(os.tmpdir(), 'org-admin-gateway-join');

describe('the join journey in Chromium (sqlite)', () => {
  let g: Gateway;
  let context: BrowserContext;
  let profileDir: string;
  let generalId: number;

  beforeAll(async () => {
    g = await startGateway('sqlite');
    const loaded = await loadWorld(g.db, {
      organizations: [{
        name: 'Browser Org',
        url: g.base,
        settings: { welcome_message_custom_text: 'Say hi in **#general**!' },
        users: [{ email: OWNER.email, full_name: 'Bea Owner', role: 100, api_key: OWNER.apiKey }],
        channels: [{ name: 'general', is_default: true, subscribers: [OWNER.email] }],
      }],
    });
    generalId = loaded.organizations[0]!.channels.general!;
    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oag-chromium-'));
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await g?.close();
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  });

  it('opens a link made by the API, signs up, and the key shown works', async () => {
    const made = await post(g, OWNER, INVITE, { include_realm_default_subscriptions: true });
    expect(made.status).toBe(200);
    const link: string = made.body.invite_link;
    expect(link).toMatch(new RegExp(`^${g.base.replace(/[.]/g, '\\.')}/join/[a-z2-7]{24}/$`));

    const page = await context.newPage();
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    expect(await page.title()).toBe('Join Browser Org');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Join Browser Org');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'join-form.png'), fullPage: true });

    // The fields are found by their labels, as assistive technology finds them.
    await page.getByLabel('Email address').fill('browser.user@example.com');
    await page.getByLabel('Full name').fill('Bruno Browser');
    await Promise.all([page.waitForURL(link), page.getByRole('button', { name: 'Sign up' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Browser Org, Bruno Browser!' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'joined.png'), fullPage: true });

    const apiKey = (await page.locator('#api-key').textContent())!.trim();
    expect(apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const shown = await page.locator('article.message').allTextContents();
    expect(shown.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Welcome Bot Hi there, and welcome to Zulip! 👋 New to Zulip? The getting started guide walks you through the basics.',
      'Welcome Bot Say hi in #general!',
    ]);
    await page.close();

    // The key the page showed authenticates the new account.
    const registered = await post(g, { email: 'browser.user@example.com', apiKey }, REGISTER);
    expect({ status: registered.status, result: registered.body.result }).toEqual({ status: 200, result: 'success' });
    const me = await graphqlClient(g, { email: 'browser.user@example.com', apiKey }).request(MyMessagesDocument);
    expect(me.me.messages.map((m) => m.content)).toEqual([expect.stringContaining('welcome to Zulip!'), 'Say hi in **#general**!']);
    const user = await g.db.knex('users').where('email_key', 'browser.user@example.com').first();
    expect((await g.db.knex('subscriptions').where('user_id', user.id).pluck('channel_id')).map(Number)).toEqual([generalId]);
  }, 60_000);

  it('a malformed link shows the error page', async () => {
    const page = await context.newPage();
    const opened = await page.goto(`${g.base}/join/not-a-key/`);
    expect(opened?.status()).toBe(404);
    expect(await page.getByRole('alert').textContent()).toBe('The confirmation link is malformed.');
    await page.close();
  }, 60_000);
});
