import type { Knex } from 'knex';
import { INSERT_CHUNK, toBool } from './db';
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

/**
 * The channels a joining user is subscribed to: the given ones plus, when asked, the
 * organization's default channels as they are now; archived channels are left out. One query.
 */
export async function channelsForNewUser(
  knex: Knex, organizationId: number, ids: readonly number[], includeDefaults: boolean,
): Promise<number[]> {
  if (ids.length === 0 && !includeDefaults) return [];
  const rows = await knex('channels')
    .where('organization_id', organizationId)
    .andWhere('is_archived', false)
    .andWhere((w) => {
      w.whereIn('id', [...new Set(ids)]);
      if (includeDefaults) w.orWhere('is_default', true);
    })
    .orderBy('id')
    .select('id');
  return rows.map((r) => Number(r.id));
}

export async function insertSubscriptions(knex: Knex, userId: number, channelIds: readonly number[]): Promise<void> {
  for (let i = 0; i < channelIds.length; i += INSERT_CHUNK) {
    await knex('subscriptions').insert(channelIds.slice(i, i + INSERT_CHUNK).map((channelId) => ({ channel_id: channelId, user_id: userId })));
  }
}
