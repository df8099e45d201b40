import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ZulipError } from '../errors';

export interface ErrorLogger {
  error(obj: object, msg: string): void;
}

// Errors about the request itself, which the client should see as they are.
const CLIENT_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE',
]);

const TOO_MANY_VARIABLE_ERRORS = 'Too many errors processing variables, error limit reached. Execution aborted.';

/** A Zulip error as a GraphQL error: Zulip's message, its code in extensions.code. */
export function zulipGraphQLError(err: ZulipError): GraphQLError {
  return new GraphQLError(err.msg, {
    originalError: err,
    extensions: { code: err.code, ...err.data, http: { status: err.httpStatus, headers: new Map(Object.entries(err.headers)) } },
  });
}

/** Keeps Zulip errors and request errors; masks everything else and logs it. */
export function formatGraphQLError(logger: ErrorLogger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    // A resolver's ZulipError, or one the request context raised (wrapped to carry its HTTP status).
    const original = unwrapped instanceof GraphQLError && unwrapped.originalError instanceof ZulipError ? unwrapped.originalError : unwrapped;
    if (original instanceof ZulipError) {
      return { message: original.msg, locations: formatted.locations, path: formatted.path, extensions: { code: original.code, ...original.data } };
    }
    // graphql-js stops coercing variables after 50 errors with an error of its own that names no
    // variable, so Apollo does not see it as the client's; it is the end of the client's errors.
    if (unwrapped instanceof GraphQLError && unwrapped.message === TOO_MANY_VARIABLE_ERRORS) {
      return { message: unwrapped.message, extensions: { code: 'BAD_USER_INPUT' } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
      const { stacktrace: _drop, http: _http, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    logger.error({ err: original }, 'unexpected error in a GraphQL request');
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
