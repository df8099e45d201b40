import type { Database } from '../../src/store/db';

/**
 * The SQL statements Knex sent while `run` ran, from its 'query' event (BEGIN and COMMIT
 * included), with what `run` returned. Nothing else may use the database meanwhile, or its
 * statements are counted too.
 */
export async function recordStatements<T>(db: Database, run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const listener = (q: { sql: string }) => { sql.push(q.sql); };
  db.knex.on('query', listener);
  try {
    return { result: await run(), sql };
  } finally {
    db.knex.removeListener('query', listener);
  }
}
