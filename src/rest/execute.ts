import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { GraphQLError, validate, type GraphQLSchema } from 'graphql';
import { compileQuery, type CompiledQuery } from 'graphql-jit';
import { unwrapResolverError } from '@apollo/server/errors';
import { ZulipError, badRequest } from '../errors';
import type { GraphQLContext } from '../graphql/context';

/** A route's document, ready to run on the schema. */
export type CompiledDocument<TResult, TVariables> = CompiledQuery<TResult, TVariables>;

/**
 * The shim's documents are fixed, so each is validated and compiled once, when the routes are
 * registered, to a function that runs it on this schema without graphql-js's per-request walk
 * over the document (graphql-jit). A document that does not validate stops the start-up.
 */
export function compileDocument<TResult, TVariables>(
  schema: GraphQLSchema, document: TypedDocumentNode<TResult, TVariables>,
): CompiledDocument<TResult, TVariables> {
  const invalid = validate(schema, document);
  if (invalid.length > 0) throw new Error(`a REST route's document does not validate: ${invalid[0]!.message}`);
  const result = compileQuery<TResult, TVariables>(schema, document);
  if (!('query' in result)) throw new Error(`a REST route's document does not compile: ${result.errors?.[0]?.message}`);
  return result;
}

/**
 * Runs one of the shim's pre-parsed documents on the same schema, in-process: the rules are the
 * resolvers' and operations', never the shim's. A failure comes back as the error it began as.
 */
export async function executeDocument<TResult, TVariables>(
  document: CompiledDocument<TResult, TVariables>,
  variables: TVariables,
  context: GraphQLContext,
): Promise<TResult> {
  const result = await document.query(undefined, context, variables);
  const first = result.errors?.[0];
  if (first) {
    const original = unwrapResolverError(first);
    if (original instanceof ZulipError) throw original;
    // Variable coercion refused a value the shim let through: still the client's mistake.
    if (original instanceof GraphQLError && original.originalError === undefined) throw badRequest(original.message);
    throw original;
  }
  return result.data as TResult;
}
