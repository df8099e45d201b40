import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ZulipError, badRequest } from '../errors';
import type { GraphQLContext } from '../graphql/context';
import { runCompiled, type CompiledOperation } from '../graphql/compiledExecution';

/**
 * Runs one of the shim's documents on the same schema, in-process: the rules are the resolvers'
 * and operations', never the shim's. A failure comes back as the error it began as.
 */
export async function executeDocument<TResult, TVariables>(
  document: CompiledOperation<TResult, TVariables>,
  variables: TVariables,
  context: GraphQLContext,
): Promise<TResult> {
  const result = await runCompiled(document, variables, context);
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
