import type { Knex } from 'knex';
import { toBool } from './db';
import type { ChannelAccessRow } from './types';

/** The requested channels of the organization, with whether the user is subscribed: one query. */
export async function channelsForAccess(
  knex: Knex, organizationId: number, userId: number, ids: readonly number[],
): Promise<Map<number, ChannelAccessRow>> {
  if (ids.length === 0) return new Map();
  const rows = await knex('channels as c')
    .leftJoin('subscriptions as s', (j) => j.on('s.channel_id', 'c.id').andOn('s.user_id', knex.raw('?', [userId])))
    .where('c.organization_id', organizationId)
    .whereIn('c.id', [...new Set(ids)])
    .select('c.id', 'c.invite_only', 'c.is_default', 'c.is_archived', 'c.can_add_subscribers_group_id', 's.user_id as subscriber');
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id),
    inviteOnly: toBool(r.invite_only),
    isDefault: toBool(r.is_default),
    isArchived: toBool(r.is_archived),
    canAddSubscribersGroupId: r.can_add_subscribers_group_id === null ? null : Number(r.can_add_subscribers_group_id),
    subscribed: r.subscriber !== null && r.subscriber !== undefined,
  }]));
}
