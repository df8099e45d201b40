import { insertedValue, type Database } from './db';

/**
 * Counts one failed authentication in each bucket, in one statement: a bucket whose window has
 * passed starts again at 1 with a new window.
 */
export async function recordAuthFailures(db: Database, buckets: ReadonlyArray<{ key: string; seconds: number }>, now: Date): Promise<void> {
  const { knex } = db;
  await knex('auth_failures')
    .insert(buckets.map((b) => ({ bucket_key: b.key, failures: 1, expires_at: new Date(now.getTime() + b.seconds * 1000) })))
    .onConflict('bucket_key')
    .merge({
      // MySQL applies the assignments in order: failures reads expires_at before it changes.
      failures: knex.raw('CASE WHEN ?? <= ? THEN 1 ELSE ?? + 1 END', ['auth_failures.expires_at', now, 'auth_failures.failures']),
      expires_at: knex.raw(`CASE WHEN ?? <= ? THEN ${insertedValue(db, 'expires_at')} ELSE ?? END`, ['auth_failures.expires_at', now, 'auth_failures.expires_at']),
    });
}

/** Drops buckets whose window has passed (a full one would start again at 1 anyway). */
export async function sweepExpiredAuthFailures(db: Database, now: Date): Promise<number> {
  return db.knex('auth_failures').where('expires_at', '<=', now).delete();
}
