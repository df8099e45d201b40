import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { post, request } from './support/http';
import { CREATE, INVITE, PROFILE, REGENERATE } from './support/paths';
import { recordStatements } from './support/sqlStatements';

// SQL statements per request, counted from Knex's query events (BEGIN and COMMIT included): the
// number decides the speed, and it must not grow with the size of the lists a request carries.

describe.each(DIALECTS)('SQL statements per request on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  it('create folder: the authentication lookup and one INSERT, no transaction', async () => {
    const { result: res, sql } = await recordStatements(g.db, () => post(g, 'admin', CREATE, { name: 'Counted', description: 'x' }));
    expect(res.status).toBe(200);
    expect(await g.db.knex('channel_folders').where({ id: res.body.channel_folder_id }).first('name')).toEqual({ name: 'Counted' });
    expect(sql).toHaveLength(2);
    expect(sql[1]).toMatch(/^insert into/i);
    expect(sql.join(' ')).not.toMatch(/BEGIN|insert into [^ ]+ .*select/i);
  });

  it('create invitation without lists: three statements, no transaction', async () => {
    const { result: res, sql } = await recordStatements(g.db, () => post(g, 'admin', INVITE, {}));
    expect(res.status).toBe(200);
    expect(sql).toHaveLength(3);
  });

  it('create invitation: at most 7 statements, the same for 1 or 100 channels and groups', async () => {
    const channels = Object.values(g.org.channels).filter((id) => id !== g.org.channels.archived && id !== g.org.channels['private-owner-only'] && id !== g.org.channels['private-helpers']);
    const small = await recordStatements(g.db, () => post(g, 'owner', INVITE, { stream_ids: [channels[0]], group_ids: [g.org.user_groups.open] }));
    expect(small.result.status).toBe(200);
    const many = Array.from({ length: 100 }, (_, i) => channels[i % channels.length]);
    const groups = Array.from({ length: 20 }, (_, i) => [g.org.user_groups.open, g.org.user_groups.locked][i % 2]);
    const big = await recordStatements(g.db, () => post(g, 'owner', INVITE, { stream_ids: many, group_ids: groups }));
    expect(big.result.status).toBe(200);
    // The link names every channel and group asked for, once each.
    const key = /\/join\/([a-z2-7]{24})\//.exec(big.result.body.invite_link)![1];
    const invite = await g.db.knex('multiuse_invites').where('invite_key', key).first('id');
    expect((await g.db.knex('multiuse_invite_channels').where('invite_id', invite.id).pluck('channel_id')).sort()).toEqual([...new Set(many)].sort());
    expect((await g.db.knex('multiuse_invite_groups').where('invite_id', invite.id).pluck('group_id')).sort()).toEqual([...new Set(groups)].sort());
    expect(big.sql.length).toBeLessThanOrEqual(7);
    expect(big.sql.length).toBe(small.sql.length);
  });

  it('a link to 600 channels is stored whole (SQLite takes at most 500 rows an INSERT); one INSERT of them on MySQL', async () => {
    const { loadWorld } = await import('../src/world/loadWorld');
    const names = Array.from({ length: 600 }, (_, i) => `wide-${i}`);
    const loaded = await loadWorld(g.db, { organizations: [{
      name: 'Wide Org', url: 'http://wide.localhost:9991',
      users: [{ email: 'owner@wide.org', full_name: 'Wide Owner', role: 100, api_key: 'WideOwnerKey0000000000000000000a' }],
      channels: names.map((name) => ({ name })),
    }] });
    const ids = Object.values(loaded.organizations[0]!.channels);
    const { result: res, sql } = await recordStatements(g.db, () => post(g, { email: 'owner@wide.org', apiKey: 'WideOwnerKey0000000000000000000a' }, INVITE, { stream_ids: ids }));
    expect(res.status).toBe(200);
    const key = /\/join\/([a-z2-7]{24})\//.exec(res.body.invite_link)![1];
    const invite = await g.db.knex('multiuse_invites').where('invite_key', key).first('id');
    expect(await g.db.knex('multiuse_invite_channels').where('invite_id', invite.id).pluck('channel_id')).toHaveLength(600);
    if (dialect === 'mysql') expect(sql.length).toBeLessThanOrEqual(7);
  });

  it('a refused invitation reads and writes nothing more than its checks', async () => {
    const { result: res, sql } = await recordStatements(g.db, () => post(g, 'owner', INVITE, { stream_ids: Array.from({ length: 50 }, (_, i) => 900_000 + i) }));
    expect(res.status).toBe(400);
    expect(sql).toHaveLength(2);
    expect(sql.filter((s) => /^\s*(insert|update|delete)\b/i.test(s))).toEqual([]);
  });

  it('remove profile data: constant whatever the number of fields', async () => {
    const one = await recordStatements(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', query: { data: [g.org.custom_profile_fields.Phone] } }));
    const three = await recordStatements(g.db, () => request(g, 'DELETE', PROFILE, { who: 'member', query: { data: Object.values(g.org.custom_profile_fields).filter((id) => id !== g.org.custom_profile_fields.Badge) } }));
    expect(one.result.status).toBe(200);
    expect(three.result.status).toBe(200);
    const left = await g.db.knex('custom_profile_field_values').where('user_id', g.userId('member')).pluck('field_id');
    expect(left).toEqual([g.org.custom_profile_fields.Badge]);
    expect(three.sql.length).toBe(one.sql.length);
    expect(one.sql.length).toBeLessThanOrEqual(3);
  });

  it('regenerate key: authentication, then one transaction of two statements', async () => {
    const { result: res, sql } = await recordStatements(g.db, () => post(g, 'member2', REGENERATE));
    expect(res.status).toBe(200);
    g.keys.member2 = res.body.api_key;
    // The new key works (here, to replace itself).
    const again = await post(g, 'member2', REGENERATE);
    expect(again.status).toBe(200);
    g.keys.member2 = again.body.api_key;
    expect(sql).toHaveLength(5);
  });
});
