import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimits } from '../src/graphql/queryLimits';

// A schema with a recursive type, which ours does not have yet, to exercise the depth bound.
const schema = buildSchema('type Node { id: Int, child: Node } type Query { node: Node }');
const messages = (query: string, depth = 4, fields = 10) => validate(schema, parse(query), [queryLimits(depth, fields)]).map((e) => e.message);
const nested = (levels: number) => `{ ${'node { '.repeat(1)}${'child { '.repeat(levels - 2)}id${' }'.repeat(levels - 1)} }`;

describe('query limits', () => {
  it('allows a document at the depth limit and refuses one level more', () => {
    expect(messages(nested(4))).toEqual([]);
    expect(messages(nested(5))).toEqual(['Query is too deep (limit: 4 levels)']);
  });

  it('counts fields reached through fragments and aliases', () => {
    const frag = 'fragment F on Node { id child { id } }';
    expect(messages(`{ a: node { ...F } b: node { ...F } } ${frag}`)).toEqual([]);
    expect(messages(`{ a: node { ...F } b: node { ...F } c: node { ...F } d: node { ...F } } ${frag}`)).toEqual(['Query asks for too many fields (limit: 10)']);
  });

  it('measures each fragment once: a chain of fragments each spreading the next twice is measured at once', () => {
    // Nothing in it counts (only __typename at the end), so no limit stops the walk early:
    // expanding every spread would visit 2^40 selections.
    const links = 40;
    const chain = Array.from({ length: links }, (_, i) => (i === links - 1
      ? `fragment F${i} on Node { __typename }`
      : `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }`)).join(' ');
    const started = Date.now();
    expect(messages(`{ node { ...F0 } } ${chain}`, 4, 10)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('leaves introspection fields out', () => {
    expect(messages('{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } } } }', 2, 3)).toEqual([]);
  });
});
