import { ROLE, type User } from '../store/types';

export const isOwner = (u: User): boolean => u.role === ROLE.OWNER;
/** Zulip's is_realm_admin: administrators and owners. */
export const isRealmAdmin = (u: User): boolean => u.role === ROLE.OWNER || u.role === ROLE.ADMINISTRATOR;
export const isModeratorOrAbove = (u: User): boolean => u.role <= ROLE.MODERATOR;
export const isGuest = (u: User): boolean => u.role === ROLE.GUEST;
export const isBot = (u: User): boolean => u.botType !== null;
export const isIncomingWebhookBot = (u: User): boolean => u.botType === 'incoming_webhook';
