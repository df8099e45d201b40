import type { Knex } from 'knex';
import { insertBatches } from './db';

/**
 * The groups a joining user is put in: the given named groups that are still active, plus the
 * organization's system groups of these names. One query.
 */
export async function groupsForNewUser(
  knex: Knex, organizationId: number, ids: readonly number[], systemGroupNames: readonly string[],
): Promise<number[]> {
  const rows = await knex('user_groups')
    .where('organization_id', organizationId)
    .andWhere('deactivated', false)
    .andWhere((w) => {
      w.where((n) => n.where('kind', 'named').whereIn('id', [...new Set(ids)]))
        .orWhere((s) => s.where('kind', 'system').whereIn('name', [...systemGroupNames]));
    })
    .orderBy('id')
    .select('id');
  return rows.map((r) => Number(r.id));
}

export async function insertGroupMemberships(knex: Knex, userId: number, groupIds: readonly number[]): Promise<void> {
  for (const batch of insertBatches(knex, groupIds.map((groupId) => ({ group_id: groupId, user_id: userId })))) {
    await knex('user_group_members').insert(batch);
  }
}
