import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { migrate, openDatabase, type Database } from '../src/store/db';
import { loadWorld, type LoadedOrganization } from '../src/world/loadWorld';
import { benchWorld, fieldName, VALUED_FIELDS } from './world';

export const MYSQL_SERVER = { host: '127.0.0.1', port: 3306, user: 'root' };

/** A fresh database of its own, dropped at the end whatever happens. */
export async function createBenchDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const conn = await mysql.createConnection(MYSQL_SERVER);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  const drop = async (): Promise<void> => {
    const c = await mysql.createConnection(MYSQL_SERVER);
    await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await c.end();
  };
  return { name, url: `mysql://root@127.0.0.1:3306/${name}`, drop };
}

export async function loadBenchWorld(url: string): Promise<{ db: Database; org: LoadedOrganization }> {
  const db = openDatabase(url);
  await migrate(db);
  const { organizations } = await loadWorld(db, benchWorld());
  return { db, org: organizations[0]! };
}

/** Puts back the values "remove profile data" removes, for the given users, in one statement. */
export async function restoreProfileValues(db: Database, org: LoadedOrganization, userIds: number[]): Promise<void> {
  const fieldIds = Array.from({ length: VALUED_FIELDS }, (_, f) => org.custom_profile_fields[fieldName(f)]!);
  for (let i = 0; i < userIds.length; i += 2000) {
    const chunk = userIds.slice(i, i + 2000);
    await db.knex.raw(
      `INSERT IGNORE INTO custom_profile_field_values (user_id, field_id, value)
       SELECT u.id, f.id, CONCAT('value ', f.id) FROM users u CROSS JOIN custom_profile_fields f
       WHERE u.id IN (${chunk.map(() => '?').join(',')}) AND f.id IN (${fieldIds.map(() => '?').join(',')})`,
      [...chunk, ...fieldIds],
    );
  }
}

export function valuedFieldIds(org: LoadedOrganization): number[] {
  return Array.from({ length: VALUED_FIELDS }, (_, f) => org.custom_profile_fields[fieldName(f)]!);
}

export interface Settling {
  phase: string;
  seconds: number;
  /** Redo written since the last checkpoint when the phase started, as a share of the redo log. */
  checkpointAgeShare: number;
  /** Modified pages not yet written back when the phase started, as a share of the buffer pool. */
  dirtyShare: number;
}

/**
 * Waits (at most `limitSeconds`) until MariaDB has written back what earlier phases changed: a
 * fifth of the redo log or less since the last checkpoint and of the buffer pool modified, or no
 * more progress for 5 seconds (when idle, InnoDB stops writing back short of zero). A phase that
 * starts with the redo log well filled runs into InnoDB's furious flushing, which stalls every
 * statement for 100–600 ms at a time on this machine; without this wait those stalls fell on
 * whichever phase came after heavy writes, not on the one that caused them.
 */
export async function settleDatabase(db: Database, phase: string, limitSeconds = 180): Promise<Settling> {
  const started = Date.now();
  const [[logSize]] = await db.knex.raw("SHOW GLOBAL VARIABLES LIKE 'innodb_log_file_size'") as [Array<{ Value: string }>];
  const read = async () => {
    const [rows] = await db.knex.raw(`SHOW GLOBAL STATUS WHERE Variable_name IN
      ('Innodb_checkpoint_age', 'Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total')`) as [Array<{ Variable_name: string; Value: string }>];
    const v = (name: string) => Number(rows.find((r) => r.Variable_name === name)?.Value ?? 0);
    return {
      // Innodb_checkpoint_age is MariaDB's; elsewhere only the dirty pages are watched.
      checkpointAgeShare: v('Innodb_checkpoint_age') / Number(logSize?.Value ?? Infinity),
      dirtyShare: v('Innodb_buffer_pool_pages_dirty') / Math.max(1, v('Innodb_buffer_pool_pages_total')),
    };
  };
  let state = await read();
  let unchangedFor = 0;
  while ((state.checkpointAgeShare > 0.2 || state.dirtyShare > 0.2) && unchangedFor < 5 && Date.now() - started < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const next = await read();
    unchangedFor = next.checkpointAgeShare === state.checkpointAgeShare && next.dirtyShare === state.dirtyShare ? unchangedFor + 1 : 0;
    state = next;
  }
  return { phase, seconds: (Date.now() - started) / 1000, ...state };
}
