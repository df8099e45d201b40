import { badRequest, notFound, unauthorized, unauthorizedPrincipal } from '../errors';
import {
  ROLE, type ActingUser, type ChannelAccessRow, type Invitation, type ProfileField, type User, type UserGroupRow,
} from '../store/types';
import { gate, type GateRefusal } from './gate';
import { isGuest, isBot, isIncomingWebhookBot, isModeratorOrAbove, isOwner, isRealmAdmin } from './roles';

// Who may do what. Every answer is computed from data the operation loaded in bulk beforehand,
// so a check never costs a query per list element. Messages and codes are Zulip's.

export * from './roles';

/**
 * After the key matched: the account may use the API at all (Zulip's order of checks). A request
 * sent to another organization's address is refused, as Zulip refuses another subdomain; an
 * address that names no organization (a bare IP, an internal name) is not.
 */
export function checkAccountUsable(user: ActingUser, addressedOrganizationId: number | null): void {
  if (user.organization.deactivated) throw unauthorized('This organization has been deactivated');
  if (!user.isActive) throw unauthorized('Account is deactivated');
  if (addressedOrganizationId !== null && addressedOrganizationId !== user.organizationId) {
    throw unauthorized('Account is not associated with this subdomain');
  }
  if (isIncomingWebhookBot(user)) throw unauthorized('This API is not available to incoming webhook bots.');
}

// Gates: checks of the caller alone, made before anything else, each with the refusals it gives.
const NOT_AN_ADMINISTRATOR: GateRefusal = { status: 400, code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' };
const NOT_FOR_GUESTS: GateRefusal = { status: 400, code: 'BAD_REQUEST', msg: 'Not allowed for guest users' };
const NOT_FOR_BOTS: GateRefusal = { status: 400, code: 'BAD_REQUEST', msg: 'This endpoint does not accept bot requests.' };

export const requireRealmAdmin = gate({ refuses: (u) => !isRealmAdmin(u), refusal: NOT_AN_ADMINISTRATOR });

/** Zulip's require_member_or_admin: neither guests nor bots. */
export const requireMemberOrAdmin = gate({ refuses: isGuest, refusal: NOT_FOR_GUESTS }, { refuses: isBot, refusal: NOT_FOR_BOTS });

export const requireHuman = gate({ refuses: isBot, refusal: NOT_FOR_BOTS });

/**
 * Data only its user may see (push devices, messages): refused to anyone else, and to no one. The
 * viewer is the request's caller, except in a join's payload: there it is the account the join
 * made, whose key the same payload hands over.
 */
export function checkViewingOwnData(viewer: User | null, userId: number): void {
  if (viewer === null || viewer.id !== userId) throw badRequest('Insufficient permission');
}

/**
 * Whether the user holds a group-valued permission. `memberOf` holds every group the user belongs
 * to, through subgroups. None of the settings here admit guests (Zulip's allow_everyone_group=False).
 */
export function holdsGroupPermission(user: User, settingGroupId: number | null, memberOf: ReadonlySet<number>): boolean {
  if (settingGroupId === null || isGuest(user)) return false;
  return memberOf.has(settingGroupId);
}

export function checkMayCreateReusableInvitation(user: ActingUser, memberOf: ReadonlySet<number>): void {
  if (!holdsGroupPermission(user, user.organization.createMultiuseInviteGroupId, memberOf)) {
    throw badRequest('Insufficient permission');
  }
}

/** A caller may invite only to roles equally or more restricted than its own. */
export function checkMayInviteAs(user: User, role: number): void {
  if (role === ROLE.OWNER && !isOwner(user)) throw unauthorizedPrincipal('Must be an organization owner');
  if (role === ROLE.ADMINISTRATOR && !isRealmAdmin(user)) throw badRequest('Must be an organization administrator');
  if (role === ROLE.MODERATOR && !isModeratorOrAbove(user)) throw badRequest('Must be an organization moderator');
}

/**
 * Channels a new user may be subscribed to through the caller's invitation, checked in the
 * order given: each must exist in the organization, be active and readable by the caller
 * (public, subscribed, or in the channel's add-subscribers group); then each must be a default
 * channel or one the caller may add subscribers to.
 */
export function checkChannelsForInvitation(
  user: ActingUser, memberOf: ReadonlySet<number>, requested: readonly number[], channels: ReadonlyMap<number, ChannelAccessRow>,
): void {
  for (const id of requested) {
    const c = channels.get(id);
    const readable = c !== undefined && !c.isArchived && (c.subscribed || (!c.inviteOnly && !isGuest(user))
      || holdsGroupPermission(user, c.canAddSubscribersGroupId, memberOf));
    if (!readable) throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
  }
  if (requested.length === 0) return;
  if (holdsGroupPermission(user, user.organization.canAddSubscribersGroupId, memberOf) || isRealmAdmin(user)) return;
  for (const id of requested) {
    const c = channels.get(id)!;
    if (isGuest(user) || (!c.isDefault && !holdsGroupPermission(user, c.canAddSubscribersGroupId, memberOf))) {
      throw badRequest('You do not have permission to subscribe other users to channels.');
    }
  }
}

/** User groups a new user may be added to through the caller's invitation, in the order given. */
export function checkGroupsForInvitation(
  user: ActingUser, memberOf: ReadonlySet<number>, requested: readonly number[], groups: ReadonlyMap<number, UserGroupRow>,
): void {
  for (const id of requested) {
    const g = groups.get(id);
    if (g === undefined || g.kind === 'anonymous') throw badRequest('Invalid user group');
    if (g.deactivated) throw badRequest('User group is deactivated.');
    if (g.kind === 'system') throw badRequest('Insufficient permission');
    const allowed = holdsGroupPermission(user, user.organization.canManageAllGroupsId, memberOf)
      || holdsGroupPermission(user, g.canManageGroupId, memberOf)
      || holdsGroupPermission(user, g.canAddMembersGroupId, memberOf);
    if (!allowed) throw badRequest('Insufficient permission');
  }
}

/** Only administrators set an invitation's welcome text; for others it is stored as null. */
export function welcomeTextAllowed(user: User, text: string | null): string | null {
  return isRealmAdmin(user) ? text : null;
}

/** The field must exist in the caller's organization and be editable by the caller. */
export function checkProfileFieldEditable(user: User, id: number, field: ProfileField | undefined): ProfileField {
  if (field === undefined) throw badRequest(`Field id ${id} not found.`);
  if (!field.editableByUser && !isRealmAdmin(user)) {
    throw badRequest('You are not allowed to change this field. Contact an administrator to update it.');
  }
  return field;
}

/** Every field must exist in the organization and be editable by the caller; checked in order. */
export function checkProfileFieldsEditable(user: User, requested: readonly number[], fields: ReadonlyMap<number, ProfileField>): void {
  for (const id of requested) checkProfileFieldEditable(user, id, fields.get(id));
}

/** Administrators see every active invitation of the organization; others their own. */
export function invitationListScope(user: User): { creatorId?: number } {
  return isRealmAdmin(user) ? {} : { creatorId: user.id };
}

/**
 * Revoking another user's link needs an administrator, and an owner for a link that makes
 * owners (checked first); the creator may always revoke their own. Zulip raises the owner
 * refusal as UNAUTHORIZED_PRINCIPAL and the administrator one as a plain BAD_REQUEST.
 */
export function checkMayRevokeInvitation(user: User, invitation: { creatorId: number; invitedAs: number }): void {
  if (invitation.creatorId === user.id) return;
  if (invitation.invitedAs === ROLE.OWNER && !isOwner(user)) throw unauthorizedPrincipal('Must be an organization owner');
  if (!isRealmAdmin(user)) throw badRequest('Must be an organization administrator');
}

export const LINK_MALFORMED = 'The confirmation link is malformed.';
export const LINK_NOT_FOUND = "We couldn't find your confirmation link in the system.";
export const LINK_EXPIRED = 'The confirmation link has expired or been deactivated.';
export const ORGANIZATION_DEACTIVATED = 'This organization has been deactivated.';

// Keys are 24 characters (older Zulip keys were 40); the shape is checked before any lookup.
const CONFIRMATION_KEY_FORMAT = /^(?:[A-Za-z0-9]{24}|[A-Za-z0-9]{40})$/;

export function checkConfirmationKeyFormat(key: string): void {
  if (!CONFIRMATION_KEY_FORMAT.test(key)) throw notFound(LINK_MALFORMED);
}

/**
 * Whether a link may be used from the address the request was sent to: the key must belong to
 * the organization that the Host header names (a key of another organization is unknown there),
 * neither revoked nor expired.
 */
export function checkInvitationUsable(
  organization: { id: number; deactivated: boolean } | null, invitation: Invitation | null, now: Date,
): asserts invitation is Invitation {
  if (organization === null || invitation === null || invitation.organizationId !== organization.id || invitation.revokedAt !== null) {
    throw notFound(LINK_NOT_FOUND);
  }
  if (invitation.expiresAt !== null && now.getTime() > invitation.expiresAt.getTime()) throw notFound(LINK_EXPIRED);
  if (organization.deactivated) throw notFound(ORGANIZATION_DEACTIVATED);
}

/**
 * The Welcome Bot's custom text for a new user: the invitation's, else (null) the organization's
 * at joining time; an empty text means no custom message.
 */
export function welcomeCustomText(invitationText: string | null, organizationText: string): string | null {
  const text = invitationText ?? organizationText;
  return text === '' ? null : text;
}
