/**
 * The one error type of the project: what Zulip would answer. Thrown anywhere below the resolvers;
 * GraphQL puts `code` in `extensions.code`, the REST shim writes Zulip's body and status.
 */
export class ZulipError extends Error {
  constructor(
    readonly msg: string,
    readonly code: string = 'BAD_REQUEST',
    readonly httpStatus: number = 400,
    /** Extra top-level keys of the error body (e.g. `var_name`). */
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(msg);
    this.name = 'ZulipError';
  }
}

export const WWW_AUTHENTICATE_BASIC = { 'WWW-Authenticate': 'Basic realm="zulip"' };

export function badRequest(msg: string): ZulipError {
  return new ZulipError(msg);
}

/** Authentication failures over Basic auth: always 401 UNAUTHORIZED with the original message. */
export function unauthorized(msg: string): ZulipError {
  return new ZulipError(msg, 'UNAUTHORIZED', 401, {}, WWW_AUTHENTICATE_BASIC);
}

export const NOT_LOGGED_IN = 'Not logged in: API authentication or user session required';

export function missingArgument(varName: string): ZulipError {
  return new ZulipError(`Missing '${varName}' argument`, 'REQUEST_VARIABLE_MISSING', 400, { var_name: varName });
}

export function unauthorizedPrincipal(msg: string): ZulipError {
  return new ZulipError(msg, 'UNAUTHORIZED_PRINCIPAL', 400);
}

export function notFound(msg: string): ZulipError {
  return new ZulipError(msg, 'BAD_REQUEST', 404);
}

/** A request unanswered after Config.requestTimeoutMs: a 503 in the API's error shape. */
export const REQUEST_TIMED_OUT = { msg: 'The request took too long; try again later', code: 'REQUEST_TIMEOUT' };
