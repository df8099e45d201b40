import type { Knex } from 'knex';
import { INSERT_CHUNK, toBool } from './db';
import type { UserGroupRow } from './types';

/**
 * Every group the user belongs to, directly or through subgroups, in one recursive query.
 * A permission held by a group setting is then a set lookup, whatever the number of checks.
 */
export async function memberGroupIds(knex: Knex, userId: number): Promise<Set<number>> {
  const result = await knex.raw(
    `WITH RECURSIVE member_of(id) AS (
       SELECT group_id FROM user_group_members WHERE user_id = ?
       UNION
       SELECT s.supergroup_id FROM user_group_subgroups s JOIN member_of m ON s.subgroup_id = m.id
     )
     SELECT id FROM member_of`,
    [userId],
  );
  // mysql2 answers [rows, fields]; better-sqlite3 answers rows.
  const rows: Array<{ id: number }> = Array.isArray(result[0]) ? result[0] : result;
  return new Set(rows.map((r) => Number(r.id)));
}

export async function groupsByIds(knex: Knex, organizationId: number, ids: readonly number[]): Promise<Map<number, UserGroupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await knex('user_groups')
    .where('organization_id', organizationId)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name', 'kind', 'deactivated', 'can_add_members_group_id', 'can_manage_group_id');
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id),
    name: r.name ?? null,
    kind: r.kind,
    deactivated: toBool(r.deactivated),
    canAddMembersGroupId: r.can_add_members_group_id === null ? null : Number(r.can_add_members_group_id),
    canManageGroupId: r.can_manage_group_id === null ? null : Number(r.can_manage_group_id),
  }]));
}

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
  for (let i = 0; i < groupIds.length; i += INSERT_CHUNK) {
    await knex('user_group_members').insert(groupIds.slice(i, i + INSERT_CHUNK).map((groupId) => ({ group_id: groupId, user_id: userId })));
  }
}
