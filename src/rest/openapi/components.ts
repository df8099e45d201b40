import type { JsonSchema } from '../route';

// Zulip's shared success and error bodies (zerver/openapi/zulip.yaml), under Zulip's names and in
// Zulip's shapes, so that a client generated from either document reads the same bodies. Two
// changes, both to match what Zulip's server actually sends: `retry-after` is a number (seconds
// with a fraction), and the 405 body, which Zulip leaves undocumented, has a schema of its own.

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An error body of exactly result, msg and code, plus the extra keys given. */
function codedErrorWith(extra: Record<string, JsonSchema>, description: string, example: object): JsonSchema {
  return {
    allOf: [
      ref('CodedErrorBase'),
      { additionalProperties: false, properties: { result: {}, msg: {}, code: {}, ...extra } },
    ],
    description,
    examples: [example],
  };
}

export const ZULIP_SCHEMAS: Record<string, JsonSchema> = {
  JsonResponseBase: {
    type: 'object',
    properties: { result: { type: 'string' } },
  },
  IgnoredParametersUnsupported: {
    type: 'array',
    items: { type: 'string' },
    description: 'The names of parameters the request sent that the endpoint does not support, sorted.',
  },
  JsonSuccessBase: {
    allOf: [
      ref('JsonResponseBase'),
      {
        required: ['result', 'msg'],
        properties: {
          result: { enum: ['success'] },
          msg: { type: 'string' },
          ignored_parameters_unsupported: ref('IgnoredParametersUnsupported'),
        },
      },
    ],
  },
  JsonSuccess: {
    allOf: [
      ref('JsonSuccessBase'),
      { additionalProperties: false, properties: { result: {}, msg: {}, ignored_parameters_unsupported: {} } },
    ],
    examples: [{ result: 'success', msg: '' }],
  },
  IgnoredParametersBase: {
    allOf: [
      ref('JsonResponseBase'),
      {
        required: ['result', 'msg'],
        properties: {
          result: { enum: ['success'] },
          msg: { type: 'string' },
          ignored_parameters_unsupported: ref('IgnoredParametersUnsupported'),
        },
      },
    ],
  },
  IgnoredParametersSuccess: {
    allOf: [
      ref('IgnoredParametersBase'),
      { additionalProperties: false, properties: { result: {}, msg: {}, ignored_parameters_unsupported: {} } },
    ],
    examples: [{ result: 'success', msg: '', ignored_parameters_unsupported: ['invalid_param_1', 'invalid_param_2'] }],
  },
  CodedErrorBase: {
    allOf: [
      ref('JsonResponseBase'),
      {
        required: ['result', 'msg', 'code'],
        properties: {
          result: { enum: ['error'] },
          msg: { type: 'string' },
          code: { type: 'string', description: 'The kind of error, for programs; `msg` is for people.' },
        },
      },
    ],
  },
  CodedError: {
    allOf: [
      ref('CodedErrorBase'),
      { additionalProperties: false, properties: { result: {}, msg: {}, code: {} } },
    ],
  },
  MissingArgumentError: codedErrorWith(
    { var_name: { type: 'string', description: 'The name of the missing parameter.' } },
    'A required parameter was not sent.',
    { result: 'error', msg: "Missing 'name' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'name' },
  ),
  IncompatibleParametersError: codedErrorWith(
    { parameters: { type: 'string', description: 'The parameters that cannot be combined, separated by commas.' } },
    'Parameters were sent together that cannot be combined.',
    { result: 'error', msg: 'Unsupported parameter combination: object_id, object_name', code: 'BAD_REQUEST', parameters: 'object_id, object_name' },
  ),
  RateLimitedError: codedErrorWith(
    { 'retry-after': { type: 'number', description: 'Seconds (with a fraction) to wait before the next request; the `Retry-After` header rounds it up.' } },
    'Too many requests, or too many failed authentications, in the current window.',
    { result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 28.706807374954224 },
  ),
  InvalidApiKeyError: {
    allOf: [ref('CodedError')],
    description: 'The API key is not valid for the e-mail address.',
    examples: [{ result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' }],
  },
  UserNotAuthorizedError: {
    allOf: [ref('CodedError')],
    description: 'The caller may not make this request.',
    examples: [{ result: 'error', msg: 'User not authorized for this query', code: 'BAD_REQUEST' }],
  },
  UserDeactivatedError: {
    allOf: [ref('CodedError')],
    description: 'The caller\'s account is deactivated.',
    examples: [{ result: 'error', msg: 'Account is deactivated', code: 'USER_DEACTIVATED' }],
  },
  RealmDeactivatedError: {
    allOf: [ref('CodedError')],
    description: 'The caller\'s organization is deactivated.',
    examples: [{ result: 'error', msg: 'This organization is deactivated', code: 'REALM_DEACTIVATED' }],
  },
  MethodNotAllowedError: {
    type: 'object',
    required: ['result', 'msg', 'allowed_methods'],
    additionalProperties: false,
    properties: {
      result: { enum: ['error'] },
      msg: { const: 'Method Not Allowed' },
      allowed_methods: { type: 'array', items: { type: 'string' }, description: 'The methods the path accepts, as in the `Allow` header.' },
    },
    description: 'Any method a path does not list. The body has no `code`, as Zulip\'s does not.',
  },
};

export const ZULIP_SECURITY_SCHEMES = {
  BasicAuth: {
    type: 'http',
    scheme: 'basic',
    description: 'HTTP Basic authentication: the user\'s e-mail address as the username and the API key as the password.',
  },
};

export const ZULIP_RESPONSES = {
  SimpleSuccess: {
    description: 'Success.',
    content: { 'application/json': { schema: ref('JsonSuccess') } },
  },
  MethodNotAllowed: {
    description: 'The path does not accept this method; the `Allow` header lists the methods it does.',
    headers: { Allow: { schema: { type: 'string' } } },
    content: { 'application/json': { schema: ref('MethodNotAllowedError') } },
  },
};
