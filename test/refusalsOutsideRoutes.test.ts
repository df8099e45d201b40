import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../src/limits';
import { snapshot } from './support/dbState';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { rawRequest, type RawResponse } from './support/rawHttp';

// Requests refused before a route answers (Fastify cannot route them, or they outlast the request
// timeout) get the error shape of the API their URL names: GraphQL's under /graphql, Zulip's
// elsewhere; both as one JSON line.

const TIMEOUT_MS = 300;

const answer = (res: RawResponse) => ({ status: res.status, type: res.headers['content-type'], text: res.text });

describe.each(DIALECTS)('refusals outside the routes on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect, { requestTimeoutMs: TIMEOUT_MS }); });
  afterAll(async () => { await g?.close(); });

  it('a path with a broken percent escape: Zulip\'s body under /api/v1, GraphQL\'s under /graphql', async () => {
    expect(answer(await rawRequest(g.base, { method: 'GET', path: '/api/v1/invites/multiuse/%ff', headers: [] }))).toEqual({
      status: 400, type: 'application/json; charset=utf-8', text: '{"result":"error","msg":"Malformed request","code":"BAD_REQUEST"}\n',
    });
    expect(answer(await rawRequest(g.base, { method: 'GET', path: '/graphql/%ff', headers: [] }))).toEqual({
      status: 400, type: 'application/json; charset=utf-8', text: '{"errors":[{"message":"Malformed request","extensions":{"code":"BAD_REQUEST"}}]}\n',
    });
  });

  it('a GraphQL body that cannot be read (malformed JSON, too large) gets the same one-line GraphQL body', async () => {
    const post = (body: Buffer) => rawRequest(g.base, { method: 'POST', path: '/graphql', headers: [['Content-Type', 'application/json']], body });
    const before = await snapshot(g.db);
    expect(answer(await post(Buffer.from('{"query": ')))).toEqual({
      status: 400, type: 'application/json; charset=utf-8', text: '{"errors":[{"message":"Malformed request","extensions":{"code":"BAD_REQUEST"}}]}\n',
    });
    expect(answer(await post(Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1, 0x20)))).toEqual({
      status: 413, type: 'application/json; charset=utf-8', text: '{"errors":[{"message":"Request body too large","extensions":{"code":"BAD_REQUEST"}}]}\n',
    });
    expect(await snapshot(g.db)).toEqual(before);
  });

  it('a request whose body never arrives whole is answered by the request timeout, in the shape its URL names', async () => {
    // The declared length is never reached, so the handler never runs.
    const partial = (path: string, type: string, start: string) => rawRequest(g.base, {
      method: 'POST', path, headers: [['Content-Type', type], ['Content-Length', '100']], body: Buffer.from(start),
    });
    const before = await snapshot(g.db);
    const [rest, graphql] = await Promise.all([
      partial('/api/v1/channel_folders/create', 'application/x-www-form-urlencoded', 'name=x'),
      partial('/graphql', 'application/json', '{"query":'),
    ]);
    expect(answer(rest)).toEqual({
      status: 503, type: 'application/json; charset=utf-8',
      text: '{"result":"error","msg":"The request took too long; try again later","code":"REQUEST_TIMEOUT"}\n',
    });
    expect(answer(graphql)).toEqual({
      status: 503, type: 'application/json; charset=utf-8',
      text: '{"errors":[{"message":"The request took too long; try again later","extensions":{"code":"REQUEST_TIMEOUT"}}]}\n',
    });
    // The handler never ran, so nothing was written.
    expect(await snapshot(g.db)).toEqual(before);
  });
});
