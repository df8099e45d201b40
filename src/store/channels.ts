import type { Knex } from 'knex';
import { insertBatches } from './db';

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
  for (const batch of insertBatches(knex, channelIds.map((channelId) => ({ channel_id: channelId, user_id: userId })))) {
    await knex('subscriptions').insert(batch);
  }
}
