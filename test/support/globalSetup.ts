import knexFactory from 'knex';

/** With TEST_MYSQL_URL set, an unreachable server fails the run instead of skipping MySQL. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_MYSQL_URL;
  if (!url) return;
  const knex = knexFactory({ client: 'mysql2', connection: url, pool: { min: 0, max: 1 } });
  try {
    await knex.raw('select 1');
  } catch (err) {
    throw new Error(`TEST_MYSQL_URL is set but the server is unreachable (${url.replace(/:[^:@/]*@/, ':***@')}): ${(err as Error).message}`);
  } finally {
    await knex.destroy();
  }
}
