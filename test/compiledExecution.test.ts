import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNS_BEFORE_COMPILING } from '../src/graphql/compiledExecution';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { basicAuth, request, type Who } from './support/http';

// /graphql runs a document through graphql-js until it has been sent RUNS_BEFORE_COMPILING times,
// then compiled: a client must not be able to tell which. Each request below is sent enough times
// to cross over, and every answer must be the first one, byte for byte.

describe.each(DIALECTS)('GraphQL documents before and after they are compiled, on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  async function sameAnswerEveryTime(who: Who, query: string, variables?: Record<string, unknown>): Promise<{ status: number; body: any }> {
    const send = () => request(g, 'POST', '/graphql', {
      headers: { ...basicAuth(g, who), 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }),
    });
    const first = await send();
    for (let i = 1; i < RUNS_BEFORE_COMPILING + 5; i++) {
      const again = await send();
      expect({ status: again.status, text: again.text }, `answer ${i + 1}`).toEqual({ status: first.status, text: first.text });
    }
    return { status: first.status, body: first.body };
  }

  it('a query answers the same data', async () => {
    const { body } = await sameAnswerEveryTime('member', 'query Me { me { id email role profileData { value } } }');
    expect(body.data.me.email).toBe('member@test.org');
  });

  it('a refusal keeps its message, code, locations and path', async () => {
    const { status, body } = await sameAnswerEveryTime(null, 'query { serverSettings { zulipFeatureLevel } me { id } }');
    expect(status).toBe(200);
    // `me` is non-null: its refusal nulls the whole data.
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([{
      message: 'Not logged in: API authentication or user session required',
      locations: [{ line: 1, column: 46 }], path: ['me'], extensions: { code: 'UNAUTHORIZED' },
    }]);
  });

  it('a mutation refused by the policy, and nothing written', async () => {
    const { body } = await sameAnswerEveryTime('member', 'mutation M($input: CreateChannelFolderInput!) { createChannelFolder(input: $input) { channelFolder { id } } }',
      { input: { name: 'never', description: '' } });
    expect(body.errors[0]).toMatchObject({ message: 'Must be an organization administrator', extensions: { code: 'UNAUTHORIZED_PRINCIPAL' } });
    expect(await g.db.knex('channel_folders').where({ name: 'never' }).first()).toBeUndefined();
  });

  it('a refused variable gets graphql-js\'s words and Apollo\'s 400 BAD_USER_INPUT', async () => {
    const { status, body } = await sameAnswerEveryTime('owner', 'mutation M($input: CreateChannelFolderInput!) { createChannelFolder(input: $input) { channelFolder { id } } }',
      { input: { name: 7 } });
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.extensions.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(body.errors[0].message).toMatch(/^Variable "\$input" got invalid value 7 at "input.name"; String cannot represent a non string value: 7$/);
  });

  it('introspection answers the same', async () => {
    const { body } = await sameAnswerEveryTime(null, '{ __typename __type(name: "ChannelFolder") { name fields { name } } }');
    expect(body.data.__type.name).toBe('ChannelFolder');
  });
});
