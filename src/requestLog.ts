import type { FastifyInstance } from 'fastify';

/**
 * One JSON line per request, with its id: method, path (no query string), status and duration.
 * Headers and bodies are never logged, so credentials cannot reach the log.
 */
export function logOneLinePerRequest(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const path = (req.url ?? '').split('?')[0];
    req.log.info({ method: req.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
}
