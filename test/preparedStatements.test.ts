import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PREPARED_PER_CONNECTION, preparedRows, type Database } from '../src/store/db';
import { DIALECTS, freshDatabaseUrl } from './support/gateway';

// Fixed hot statements run as server-side prepared statements, kept per connection: prepared
// once, executed many times, and at most PREPARED_PER_CONNECTION of them held by the server.

describe.skipIf(!DIALECTS.includes('mysql'))('prepared statements on MySQL', () => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl('mysql');
    drop = fresh.drop;
    // One connection: the session counters read below are the statements' own connection's.
    db = openDatabase(fresh.url, { poolMax: 1 });
  });

  afterAll(async () => {
    await db?.knex.destroy();
    await drop?.();
  });

  async function counters(): Promise<{ prepared: number; executed: number; closed: number }> {
    const [rows] = await db.knex.raw("SHOW SESSION STATUS WHERE Variable_name IN ('Com_stmt_prepare', 'Com_stmt_execute', 'Com_stmt_close')") as [{ Variable_name: string; Value: string }[]];
    const value = (name: string) => Number(rows.find((r) => r.Variable_name === name)!.Value);
    return { prepared: value('Com_stmt_prepare'), executed: value('Com_stmt_execute'), closed: value('Com_stmt_close') };
  }

  it('prepares a statement once and executes it on every call', async () => {
    const before = await counters();
    for (let i = 0; i < 5; i++) {
      expect(await preparedRows(db.knex, 'SELECT ? + 1 AS answer', [i])).toEqual([{ answer: i + 1 }]);
    }
    const after = await counters();
    expect(after.prepared - before.prepared).toBe(1);
    expect(after.executed - before.executed).toBe(5);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements a connection, closing the least recently used`, async () => {
    const text = (n: number) => `SELECT ${n} AS n, ? AS v`;
    const before = await counters();
    const extra = 6;
    for (let n = 0; n < PREPARED_PER_CONNECTION + extra; n++) {
      // The first text is used again all along, so it stays; the next ones are the oldest.
      expect(await preparedRows(db.knex, text(n), ['x'])).toEqual([{ n, v: 'x' }]);
      expect(await preparedRows(db.knex, text(0), ['y'])).toEqual([{ n: 0, v: 'y' }]);
    }
    const filled = await counters();
    // The earlier test's statement was the least recently used of all: closed first.
    expect(filled.prepared - before.prepared).toBe(PREPARED_PER_CONNECTION + extra);
    expect(filled.closed - before.closed).toBe(extra + 1);
    expect(filled.prepared - filled.closed).toBe(PREPARED_PER_CONNECTION);

    // A closed statement is prepared again when it is needed again; a kept one is not.
    expect(await preparedRows(db.knex, text(1), ['z'])).toEqual([{ n: 1, v: 'z' }]);
    expect(await preparedRows(db.knex, text(0), ['z'])).toEqual([{ n: 0, v: 'z' }]);
    const again = await counters();
    expect(again.prepared - filled.prepared).toBe(1);
    expect(again.prepared - again.closed).toBe(PREPARED_PER_CONNECTION);
  });

  it('closes none of a full set of kept statements for one that fails to prepare', async () => {
    const text = (n: number) => `SELECT ${n} AS kept, ? AS v`;
    for (let n = 0; n < PREPARED_PER_CONNECTION; n++) await preparedRows(db.knex, text(n), [n]);
    const full = await counters();
    await expect(preparedRows(db.knex, 'SELECT ? FROM no_such_table', [1])).rejects.toThrow(/no_such_table/);
    for (let n = 0; n < PREPARED_PER_CONNECTION; n++) {
      expect(await preparedRows(db.knex, text(n), ['again'])).toEqual([{ kept: n, v: 'again' }]);
    }
    const after = await counters();
    expect(after.closed - full.closed).toBe(0);
    // Only the failed attempt reached the server as a prepare: every kept statement still was.
    expect(after.prepared - full.prepared).toBe(1);
  });

  it('refuses an undefined bound value before sending anything', async () => {
    const before = await counters();
    await expect(preparedRows(db.knex, 'SELECT ? AS v', [undefined])).rejects.toThrow(TypeError);
    const after = await counters();
    expect(after).toEqual(before);
  });
});
