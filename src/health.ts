import type { FastifyInstance } from 'fastify';
import type { Database } from './store/db';

const READY_TIMEOUT_MS = 2000;

/** For load balancers: /healthz says the process answers, /readyz that the database does too. */
export async function healthRoutes(app: FastifyInstance, options: { db: Database; isDraining?: () => boolean }): Promise<void> {
  app.get('/healthz', async (_req, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    if (options.isDraining?.()) return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        options.db.knex.raw('select 1'),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS); }),
      ]);
      return reply.send({ status: 'ok' });
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
