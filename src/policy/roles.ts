import { ROLE, type User } from '../store/types';

export const isOwner = (u: User): boolean => u.role === ROLE.OWNER;
/** Zulip's is_realm_admin: administrators and owners. */
export const isRealmAdmin = (u: User): boolean => u.role === ROLE.OWNER || u.role === ROLE.ADMINISTRATOR;
export const isModeratorOrAbove = (u: User): boolean => u.role <= ROLE.MODERATOR;
export const isGuest = (u: User): boolean => u.role === ROLE.GUEST;
export const isBot = (u: User): boolean => u.botType !== null;
export const isIncomingWebhookBot = (u: User): boolean => u.botType === 'incoming_webhook';

/**
 * The system groups a role puts a user in directly; the groups above follow through subgroup
 * nesting. Members are also direct members of role:members (full members need no waiting period).
 */
const ROLE_SYSTEM_GROUPS: Record<number, readonly string[]> = {
  [ROLE.OWNER]: ['role:owners'],
  [ROLE.ADMINISTRATOR]: ['role:administrators'],
  [ROLE.MODERATOR]: ['role:moderators'],
  [ROLE.MEMBER]: ['role:fullmembers', 'role:members'],
  [ROLE.GUEST]: ['role:everyone'],
};

export function roleSystemGroups(role: number): readonly string[] {
  return ROLE_SYSTEM_GROUPS[role] ?? [];
}
