import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateFolderDocument, FoldersDocument } from '../src/generated/graphql';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, post, request, type Who } from './support/http';
import { CREATE } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';


describe.each(DIALECTS)('create channel folder on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  async function folderRow(id: number) {
    return g.db.knex('channel_folders').where('id', id).first();
  }

  it('an administrator creates a folder: id returned, row stored with rendered Markdown and creator', async () => {
    const res = await post(g, 'admin', CREATE, { name: 'Backend', description: 'Channels for **backend** discussions' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text.endsWith('\n')).toBe(true);
    expect(Object.keys(res.body).sort()).toEqual(['channel_folder_id', 'msg', 'result']);
    const row = await folderRow(res.body.channel_folder_id);
    expect(row).toMatchObject({
      name: 'Backend',
      description: 'Channels for **backend** discussions',
      rendered_description: '<p>Channels for <strong>backend</strong> discussions</p>',
      creator_id: g.userId('admin'),
      organization_id: g.org.id,
    });
    expect(Boolean(row.is_archived)).toBe(false);
  });

  it('owners and administrator-role bots may create folders', async () => {
    const byOwner = await post(g, 'owner', CREATE, { name: 'Owner folder', description: '' });
    expect(byOwner.status).toBe(200);
    expect(await folderRow(byOwner.body.channel_folder_id))
      .toMatchObject({ organization_id: g.org.id, creator_id: g.userId('owner'), name: 'Owner folder' });
    const byBot = await post(g, 'adminBot', CREATE, { name: 'Bot folder', description: '' });
    expect(byBot.body.result).toBe('success');
    expect(await folderRow(byBot.body.channel_folder_id))
      .toMatchObject({ organization_id: g.org.id, creator_id: g.userId('adminBot'), name: 'Bot folder' });
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as const)('a %s cannot create a folder', async (who) => {
    await expectRefusal(g.db, () => post(g, who, CREATE, { name: 'Refused', description: '' }), 400,
      { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
  });

  it('the role check comes before parameter parsing', async () => {
    await expectRefusal(g.db, () => post(g, 'member', CREATE, {}), 400,
      { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
  });

  it('parameters are parsed in Zulip\'s order: description before name', async () => {
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, {}), 400,
      { result: 'error', msg: "Missing 'description' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { description: '' }), 400,
      { result: 'error', msg: "Missing 'name' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'name' });
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { description: 'x'.repeat(1025) }), 400,
      { result: 'error', msg: 'description is too long (limit: 1024 characters)', code: 'BAD_REQUEST' });
  });

  it('lengths are counted in code points: 60 astral characters fit, 61 do not', async () => {
    const ok = await post(g, 'admin', CREATE, { name: '😀'.repeat(60), description: '😀'.repeat(1024) });
    expect(ok.status).toBe(200);
    expect((await folderRow(ok.body.channel_folder_id)).name).toBe('😀'.repeat(60));
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { name: '😀'.repeat(61), description: '' }), 400,
      { result: 'error', msg: 'name is too long (limit: 60 characters)', code: 'BAD_REQUEST' });
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { name: 'fine', description: 'é'.repeat(1025) }), 400,
      { result: 'error', msg: 'description is too long (limit: 1024 characters)', code: 'BAD_REQUEST' });
  });

  it.each([[''], ['   '], ['\t\n ']])('an empty or blank name %j is refused', async (name) => {
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { name, description: '' }), 400,
      { result: 'error', msg: "Channel folder name can't be empty.", code: 'BAD_REQUEST' });
  });

  it.each([
    ['abc\u0000', 4], ['a\u0007b', 2], ['tab\there', 4], ['x\uFFFE', 2], ['\uFDD0y', 1], ['😀\u0001', 2],
  ])('an unprintable character in %j is refused with its 1-based position', async (name, position) => {
    await expectRefusal(g.db, () => post(g, 'admin', CREATE, { name, description: '' }), 400,
      { result: 'error', msg: `Invalid character in channel folder name, at position ${position}.`, code: 'BAD_REQUEST' });
  });

  it('names are unique per organization ignoring case, archived folders included', async () => {
    for (const name of ['existing', 'EXISTING', 'archived ONE']) {
      await expectRefusal(g.db, () => post(g, 'admin', CREATE, { name, description: '' }), 400,
        { result: 'error', msg: 'Channel folder name already in use', code: 'BAD_REQUEST' });
    }
    // Another organization's folder of the same name does not count.
    const other = await post(g, 'otherOwner', CREATE, { name: 'Backend', description: '' });
    expect(other.status).toBe(200);
    expect(await folderRow(other.body.channel_folder_id))
      .toMatchObject({ organization_id: g.otherOrg.id, creator_id: g.userId('otherOwner'), name: 'Backend' });
  });

  it('the name is stored as sent, not stripped, and distinct from a name with trailing space', async () => {
    const res = await post(g, 'admin', CREATE, { name: ' Spaced ', description: '' });
    expect((await folderRow(res.body.channel_folder_id)).name).toBe(' Spaced ');
    const plain = await post(g, 'admin', CREATE, { name: 'Spaced', description: '' });
    expect(plain.status).toBe(200);
    expect(await folderRow(plain.body.channel_folder_id))
      .toMatchObject({ organization_id: g.org.id, creator_id: g.userId('admin'), name: 'Spaced' });
  });

  it('concurrent creations of one name: exactly one succeeds', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post(g, 'admin', CREATE, { name: 'Race', description: '' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.msg).toBe('Channel folder name already in use');
    expect(await g.db.knex('channel_folders').where({ organization_id: g.org.id, name: 'Race' }).count({ n: '*' }).first())
      .toMatchObject({ n: 1 });
  });

  it('Markdown is rendered safely: HTML is escaped, links and line breaks rendered', async () => {
    const res = await post(g, 'admin', CREATE, { name: 'Safe', description: '<script>alert(1)</script>\nline *two* https://example.com' });
    expect((await folderRow(res.body.channel_folder_id)).rendered_description)
      .toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;<br>\nline <em>two</em> <a href="https://example.com">https://example.com</a></p>');
  });

  it('parameters come from the query string too, the body wins, unknown ones are reported', async () => {
    const res = await request(g, 'POST', CREATE, {
      who: 'admin', query: { name: 'From query', description: 'q', zeta: 1, alpha: 2 },
      form: { description: 'body wins' },
    });
    expect(res.body).toEqual({ result: 'success', msg: '', channel_folder_id: expect.any(Number), ignored_parameters_unsupported: ['alpha', 'zeta'] });
    expect(await folderRow(res.body.channel_folder_id)).toMatchObject({ name: 'From query', description: 'body wins' });
  });

  it('GraphQL: createChannelFolder returns the folder; channelFolders lists it in order', async () => {
    const client = graphqlClient(g, 'owner');
    const data = await client.request(CreateFolderDocument, { input: { name: 'Via GraphQL', description: 'Made with **GraphQL**' } });
    const f = data.createChannelFolder.channelFolder!;
    expect(f).toMatchObject({
      name: 'Via GraphQL', description: 'Made with **GraphQL**', renderedDescription: '<p>Made with <strong>GraphQL</strong></p>',
      isArchived: false, creatorId: g.userId('owner'), order: f.id,
    });
    expect(Date.parse(f.dateCreated)).toBeGreaterThan(Date.now() - 60_000);
    const list = (await client.request(FoldersDocument, {})).channelFolders;
    expect(list.map((x) => x.name)).toContain('Via GraphQL');
    expect(list.map((x) => x.name)).not.toContain('Archived one');
    expect(list.map((x) => x.order)).toEqual([...list.map((x) => x.order)].sort((a, b) => a - b));
    const all = (await graphqlClient(g, 'guest').request(FoldersDocument, { includeArchived: true })).channelFolders;
    expect(all.map((x) => x.name)).toContain('Archived one');
  });

  it('GraphQL: the same rules and messages, with Zulip codes, and nothing written', async () => {
    const create = (who: Who, name: string, description = '') => () => graphqlClient(g, who).request(CreateFolderDocument, { input: { name, description } });
    await expectGraphqlRefusal(g.db, create('moderator', 'No'), { message: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' });
    await expectGraphqlRefusal(g.db, create('admin', 'existing'), { message: 'Channel folder name already in use', code: 'BAD_REQUEST' });
    await expectGraphqlRefusal(g.db, create('admin', 'x'.repeat(61)), { message: 'name is too long (limit: 60 characters)', code: 'BAD_REQUEST' });
    await expectGraphqlRefusal(g.db, create('admin', 'ok', 'bad \ud800 surrogate'),
      { message: 'Invalid character in channel folder description, at position 5.', code: 'BAD_REQUEST' });
    await expectGraphqlRefusal(g.db, create(null, 'anon'), { message: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
  });
});
