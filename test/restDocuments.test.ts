import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlSchema } from '../src/graphql/schema';
import { ZulipError } from '../src/errors';
import { compileFixedDocument } from '../src/graphql/compiledExecution';
import type { GraphQLContext } from '../src/graphql/context';
import { executeDocument } from '../src/rest/execute';
import { ROUTES } from '../src/rest/routes/index';

// The shim compiles each route's document once, when its routes are registered: a document that
// no longer fits the schema stops the start-up with its reason instead of failing requests.

describe('the REST routes\' documents', () => {
  const schema = graphqlSchema();

  it('every route\'s document validates and compiles', () => {
    for (const route of ROUTES) expect(typeof compileFixedDocument(schema, route.document).compiled.query).toBe('function');
  });

  it('a document that does not fit the schema is refused with the validation message', () => {
    expect(() => compileFixedDocument(schema, parse('mutation { createChannelFolder(input: { nam: "x" }) { channelFolder { id } } }')))
      .toThrow(/does not validate: .*nam/);
  });

  // Never reached: the operations' services are not read by these documents.
  const context = {} as GraphQLContext;

  it('a variable the schema refuses is the client\'s mistake: 400 with graphql-js\'s message', async () => {
    const doc = compileFixedDocument(schema, parse('mutation M($input: CreateChannelFolderInput!) { createChannelFolder(input: $input) { channelFolder { id } } }'));
    const refusal = await executeDocument(doc, { input: { name: 7 } }, context).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ZulipError);
    expect(refusal).toMatchObject({ httpStatus: 400, code: 'BAD_REQUEST' });
    expect((refusal as ZulipError).msg).toMatch(/^Variable "\$input" got invalid value 7 at "input.name"; String cannot represent a non string value: 7$/);
  });

  it('a null in a non-null field is the server\'s fault, never a 400', async () => {
    const doc = compileFixedDocument(buildSchema('type Query { always: String! }'), parse('{ always }'));
    const failure = await executeDocument(doc, {}, context).catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(ZulipError);
    expect(String((failure as Error).message)).toMatch(/Cannot return null for non-nullable field Query.always/);
  });
});
