import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../src/auth/keys';
import { findByApiKeyHash } from '../src/store/apiKeyLookup';
import { openDatabase } from '../src/store/db';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient } from './support/http';
import { recordStatements } from './support/sqlStatements';
import { USERS, type Handle } from './support/world';

// Authentication lookups that arrive together share one statement on MySQL; each request still
// gets its own answer, read after it arrived.

const HOST = 'test.localhost:9991';
const ACTIVE: Handle[] = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest', 'bot', 'adminBot', 'webhook'];

describe.each(DIALECTS)('the authentication lookup on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  /** How many authentication lookups `run` sent, with what it returned. */
  async function lookups<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
    const { result, sql } = await recordStatements(g.db, run);
    return { result, count: sql.filter((q) => /api_key_hash = \?/.test(q)).length };
  }

  const bucket = (key: string) => ({ key, max: 3 });

  it('lookups started together each find their own user, in one statement on MySQL', async () => {
    const handles = [...ACTIVE, ...ACTIVE.slice(0, 6), 'otherMember' as Handle];
    const { result: answers, count } = await lookups(() => Promise.all(handles.map((h) => findByApiKeyHash(
      g.db.knex, hashApiKey(USERS[h].apiKey), HOST, [bucket(`client:${h}`), bucket(`account:${h}`)], new Date()))));
    expect(answers.map((a) => a.user?.email)).toEqual(handles.map((h) => USERS[h].email));
    expect(answers.map((a) => a.user?.id)).toEqual(handles.map((h) => g.userId(h)));
    // The host names the test organization for every member, whatever its user's organization.
    expect(new Set(answers.map((a) => a.addressedOrganizationId))).toEqual(new Set([g.org.id]));
    expect(answers.every((a) => a.blockedUntil === null)).toBe(true);
    expect(count).toBe(dialect === 'mysql' ? 1 : handles.length);
  });

  it('a batch mixes unknown keys, other hosts and full failure buckets without mixing answers', async () => {
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    await g.db.knex('auth_failures').insert({ bucket_key: 'client:blocked', failures: 3, expires_at: until });
    await g.db.knex('auth_failures').insert({ bucket_key: 'client:below', failures: 2, expires_at: until });
    const asked = [
      { hash: hashApiKey(USERS.member.apiKey), host: HOST, buckets: [bucket('client:blocked'), bucket('account:m')] },
      { hash: hashApiKey('NoSuchKey00000000000000000000000'), host: HOST, buckets: [bucket('client:x')] },
      { hash: hashApiKey(USERS.admin.apiKey), host: 'nowhere.example', buckets: [bucket('client:below')] },
      { hash: '', host: HOST, buckets: [bucket('client:y'), bucket('client:blocked')] },
      { hash: hashApiKey(USERS.owner.apiKey), host: HOST, buckets: [bucket('client:z')] },
    ];
    const { result: answers, count } = await lookups(() => Promise.all(asked.map((l) => findByApiKeyHash(g.db.knex, l.hash, l.host, l.buckets, now))));
    expect(answers.map((a) => a.user?.email ?? null)).toEqual([USERS.member.email, null, USERS.admin.email, null, USERS.owner.email]);
    expect(answers.map((a) => a.blockedUntil !== null)).toEqual([true, false, false, true, false]);
    for (const a of [answers[0]!, answers[3]!]) expect(Math.abs(a.blockedUntil!.getTime() - until.getTime())).toBeLessThan(1000);
    expect(answers.map((a) => a.addressedOrganizationId)).toEqual([g.org.id, g.org.id, null, g.org.id, g.org.id]);
    expect(count).toBe(dialect === 'mysql' ? 1 : asked.length);
  });

  it('more lookups than one statement takes are split, and each still finds its own user', async () => {
    const handles = Array.from({ length: 75 }, (_, i) => ACTIVE[i % ACTIVE.length]!);
    const { result: answers, count } = await lookups(() => Promise.all(handles.map((h) => findByApiKeyHash(
      g.db.knex, hashApiKey(USERS[h].apiKey), HOST, [bucket('client:many')], new Date()))));
    expect(answers.map((a) => a.user?.id)).toEqual(handles.map((h) => g.userId(h)));
    // 16 a statement.
    expect(count).toBe(dialect === 'mysql' ? 5 : handles.length);
  });

  it('a replaced key is refused by the next lookup, even in a batch with the new one', async () => {
    const old = USERS.member2.apiKey;
    const replacement = 'ReplacedMember2Key0000000000000a';
    await g.db.knex('users').where('id', g.userId('member2')).update({ api_key_hash: hashApiKey(replacement) });
    try {
      const [before, after] = await Promise.all([old, replacement].map((k) => findByApiKeyHash(
        g.db.knex, hashApiKey(k), HOST, [bucket('client:r')], new Date())));
      expect(before!.user).toBeNull();
      expect(after!.user?.id).toBe(g.userId('member2'));
    } finally {
      await g.db.knex('users').where('id', g.userId('member2')).update({ api_key_hash: hashApiKey(old) });
    }
  });

  it('a host two organizations share addresses the one with the lower id', async () => {
    const row = await g.db.knex('organizations').where('id', g.org.id).first();
    const { id: _id, ...copy } = row;
    const [twin] = await g.db.knex('organizations').insert({ ...copy, name: 'Twin Org', url: 'https://test.localhost:9991' });
    try {
      expect(Number(twin)).toBeGreaterThan(g.org.id);
      const answers = await Promise.all([USERS.member.apiKey, USERS.admin.apiKey].map((k) => findByApiKeyHash(
        g.db.knex, hashApiKey(k), HOST, [bucket('client:twin')], new Date())));
      expect(answers.map((a) => a.addressedOrganizationId)).toEqual([g.org.id, g.org.id]);
    } finally {
      await g.db.knex('organizations').where('id', Number(twin)).delete();
    }
  });

  it('concurrent requests over HTTP are each answered as their own caller', async () => {
    const callers = ACTIVE.filter((h) => h !== 'webhook');
    const handles = Array.from({ length: 40 }, (_, i) => callers[i % callers.length]!);
    const { result: answers, count } = await lookups(() => Promise.all(handles.map(async (h) => (
      await graphqlClient(g, h).request<{ me: { id: number; email: string } }>('{ me { id email } }')).me)));
    expect(answers).toEqual(handles.map((h) => ({ id: g.userId(h), email: USERS[h].email })));
    // One lookup each on SQLite; on MySQL as many as arrived apart, which over real sockets may
    // be every one (the store-level tests above show the sharing itself).
    if (dialect === 'sqlite') expect(count).toBe(handles.length);
    else expect(count).toBeLessThanOrEqual(handles.length);
  });
});

describe.runIf(DIALECTS.includes('mysql'))('a failed batch', () => {
  it('fails every lookup in it, each with the error', async () => {
    const db = openDatabase('mysql://root@127.0.0.1:1/none');
    try {
      const results = await Promise.allSettled([1, 2, 3].map((i) => findByApiKeyHash(db.knex, `h${i}`, HOST, [{ key: `client:${i}`, max: 3 }], new Date())));
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      const reasons = results.map((r) => (r as PromiseRejectedResult).reason as Error);
      expect(reasons[0]).toBeInstanceOf(Error);
      expect(reasons.map((e) => e.message)).toEqual([reasons[0]!.message, reasons[0]!.message, reasons[0]!.message]);
      expect(reasons[0]!.message).toMatch(/ECONNREFUSED/);
    } finally {
      await db.knex.destroy();
    }
  });
});
