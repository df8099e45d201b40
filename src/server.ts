import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import fastifyApollo, { fastifyApolloDrainPlugin, type ApolloFastifyContextFunction } from '@as-integrations/fastify';
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { GraphQLError } from 'graphql';
import pino from 'pino';
import { authenticate } from './auth/authenticate';
import { benchProbe } from './benchProbe';
import { ZulipError } from './errors';
import { MAX_REQUEST_BODY_BYTES } from './limits';
import type { GraphQLContext } from './graphql/context';
import { compiledSchemaGateway } from './graphql/compiledExecution';
import { formatGraphQLError, zulipGraphQLError } from './graphql/errors';
import { queryLimits } from './graphql/queryLimits';
import { graphqlSchema } from './graphql/schema';
import type { Services } from './operations/context';
import { healthRoutes } from './health';
import { restApi } from './rest/plugin';
import { answerClientError, answerLateRequests, closeConnectionsWhenDraining, isDraining, sendErrorForUrl } from './requestLifecycle';
import { logOneLinePerRequest } from './requestLog';
import { joinPages } from './web/join';

export interface ServerOptions {
  logLevel?: string;
  /** Where the JSON log lines go (standard output by default). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Log lines to standard output without a write per line: lines are gathered and written once 4 KiB
 * have gathered or every 100 ms, whichever comes first, in writes that never block the event loop
 * (one system call per dozen requests under load; pino flushes what is left when the process exits).
 */
function standardOutput(): NodeJS.WritableStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }) as unknown as NodeJS.WritableStream;
}

/** The HTTP app: /graphql (Apollo) and /api/v1 (the REST shim), both over the same schema. */
export async function buildServer(services: Services, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? services.config.logLevel, stream: options.logStream ?? standardOutput() },
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    // Request ids for the log lines; a proxy's id is used when it sends one.
    requestIdHeader: 'x-request-id',
    // Unique across instances, unlike a per-process counter.
    genReqId: () => randomUUID(),
    // One line per request comes from requestLog.ts instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests refused before routing still get the API's error shape, never Fastify's own.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      return sendErrorForUrl(req, reply, status, { msg: 'Malformed request', code: 'BAD_REQUEST' });
    },
    clientErrorHandler: answerClientError,
    // While closing, requests already received are served (see below), not refused with
    // Fastify's own 503 body.
    return503OnClosing: false,
  });
  answerLateRequests(app, services.config.requestTimeoutMs);
  closeConnectionsWhenDraining(app);
  logOneLinePerRequest(app);
  await app.register(healthRoutes, { db: services.db, isDraining: () => isDraining(app) });
  if (services.config.benchProbe) await app.register(benchProbe, { db: services.db });
  const schema = graphqlSchema();

  const apollo = new ApolloServer<GraphQLContext>({
    // The schema, served through an executor that runs documents sent again and again compiled.
    gateway: compiledSchemaGateway(schema),
    introspection: services.config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    validationRules: [queryLimits()],
    // One operation per HTTP request (Apollo's default, stated here on purpose).
    allowBatchedHttpRequests: false,
    // main.ts owns the signals: a graceful shutdown drains first. Apollo's own handler (installed
    // outside NODE_ENV=test) would stop Apollo, and with it the whole server, at once.
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError(app.log),
    // No cache hints: every operation here is per caller (no HTTP caching applies), and the
    // cache-control plugin Apollo installs by default hooks every field's resolution.
    // The landing page embeds Apollo Sandbox in every mode (Apollo's default only outside production).
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginCacheControlDisabled(), ApolloServerPluginLandingPageLocalDefault()],
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
    graphql.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) app.log.error({ err }, 'unexpected error');
      const msg = status === 500 ? 'Internal server error' : status === 413 ? 'Request body too large' : 'Malformed request';
      return sendErrorForUrl(req, reply, status, { msg, code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' });
    });
    await graphql.register(fastifyApollo(apollo), { context, path: '/graphql' });
  });
  await app.register(restApi, { prefix: '/api/v1', services, schema });
  await app.register(joinPages, { services });
  return app;
}
