import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../src/store/db';
import { snapshot } from './support/dbState';
import { DIALECTS, freshDatabaseUrl } from './support/gateway';
import { operatorEnv } from './support/instances';
import { testWorld } from './support/world';

const BIN = path.resolve('bin/org-admin-gateway.js');

function cli(args: string[], databaseUrl: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function writeWorld(world: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oag-world-')), 'world.json');
  fs.writeFileSync(file, JSON.stringify(world));
  return file;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type AnyWorld = { organizations: any[] };
const mutated = (change: (w: AnyWorld) => void): AnyWorld => {
  const w = testWorld() as AnyWorld;
  change(w);
  return w;
};

describe.each(DIALECTS)('command line on %s', (dialect) => {
  let url: string;
  let drop: () => Promise<void>;
  let db: Database;
  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl(dialect));
    db = openDatabase(url);
  });
  afterAll(async () => {
    await db?.knex.destroy();
    await drop?.();
  });

  it('migrate applies the migrations and is idempotent', () => {
    expect(cli(['migrate'], url)).toMatchObject({ code: 0, stdout: 'migrations applied\n' });
    expect(cli(['migrate'], url).code).toBe(0);
  });

  it('a held migration lock stops migrate and serve with one clear line until migrate --unlock releases it', async () => {
    // What a process killed while migrating leaves behind.
    await db.knex('knex_migrations_lock').update({ is_locked: 1 });
    const refusal = /^org-admin-gateway: cannot prepare the database \([^)]*\): the migration lock is held: another instance is migrating it now, or one was killed while migrating; if none is running, release the lock with `org-admin-gateway migrate --unlock` and start again\n$/;
    for (const command of ['migrate', 'serve']) {
      const r = cli([command], url);
      expect(r).toMatchObject({ code: 1, stdout: '' });
      expect(r.stderr).toMatch(refusal);
    }
    expect(cli(['migrate', '--unlock'], url)).toEqual({ code: 0, stdout: 'migration lock released\n', stderr: '' });
    expect(await db.knex('knex_migrations_lock').pluck('is_locked')).toEqual([0]);
    expect(cli(['migrate', '--unlock'], url)).toEqual({ code: 0, stdout: 'the migration lock was not held; nothing changed\n', stderr: '' });
    expect(cli(['migrate'], url)).toEqual({ code: 0, stdout: 'migrations applied\n', stderr: '' });
  });

  it('load-world loads the file in one go and prints the ids it assigned', async () => {
    const r = cli(['load-world', writeWorld(testWorld())], url);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.organizations).toHaveLength(3);
    const org = out.organizations[0];
    expect(org.url).toBe('http://test.localhost:9991');
    const member = await db.knex('users').where('id', org.users['member@test.org']).first();
    expect(member).toMatchObject({ email: 'member@test.org', role: 400, organization_id: org.id });
    expect(Object.keys(org.user_groups)).toEqual(expect.arrayContaining(['open', 'role:members', 'role:nobody', 'role:internet']));
    expect((await db.knex('channels').where('id', org.channels.private).first()).name).toBe('private');
    expect((await db.knex('channel_folders').where('id', org.channel_folders.Existing).first()).rendered_description)
      .toBe('<p>Already <strong>here</strong></p>');
    expect((await db.knex('custom_profile_fields').where('id', org.custom_profile_fields.Badge).first()).editable_by_user).toBeFalsy();
    // System groups nest: an owner is, through subgroups, a member of role:members.
    const nested = await db.knex('user_group_subgroups').where('supergroup_id', org.user_groups['role:members']).pluck('subgroup_id');
    expect(nested).toEqual([org.user_groups['role:fullmembers']]);
  });

  it.each([
    ['an unknown e-mail in a member list', (w: AnyWorld) => w.organizations[0].user_groups[0].members.push('nobody@test.org'),
      /organizations\[0\] \("Test Org"\)\.user_groups\[0\] \("open"\): unknown e-mail in members: "nobody@test.org"/],
    ['a duplicate e-mail', (w: AnyWorld) => w.organizations[0].users.push({ ...w.organizations[0].users[1], email: 'ADMIN@test.org', api_key: 'x'.repeat(32) }),
      /users\[10\] \("ADMIN@test.org"\): duplicate e-mail/],
    ['a malformed API key', (w: AnyWorld) => { w.organizations[0].users[2].api_key = 'short'; },
      /users\[2\] \("moderator@test.org"\): api_key must be 32 characters/],
    ['an unknown group name', (w: AnyWorld) => { w.organizations[0].channels[0].can_add_subscribers_group = 'no-such-group'; },
      /channels\[0\] \("general"\): unknown group name in can_add_subscribers_group: "no-such-group"/],
    ['an organization url already in the database', (w: AnyWorld) => { w.organizations[0].url = 'http://test.localhost:9991'; w.organizations[0].users = []; w.organizations[0].channels = []; w.organizations[0].user_groups = []; w.organizations[0].custom_profile_fields = []; w.organizations[0].channel_folders = []; w.organizations[0].push_devices = []; w.organizations.splice(1); },
      /organizations\[0\] \("Test Org"\): an organization with url "http:\/\/test.localhost:9991" already exists/],
    ['an API key another user holds', (w: AnyWorld) => { w.organizations = [{ name: 'New', url: 'http://new.localhost', users: [{ email: 'a@new.org', full_name: 'A', role: 100, api_key: 'TestOwnerKey0000000000000000000a' }] }]; },
      /organizations\[0\] \("New"\)\.users\[0\] \("a@new.org"\): api_key is already used by another user/],
    ['subgroups that form a cycle', (w: AnyWorld) => { w.organizations[0].user_groups[4].subgroups = ['outer']; },
      /user_groups\[\d\] \("(inner|outer)"\): subgroups form a cycle/],
  ])('a world with %s changes nothing and names the entry', async (_what, change, message) => {
    const before = await snapshot(db);
    const r = cli(['load-world', writeWorld(mutated(change))], url);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(await snapshot(db)).toEqual(before);
  });

  it('a file that is not JSON is refused with a clear message', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oag-world-')), 'bad.json');
    fs.writeFileSync(file, '{ not json');
    const before = await snapshot(db);
    const r = cli(['load-world', file], url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^org-admin-gateway: cannot read .*bad\.json/);
    expect(await snapshot(db)).toEqual(before);
  });
});

describe('npm start on an empty database', () => {
  it('migrates, loads the demo world once, prints credentials and curl commands, and serves (Apollo Sandbox at /graphql)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oag-start-'));
    const databaseUrl = `sqlite:${path.join(dir, 'demo.sqlite3')}`;
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, [BIN, 'serve'], { env: operatorEnv({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }) });
      let out = '';
      child.stdout.on('data', (d) => { out += d; });
      const deadline = Date.now() + 30_000;
      while (!out.includes('listening on') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 300));
      return { child, port, out: () => out };
    };
    const first = await start();
    try {
      const out = first.out();
      expect(out).toContain(`listening on http://127.0.0.1:${first.port}`);
      expect(out).toContain('iago@zulip.com');
      const curls = out.split('\n').filter((l) => l.trim().startsWith('curl '));
      expect(curls).toHaveLength(3);
      const res = await fetch(`http://127.0.0.1:${first.port}/api/v1/channel_folders/create`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('iago@zulip.com:DemoAdminKey000000000000000000aa').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Demo+folder&description=',
      });
      expect(((await res.json()) as { result: string }).result).toBe('success');
      // A browser opening /graphql gets Apollo Sandbox, in production mode too.
      const page = await fetch(`http://127.0.0.1:${first.port}/graphql`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<script[^>]*src="https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\/[^"]*embeddable-sandbox\.umd\.production\.min\.js/);
    } finally {
      first.child.kill('SIGTERM');
      await new Promise((r) => first.child.on('exit', r));
    }
    const second = await start();
    try {
      expect(second.out()).toContain('listening on');
      expect(second.out()).not.toContain('Loaded the demo organization');
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.on('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('an unreachable MySQL server fails start-up with a clear message and no password', () => {
    const r = spawnSync(process.execPath, [BIN, 'migrate'], {
      env: { ...process.env, DATABASE_URL: 'mysql://someone:secret@127.0.0.1:1/nowhere' }, encoding: 'utf8', timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^org-admin-gateway: cannot prepare the database \(mysql:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nowhere\)/);
    expect(r.stderr).not.toContain('secret');
  });
});
