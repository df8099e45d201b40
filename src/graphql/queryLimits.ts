import {
  GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule,
} from 'graphql';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_FIELDS = 200;

/**
 * Bounds the work one document may ask for: nesting depth and the number of fields (aliases and
 * fragments counted where they are used). Introspection fields are bounded by the schema itself
 * and are left out, so Apollo Sandbox's full introspection query passes.
 */
export function queryLimits(maxDepth = MAX_QUERY_DEPTH, maxFields = MAX_QUERY_FIELDS): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    return {
      OperationDefinition(operation) {
        let fields = 0;
        let deepest = 0;
        const walk = (set: SelectionSetNode, depth: number, via: ReadonlySet<string>): void => {
          for (const sel of set.selections) {
            if (fields > maxFields || deepest > maxDepth) return;
            if (sel.kind === Kind.FIELD) {
              if (sel.name.value.startsWith('__')) continue;
              fields++;
              deepest = Math.max(deepest, depth);
              if (sel.selectionSet) walk(sel.selectionSet, depth + 1, via);
            } else if (sel.kind === Kind.INLINE_FRAGMENT) {
              walk(sel.selectionSet, depth, via);
            } else {
              const f = fragments.get(sel.name.value);
              // A fragment cycle is reported by graphql's own rules; do not loop on it here.
              if (f && !via.has(f.name.value)) walk(f.selectionSet, depth, new Set([...via, f.name.value]));
            }
          }
        };
        walk(operation.selectionSet, 1, new Set());
        if (deepest > maxDepth) context.reportError(new GraphQLError(`Query is too deep (limit: ${maxDepth} levels)`, { nodes: [operation] }));
        else if (fields > maxFields) context.reportError(new GraphQLError(`Query asks for too many fields (limit: ${maxFields})`, { nodes: [operation] }));
      },
    };
  };
}
