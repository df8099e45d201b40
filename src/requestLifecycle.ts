import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_TIMED_OUT } from './errors';

// What happens to requests and connections outside the routes: refused by Node's parser, too
// slow, or caught by a shutdown.

/**
 * Requests Node's HTTP parser refuses (malformed request line or header bytes, headers too
 * large): a Zulip error body, as the path may be unknown; then the connection is closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'Request headers too large']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'Request timeout']
      : [400, 'Bad Request', 'Malformed request'];
  const body = `${JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' })}\n`;
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/**
 * A refusal made outside the routes (Fastify refused the request before routing it, or it timed
 * out): in the error shape of the API its URL names, GraphQL's under /graphql and Zulip's elsewhere.
 */
export function sendErrorForUrl(req: FastifyRequest, reply: FastifyReply, status: number, error: { msg: string; code: string }): FastifyReply {
  const body = req.url.startsWith('/graphql')
    ? { errors: [{ message: error.msg, extensions: { code: error.code } }] }
    : { result: 'error', msg: error.msg, code: error.code };
  return reply.code(status).type('application/json').send(`${JSON.stringify(body)}\n`);
}

/**
 * A request still unanswered after `timeoutMs` gets a 503 in the API's error shape, whatever it
 * waits for (a frozen database keeps connections open and never answers). The work goes on in
 * the background and its late answer is dropped. (Fastify's handlerTimeout is no help here: it
 * is cleared once a request body has been read.)
 */
export function answerLateRequests(app: FastifyInstance, timeoutMs: number): void {
  // Callback-form hooks here and below, as in requestLog.ts: they run on every request.
  app.addHook('onRequest', (req, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ ms: timeoutMs }, 'request timed out');
      void sendErrorForUrl(req, reply, 503, REQUEST_TIMED_OUT);
    }, timeoutMs);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}

const draining = new WeakSet<FastifyInstance>();

/**
 * The first step of a graceful shutdown: /readyz answers 503 so that load balancers stop sending
 * new requests, and answers close their connections; requests keep being served meanwhile.
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}

/**
 * Graceful shutdown: once draining or closing, every answer closes its connection, so that
 * keep-alive connections end with their last in-flight request instead of holding the close open.
 */
export function closeConnectionsWhenDraining(app: FastifyInstance): void {
  app.addHook('preClose', async () => { draining.add(app); });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
    done(null, payload);
  });
}
