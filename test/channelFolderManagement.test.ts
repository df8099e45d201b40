import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateFolderDocument, FoldersDocument, ReorderFoldersDocument, UpdateFolderDocument } from '../src/generated/graphql';
import { toBool, toDate } from '../src/store/db';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { graphqlClient, post, request, type Who } from './support/http';
import { CREATE, FOLDERS } from './support/paths';
import { expectGraphqlRefusal, expectRefusal } from './support/refusals';
import { recordStatements } from './support/sqlStatements';

const OK = { result: 'success', msg: '' };
const bad = (msg: string) => ({ result: 'error', msg, code: 'BAD_REQUEST' });
const MUST_ADMIN = { result: 'error', msg: 'Must be an organization administrator', code: 'UNAUTHORIZED_PRINCIPAL' };
const INVALID_ID = bad('Invalid channel folder ID');
const IN_USE = bad('Channel folder name already in use');
const EMPTY = bad("Channel folder name can't be empty.");
const NOT_EMPTY_FOLDER = bad('You need to remove all the channels from this folder to archive it.');
const BAD_ORDER = bad('Invalid order mapping.');
const NOT_FOUND = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' };

describe.each(DIALECTS)('list, update and reorder channel folders on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  const folderPath = (id: number | string) => `${FOLDERS}/${id}`;
  const patch = (who: Who, id: number | string, form: Record<string, unknown>) => request(g, 'PATCH', folderPath(id), { who, form });
  const reorder = (who: Who, form: Record<string, unknown>) => request(g, 'PATCH', FOLDERS, { who, form });
  const row = (id: number) => g.db.knex('channel_folders').where('id', id).first();

  /** Zulip's ChannelFolderDict, from the stored row. */
  function dictOf(r: any) {
    return {
      id: Number(r.id), name: r.name, description: r.description, rendered_description: r.rendered_description,
      creator_id: r.creator_id === null ? null : Number(r.creator_id),
      date_created: Math.floor(toDate(r.date_created).getTime() / 1000),
      is_archived: toBool(r.is_archived),
      order: r.sort_order === null ? Number(r.id) : Number(r.sort_order),
    };
  }

  /** The organization's folders as GET /channel_folders must list them, straight from the table. */
  async function stored(organizationId: number, includeArchived: boolean) {
    const rows = await g.db.knex('channel_folders').where('organization_id', organizationId).select('*');
    return rows.map(dictOf).filter((f) => includeArchived || !f.is_archived).sort((a, b) => a.order - b.order || a.id - b.id);
  }

  async function newFolder(name: string, description = ''): Promise<number> {
    const res = await post(g, 'admin', CREATE, { name, description });
    expect(res.status).toBe(200);
    return res.body.channel_folder_id;
  }

  // ---------------------------------------------------------------- GET /channel_folders

  it('any user lists the organization\'s active folders in order, guests and bots included', async () => {
    await newFolder('Listed', 'A *listed* folder');
    const expected = await stored(g.org.id, false);
    expect(expected.map((f) => f.name)).toEqual(['Existing', 'Listed']);
    for (const who of ['owner', 'admin', 'moderator', 'member', 'guest', 'bot', 'adminBot'] as const) {
      const res = await request(g, 'GET', FOLDERS, { who });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { ...OK, channel_folders: expected } });
    }
    expect(expected[1]).toMatchObject({ rendered_description: '<p>A <em>listed</em> folder</p>', creator_id: g.userId('admin') });
    expect(Number.isInteger(expected[1]!.date_created)).toBe(true);
  });

  it('include_archived: true adds archived folders; false is the default', async () => {
    const all = await stored(g.org.id, true);
    expect(all.some((f) => f.is_archived)).toBe(true);
    const withArchived = await request(g, 'GET', FOLDERS, { who: 'guest', query: { include_archived: true } });
    expect(withArchived.body).toEqual({ ...OK, channel_folders: all });
    const without = await request(g, 'GET', FOLDERS, { who: 'guest', query: { include_archived: false } });
    expect(without.body).toEqual({ ...OK, channel_folders: await stored(g.org.id, false) });
  });

  it('include_archived must be a JSON boolean', async () => {
    await expectRefusal(g.db, () => request(g, 'GET', FOLDERS, { who: 'member', query: { include_archived: '1' } }), 400, bad('include_archived is not a boolean'));
    await expectRefusal(g.db, () => request(g, 'GET', FOLDERS, { who: 'member', query: { include_archived: '"true"' } }), 400, bad('include_archived is not a boolean'));
    await expectRefusal(g.db, () => request(g, 'GET', FOLDERS, { who: 'member', query: { include_archived: 'True' } }), 400, bad('include_archived is not valid JSON'));
  });

  it('another organization lists only its own folders; unknown parameters are reported; no credentials is 401', async () => {
    const res = await request(g, 'GET', FOLDERS, { who: 'otherMember', query: { extra: 'x' } });
    expect(res.body).toEqual({ ...OK, channel_folders: await stored(g.otherOrg.id, false), ignored_parameters_unsupported: ['extra'] });
    expect(res.body.channel_folders.map((f: any) => f.name)).toEqual(['Existing']);
    const anon = await request(g, 'GET', FOLDERS);
    expect(anon.status).toBe(401);
  });

  // ---------------------------------------------------------------- PATCH /channel_folders/{id}

  it('an administrator renames a folder and changes its description, which is re-rendered; the answer is Zulip\'s empty success', async () => {
    const id = await newFolder('Frontend', 'old');
    const before = await row(id);
    const res = await patch('admin', id, { name: 'Web frontend', description: 'Channels for **frontend** discussions' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: OK });
    expect(dictOf(await row(id))).toEqual({
      ...dictOf(before), name: 'Web frontend', description: 'Channels for **frontend** discussions',
      rendered_description: '<p>Channels for <strong>frontend</strong> discussions</p>',
    });
    expect((await patch('owner', id, { description: '' })).body).toEqual(OK);
    expect(await row(id)).toMatchObject({ description: '', rendered_description: '' });
    expect((await patch('adminBot', id, { name: 'Bot renamed' })).body).toEqual(OK);
    expect((await row(id)).name).toBe('Bot renamed');
  });

  it('parameters come from the query string too; the body wins; unknown names are reported', async () => {
    const id = await newFolder('Query folder');
    const res = await request(g, 'PATCH', `${folderPath(id)}?name=From%20query&description=q&zzz=1`, { who: 'admin', form: { description: 'body' } });
    expect(res.body).toEqual({ ...OK, ignored_parameters_unsupported: ['zzz'] });
    expect(await row(id)).toMatchObject({ name: 'From query', description: 'body', rendered_description: '<p>body</p>' });
  });

  it('nothing to change, or the same values: success and nothing written', async () => {
    const id = await newFolder('Same', 'same');
    await expectRefusal(g.db, () => patch('admin', id, {}), 200, OK);
    await expectRefusal(g.db, () => patch('admin', id, { name: 'Same', description: 'same', is_archived: false }), 200, OK);
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as const)('a %s may not update a folder, whatever the parameters or the id', async (who) => {
    const id = g.org.channel_folders.Existing!;
    await expectRefusal(g.db, () => patch(who, id, { name: 'Mine' }), 400, MUST_ADMIN);
    await expectRefusal(g.db, () => patch(who, id, { description: 'x'.repeat(2000) }), 400, MUST_ADMIN);
    await expectRefusal(g.db, () => patch(who, 999999, {}), 400, MUST_ADMIN);
  });

  it('parameters are parsed in Zulip\'s order (description, is_archived, name) before the folder is looked up', async () => {
    const long = (n: number) => 'é'.repeat(n);
    await expectRefusal(g.db, () => patch('admin', 999999, { description: long(1025), is_archived: 'yes', name: long(61) }), 400,
      bad('description is too long (limit: 1024 characters)'));
    await expectRefusal(g.db, () => patch('admin', 999999, { is_archived: 'yes', name: long(61) }), 400, bad('is_archived is not valid JSON'));
    await expectRefusal(g.db, () => patch('admin', 999999, { is_archived: '1', name: long(61) }), 400, bad('is_archived is not a boolean'));
    await expectRefusal(g.db, () => patch('admin', 999999, { name: long(61) }), 400, bad('name is too long (limit: 60 characters)'));
  });

  it('an unknown folder, or another organization\'s: "Invalid channel folder ID"', async () => {
    await expectRefusal(g.db, () => patch('admin', 999999, { name: 'x' }), 400, INVALID_ID);
    await expectRefusal(g.db, () => patch('admin', g.otherOrg.channel_folders.Existing!, { name: 'x' }), 400, INVALID_ID);
    await expectRefusal(g.db, () => patch('otherOwner', g.org.channel_folders.Existing!, { is_archived: true }), 400, INVALID_ID);
    await expectRefusal(g.db, () => patch('admin', '99999999999999999999999', {}), 400, INVALID_ID);
  });

  it.each(['abc', '-1', '1.5', '12abc', '%20'])('a path id %j that is not digits is an unknown path (404)', async (bad) => {
    await expectRefusal(g.db, () => patch('admin', bad, { name: 'x' }), 404, NOT_FOUND);
    await expectRefusal(g.db, () => patch(null, bad, { name: 'x' }), 404, NOT_FOUND);
  });

  it('name rules as at creation: blank, unprintable, too long', async () => {
    const id = await newFolder('Rules');
    for (const name of ['', '   ', '\t\n ']) await expectRefusal(g.db, () => patch('admin', id, { name }), 400, EMPTY);
    await expectRefusal(g.db, () => patch('admin', id, { name: 'abc\u0000' }), 400, bad('Invalid character in channel folder name, at position 4.'));
    await expectRefusal(g.db, () => patch('admin', id, { name: '😀\u0007' }), 400, bad('Invalid character in channel folder name, at position 2.'));
    await expectRefusal(g.db, () => patch('admin', id, { name: '😀'.repeat(61) }), 400, bad('name is too long (limit: 60 characters)'));
    expect((await patch('admin', id, { name: '😀'.repeat(60) })).body).toEqual(OK);
    expect((await row(id)).name).toBe('😀'.repeat(60));
  });

  it('a name in use, ignoring case, archived folders included, is refused; the folder\'s own name in another case is not', async () => {
    const id = await newFolder('Casing');
    await expectRefusal(g.db, () => patch('admin', id, { name: 'existing' }), 400, IN_USE);
    await expectRefusal(g.db, () => patch('admin', id, { name: 'ARCHIVED ONE' }), 400, IN_USE);
    await expectRefusal(g.db, () => patch('admin', id, { name: 'Listed' }), 400, IN_USE);
    expect((await patch('admin', id, { name: 'CASING' })).body).toEqual(OK);
    expect((await row(id)).name).toBe('CASING');
    // Another organization's names do not count.
    expect((await patch('otherOwner', g.otherOrg.channel_folders.Existing!, { name: 'Listed' })).body).toEqual(OK);
    expect((await row(g.otherOrg.channel_folders.Existing!)).name).toBe('Listed');
  });

  it('archiving and unarchiving an empty folder', async () => {
    const id = await newFolder('Seasonal');
    expect((await patch('admin', id, { is_archived: true })).body).toEqual(OK);
    expect(toBool((await row(id)).is_archived)).toBe(true);
    expect((await request(g, 'GET', FOLDERS, { who: 'member' })).body.channel_folders.map((f: any) => f.id)).not.toContain(id);
    expect((await patch('admin', id, { is_archived: false })).body).toEqual(OK);
    expect(toBool((await row(id)).is_archived)).toBe(false);
  });

  it('a folder holding a channel, even an archived one, cannot be archived; once emptied it can', async () => {
    const id = await newFolder('Holding');
    const { knex } = g.db;
    await knex('channels').where('id', g.org.channels.general!).update({ folder_id: id });
    await expectRefusal(g.db, () => patch('admin', id, { is_archived: true }), 400, NOT_EMPTY_FOLDER);
    await knex('channels').where('id', g.org.channels.general!).update({ folder_id: null });
    await knex('channels').where('id', g.org.channels.archived!).update({ folder_id: id });
    await expectRefusal(g.db, () => patch('admin', id, { is_archived: true }), 400, NOT_EMPTY_FOLDER);
    // All or nothing: a valid new name and description are not kept when archiving is refused.
    await expectRefusal(g.db, () => patch('admin', id, { name: 'Renamed', description: 'new', is_archived: true }), 400, NOT_EMPTY_FOLDER);
    // The name is checked before the folder's channels.
    await expectRefusal(g.db, () => patch('admin', id, { name: 'existing', is_archived: true }), 400, IN_USE);
    await expectRefusal(g.db, () => patch('admin', id, { name: ' ', is_archived: true }), 400, EMPTY);
    await knex('channels').where('id', g.org.channels.archived!).update({ folder_id: null });
    expect((await patch('admin', id, { name: 'Renamed', description: 'new', is_archived: true })).body).toEqual(OK);
    expect(dictOf(await row(id))).toMatchObject({ name: 'Renamed', description: 'new', rendered_description: '<p>new</p>', is_archived: true });
  });

  it('a channel of another folder does not stop archiving', async () => {
    const id = await newFolder('Neighbour');
    const other = await newFolder('Occupied');
    await g.db.knex('channels').where('id', g.org.channels.public!).update({ folder_id: other });
    expect((await patch('admin', id, { is_archived: true })).body).toEqual(OK);
    expect(toBool((await row(id)).is_archived)).toBe(true);
    expect(toBool((await row(other)).is_archived)).toBe(false);
    await g.db.knex('channels').where('id', g.org.channels.public!).update({ folder_id: null });
  });

  it('unarchiving a folder whose name is free again works; archived folders keep their names reserved', async () => {
    const id = g.org.channel_folders['Archived one']!;
    expect((await patch('admin', id, { is_archived: false, description: 'back' })).body).toEqual(OK);
    expect(dictOf(await row(id))).toMatchObject({ is_archived: false, description: 'back', rendered_description: '<p>back</p>' });
    expect((await patch('admin', id, { is_archived: true })).body).toEqual(OK);
    expect(toBool((await row(id)).is_archived)).toBe(true);
  });

  // ---------------------------------------------------------------- PATCH /channel_folders (order)

  async function allIds(organizationId: number): Promise<number[]> {
    return (await g.db.knex('channel_folders').where('organization_id', organizationId).orderBy('id').pluck('id')).map(Number);
  }

  it('an administrator reorders every folder, archived ones included: positions are the list indexes', async () => {
    const ids = await allIds(g.org.id);
    const order = [...ids].reverse();
    const res = await reorder('admin', { order });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: OK });
    const listed = (await request(g, 'GET', FOLDERS, { who: 'guest', query: { include_archived: true } })).body.channel_folders;
    expect(listed.map((f: any) => f.id)).toEqual(order);
    expect(listed.map((f: any) => f.order)).toEqual(order.map((_, i) => i));
    expect(listed).toEqual(await stored(g.org.id, true));
    // Other organizations are untouched.
    expect((await stored(g.otherOrg.id, true)).map((f) => f.order)).toEqual(await allIds(g.otherOrg.id));
  });

  it('a folder created after a reorder sorts last', async () => {
    const ids = await allIds(g.org.id);
    expect((await reorder('owner', { order: [ids[1], ids[0], ...ids.slice(2)] })).body).toEqual(OK);
    const id = await newFolder('Latecomer');
    const listed = (await request(g, 'GET', FOLDERS, { who: 'member', query: { include_archived: true } })).body.channel_folders;
    expect(listed.at(-1).id).toBe(id);
    expect(listed.slice(0, 2).map((f: any) => f.id)).toEqual([ids[1], ids[0]]);
  });

  it('the order comes from the query string too', async () => {
    const ids = await allIds(g.org.id);
    const res = await request(g, 'PATCH', `${FOLDERS}?order=${encodeURIComponent(JSON.stringify(ids))}`, { who: 'admin' });
    expect(res.body).toEqual(OK);
    expect((await stored(g.org.id, true)).map((f) => f.id)).toEqual(ids);
  });

  it('the order must name every folder of the organization exactly once', async () => {
    const ids = await allIds(g.org.id);
    const archived = g.org.channel_folders['Archived one']!;
    const cases = [
      [],
      ids.slice(1),
      ids.filter((id) => id !== archived),
      [...ids, 999999],
      [...ids, g.otherOrg.channel_folders.Existing!],
      [...ids, ids[0]],
      [...ids.slice(1), ids[1]],
      [...ids.slice(1), g.otherOrg.channel_folders.Existing!],
    ];
    for (const order of cases) await expectRefusal(g.db, () => reorder('admin', { order }), 400, BAD_ORDER);
  });

  it('order is required and must be a JSON list of integers', async () => {
    await expectRefusal(g.db, () => reorder('admin', {}), 400,
      { result: 'error', msg: "Missing 'order' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'order' });
    await expectRefusal(g.db, () => reorder('admin', { order: '1,2' }), 400, bad('order is not valid JSON'));
    await expectRefusal(g.db, () => reorder('admin', { order: '5' }), 400, bad('order is not a list'));
    await expectRefusal(g.db, () => reorder('admin', { order: '["1"]' }), 400, bad('order[0] is not an integer'));
    await expectRefusal(g.db, () => reorder('admin', { order: '[1, 2.0]' }), 400, bad('order[1] is not an integer'));
  });

  it.each(['moderator', 'member', 'guest', 'bot'] as const)('a %s may not reorder, checked before the parameters', async (who) => {
    const order = await allIds(g.org.id);
    await expectRefusal(g.db, () => reorder(who, { order }), 400, MUST_ADMIN);
    await expectRefusal(g.db, () => reorder(who, {}), 400, MUST_ADMIN);
  });

  it('another organization reorders its own folders with its own ids', async () => {
    const order = await allIds(g.otherOrg.id);
    expect((await reorder('otherOwner', { order })).body).toEqual(OK);
    expect((await stored(g.otherOrg.id, true)).map((f) => [f.id, f.order])).toEqual(order.map((id, i) => [id, i]));
  });

  it('reordering costs the same number of queries for 4 folders as for 60', async () => {
    const counted = async (order: number[]) => {
      const { result: res, sql } = await recordStatements(g.db, () => reorder('admin', { order }));
      expect(res.body).toEqual(OK);
      return sql.length;
    };
    const few = await counted(await allIds(g.org.id));
    for (let i = 0; i < 56; i++) await newFolder(`Bulk ${i}`);
    const ids = await allIds(g.org.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    const many = await counted([...ids].reverse());
    expect(many).toBe(few);
    expect((await stored(g.org.id, true)).map((f) => f.id)).toEqual([...ids].reverse());
  });

  // ---------------------------------------------------------------- GraphQL

  it('GraphQL channelFolders: any user, archived ones on request, in order', async () => {
    const guest = graphqlClient(g, 'guest');
    const toGraphQL = (f: Awaited<ReturnType<typeof stored>>[number], dateCreated: string) => ({
      id: f.id, name: f.name, description: f.description, renderedDescription: f.rendered_description, isArchived: f.is_archived,
      order: f.order, creatorId: f.creator_id, dateCreated,
    });
    const listed = (await guest.request(FoldersDocument, { includeArchived: true })).channelFolders;
    const expected = await stored(g.org.id, true);
    expect(listed.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    for (const [i, f] of listed.entries()) expect(f).toEqual(toGraphQL(expected[i]!, toDate((await row(f.id)).date_created).toISOString()));
    expect((await guest.request(FoldersDocument, {})).channelFolders.every((f) => !f.isArchived)).toBe(true);
  });

  it('GraphQL updateChannelFolder returns the updated folder, as stored', async () => {
    const created = (await graphqlClient(g, 'admin').request(CreateFolderDocument, { input: { name: 'GraphQL folder', description: '' } })).createChannelFolder.channelFolder!;
    const res = await graphqlClient(g, 'owner').request(UpdateFolderDocument, { input: { id: created.id, name: 'GraphQL renamed', description: '_x_', isArchived: true } });
    expect(res.updateChannelFolder.channelFolder).toEqual({ ...created, name: 'GraphQL renamed', description: '_x_', renderedDescription: '<p><em>x</em></p>', isArchived: true });
    const again = await graphqlClient(g, 'admin').request(UpdateFolderDocument, { input: { id: created.id, name: null, isArchived: false } });
    expect(again.updateChannelFolder.channelFolder).toEqual({ ...res.updateChannelFolder.channelFolder, isArchived: false });
    expect(dictOf(await row(created.id))).toMatchObject({ name: 'GraphQL renamed', description: '_x_', is_archived: false });
  });

  it('GraphQL reorderChannelFolders returns every folder in the new order', async () => {
    const ids = await allIds(g.org.id);
    const order = [ids[2]!, ids[0]!, ids[1]!, ...ids.slice(3)];
    const res = await graphqlClient(g, 'admin').request(ReorderFoldersDocument, { input: { order } });
    expect(res.reorderChannelFolders.channelFolders.map((f) => [f.id, f.order])).toEqual(order.map((id, i) => [id, i]));
    expect((await stored(g.org.id, true)).map((f) => [f.id, f.order])).toEqual(order.map((id, i) => [id, i]));
  });

  it('GraphQL: the same refusals, messages and codes, and nothing written', async () => {
    const id = g.org.channel_folders.Existing!;
    const holding = await newFolder('GraphQL holding');
    await g.db.knex('channels').where('id', g.org.channels.general!).update({ folder_id: holding });
    const ids = await allIds(g.org.id);
    const cases: [Who, () => Promise<unknown>, string, string][] = [];
    const update = (who: Who, input: any) => () => graphqlClient(g, who).request(UpdateFolderDocument, { input });
    const order = (who: Who, o: number[]) => () => graphqlClient(g, who).request(ReorderFoldersDocument, { input: { order: o } });
    cases.push(
      ['member', update('member', { id, name: 'x' }), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'],
      ['guest', order('guest', ids), 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'],
      ['admin', update('admin', { id: 999999, name: 'x' }), 'Invalid channel folder ID', 'BAD_REQUEST'],
      ['admin', update('admin', { id: g.otherOrg.channel_folders.Existing!, name: 'x' }), 'Invalid channel folder ID', 'BAD_REQUEST'],
      ['admin', update('admin', { id, name: '  ' }), "Channel folder name can't be empty.", 'BAD_REQUEST'],
      ['admin', update('admin', { id, name: 'a\u0000' }), 'Invalid character in channel folder name, at position 2.', 'BAD_REQUEST'],
      ['admin', update('admin', { id, name: 'x'.repeat(61) }), 'name is too long (limit: 60 characters)', 'BAD_REQUEST'],
      ['admin', update('admin', { id, description: 'x'.repeat(1025), name: 'x'.repeat(61) }), 'description is too long (limit: 1024 characters)', 'BAD_REQUEST'],
      ['admin', update('admin', { id, name: 'LISTED' }), 'Channel folder name already in use', 'BAD_REQUEST'],
      ['admin', update('admin', { id: holding, name: 'Fine', isArchived: true }), 'You need to remove all the channels from this folder to archive it.', 'BAD_REQUEST'],
      ['admin', order('admin', ids.slice(1)), 'Invalid order mapping.', 'BAD_REQUEST'],
      ['admin', order('admin', [...ids, ids[0]!]), 'Invalid order mapping.', 'BAD_REQUEST'],
      [null, order(null, ids), 'Not logged in: API authentication or user session required', 'UNAUTHORIZED'],
    );
    for (const [, send, message, code] of cases) await expectGraphqlRefusal(g.db, send, { message, code });
    await g.db.knex('channels').where('id', g.org.channels.general!).update({ folder_id: null });
  });
});
