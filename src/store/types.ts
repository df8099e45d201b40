/** Row shapes the store hands to policy and operations, decoded from either dialect. */

export const ROLE = { OWNER: 100, ADMINISTRATOR: 200, MODERATOR: 300, MEMBER: 400, GUEST: 600 } as const;
export type RoleValue = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_VALUES: readonly number[] = Object.values(ROLE);
/** Zulip's bot types; a human has none (null). */
export const BOT_TYPES: readonly string[] = ['default', 'incoming_webhook', 'outgoing_webhook', 'embedded'];

export interface Organization {
  id: number;
  name: string;
  url: string;
  deactivated: boolean;
  welcomeMessageCustomText: string;
  createMultiuseInviteGroupId: number | null;
  canAddSubscribersGroupId: number | null;
  canManageAllGroupsId: number | null;
}

export interface User {
  id: number;
  organizationId: number;
  email: string;
  fullName: string;
  role: number;
  isActive: boolean;
  botType: string | null;
}

/** The authenticated caller, with its organization. */
export interface ActingUser extends User {
  organization: Organization;
}

export interface ChannelFolder {
  id: number;
  organizationId: number;
  name: string;
  description: string;
  renderedDescription: string;
  creatorId: number | null;
  dateCreated: Date;
  isArchived: boolean;
  order: number;
}

export interface ChannelAccessRow {
  id: number;
  inviteOnly: boolean;
  isDefault: boolean;
  isArchived: boolean;
  canAddSubscribersGroupId: number | null;
  /** Whether the acting user is subscribed. */
  subscribed: boolean;
}

export interface UserGroupRow {
  id: number;
  name: string | null;
  kind: 'system' | 'named' | 'anonymous';
  deactivated: boolean;
  canAddMembersGroupId: number | null;
  canManageGroupId: number | null;
}

export interface ProfileField {
  id: number;
  name: string;
  fieldType: string;
  editableByUser: boolean;
  required: boolean;
  /** Type-specific data: a SELECT field's choices by key; empty when the field has none. */
  fieldData: Record<string, unknown>;
}

export interface ProfileValue {
  fieldId: number;
  value: string;
}

export interface Invitation {
  id: number;
  organizationId: number;
  creatorId: number;
  key: string;
  invitedAs: number;
  includeRealmDefaultSubscriptions: boolean;
  welcomeMessageCustomText: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  channelIds: number[];
  groupIds: number[];
}

export interface PushDevice {
  id: number;
  kind: 'apns' | 'fcm' | 'e2ee';
}

export interface Message {
  id: number;
  recipientId: number;
  senderName: string;
  content: string;
  renderedContent: string;
  sentAt: Date;
}
