import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBucketKey } from '../src/auth/authenticate';
import { MeDocument } from '../src/generated/graphql';
import { buildServer } from '../src/server';
import { openDatabase, type Database } from '../src/store/db';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, graphqlError, post } from './support/http';
import { REGISTER } from './support/paths';
import { recordStatements } from './support/sqlStatements';
import { USERS } from './support/world';

const wrongKey = (email: string) => ({ email, apiKey: 'WrongKeyWrongKeyWrongKeyWrong000' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('authentication failures are rate limited on %s', (dialect) => {
  let g: Gateway;
  let other: Gateway;
  // A second gateway instance on the same database, with a connection pool of its own.
  let secondDb: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    g = await startGateway(dialect, { authFailureLimits: { client: { max: 1000, seconds: 60 }, account: { max: 3, seconds: 2 } } });
    secondDb = openDatabase(g.databaseUrl);
    second = await buildServer({ db: secondDb, config: g.config });
    other = { ...g, base: (await second.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1') };
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.knex.destroy();
    await g?.close();
  });

  it('after the account\'s limit, even the right key gets 429 with Retry-After and X-RateLimit headers, on every instance', async () => {
    const email = USERS.member.email;
    // Failures spread over the two instances count together.
    for (const gw of [g, other, g]) expect((await post(gw, wrongKey(email), REGISTER)).status).toBe(401);
    for (const gw of [g, other]) {
      const res = await post(gw, 'member', REGISTER);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': expect.any(Number) });
      expect(res.body['retry-after']).toBeGreaterThan(0);
      expect(res.body['retry-after']).toBeLessThanOrEqual(2);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    }
    // GraphQL answers the same.
    expect(await graphqlError(graphqlClient(g, 'member').request(MeDocument))).toMatchObject({ code: 'RATE_LIMIT_HIT', status: 429 });
    // Another account is not affected.
    expect((await post(g, 'member2', REGISTER)).status).toBe(200);
    // The window passes and the right key works again.
    await sleep(2100);
    expect((await post(other, 'member', REGISTER)).status).toBe(200);
  });

  it('the e-mail is matched ignoring case, so changing its case does not dodge the limit', async () => {
    for (const email of ['Guest@test.org', 'GUEST@test.org', 'guest@TEST.org']) {
      expect((await post(g, wrongKey(email), REGISTER)).status).toBe(401);
    }
    expect((await post(g, 'guest', REGISTER)).status).toBe(429);
    await sleep(2100);
  });
});

describe('per client address', () => {
  it('too many failures from one address block it, whatever the accounts tried', async () => {
    const g = await startGateway('sqlite', { authFailureLimits: { client: { max: 4, seconds: 60 }, account: { max: 1000, seconds: 60 } } });
    try {
      for (const h of ['owner', 'admin', 'moderator', 'member'] as const) {
        expect((await post(g, wrongKey(USERS[h].email), REGISTER)).status).toBe(401);
      }
      const res = await post(g, 'guest', REGISTER);
      expect(res.status).toBe(429);
      expect(res.headers.get('x-ratelimit-limit')).toBe('4');
      // Malformed keys and broken headers count too, and are answered 429 once blocked.
      expect((await post(g, { email: USERS.guest.email, apiKey: 'short' }, REGISTER)).status).toBe(429);
    } finally {
      await g.close();
    }
  });

  it('a successful request costs one statement, failures one more', async () => {
    const g = await startGateway('sqlite', { authFailureLimits: { client: { max: 100, seconds: 60 }, account: { max: 100, seconds: 60 } } });
    try {
      const ok = await recordStatements(g.db, () => post(g, 'member', REGISTER, { fetch_event_types: ['realm'] }));
      expect(ok.result.status).toBe(200);
      expect(ok.sql).toHaveLength(1);
      const failed = await recordStatements(g.db, () => post(g, wrongKey(USERS.member.email), REGISTER));
      expect(failed.result.status).toBe(401);
      expect(failed.sql).toHaveLength(2);
      expect(failed.sql[1]).toMatch(/^insert into .auth_failures/i);
    } finally {
      await g.close();
    }
  });
});

describe('expired failure buckets', () => {
  it('are swept, and live ones kept', async () => {
    const { sweepExpiredAuthFailures } = await import('../src/store/authFailures');
    const g = await startGateway('sqlite', { authFailureLimits: { client: { max: 100, seconds: 1 }, account: { max: 100, seconds: 600 } } });
    try {
      await post(g, wrongKey(USERS.member.email), REGISTER);
      expect(await sweepExpiredAuthFailures(g.db, new Date(Date.now() + 5_000))).toBe(1);
      expect(await g.db.knex('auth_failures').pluck('bucket_key')).toEqual([accountBucketKey('member@test.org')]);
    } finally {
      await g.close();
    }
  });
});
