import { buildClientSchema, buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryLimits, type QueryLimits } from '../src/graphql/queryLimits';
import { startGateway, type Gateway } from './support/gateway';
import { request } from './support/http';

// A schema with a recursive type, which ours does not have yet, to exercise the depth bound.
const schema = buildSchema('type Node { id: Int, child: Node } type Query { node: Node }');
const SMALL: QueryLimits = { depth: 4, fields: 10, introspectionDepth: 6, introspectionFields: 12 };
const messages = (query: string, limits: Partial<QueryLimits> = {}) => validate(schema, parse(query), [queryLimits({ ...SMALL, ...limits })]).map((e) => e.message);

// What Apollo Sandbox and graphql-codegen send: graphql-js's introspection query with every option.
const FULL_INTROSPECTION = getIntrospectionQuery({
  descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true,
});
/** `fields { type { ofType { fields { ... } } } }` on a type, `cycles` times: a response exponential in the document's length. */
const cyclic = (cycles: number) => `${'fields { name type { ofType { '.repeat(cycles)}name${' } } }'.repeat(cycles)}`;
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
    expect(messages(`{ node { ...F0 } } ${chain}`)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('__typename costs nothing, in ordinary fields and in introspection', () => {
    expect(messages('{ __typename node { __typename id } __schema { __typename queryType { __typename name } } }', {
      depth: 2, fields: 2, introspectionDepth: 3, introspectionFields: 3,
    })).toEqual([]);
  });

  it('counts introspection apart from ordinary fields, under budgets of its own', () => {
    // Ordinary: node, id (2 fields, 2 levels). Introspection: __schema, types, name, fields, name (5 fields, 4 levels).
    const query = '{ node { id } __schema { types { name fields { name } } } }';
    expect(messages(query, { depth: 2, fields: 2, introspectionDepth: 4, introspectionFields: 5 })).toEqual([]);
    expect(messages(query, { depth: 2, fields: 2, introspectionDepth: 3, introspectionFields: 5 })).toEqual(['Introspection is too deep (limit: 3 levels)']);
    expect(messages(query, { depth: 2, fields: 2, introspectionDepth: 4, introspectionFields: 4 })).toEqual(['Introspection asks for too many fields (limit: 4)']);
    expect(messages(query, { depth: 1, fields: 2, introspectionDepth: 4, introspectionFields: 5 })).toEqual(['Query is too deep (limit: 1 levels)']);
  });

  it('counts introspection reached through fragments where they are used', () => {
    const frag = 'fragment T on __Type { name kind }';
    // Each use: __type, name, kind (3 fields).
    const uses = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `t${i}: __type(name: "Node") { ...T }`).join(' ')} } ${frag}`;
    expect(messages(uses(4))).toEqual([]);
    expect(messages(uses(5))).toEqual(['Introspection asks for too many fields (limit: 12)']);
  });

  it('the introspection budgets leave a margin over the full introspection query, which needs 15 levels and 230 fields', () => {
    const limits = { introspectionDepth: 15, introspectionFields: 230 };
    expect(messages(FULL_INTROSPECTION, limits)).toEqual([]);
    expect(messages(FULL_INTROSPECTION, { ...limits, introspectionDepth: 14 })).toEqual(['Introspection is too deep (limit: 14 levels)']);
    expect(messages(FULL_INTROSPECTION, { ...limits, introspectionFields: 229 })).toEqual(['Introspection asks for too many fields (limit: 229)']);
  });
});

// Introspection reads no data, so one dialect is enough here.
describe('query limits on the GraphQL endpoint', () => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway('sqlite'); });
  afterAll(async () => { await g?.close(); });
  const send = (query: string) => request(g, 'POST', '/graphql', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });

  it('the full introspection query with every option passes, and describes the whole schema', async () => {
    const res = await send(FULL_INTROSPECTION);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const client = buildClientSchema(res.body.data);
    expect(client.getMutationType()?.getFields()).toHaveProperty('createChannelFolder');
    expect(client.getQueryType()?.getFields()).toHaveProperty('me');
  });

  it.each([
    ['__schema', `{ __schema { types { ${cyclic(8)} } } }`],
    ['__type', `{ __type(name: "User") { ${cyclic(8)} } }`],
  ])('a cyclic introspection query through %s is refused before it runs', async (_root, query) => {
    const res = await send(query);
    expect(res.status).toBe(400);
    expect(res.body).not.toHaveProperty('data');
    // graphql's own MaxIntrospectionDepthRule refuses the cycle too.
    expect(res.body.errors).toContainEqual(expect.objectContaining({
      message: 'Introspection is too deep (limit: 20 levels)', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    }));
  });

  it('introspection asked for again under many aliases is refused by the field budget', async () => {
    // Each copy (6 fields) is within graphql's own cycle rule; 51 of them are 306 fields.
    const copies = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __schema { types { fields { type { fields { name } } } } }`).join(' ')} }`;
    expect((await send(copies(50))).status).toBe(200);
    const res = await send(copies(51));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [expect.objectContaining({ message: 'Introspection asks for too many fields (limit: 300)', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })],
    });
  });

  it('ordinary fields keep their own budget of 200 next to a full introspection', async () => {
    const ordinary = (n: number) => Array.from({ length: n }, (_, i) => `s${i}: serverSettings { zulipFeatureLevel }`).join(' ');
    const withOrdinary = (n: number) => FULL_INTROSPECTION.replace('__schema {', `${ordinary(n)} __schema {`);
    const fits = await send(withOrdinary(100));
    expect(fits.status).toBe(200);
    expect(fits.body.data.s99).toEqual({ zulipFeatureLevel: 492 });
    const over = await send(withOrdinary(101));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      errors: [expect.objectContaining({ message: 'Query asks for too many fields (limit: 200)', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })],
    });
  });
});
