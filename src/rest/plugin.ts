import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { authenticate } from '../auth/authenticate';
import { ZulipError, badRequest } from '../errors';
import { MAX_REQUEST_BODY_BYTES } from '../limits';
import type { Services } from '../operations/context';
import { compileFixedDocument, type CompiledOperation } from '../graphql/compiledExecution';
import { executeDocument } from './execute';
import { OPENAPI_PATH, openApiDocument } from './openapi/document';
import { parseParams, type RawParams } from './params';
import { sendError, sendInternalError, sendJson, sendNotFound, sendSuccess } from './responses';
import type { HttpMethod, RestRoute } from './route';
import { ROUTES } from './routes/index';

export interface RestOptions {
  services: Services;
  schema: GraphQLSchema;
  routes?: readonly RestRoute[];
}

// A file larger than the whole body may be is refused while it streams, never buffered whole.
const MULTIPART_LIMITS = {
  fieldNameSize: 200, fieldSize: MAX_REQUEST_BODY_BYTES, fields: 1000, files: 20, fileSize: MAX_REQUEST_BODY_BYTES, parts: 1020,
};

function lastValue(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  return v === undefined ? undefined : String(v);
}

// Fastify's bodyLimit does not see multipart bodies, which the plugin streams: counted below.
const tooLarge = (): ZulipError => new ZulipError('Request body too large', 'BAD_REQUEST', 413);

/** Form fields of a multipart body; uploaded files are not parameters (as in Django's POST). */
async function multipartFields(req: FastifyRequest): Promise<Map<string, string>> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  const fields = new Map<string, string>();
  let total = 0;
  try {
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        total += (await part.toBuffer()).length;
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
        const value = String(part.value);
        total += Buffer.byteLength(value) + part.fieldname.length;
        fields.set(part.fieldname, value);
      }
      if (total > MAX_REQUEST_BODY_BYTES) throw tooLarge();
    }
  } catch (err) {
    if (err instanceof ZulipError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // zulip-js sends a body holding only the closing boundary for a call without parameters;
    // any longer body that ends early is broken.
    const boundary = /boundary="?([^";]+)"?/i.exec(String(req.headers['content-type']))?.[1] ?? '';
    const onlyClosing = fields.size === 0 && Number.isFinite(declared) && declared <= boundary.length + 6;
    if (onlyClosing && /Unexpected end of (form|multipart data)/i.test(String((err as Error).message))) return fields;
    throw badRequest('Malformed multipart body');
  }
  return fields;
}

/** Parameters as Zulip reads them: the form body's, else the query string's; the last of repeats. */
async function rawParams(req: FastifyRequest): Promise<RawParams> {
  const raw: RawParams = new Map();
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    const value = lastValue(v);
    if (value !== undefined) raw.set(k, value);
  }
  if (req.isMultipart()) {
    for (const [k, v] of await multipartFields(req)) raw.set(k, v);
  } else if (req.body && typeof req.body === 'object') {
    for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) {
      const value = lastValue(v);
      if (value !== undefined) raw.set(k, value);
    }
  }
  return raw;
}

/**
 * Path segments as Django's `<int:...>` converter reads them: digits only, else null (no route).
 * A number past the safe range names no row either way, so it is kept at the largest safe one.
 */
function integerPathValues(names: readonly string[], params: Record<string, string>): Record<string, number> | null {
  const values: Record<string, number> = {};
  for (const name of names) {
    const raw = params[name] ?? '';
    if (!/^[0-9]+$/.test(raw)) return null;
    values[name] = Math.min(Number(raw), Number.MAX_SAFE_INTEGER);
  }
  return values;
}

function methodNotAllowed(reply: FastifyReply, allowed: string[]): FastifyReply {
  reply.header('Allow', allowed.join(', '));
  // Zulip's 405 body has no code.
  return sendJson(reply, 405, { result: 'error', msg: 'Method Not Allowed', allowed_methods: allowed });
}

/** Zulip's /api/v1: form-encoded calls translated into the GraphQL operations. */
export async function restApi(app: FastifyInstance, options: RestOptions): Promise<void> {
  const { services, schema } = options;
  const log = app.log;

  // Zulip reads parameters from urlencoded and multipart bodies only; any other body is ignored.
  app.removeAllContentTypeParsers();
  await app.register(formbody);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // Read whole (so the body limit applies) and set aside.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));

  const routes = options.routes ?? ROUTES;

  async function handle(
    route: RestRoute, document: CompiledOperation<any, any>, pathValues: Record<string, number>, req: FastifyRequest, reply: FastifyReply,
  ): Promise<FastifyReply> {
    const user = route.authenticated ? await authenticate(services, req.headers.authorization, req.ip, req.headers.host) : null;
    if (user && route.gate) route.gate(user);
    const { values, ignored } = parseParams(route.params, await rawParams(req));
    // Path values are never read from the body or query string (Zulip's PathOnly).
    Object.assign(values, pathValues);
    const data = await executeDocument(document, route.variables(values), { services, user, host: req.headers.host });
    return sendSuccess(reply, route.response(data), ignored);
  }

  // Each route's document validated and compiled once, here: one that does not fit stops the start-up.
  const byPath = new Map<string, Map<HttpMethod, { route: RestRoute; document: CompiledOperation<any, any> }>>();
  for (const route of routes) {
    if (!byPath.has(route.path)) byPath.set(route.path, new Map());
    byPath.get(route.path)!.set(route.method, { route, document: compileFixedDocument(schema, route.document) });
  }
  for (const [path, methods] of byPath) {
    const allowed = [...methods.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
    const pathNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: path,
      handler: async (req, reply) => {
        // Zulip's URL patterns match before any method or credential check.
        const pathValues = integerPathValues(pathNames, req.params as Record<string, string>);
        if (pathValues === null) return sendNotFound(reply);
        if (req.method === 'OPTIONS') return reply.code(204).header('Allow', allowed.join(', ')).send();
        const found = methods.get((req.method === 'HEAD' ? 'GET' : req.method) as HttpMethod);
        if (!found) return methodNotAllowed(reply, allowed);
        try {
          return await handle(found.route, found.document, pathValues, req, reply);
        } catch (err) {
          if (err instanceof ZulipError) return sendError(reply, err);
          req.log.error({ err }, 'unexpected error in a REST request');
          return sendInternalError(reply);
        }
      },
    });
  }

  // The OpenAPI document of the table above, built once; no credentials, as Zulip serves its own.
  const description = openApiDocument(routes);
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: OPENAPI_PATH,
    handler: async (req, reply) => {
      const allowed = ['GET', 'HEAD'];
      if (req.method === 'OPTIONS') return reply.code(204).header('Allow', allowed.join(', ')).send();
      if (!allowed.includes(req.method)) return methodNotAllowed(reply, allowed);
      return sendJson(reply, 200, description);
    },
  });

  app.setNotFoundHandler((_req, reply) => sendNotFound(reply));

  // Failures before a handler runs (body too large, malformed form): Zulip bodies, never a 500.
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      log.error({ err }, 'unexpected error in a REST request');
      return sendInternalError(reply);
    }
    const msg = status === 413 ? 'Request body too large' : status === 415 ? 'Unsupported media type' : 'Malformed request';
    return sendJson(reply, status, { result: 'error', msg, code: 'BAD_REQUEST' });
  });
}
