import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { GraphQLError, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { unwrapResolverError } from '@apollo/server/errors';
import { ZulipError, badRequest } from '../errors';
import type { GraphQLContext } from '../graphql/context';

const compiledBySchema = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, CompiledQuery>>();

/**
 * The shim's documents are fixed, so each is validated and compiled once, to a function that runs
 * it on this schema without graphql-js's per-request walk over the document (graphql-jit). A
 * document that does not validate is a programming error, reported at its first use.
 */
function compiled(schema: GraphQLSchema, document: DocumentNode): CompiledQuery {
  let bySchema = compiledBySchema.get(schema);
  if (!bySchema) compiledBySchema.set(schema, bySchema = new WeakMap());
  let query = bySchema.get(document);
  if (!query) {
    const invalid = validate(schema, document);
    if (invalid.length > 0) throw new Error(`a REST route's document does not validate: ${invalid[0]!.message}`);
    const result = compileQuery(schema, document);
    if (!isCompiledQuery(result)) throw new Error(`a REST route's document does not compile: ${result.errors?.[0]?.message}`);
    bySchema.set(document, query = result);
  }
  return query;
}

/**
 * Runs one of the shim's pre-parsed documents on the same schema, in-process: the rules are the
 * resolvers' and operations', never the shim's. A failure comes back as the error it began as.
 */
export async function executeDocument<TResult, TVariables>(
  schema: GraphQLSchema,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
  context: GraphQLContext,
): Promise<TResult> {
  const result: ExecutionResult = await compiled(schema, document).query(undefined, context, variables as Record<string, unknown>);
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
