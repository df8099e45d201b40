import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startGateway, type Gateway } from './support/gateway';
import { USERS, type Handle } from './support/world';

describe.each(DIALECTS)('the world loader on %s', (dialect) => {
  let g: Gateway;
  beforeAll(async () => { g = await startGateway(dialect); });
  afterAll(async () => { await g?.close(); });

  it('stores each bot\'s owner, and none for people', async () => {
    const rows = await g.db.knex('users').where('organization_id', g.org.id).select('id', 'bot_owner_id');
    const ownerOf = new Map(rows.map((r) => [Number(r.id), r.bot_owner_id === null ? null : Number(r.bot_owner_id)]));
    const expected: Partial<Record<Handle, Handle>> = { bot: 'member', adminBot: 'admin', webhook: 'admin' };
    for (const who of Object.keys(USERS) as Handle[]) {
      if (!ownerOf.has(g.userId(who))) continue;
      const owner = expected[who];
      expect(ownerOf.get(g.userId(who)), who).toBe(owner === undefined ? null : g.userId(owner));
    }
    expect([...ownerOf.values()].filter((o) => o !== null)).toHaveLength(3);
  });
});
