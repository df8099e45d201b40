import type { FastifyInstance } from 'fastify';

/**
 * One JSON line per request, with its id: method, path (no query string), status and duration.
 * Headers and bodies are never logged, so credentials cannot reach the log.
 */
export function logOneLinePerRequest(app: FastifyInstance): void {
  // Hooks on every request take Fastify's callback form: no promise and no extra turn each.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const path = (req.url ?? '').split('?')[0];
    req.log.info({ method: req.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
}
