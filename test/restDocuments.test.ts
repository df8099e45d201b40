import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlSchema } from '../src/graphql/schema';
import { compileFixedDocument } from '../src/graphql/compiledExecution';
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
});
