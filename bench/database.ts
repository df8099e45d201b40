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
