import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, WARM_CONNECTIONS, type Database } from '../src/store/db';
import { DIALECTS, freshDatabaseUrl } from './support/gateway';

// After a quiet spell the MySQL pool still holds open connections, so the next requests do not
// wait for new ones (a connection, its session set-up and its prepared statements).

interface TarnPool {
  idleTimeoutMillis: number;
  numFree(): number;
  numUsed(): number;
  on(event: 'createSuccess', listener: () => void): void;
}

describe.skipIf(!DIALECTS.includes('mysql'))('the MySQL connection pool', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl('mysql');
    drop = fresh.drop;
    db = openDatabase(fresh.url, { poolMax: 10 });
  });

  afterAll(async () => {
    await db?.knex.destroy();
    await drop?.();
  });

  it(`keeps ${WARM_CONNECTIONS} connections open when idle, and closes the rest`, async () => {
    const pool = db.knex.client.pool as TarnPool;
    // Six statements at once open six connections.
    await Promise.all(Array.from({ length: 6 }, () => db.knex.raw('SELECT SLEEP(0.05)')));
    expect(pool.numFree()).toBe(6);
    // A quiet spell, shortened: idle connections are closed at the next check (once a second).
    pool.idleTimeoutMillis = 100;
    await new Promise((r) => setTimeout(r, 1_600));
    expect(pool.numFree()).toBe(WARM_CONNECTIONS);

    let created = 0;
    pool.on('createSuccess', () => { created++; });
    await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => db.knex.raw('SELECT 1')));
    expect(created).toBe(0);
  });

  it('replaces kept connections the server has closed (wait_timeout, a restart) without failing a request', async () => {
    const pool = db.knex.client.pool as TarnPool;
    await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => db.knex.raw('SELECT 1')));
    const admin = openDatabase(process.env.TEST_MYSQL_URL!, { poolMax: 1 });
    try {
      const name = (await db.knex.raw('SELECT DATABASE() AS name'))[0][0].name as string;
      const [kept] = await admin.knex.raw('SELECT id FROM information_schema.processlist WHERE db = ?', [name]) as [{ id: number }[]];
      expect(kept.length).toBeGreaterThanOrEqual(WARM_CONNECTIONS);
      for (const { id } of kept) await admin.knex.raw(`KILL ${Number(id)}`);
    } finally {
      await admin.knex.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    const answers = await Promise.all(Array.from({ length: 4 }, () => db.knex.raw('SELECT 1 AS one')));
    expect(answers.map((a) => a[0][0].one)).toEqual([1, 1, 1, 1]);
    expect(pool.numFree() + pool.numUsed()).toBeGreaterThanOrEqual(WARM_CONNECTIONS);
  });
});
