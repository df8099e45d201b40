import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../../limits';
import type { ParamKind, ParamSpec } from '../params';
import type { HttpMethod, JsonSchema, RestRoute } from '../route';
import { ZULIP_RESPONSES, ZULIP_SCHEMAS, ZULIP_SECURITY_SCHEMES } from './components';

// The OpenAPI 3.1 document of /api/v1, generated from the shim's route table: each route's
// parameters, success keys, its gate's refusals and its declared ones, plus the refusals its
// shape implies (credentials and rate limits when authenticated, parsing when it has parameters,
// 404 for a path segment that is not digits, 413 for any request).

/** Where the document is served, relative to /api/v1. */
export const OPENAPI_PATH = '/openapi.json';

type Operation = Record<string, unknown>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Fastify's `/invites/multiuse/:invite_id` as OpenAPI's `/invites/multiuse/{invite_id}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:(\w+)/g, '{$1}');
}

function paramSchema(spec: ParamSpec): JsonSchema {
  const schemas: Record<ParamKind, JsonSchema> = {
    string: { type: 'string', ...(spec.maxLength === undefined ? {} : { maxLength: spec.maxLength }) },
    int: spec.oneOf ? { type: 'integer', enum: [...spec.oneOf] } : { type: 'integer' },
    'int-or-null': { type: ['integer', 'null'] },
    bool: { type: 'boolean' },
    'int-list': { type: 'array', items: { type: 'integer' } },
    'string-list': { type: 'array', items: { type: 'string' } },
    'profile-data-list': {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'value'],
        properties: {
          id: { type: 'integer', description: 'The custom profile field\'s ID.' },
          value: {
            oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'integer' } }],
            description: 'The value: text, or user IDs for a user field.',
          },
        },
      },
    },
  };
  return { ...schemas[spec.kind], ...(spec.description ? { description: spec.description } : {}) };
}

/** Zulip sends every parameter but a plain string as one JSON document. */
const isJsonEncoded = (spec: ParamSpec): boolean => spec.kind !== 'string';

function queryParameter(spec: ParamSpec): Record<string, unknown> {
  const base = { name: spec.name, in: 'query', required: spec.required ?? false };
  return isJsonEncoded(spec)
    ? { ...base, content: { 'application/json': { schema: paramSchema(spec) } } }
    : { ...base, schema: paramSchema(spec) };
}

function requestBody(params: readonly ParamSpec[]): Record<string, unknown> {
  const required = params.filter((p) => p.required).map((p) => p.name);
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, paramSchema(p)])),
    ...(required.length ? { required } : {}),
  };
  const jsonParams = params.filter(isJsonEncoded);
  const mediaType = {
    schema,
    ...(jsonParams.length ? { encoding: Object.fromEntries(jsonParams.map((p) => [p.name, { contentType: 'application/json' }])) } : {}),
  };
  return {
    required: required.length > 0,
    content: { 'application/x-www-form-urlencoded': mediaType, 'multipart/form-data': mediaType },
  };
}

function successResponse(route: RestRoute): Record<string, unknown> {
  if (!route.success) return { $ref: '#/components/responses/SimpleSuccess' };
  const optional = new Set(route.success.optional ?? []);
  const required = Object.keys(route.success.properties).filter((k) => !optional.has(k));
  return {
    description: 'Success.',
    content: {
      'application/json': {
        schema: {
          allOf: [
            ref('JsonSuccessBase'),
            {
              additionalProperties: false,
              properties: { result: {}, msg: {}, ignored_parameters_unsupported: {}, ...route.success.properties },
              ...(required.length ? { required } : {}),
            },
          ],
        },
      },
    },
  };
}

/** One refusal as documented: what it is, and an example body. */
interface Refusal {
  status: number;
  code: string;
  msg: string;
  /** Keys beyond result, msg and code. */
  extra?: Record<string, unknown>;
}

const UNAUTHORIZED_MESSAGES = [
  'Not logged in: API authentication or user session required',
  'Invalid API key',
  'Account is deactivated',
  'This organization has been deactivated',
];

/** A parse failure of the first parameter, as an example. */
function parseFailureExample(params: readonly ParamSpec[]): string {
  const json = params.find(isJsonEncoded);
  if (json) return `${json.name} is not valid JSON`;
  const limited = params.find((p) => p.maxLength !== undefined);
  if (limited) return `${limited.name} is too long (limit: ${limited.maxLength} characters)`;
  return `Invalid ${params[0]!.name}`;
}

/** Every refusal the route can give: its shape's, then its gate's, then its operation's. */
function refusals(route: RestRoute, pathNames: readonly string[]): Refusal[] {
  const out: Refusal[] = [];
  if (pathNames.length) out.push({ status: 404, code: 'BAD_REQUEST', msg: 'Not Found' });
  if (route.authenticated) {
    for (const msg of UNAUTHORIZED_MESSAGES) out.push({ status: 401, code: 'UNAUTHORIZED', msg });
    out.push({ status: 400, code: 'BAD_REQUEST', msg: 'This endpoint requires HTTP basic authentication.' });
    out.push({ status: 429, code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit', extra: { 'retry-after': 28.706807374954224 } });
  }
  out.push(...route.gate?.refusals ?? [], ...route.errors);
  const firstRequired = route.params.find((p) => p.required);
  if (firstRequired) {
    out.push({ status: 400, code: 'REQUEST_VARIABLE_MISSING', msg: `Missing '${firstRequired.name}' argument`, extra: { var_name: firstRequired.name } });
  }
  if (route.params.length) out.push({ status: 400, code: 'BAD_REQUEST', msg: parseFailureExample(route.params) });
  out.push({ status: 413, code: 'BAD_REQUEST', msg: 'Request body too large' });
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request.', 401: 'Unauthorized.', 404: 'Not found.', 413: 'Request body too large.', 429: 'Rate limit exceeded.',
};

const RESPONSE_HEADERS: Record<number, Record<string, unknown>> = {
  401: { 'WWW-Authenticate': { schema: { const: 'Basic realm="zulip"' } } },
  429: {
    'Retry-After': { description: 'Whole seconds to wait.', schema: { type: 'integer' } },
    'X-RateLimit-Limit': { schema: { type: 'integer' } },
    'X-RateLimit-Remaining': { schema: { type: 'integer' } },
    'X-RateLimit-Reset': { description: 'When the window ends, in UNIX seconds.', schema: { type: 'integer' } },
  },
};

function exampleKey(r: Refusal, taken: Set<string>): string {
  const base = `${r.code}-${r.msg}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}-${i}`;
  taken.add(key);
  return key;
}

/**
 * One status's body schema: Zulip's component for each kind, its `code` pinned to the codes this
 * route gives at this status, so an undeclared refusal does not validate. The kinds are told
 * apart by `code`, so exactly one alternative matches.
 */
function errorSchema(status: number, group: readonly Refusal[]): JsonSchema {
  if (status === 429) return ref('RateLimitedError');
  const alternatives: JsonSchema[] = [];
  if (group.some((r) => r.code === 'REQUEST_VARIABLE_MISSING')) {
    alternatives.push({ allOf: [ref('MissingArgumentError'), { required: ['var_name'], properties: { code: { const: 'REQUEST_VARIABLE_MISSING' } } }] });
  }
  const codes = [...new Set(group.map((r) => r.code).filter((c) => c !== 'REQUEST_VARIABLE_MISSING'))];
  if (codes.length) alternatives.push({ allOf: [ref('CodedError'), { properties: { code: { enum: codes } } }] });
  return alternatives.length === 1 ? alternatives[0]! : { oneOf: alternatives };
}

function errorResponses(route: RestRoute, pathNames: readonly string[]): Record<string, unknown> {
  const byStatus = new Map<number, Refusal[]>();
  for (const r of refusals(route, pathNames)) {
    if (!byStatus.has(r.status)) byStatus.set(r.status, []);
    byStatus.get(r.status)!.push(r);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const taken = new Set<string>();
    responses[String(status)] = {
      description: STATUS_TEXT[status],
      ...(RESPONSE_HEADERS[status] ? { headers: RESPONSE_HEADERS[status] } : {}),
      content: {
        'application/json': {
          schema: errorSchema(status, group),
          examples: Object.fromEntries(group.map((r) => [exampleKey(r, taken), {
            summary: r.msg,
            value: { result: 'error', msg: r.msg, code: r.code, ...r.extra },
          }])),
        },
      },
    };
  }
  return responses;
}

function operation(route: RestRoute): Operation {
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const parameters = [
    ...pathNames.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: 'Digits only: any other segment is an unknown path (404).',
      schema: { type: 'integer', minimum: 0 },
    })),
    ...(route.method === 'GET' ? route.params.map(queryParameter) : []),
  ];
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: route.authenticated ? [{ BasicAuth: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(route.method !== 'GET' && route.params.length ? { requestBody: requestBody(route.params) } : {}),
    responses: { 200: successResponse(route), ...errorResponses(route, pathNames) },
  };
}

/** The document's own entry: served without credentials, not a route of the table. */
const DOCUMENT_OPERATION: Operation = {
  operationId: 'get-openapi-document',
  summary: 'This document.',
  security: [],
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document of /api/v1.',
      content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
    },
  },
};

const METHOD_KEYS: Record<HttpMethod, string> = { GET: 'get', POST: 'post', PATCH: 'patch', DELETE: 'delete' };

export function openApiDocument(routes: readonly RestRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][METHOD_KEYS[route.method]] = operation(route);
  }
  paths[OPENAPI_PATH] = { get: DOCUMENT_OPERATION };
  return {
    openapi: '3.1.0',
    info: {
      title: 'org-admin-gateway REST API',
      version: `${ZULIP_VERSION} (feature level ${ZULIP_FEATURE_LEVEL})`,
      description: [
        'The Zulip-compatible REST API of org-admin-gateway: the endpoints it implements, with Zulip\'s parameters and bodies.',
        'Parameters are form-encoded (or multipart) in the body, or in the query string; any parameter that is not a plain',
        'string is sent as one JSON document. Any method a path does not list answers 405 (`#/components/responses/MethodNotAllowed`).',
      ].join(' '),
    },
    servers: [{ url: '/api/v1' }],
    security: [{ BasicAuth: [] }],
    paths,
    components: {
      securitySchemes: ZULIP_SECURITY_SCHEMES,
      schemas: ZULIP_SCHEMAS,
      responses: ZULIP_RESPONSES,
    },
  };
}
