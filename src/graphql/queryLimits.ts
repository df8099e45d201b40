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
/** Fields a selection asks for (counted where used) and how many levels deep it reaches. */
interface Extent {
  fields: number;
  depth: number;
}

export function queryLimits(maxDepth = MAX_QUERY_DEPTH, maxFields = MAX_QUERY_FIELDS): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    // Each fragment is measured once and its extent reused wherever it is spread: expanding it at
    // every use would take time exponential in the document's size (fragments spreading the next
    // one twice), before any limit is reached.
    const measured = new Map<string, Extent>();
    const inProgress = new Set<string>();
    const extentOf = (set: SelectionSetNode): Extent => {
      let fields = 0;
      let depth = 0;
      for (const sel of set.selections) {
        let inner: Extent;
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          const below = sel.selectionSet ? extentOf(sel.selectionSet) : { fields: 0, depth: 0 };
          inner = { fields: 1 + below.fields, depth: 1 + below.depth };
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          inner = extentOf(sel.selectionSet);
        } else {
          const name = sel.name.value;
          const f = fragments.get(name);
          // A fragment cycle is reported by graphql's own rules; do not loop on it here.
          if (!f || inProgress.has(name)) continue;
          let known = measured.get(name);
          if (!known) {
            inProgress.add(name);
            known = extentOf(f.selectionSet);
            inProgress.delete(name);
            measured.set(name, known);
          }
          inner = known;
        }
        fields += inner.fields;
        depth = Math.max(depth, inner.depth);
      }
      return { fields, depth };
    };
    return {
      OperationDefinition(operation) {
        const { fields, depth } = extentOf(operation.selectionSet);
        if (depth > maxDepth) context.reportError(new GraphQLError(`Query is too deep (limit: ${maxDepth} levels)`, { nodes: [operation] }));
        else if (fields > maxFields) context.reportError(new GraphQLError(`Query asks for too many fields (limit: ${maxFields})`, { nodes: [operation] }));
      },
    };
  };
}
