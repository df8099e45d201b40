import type { Knex } from 'knex';
import { insertBatches, preparedWrite, toBool, toDate, toDateOrNull } from './db';
import type { Invitation } from './types';

export type NewInvitation = Omit<Invitation, 'id' | 'revokedAt'>;

/**
 * The invitation row and its channel and group rows, in one transaction: whole or absent. Without
 * channels or groups it is a single INSERT, which needs no transaction.
 */
export async function insertInvitation(knex: Knex, inv: NewInvitation): Promise<Invitation> {
  if (inv.channelIds.length === 0 && inv.groupIds.length === 0) return insertInvitationRows(knex, inv);
  return knex.transaction((trx) => insertInvitationRows(trx, inv));
}

const INSERT_INVITATION = `INSERT INTO multiuse_invites
  (organization_id, creator_id, invite_key, invited_as, include_realm_default_subscriptions,
   welcome_message_custom_text, created_at, expires_at, revoked_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`;

async function insertInvitationRows(trx: Knex, inv: NewInvitation): Promise<Invitation> {
  const { insertId: inviteId } = await preparedWrite(trx, INSERT_INVITATION, [
    inv.organizationId, inv.creatorId, inv.key, inv.invitedAs, inv.includeRealmDefaultSubscriptions,
    inv.welcomeMessageCustomText, inv.createdAt, inv.expiresAt,
  ]);
  for (const batch of insertBatches(trx, inv.channelIds.map((channelId) => ({ invite_id: inviteId, channel_id: channelId })))) {
    await trx('multiuse_invite_channels').insert(batch);
  }
  for (const batch of insertBatches(trx, inv.groupIds.map((groupId) => ({ invite_id: inviteId, group_id: groupId })))) {
    await trx('multiuse_invite_groups').insert(batch);
  }
  return { ...inv, id: inviteId, revokedAt: null };
}

/**
 * Active (neither revoked nor expired) invitations of an organization, optionally only one
 * creator's, with their channel and group ids: three queries whatever the number of links.
 */
export async function listActiveInvitations(
  knex: Knex, organizationId: number, now: Date, creatorId?: number,
): Promise<Invitation[]> {
  const q = knex('multiuse_invites')
    .where('organization_id', organizationId)
    .whereNull('revoked_at')
    .andWhere((w) => w.whereNull('expires_at').orWhere('expires_at', '>', now))
    .orderBy('id')
    .select('*');
  if (creatorId !== undefined) q.andWhere('creator_id', creatorId);
  return withChannelsAndGroups(knex, await q);
}

/** One invitation of the organization, revoked and expired ones included; undefined if none. */
export async function invitationById(knex: Knex, organizationId: number, id: number): Promise<Invitation | undefined> {
  const rows = await knex('multiuse_invites').where({ organization_id: organizationId, id }).select('*');
  return (await withChannelsAndGroups(knex, rows))[0];
}

/**
 * Marks the invitation revoked, the row kept. One statement: of two concurrent revocations only
 * one changes the row; false for the other.
 */
export async function markInvitationRevoked(knex: Knex, id: number, at: Date): Promise<boolean> {
  const changed = await knex('multiuse_invites').where('id', id).whereNull('revoked_at').update({ revoked_at: at });
  return changed === 1;
}

/** An invitation by its key, whatever its state (revoked, expired), with its channel and group ids. */
export async function findInvitationByKey(knex: Knex, key: string): Promise<Invitation | null> {
  const rows = await knex('multiuse_invites').where('invite_key', key).select('*');
  // MySQL's collation ignores case: keys must match exactly, as on SQLite.
  return (await withChannelsAndGroups(knex, rows.filter((r) => r.invite_key === key)))[0] ?? null;
}

/** Decoded invitation rows with their channel and group ids: two more queries for any number of rows. */
async function withChannelsAndGroups(knex: Knex, rows: Array<Record<string, any>>): Promise<Invitation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [channels, groups] = await Promise.all([
    knex('multiuse_invite_channels').whereIn('invite_id', ids).orderBy(['invite_id', 'channel_id']).select('invite_id', 'channel_id'),
    knex('multiuse_invite_groups').whereIn('invite_id', ids).orderBy(['invite_id', 'group_id']).select('invite_id', 'group_id'),
  ]);
  const channelsOf = groupBy(channels, 'channel_id');
  const groupsOf = groupBy(groups, 'group_id');
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    creatorId: Number(r.creator_id),
    key: String(r.invite_key),
    invitedAs: Number(r.invited_as),
    includeRealmDefaultSubscriptions: toBool(r.include_realm_default_subscriptions),
    welcomeMessageCustomText: r.welcome_message_custom_text ?? null,
    createdAt: toDate(r.created_at),
    expiresAt: toDateOrNull(r.expires_at),
    revokedAt: toDateOrNull(r.revoked_at),
    channelIds: channelsOf.get(Number(r.id)) ?? [],
    groupIds: groupsOf.get(Number(r.id)) ?? [],
  }));
}

/** Link rows (invite_id, other id) as lists of the other ids per invitation. */
function groupBy(rows: Record<string, unknown>[], column: string): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const inviteId = Number(r.invite_id);
    let list = out.get(inviteId);
    if (!list) out.set(inviteId, (list = []));
    list.push(Number(r[column]));
  }
  return out;
}
