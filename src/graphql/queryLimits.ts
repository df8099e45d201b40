import {
  GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule,
} from 'graphql';

export const MAX_QUERY_DEPTH = 10;
export const MAX_QUERY_FIELDS = 200;
// Introspection (__schema, __type and everything below them) has budgets of its own, sized from
// graphql-js's getIntrospectionQuery with every option on, which Apollo Sandbox and
// graphql-codegen send: it reaches 15 levels and asks for 230 fields (test/queryLimits.test.ts
// measures it). The margin admits a client whose type-reference fragment nests up to five more
// ofType levels (each adds a level, and two fields to each of the fragment's five uses).
// graphql's own MaxIntrospectionDepthRule stops cycles through the schema's lists; these budgets
// bound the rest, such as the same introspection asked for again under many aliases.
export const MAX_INTROSPECTION_DEPTH = 20;
export const MAX_INTROSPECTION_FIELDS = 300;

export interface QueryLimits {
  depth: number;
  fields: number;
  introspectionDepth: number;
  introspectionFields: number;
}

const DEFAULT_LIMITS: QueryLimits = {
  depth: MAX_QUERY_DEPTH,
  fields: MAX_QUERY_FIELDS,
  introspectionDepth: MAX_INTROSPECTION_DEPTH,
  introspectionFields: MAX_INTROSPECTION_FIELDS,
};

/**
 * Fields a selection asks for (counted where used) and how many levels deep it reaches, for
 * ordinary fields and for introspection fields apart.
 */
interface Extent {
  fields: number;
  depth: number;
  introspectionFields: number;
  introspectionDepth: number;
}

const NOTHING: Extent = { fields: 0, depth: 0, introspectionFields: 0, introspectionDepth: 0 };

/**
 * Bounds the work one document may ask for: nesting depth and the number of fields (aliases and
 * fragments counted where they are used), for ordinary fields and, with budgets of their own, for
 * introspection. `__typename` costs nothing.
 */
export function queryLimits(overrides: Partial<QueryLimits> = {}): ValidationRule {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    // Each fragment is measured once and its extent reused wherever it is spread: expanding it at
    // every use would take time exponential in the document's size (fragments spreading the next
    // one twice), before any limit is reached. An extent does not depend on where it is used: what
    // lies below an introspection field is moved to the introspection counts at that field.
    const measured = new Map<string, Extent>();
    const inProgress = new Set<string>();
    const extentOf = (set: SelectionSetNode): Extent => {
      const total = { ...NOTHING };
      for (const sel of set.selections) {
        let inner: Extent;
        if (sel.kind === Kind.FIELD) {
          const name = sel.name.value;
          if (name === '__typename') continue;
          const below = sel.selectionSet ? extentOf(sel.selectionSet) : NOTHING;
          inner = name.startsWith('__')
            ? {
              fields: 0,
              depth: 0,
              introspectionFields: 1 + below.fields + below.introspectionFields,
              introspectionDepth: 1 + Math.max(below.depth, below.introspectionDepth),
            }
            : { ...below, fields: 1 + below.fields, depth: 1 + below.depth };
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
        total.fields += inner.fields;
        total.depth = Math.max(total.depth, inner.depth);
        total.introspectionFields += inner.introspectionFields;
        total.introspectionDepth = Math.max(total.introspectionDepth, inner.introspectionDepth);
      }
      return total;
    };
    return {
      OperationDefinition(operation) {
        const e = extentOf(operation.selectionSet);
        const refuse = (message: string) => context.reportError(new GraphQLError(message, { nodes: [operation] }));
        if (e.depth > limits.depth) refuse(`Query is too deep (limit: ${limits.depth} levels)`);
        else if (e.fields > limits.fields) refuse(`Query asks for too many fields (limit: ${limits.fields})`);
        else if (e.introspectionDepth > limits.introspectionDepth) refuse(`Introspection is too deep (limit: ${limits.introspectionDepth} levels)`);
        else if (e.introspectionFields > limits.introspectionFields) refuse(`Introspection asks for too many fields (limit: ${limits.introspectionFields})`);
      },
    };
  };
}
