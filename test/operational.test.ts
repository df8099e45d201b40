import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { migrate, openDatabase } from '../src/store/db';
import { loadWorld } from '../src/world/loadWorld';
import { DIALECTS, freshDatabaseUrl, startGateway, type Gateway } from './support/gateway';
import { post, request } from './support/http';
import { testWorld, USERS } from './support/world';

describe.each(DIALECTS)('health endpoints on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  it('/healthz and /readyz answer 200 while the database is reachable', async () => {
    expect(await request(g, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await request(g, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('every response carries a request id, taken from the caller when it sends one', async () => {
    const own = await request(g, 'GET', '/healthz');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(g, 'GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-123');
  });
});

describe('readiness without a database', () => {
  it('/readyz answers 503 while /healthz still answers 200', async () => {
    const g = await startGateway('sqlite');
    const { knex } = g.db;
    try {
      await knex.destroy();
      expect(await request(g, 'GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'database unreachable' } });
      expect((await request(g, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await g.app.close();
    }
  });
});

describe('request log', () => {
  it('one JSON line per request with its id, and never a credential', async () => {
    const { url, drop } = await freshDatabaseUrl('sqlite');
    const db = openDatabase(url);
    await migrate(db);
    await loadWorld(db, testWorld());
    const stream = new PassThrough();
    const lines: any[] = [];
    stream.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach((l) => lines.push(JSON.parse(l))));
    const app = await buildServer({ db, config: loadConfig({ DATABASE_URL: url }) }, { logLevel: 'info', logStream: stream });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const g = { base, keys: Object.fromEntries(Object.entries(USERS).map(([h, u]) => [h, u.apiKey])) } as unknown as Gateway;
    try {
      await post(g, 'admin', '/api/v1/channel_folders/create', { name: 'Logged', description: '' });
      await post(g, { email: USERS.member.email, apiKey: 'WrongKey000000000000000000000000' }, '/api/v1/register');
      await new Promise((r) => setTimeout(r, 50));
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(2);
      // Fastify's own per-request lines (incoming request, request completed) are off.
      expect(lines.filter((l) => l.reqId !== undefined).map((l) => l.msg)).toEqual(['request', 'request']);
      expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/channel_folders/create', status: 200, reqId: expect.any(String) });
      expect(requests[1]).toMatchObject({ path: '/api/v1/register', status: 401 });
      const all = JSON.stringify(lines);
      expect(all).not.toContain(USERS.admin.apiKey);
      expect(all).not.toContain('WrongKey');
      expect(all.toLowerCase()).not.toContain('authorization');
    } finally {
      await app.close();
      await db.knex.destroy();
      await drop();
    }
  });
});

describe('MySQL over a Unix socket', () => {
  const socket = '/run/mysqld/mysqld.sock';
  it.skipIf(!process.env.TEST_MYSQL_URL || !fs.existsSync(socket))('DATABASE_URL ?socket= connects through it', async () => {
    const u = new URL(process.env.TEST_MYSQL_URL!);
    const db = openDatabase(`mysql://${u.username || 'root'}@localhost${u.pathname}?socket=${socket}`);
    try {
      const [rows] = await db.knex.raw('select @@socket as s, 1 as one');
      expect(rows[0]).toMatchObject({ one: 1 });
    } finally {
      await db.knex.destroy();
    }
  });
});
