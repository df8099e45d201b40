import type { Knex } from 'knex';
import { placeholders, preparedRows, textRows, toBool, toIdOrNull } from './db';
import type { ChannelAccessRow, UserGroupRow } from './types';

export interface InvitationCheckData {
  /** Every group the user belongs to, directly or through subgroups. */
  memberOf: Set<number>;
  channels: Map<number, ChannelAccessRow>;
  groups: Map<number, UserGroupRow>;
}

/**
 * What the invitation policy needs, in ONE statement whatever the list sizes: the user's group
 * memberships (recursive through subgroups), the requested channels with the user's subscription,
 * and the requested groups. The three row kinds share one column layout, told apart by `kind`.
 */
export async function loadInvitationChecks(
  knex: Knex, organizationId: number, userId: number, channelIds: readonly number[], groupIds: readonly number[],
): Promise<InvitationCheckData> {
  const channels = [...new Set(channelIds)];
  const groups = [...new Set(groupIds)];
  const parts = [
    `SELECT 'm' AS kind, id, NULL AS f1, NULL AS f2, NULL AS f3, NULL AS r1, NULL AS r2, NULL AS t1 FROM member_of`,
  ];
  const bindings: number[] = [userId];
  if (channels.length) {
    parts.push(`SELECT 'c', c.id, c.invite_only, c.is_default, c.is_archived, c.can_add_subscribers_group_id, s.user_id, NULL
      FROM channels c LEFT JOIN subscriptions s ON s.channel_id = c.id AND s.user_id = ?
      WHERE c.organization_id = ? AND c.id IN (${placeholders(channels.length)})`);
    bindings.push(userId, organizationId, ...channels);
  }
  if (groups.length) {
    parts.push(`SELECT 'g', g.id, NULL, NULL, g.deactivated, g.can_add_members_group_id, g.can_manage_group_id, g.kind
      FROM user_groups g WHERE g.organization_id = ? AND g.id IN (${placeholders(groups.length)})`);
    bindings.push(organizationId, ...groups);
  }
  const sql = `WITH RECURSIVE member_of(id) AS (
       SELECT group_id FROM user_group_members WHERE user_id = ?
       UNION
       SELECT s.supergroup_id FROM user_group_subgroups s JOIN member_of m ON s.subgroup_id = m.id
     )
     ${parts.join('\nUNION ALL\n')}`;
  // Without lists the text is fixed, so it is prepared; with lists it varies with their lengths.
  const rows = channels.length === 0 && groups.length === 0
    ? await preparedRows(knex, sql, bindings)
    : await textRows(knex, sql, bindings);
  const data: InvitationCheckData = { memberOf: new Set(), channels: new Map(), groups: new Map() };
  for (const r of rows) {
    const rowId = Number(r.id);
    if (r.kind === 'm') data.memberOf.add(rowId);
    else if (r.kind === 'c') {
      data.channels.set(rowId, {
        id: rowId, inviteOnly: toBool(r.f1), isDefault: toBool(r.f2), isArchived: toBool(r.f3),
        canAddSubscribersGroupId: toIdOrNull(r.r1), subscribed: r.r2 !== null && r.r2 !== undefined,
      });
    } else {
      data.groups.set(rowId, {
        id: rowId, name: null, kind: r.t1 as UserGroupRow['kind'], deactivated: toBool(r.f3),
        canAddMembersGroupId: toIdOrNull(r.r1), canManageGroupId: toIdOrNull(r.r2),
      });
    }
  }
  return data;
}
