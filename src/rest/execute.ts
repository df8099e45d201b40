import { Kind } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { badRequest } from '../errors';
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
  if (!first) return result.data as TResult;
  // Variable coercion refused a value the shim let through: still the client's mistake. Such an
  // error names its variable's definition (graphql-js's, which runCompiled returns); an error with
  // no original one is not enough to tell, as graphql-jit makes a null in a non-null field so.
  if (first.nodes?.[0]?.kind === Kind.VARIABLE_DEFINITION) throw badRequest(first.message);
  // A ZulipError (a refusal) reaches the handler as itself; anything else is a server fault.
  throw unwrapResolverError(first);
}
