import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin, type ApolloFastifyContextFunction } from '@as-integrations/fastify';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';
import { authenticate } from './auth/authenticate';
import { benchProbe } from './benchProbe';
import { REQUEST_TIMED_OUT, ZulipError } from './errors';
import type { GraphQLContext } from './graphql/context';
import { formatGraphQLError, zulipGraphQLError } from './graphql/errors';
import { queryLimits } from './graphql/queryLimits';
import { graphqlSchema } from './graphql/schema';
import type { Services } from './operations/context';
import { healthRoutes } from './health';
import { restApi } from './rest/plugin';
import { logOneLinePerRequest } from './requestLog';
import { joinPages } from './web/join';

/**
 * Requests Node's HTTP parser refuses (malformed request line or header bytes, headers too
 * large): a Zulip error body, as the path may be unknown; then the connection is closed.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
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
 * A request still unanswered after `timeoutMs` gets a 503 in the API's error shape, whatever it
 * waits for (a frozen database keeps connections open and never answers). The work goes on in
 * the background and its late answer is dropped. (Fastify's handlerTimeout is no help here: it
 * is cleared once a request body has been read.)
 */
function answerLateRequests(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (req, reply) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ ms: timeoutMs }, 'request timed out');
      const body = req.url.startsWith('/graphql')
        ? { errors: [{ message: REQUEST_TIMED_OUT.msg, extensions: { code: REQUEST_TIMED_OUT.code } }] }
        : { result: 'error', msg: REQUEST_TIMED_OUT.msg, code: REQUEST_TIMED_OUT.code };
      void reply.code(503).type('application/json').send(`${JSON.stringify(body)}\n`);
    }, timeoutMs);
    reply.raw.once('close', () => clearTimeout(timer));
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

export interface ServerOptions {
  logLevel?: string;
  /** Where the JSON log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
}

/** The HTTP app: /graphql (Apollo) and /api/v1 (the REST shim), both over the same schema. */
export async function buildServer(services: Services, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? services.config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // Request ids for the log lines; a proxy's id is used when it sends one.
    requestIdHeader: 'x-request-id',
    // Unique across instances, unlike a per-process counter.
    genReqId: () => randomUUID(),
    disableRequestLogging: true,
    // Requests refused before routing still get the API's error shape, never Fastify's own.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const body = req.url.startsWith('/graphql')
        ? { errors: [{ message: 'Malformed request', extensions: { code: 'BAD_REQUEST' } }] }
        : { result: 'error', msg: 'Malformed request', code: 'BAD_REQUEST' };
      return reply.code(status).type('application/json').send(`${JSON.stringify(body)}\n`);
    },
    clientErrorHandler: answerClientError,
    // While closing, requests already received are served (see below), not refused with
    // Fastify's own 503 body.
    return503OnClosing: false,
  });
  answerLateRequests(app, services.config.requestTimeoutMs);
  // Graceful shutdown: once draining or closing, every answer closes its connection, so that
  // keep-alive connections end with their last in-flight request instead of holding the close open.
  app.addHook('preClose', async () => { draining.add(app); });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining.has(app)) reply.header('connection', 'close');
    return payload;
  });
  logOneLinePerRequest(app);
  await app.register(healthRoutes, { db: services.db, isDraining: () => draining.has(app) });
  if (services.config.benchProbe) await app.register(benchProbe, { db: services.db });
  const schema = graphqlSchema();

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: services.config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    validationRules: [queryLimits()],
    // One operation per HTTP request (Apollo's default, stated here on purpose).
    allowBatchedHttpRequests: false,
    formatError: formatGraphQLError(app.log),
    plugins: [fastifyApolloDrainPlugin(app)],
  });
  await apollo.start();

  // Credentials are optional at this point: introspection and serverSettings need none, and the
  // auth checker refuses the rest. Credentials that are present must be valid.
  const context: ApolloFastifyContextFunction<GraphQLContext> = async (req) => {
    const header = req.headers.authorization;
    const host = req.headers.host;
    if (header === undefined || header === '') return { services, user: null, host };
    try {
      return { services, user: await authenticate(services, header, req.ip, host), host };
    } catch (err) {
      if (err instanceof ZulipError) throw zulipGraphQLError(err);
      throw err instanceof GraphQLError ? err : new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    }
  };

  // /graphql in a scope of its own: the CORS grant (Apollo Sandbox and other configured origins)
  // and the GraphQL-shaped error bodies apply there only; the REST API answers no cross-origin
  // requests, as Zulip's does not.
  await app.register(async (graphql) => {
    await graphql.register(cors, { origin: services.config.corsOrigins, credentials: true, methods: ['GET', 'POST', 'OPTIONS'], maxAge: 600 });
    // A body Fastify cannot parse (malformed JSON, too large) gets a GraphQL-shaped error, never a 500.
    graphql.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) app.log.error({ err }, 'unexpected error');
      const message = status === 500 ? 'Internal server error' : status === 413 ? 'Request body too large' : 'Malformed request';
      return reply.code(status).send({ errors: [{ message, extensions: { code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' } }] });
    });
    await graphql.register(fastifyApollo(apollo), { context, path: '/graphql' });
  });
  await app.register(restApi, { prefix: '/api/v1', services, schema });
  await app.register(joinPages, { services });
  return app;
}
