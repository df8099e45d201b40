import { generateInvitationKey } from '../auth/keys';
import { badRequest } from '../errors';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../limits';
import {
  checkChannelsForInvitation, checkGroupsForInvitation, checkMayCreateReusableInvitation, checkMayInviteAs,
  checkMayRevokeInvitation, invitationListScope, requireMemberOrAdmin, welcomeTextAllowed,
} from '../policy';
import { isUniqueViolation } from '../store/db';
import { loadInvitationChecks } from '../store/invitationChecks';
import { insertInvitation, invitationById, listActiveInvitations, markInvitationRevoked } from '../store/invitations';
import { ROLE, ROLE_VALUES, type Invitation } from '../store/types';
import { checkMaxLength, checkStorableText } from '../text';
import { now, type Services } from './context';
import { gated } from './gates';
import { checkListLength } from './lists';

export interface CreateReusableInvitation {
  /** undefined: the server default; null: never expires. */
  inviteExpiresInMinutes?: number | null;
  inviteAs?: number;
  streamIds?: number[] | null;
  groupIds?: number[] | null;
  includeRealmDefaultSubscriptions?: boolean;
  welcomeMessageCustomText?: string | null;
}

export interface CreatedInvitation {
  invitation: Invitation;
  inviteLink: string;
}

// Dates past this cannot be stored or shown; Zulip itself overflows there.
const LATEST_EXPIRY = Date.UTC(9999, 11, 31);

export function invitationLink(organizationUrl: string, key: string): string {
  return `${organizationUrl.replace(/\/+$/, '')}/join/${key}/`;
}

function expiryDate(services: Services, createdAt: Date, minutes: number | null | undefined): Date | null {
  if (minutes === null) return null;
  const m = minutes === undefined ? services.config.invitationLinkValidityMinutes : minutes;
  const at = createdAt.getTime() + m * 60_000;
  if (at > LATEST_EXPIRY) throw badRequest('invite_expires_in_minutes is too large');
  if (at < 0) throw badRequest('invite_expires_in_minutes is too small');
  return new Date(at);
}

/**
 * Checks in Zulip's order: who may call (the gate), parameter values, the organization's
 * create_multiuse_invite_group, the role, the channels, the groups; then one transaction.
 */
export const createReusableInvitation = gated(requireMemberOrAdmin, async (
  services, user, input: CreateReusableInvitation,
): Promise<CreatedInvitation> => {
  const inviteAs = input.inviteAs ?? ROLE.MEMBER;
  if (!ROLE_VALUES.includes(inviteAs)) throw badRequest('Invalid invite_as: Value error, Not in the list of possible values');
  const text = input.welcomeMessageCustomText ?? null;
  if (text !== null) {
    checkMaxLength(text, MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH, 'welcome_message_custom_text');
    checkStorableText(text, 'welcome_message_custom_text');
  }
  const createdAt = now(services);
  const expiresAt = expiryDate(services, createdAt, input.inviteExpiresInMinutes);
  const streamIds = input.streamIds ?? [];
  const groupIds = input.groupIds ?? [];
  checkListLength(streamIds, 'stream_ids');
  checkListLength(groupIds, 'group_ids');

  const { knex } = services.db;
  const { memberOf, channels, groups } = await loadInvitationChecks(knex, user.organizationId, user.id, streamIds, groupIds);
  checkMayCreateReusableInvitation(user, memberOf);
  checkMayInviteAs(user, inviteAs);
  checkChannelsForInvitation(user, memberOf, streamIds, channels);
  checkGroupsForInvitation(user, memberOf, groupIds, groups);

  const base = {
    organizationId: user.organizationId,
    creatorId: user.id,
    invitedAs: inviteAs,
    includeRealmDefaultSubscriptions: input.includeRealmDefaultSubscriptions ?? false,
    welcomeMessageCustomText: welcomeTextAllowed(user, text),
    createdAt,
    expiresAt,
    channelIds: [...new Set(streamIds)],
    groupIds: [...new Set(groupIds)],
  };
  // A key collision (120 random bits) is astronomically unlikely; the unique index still decides.
  for (let attempt = 0; ; attempt++) {
    const key = generateInvitationKey();
    try {
      const invitation = await insertInvitation(knex, { ...base, key });
      return { invitation, inviteLink: invitationLink(user.organization.url, key) };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 2) throw err;
    }
  }
});

/** Neither guests nor bots (the gate); administrators see every link of the organization, others their own. */
export const reusableInvitations = gated(requireMemberOrAdmin, async (services, user): Promise<Invitation[]> => {
  const { creatorId } = invitationListScope(user);
  return listActiveInvitations(services.db.knex, user.organizationId, now(services), creatorId);
});

/**
 * Checks in Zulip's order (access_multiuse_invite_by_id): who may call (the gate), the link
 * exists in the caller's organization, the caller may revoke it, it is not revoked yet. Expired
 * links may be revoked. The row is kept, with the time of revocation.
 */
export const revokeReusableInvitation = gated(requireMemberOrAdmin, async (services, user, id: number): Promise<Invitation> => {
  const { knex } = services.db;
  const invitation = await invitationById(knex, user.organizationId, id);
  if (invitation === undefined) throw badRequest('No such invitation');
  checkMayRevokeInvitation(user, invitation);
  const alreadyRevoked = badRequest('Invitation has already been revoked');
  if (invitation.revokedAt !== null) throw alreadyRevoked;
  const revokedAt = now(services);
  // A concurrent revocation of the same link got there first.
  if (!(await markInvitationRevoked(knex, invitation.id, revokedAt))) throw alreadyRevoked;
  return { ...invitation, revokedAt };
});
