import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.This scalar is serialized to a string in ISO 8601 format and parsed from a string in ISO 8601 format. */
  DateTimeISO: { input: string; output: string; }
  /** The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf). */
  JSON: { input: unknown; output: unknown; }
  /** The `SafeInt` scalar type represents non-fractional signed whole numeric values that are considered safe as defined by the ECMAScript specification. */
  SafeInt: { input: number; output: number; }
};

/** A folder that groups channels in the sidebar. */
export type ChannelFolder = {
  __typename?: 'ChannelFolder';
  creatorId?: Maybe<Scalars['Int']['output']>;
  dateCreated: Scalars['DateTimeISO']['output'];
  /** The description as written, in Zulip Markdown. */
  description: Scalars['String']['output'];
  id: Scalars['Int']['output'];
  isArchived: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** Position among the organization's folders; lower sorts first. */
  order: Scalars['Int']['output'];
  /** The description rendered to HTML. */
  renderedDescription: Scalars['String']['output'];
};

/** Zulip: POST /channel_folders/create. Administrators only. */
export type CreateChannelFolderInput = {
  /** Zulip Markdown, at most 1024 characters; may be empty. */
  description: Scalars['String']['input'];
  /** Unique in the organization ignoring case; at most 60 characters. */
  name: Scalars['String']['input'];
};

export type CreateChannelFolderPayload = {
  __typename?: 'CreateChannelFolderPayload';
  channelFolder?: Maybe<ChannelFolder>;
};

/** Zulip: POST /invites/multiuse. */
export type CreateReusableInvitationInput = {
  /** User groups to add new users to. */
  groupIds?: InputMaybe<Array<Scalars['SafeInt']['input']>>;
  /** Also subscribe new users to the organization's default channels. Default false. */
  includeRealmDefaultSubscriptions?: InputMaybe<Scalars['Boolean']['input']>;
  /** Role of the users who join; at most as privileged as the caller. Default MEMBER. */
  inviteAs?: InputMaybe<Role>;
  /** Minutes until the link expires. Absent: the server default (INVITATION_LINK_VALIDITY_MINUTES, 14400); null: never. */
  inviteExpiresInMinutes?: InputMaybe<Scalars['SafeInt']['input']>;
  /** Channels to subscribe new users to. */
  streamIds?: InputMaybe<Array<Scalars['SafeInt']['input']>>;
  /** Welcome Bot text (administrators only; null for others). null: the organization's text; "": none. At most 8000 characters. */
  welcomeMessageCustomText?: InputMaybe<Scalars['String']['input']>;
};

export type CreateReusableInvitationPayload = {
  __typename?: 'CreateReusableInvitationPayload';
  invitation?: Maybe<ReusableInvitation>;
  inviteLink?: Maybe<Scalars['String']['output']>;
};

/** Sign-up through a reusable invitation link (the /join/<key>/ form); needs no credentials. */
export type JoinWithInvitationInput = {
  email: Scalars['String']['input'];
  fullName: Scalars['String']['input'];
  /** The key of the link: the part after /join/. */
  key: Scalars['String']['input'];
};

export type JoinWithInvitationPayload = {
  __typename?: 'JoinWithInvitationPayload';
  /** The new account's API key, shown only here: the server keeps only its hash. */
  apiKey: Scalars['String']['output'];
  /** The Welcome Bot's messages to the new user. */
  messages: Array<Message>;
  user: User;
};

/** Which service issued a legacy push token: Apple (APNs) or Google (FCM). */
export type LegacyPushTokenKind =
  | 'APNS'
  | 'FCM';

/** A direct message the user received. */
export type Message = {
  __typename?: 'Message';
  /** Markdown source. */
  content: Scalars['String']['output'];
  id: Scalars['Int']['output'];
  /** HTML rendering of content; raw HTML in the source is escaped. */
  renderedContent: Scalars['String']['output'];
  /** Who sent it (the Welcome Bot for greetings on joining). */
  senderName: Scalars['String']['output'];
  sentAt: Scalars['DateTimeISO']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  createChannelFolder: CreateChannelFolderPayload;
  createReusableInvitation: CreateReusableInvitationPayload;
  /** Creates an account through a reusable link (POST /join/<key>/); needs no credentials. The link belongs to the organization at the address the request was sent to. */
  joinWithInvitation: JoinWithInvitationPayload;
  /** Zulip: POST /users/me/api_key/regenerate. */
  regenerateApiKey: RegenerateApiKeyPayload;
  /** Registers a device for end-to-end-encrypted notifications. */
  registerE2eePushDevice: PushDevicePayload;
  /** Registers a legacy push token; registering it again changes nothing. */
  registerPushDevice: PushDevicePayload;
  removeProfileData: RemoveProfileDataPayload;
  /** Removes one of the caller's legacy push tokens. */
  removePushDevice: PushDevicePayload;
  reorderChannelFolders: ReorderChannelFoldersPayload;
  revokeReusableInvitation: RevokeReusableInvitationPayload;
  updateChannelFolder: UpdateChannelFolderPayload;
  updateProfileData: UpdateProfileDataPayload;
};


export type MutationCreateChannelFolderArgs = {
  input: CreateChannelFolderInput;
};


export type MutationCreateReusableInvitationArgs = {
  input: CreateReusableInvitationInput;
};


export type MutationJoinWithInvitationArgs = {
  input: JoinWithInvitationInput;
};


export type MutationRegisterE2eePushDeviceArgs = {
  input: RegisterE2eePushDeviceInput;
};


export type MutationRegisterPushDeviceArgs = {
  input: RegisterPushDeviceInput;
};


export type MutationRemoveProfileDataArgs = {
  input: RemoveProfileDataInput;
};


export type MutationRemovePushDeviceArgs = {
  input: RemovePushDeviceInput;
};


export type MutationReorderChannelFoldersArgs = {
  input: ReorderChannelFoldersInput;
};


export type MutationRevokeReusableInvitationArgs = {
  input: RevokeReusableInvitationInput;
};


export type MutationUpdateChannelFolderArgs = {
  input: UpdateChannelFolderInput;
};


export type MutationUpdateProfileDataArgs = {
  input: UpdateProfileDataInput;
};

/** What anyone may know of an organization before logging in. */
export type OrganizationSummary = {
  __typename?: 'OrganizationSummary';
  name: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type ProfileDataEntry = {
  __typename?: 'ProfileDataEntry';
  fieldId: Scalars['Int']['output'];
  value?: Maybe<Scalars['String']['output']>;
};

/** One value to set: a string, or for a USER field a list of user ids. */
export type ProfileDataUpdateInput = {
  fieldId: Scalars['SafeInt']['input'];
  /** A string; for a USER field, a list of user ids. */
  value: Scalars['JSON']['input'];
};

export type PushDevice = {
  __typename?: 'PushDevice';
  kind: PushDeviceKind;
};

/** APNS and FCM are legacy push tokens; E2EE an end-to-end-encrypted registration. */
export type PushDeviceKind =
  | 'APNS'
  | 'E2EE'
  | 'FCM';

export type PushDevicePayload = {
  __typename?: 'PushDevicePayload';
  user?: Maybe<User>;
};

export type Query = {
  __typename?: 'Query';
  /** The organization's folders in their order. */
  channelFolders: Array<ChannelFolder>;
  /** The caller. */
  me: User;
  /** Active links: administrators see all of the organization's, others their own. */
  reusableInvitations: Array<ReusableInvitation>;
  /** Version and limits; needs no credentials. */
  serverSettings: ServerSettings;
};


export type QueryChannelFoldersArgs = {
  includeArchived?: Scalars['Boolean']['input'];
};

export type RegenerateApiKeyPayload = {
  __typename?: 'RegenerateApiKeyPayload';
  /** The new key; the old one no longer works. */
  apiKey?: Maybe<Scalars['String']['output']>;
};

/** Zulip: POST /mobile_push/register (an end-to-end-encrypted registration). */
export type RegisterE2eePushDeviceInput = {
  bouncerPublicKey: Scalars['String']['input'];
  encryptedPushRegistration: Scalars['String']['input'];
  /** Base64 of the key to encrypt notifications with: byte 0x31, then 32 bytes. */
  pushKey: Scalars['String']['input'];
  /** The client's id for pushKey, an unsigned 32-bit integer. */
  pushKeyId: Scalars['SafeInt']['input'];
  /** Base64 of the first 8 bytes of the SHA-256 hash of the token. */
  tokenId: Scalars['String']['input'];
  /** "fcm" or "apns": which service issued the device's token. */
  tokenKind: Scalars['String']['input'];
};

/** Zulip: POST /users/me/apns_device_token and /users/me/android_gcm_reg_id. */
export type RegisterPushDeviceInput = {
  /** The iOS app id; required for APNS tokens. */
  appId?: InputMaybe<Scalars['String']['input']>;
  kind: LegacyPushTokenKind;
  /** The token the push service gave the device (hex for APNs). */
  token: Scalars['String']['input'];
};

/** Zulip: DELETE /users/me/profile_data. */
export type RemoveProfileDataInput = {
  /** Custom profile field ids whose values to remove; all or none are removed. */
  fieldIds: Array<Scalars['SafeInt']['input']>;
};

export type RemoveProfileDataPayload = {
  __typename?: 'RemoveProfileDataPayload';
  user?: Maybe<User>;
};

/** Zulip: DELETE /users/me/apns_device_token and /users/me/android_gcm_reg_id. */
export type RemovePushDeviceInput = {
  kind: LegacyPushTokenKind;
  token: Scalars['String']['input'];
};

/** Zulip: PATCH /channel_folders. Administrators only. */
export type ReorderChannelFoldersInput = {
  /** Every folder id of the organization, archived ones included, each once, in the new order. */
  order: Array<Scalars['SafeInt']['input']>;
};

export type ReorderChannelFoldersPayload = {
  __typename?: 'ReorderChannelFoldersPayload';
  /** All the organization's folders, archived ones included, in their new order. */
  channelFolders: Array<ChannelFolder>;
};

/** A reusable invitation link. */
export type ReusableInvitation = {
  __typename?: 'ReusableInvitation';
  createdAt: Scalars['DateTimeISO']['output'];
  creatorId: Scalars['Int']['output'];
  /** null: never expires. */
  expiresAt?: Maybe<Scalars['DateTimeISO']['output']>;
  groupIds: Array<Scalars['Int']['output']>;
  id: Scalars['Int']['output'];
  includeRealmDefaultSubscriptions: Scalars['Boolean']['output'];
  inviteAs: Role;
  inviteLink: Scalars['String']['output'];
  /** When the link was revoked; null while it is not. */
  revokedAt?: Maybe<Scalars['DateTimeISO']['output']>;
  streamIds: Array<Scalars['Int']['output']>;
  /** null: the organization's welcome text at joining time; "": none. */
  welcomeMessageCustomText?: Maybe<Scalars['String']['output']>;
};

/** Zulip: DELETE /invites/multiuse/{invite_id}. The creator, or an administrator (an owner for links that make owners). */
export type RevokeReusableInvitationInput = {
  id: Scalars['SafeInt']['input'];
};

export type RevokeReusableInvitationPayload = {
  __typename?: 'RevokeReusableInvitationPayload';
  /** The link, now revoked. */
  invitation: ReusableInvitation;
};

/** An organization-level role; Zulip numbers them 100 (owner) to 600 (guest). */
export type Role =
  | 'ADMINISTRATOR'
  | 'GUEST'
  | 'MEMBER'
  | 'MODERATOR'
  | 'OWNER';

export type ServerSettings = {
  __typename?: 'ServerSettings';
  maxChannelFolderDescriptionLength: Scalars['Int']['output'];
  maxChannelFolderNameLength: Scalars['Int']['output'];
  maxWelcomeMessageCustomTextLength: Scalars['Int']['output'];
  /** The organization at the address the request was sent to. */
  organization?: Maybe<OrganizationSummary>;
  zulipFeatureLevel: Scalars['Int']['output'];
  zulipVersion: Scalars['String']['output'];
};

/** Zulip: PATCH /channel_folders/{channel_folder_id}. Administrators only; absent or null fields are unchanged. */
export type UpdateChannelFolderInput = {
  /** Zulip Markdown, at most 1024 characters; re-rendered. */
  description?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['SafeInt']['input'];
  /** Archiving needs the folder to hold no channel, archived channels included. */
  isArchived?: InputMaybe<Scalars['Boolean']['input']>;
  /** The same rules as at creation; the folder's own name in another case is allowed. */
  name?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateChannelFolderPayload = {
  __typename?: 'UpdateChannelFolderPayload';
  channelFolder: ChannelFolder;
};

/** Zulip: PATCH /users/me/profile_data. */
export type UpdateProfileDataInput = {
  /** Values to set, checked in order; all or none are written. */
  data: Array<ProfileDataUpdateInput>;
};

export type UpdateProfileDataPayload = {
  __typename?: 'UpdateProfileDataPayload';
  user?: Maybe<User>;
};

export type User = {
  __typename?: 'User';
  email: Scalars['String']['output'];
  fullName: Scalars['String']['output'];
  id: Scalars['Int']['output'];
  isBot: Scalars['Boolean']['output'];
  /** Direct messages received, oldest first; visible to the user only, and in the payload of the join that made the account. */
  messages: Array<Message>;
  /** Custom profile field values. */
  profileData: Array<ProfileDataEntry>;
  /** Devices registered for push notifications; visible to the user only, and in the payload of the join that made the account. */
  pushDevices: Array<PushDevice>;
  role: Role;
};

export type RestRegenerateApiKeyMutationVariables = Exact<{ [key: string]: never; }>;


export type RestRegenerateApiKeyMutation = { __typename?: 'Mutation', regenerateApiKey: { __typename?: 'RegenerateApiKeyPayload', apiKey?: string | null } };

export type RestCreateChannelFolderMutationVariables = Exact<{
  input: CreateChannelFolderInput;
}>;


export type RestCreateChannelFolderMutation = { __typename?: 'Mutation', createChannelFolder: { __typename?: 'CreateChannelFolderPayload', channelFolder?: { __typename?: 'ChannelFolder', id: number } | null } };

export type RestChannelFolderFieldsFragment = { __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, creatorId?: number | null, dateCreated: string, isArchived: boolean, order: number };

export type RestChannelFoldersQueryVariables = Exact<{
  includeArchived: Scalars['Boolean']['input'];
}>;


export type RestChannelFoldersQuery = { __typename?: 'Query', channelFolders: Array<{ __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, creatorId?: number | null, dateCreated: string, isArchived: boolean, order: number }> };

export type RestUpdateChannelFolderMutationVariables = Exact<{
  input: UpdateChannelFolderInput;
}>;


export type RestUpdateChannelFolderMutation = { __typename?: 'Mutation', updateChannelFolder: { __typename?: 'UpdateChannelFolderPayload', channelFolder: { __typename?: 'ChannelFolder', id: number } } };

export type RestReorderChannelFoldersMutationVariables = Exact<{
  input: ReorderChannelFoldersInput;
}>;


export type RestReorderChannelFoldersMutation = { __typename?: 'Mutation', reorderChannelFolders: { __typename?: 'ReorderChannelFoldersPayload', channelFolders: Array<{ __typename?: 'ChannelFolder', id: number }> } };

export type RestCreateReusableInvitationMutationVariables = Exact<{
  input: CreateReusableInvitationInput;
}>;


export type RestCreateReusableInvitationMutation = { __typename?: 'Mutation', createReusableInvitation: { __typename?: 'CreateReusableInvitationPayload', inviteLink?: string | null } };

export type RestInvitationsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestInvitationsQuery = { __typename?: 'Query', reusableInvitations: Array<{ __typename?: 'ReusableInvitation', id: number, creatorId: number, createdAt: string, expiresAt?: string | null, inviteLink: string, inviteAs: Role, streamIds: Array<number>, groupIds: Array<number> }> };

export type RestRevokeReusableInvitationMutationVariables = Exact<{
  input: RevokeReusableInvitationInput;
}>;


export type RestRevokeReusableInvitationMutation = { __typename?: 'Mutation', revokeReusableInvitation: { __typename?: 'RevokeReusableInvitationPayload', invitation: { __typename?: 'ReusableInvitation', id: number } } };

export type RestRemoveProfileDataMutationVariables = Exact<{
  input: RemoveProfileDataInput;
}>;


export type RestRemoveProfileDataMutation = { __typename?: 'Mutation', removeProfileData: { __typename?: 'RemoveProfileDataPayload', user?: { __typename?: 'User', id: number } | null } };

export type RestUpdateProfileDataMutationVariables = Exact<{
  input: UpdateProfileDataInput;
}>;


export type RestUpdateProfileDataMutation = { __typename?: 'Mutation', updateProfileData: { __typename?: 'UpdateProfileDataPayload', user?: { __typename?: 'User', id: number } | null } };

export type RestRegisterPushDeviceMutationVariables = Exact<{
  input: RegisterPushDeviceInput;
}>;


export type RestRegisterPushDeviceMutation = { __typename?: 'Mutation', registerPushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number } | null } };

export type RestRemovePushDeviceMutationVariables = Exact<{
  input: RemovePushDeviceInput;
}>;


export type RestRemovePushDeviceMutation = { __typename?: 'Mutation', removePushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number } | null } };

export type RestRegisterE2eePushDeviceMutationVariables = Exact<{
  input: RegisterE2eePushDeviceInput;
}>;


export type RestRegisterE2eePushDeviceMutation = { __typename?: 'Mutation', registerE2eePushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number } | null } };

export type RestServerSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type RestServerSettingsQuery = { __typename?: 'Query', serverSettings: { __typename?: 'ServerSettings', zulipFeatureLevel: number, zulipVersion: string, organization?: { __typename?: 'OrganizationSummary', name: string, url: string } | null } };

export type RestRegisterQueryVariables = Exact<{
  withFolders: Scalars['Boolean']['input'];
}>;


export type RestRegisterQuery = { __typename?: 'Query', serverSettings: { __typename?: 'ServerSettings', zulipFeatureLevel: number, zulipVersion: string, maxChannelFolderNameLength: number, maxChannelFolderDescriptionLength: number }, channelFolders?: Array<{ __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, creatorId?: number | null, dateCreated: string, isArchived: boolean, order: number }> };

export type UpdateFolderMutationVariables = Exact<{
  input: UpdateChannelFolderInput;
}>;


export type UpdateFolderMutation = { __typename?: 'Mutation', updateChannelFolder: { __typename?: 'UpdateChannelFolderPayload', channelFolder: { __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, isArchived: boolean, order: number, creatorId?: number | null, dateCreated: string } } };

export type ReorderFoldersMutationVariables = Exact<{
  input: ReorderChannelFoldersInput;
}>;


export type ReorderFoldersMutation = { __typename?: 'Mutation', reorderChannelFolders: { __typename?: 'ReorderChannelFoldersPayload', channelFolders: Array<{ __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, isArchived: boolean, order: number, creatorId?: number | null, dateCreated: string }> } };

export type RevokeInvitationMutationVariables = Exact<{
  input: RevokeReusableInvitationInput;
}>;


export type RevokeInvitationMutation = { __typename?: 'Mutation', revokeReusableInvitation: { __typename?: 'RevokeReusableInvitationPayload', invitation: { __typename?: 'ReusableInvitation', revokedAt?: string | null, id: number, inviteLink: string, inviteAs: Role, streamIds: Array<number>, groupIds: Array<number>, includeRealmDefaultSubscriptions: boolean, welcomeMessageCustomText?: string | null, createdAt: string, expiresAt?: string | null, creatorId: number } } };

export type FolderFieldsFragment = { __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, isArchived: boolean, order: number, creatorId?: number | null, dateCreated: string };

export type InvitationFieldsFragment = { __typename?: 'ReusableInvitation', id: number, inviteLink: string, inviteAs: Role, streamIds: Array<number>, groupIds: Array<number>, includeRealmDefaultSubscriptions: boolean, welcomeMessageCustomText?: string | null, createdAt: string, expiresAt?: string | null, creatorId: number };

export type CreateFolderMutationVariables = Exact<{
  input: CreateChannelFolderInput;
}>;


export type CreateFolderMutation = { __typename?: 'Mutation', createChannelFolder: { __typename?: 'CreateChannelFolderPayload', channelFolder?: { __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, isArchived: boolean, order: number, creatorId?: number | null, dateCreated: string } | null } };

export type FoldersQueryVariables = Exact<{
  includeArchived?: InputMaybe<Scalars['Boolean']['input']>;
}>;


export type FoldersQuery = { __typename?: 'Query', channelFolders: Array<{ __typename?: 'ChannelFolder', id: number, name: string, description: string, renderedDescription: string, isArchived: boolean, order: number, creatorId?: number | null, dateCreated: string }> };

export type CreateInvitationMutationVariables = Exact<{
  input: CreateReusableInvitationInput;
}>;


export type CreateInvitationMutation = { __typename?: 'Mutation', createReusableInvitation: { __typename?: 'CreateReusableInvitationPayload', inviteLink?: string | null, invitation?: { __typename?: 'ReusableInvitation', id: number, inviteLink: string, inviteAs: Role, streamIds: Array<number>, groupIds: Array<number>, includeRealmDefaultSubscriptions: boolean, welcomeMessageCustomText?: string | null, createdAt: string, expiresAt?: string | null, creatorId: number } | null } };

export type InvitationsQueryVariables = Exact<{ [key: string]: never; }>;


export type InvitationsQuery = { __typename?: 'Query', reusableInvitations: Array<{ __typename?: 'ReusableInvitation', id: number, inviteLink: string, inviteAs: Role, streamIds: Array<number>, groupIds: Array<number>, includeRealmDefaultSubscriptions: boolean, welcomeMessageCustomText?: string | null, createdAt: string, expiresAt?: string | null, creatorId: number }> };

export type RegenerateMutationVariables = Exact<{ [key: string]: never; }>;


export type RegenerateMutation = { __typename?: 'Mutation', regenerateApiKey: { __typename?: 'RegenerateApiKeyPayload', apiKey?: string | null } };

export type RemoveProfileDataMutationVariables = Exact<{
  input: RemoveProfileDataInput;
}>;


export type RemoveProfileDataMutation = { __typename?: 'Mutation', removeProfileData: { __typename?: 'RemoveProfileDataPayload', user?: { __typename?: 'User', id: number, profileData: Array<{ __typename?: 'ProfileDataEntry', fieldId: number, value?: string | null }> } | null } };

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', me: { __typename?: 'User', id: number, email: string, fullName: string, role: Role, isBot: boolean, profileData: Array<{ __typename?: 'ProfileDataEntry', fieldId: number, value?: string | null }>, pushDevices: Array<{ __typename?: 'PushDevice', kind: PushDeviceKind }> } };

export type ServerSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ServerSettingsQuery = { __typename?: 'Query', serverSettings: { __typename?: 'ServerSettings', zulipFeatureLevel: number, zulipVersion: string, maxChannelFolderNameLength: number, maxChannelFolderDescriptionLength: number, maxWelcomeMessageCustomTextLength: number } };

export type MessageFieldsFragment = { __typename?: 'Message', id: number, senderName: string, content: string, renderedContent: string, sentAt: string };

export type JoinWithInvitationMutationVariables = Exact<{
  input: JoinWithInvitationInput;
}>;


export type JoinWithInvitationMutation = { __typename?: 'Mutation', joinWithInvitation: { __typename?: 'JoinWithInvitationPayload', apiKey: string, user: { __typename?: 'User', id: number, email: string, fullName: string, role: Role, isBot: boolean }, messages: Array<{ __typename?: 'Message', id: number, senderName: string, content: string, renderedContent: string, sentAt: string }> } };

export type MyMessagesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyMessagesQuery = { __typename?: 'Query', me: { __typename?: 'User', id: number, messages: Array<{ __typename?: 'Message', id: number, senderName: string, content: string, renderedContent: string, sentAt: string }> } };

export type UpdateProfileDataMutationVariables = Exact<{
  input: UpdateProfileDataInput;
}>;


export type UpdateProfileDataMutation = { __typename?: 'Mutation', updateProfileData: { __typename?: 'UpdateProfileDataPayload', user?: { __typename?: 'User', id: number, profileData: Array<{ __typename?: 'ProfileDataEntry', fieldId: number, value?: string | null }> } | null } };

export type RegisterPushDeviceMutationVariables = Exact<{
  input: RegisterPushDeviceInput;
}>;


export type RegisterPushDeviceMutation = { __typename?: 'Mutation', registerPushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number, pushDevices: Array<{ __typename?: 'PushDevice', kind: PushDeviceKind }> } | null } };

export type RemovePushDeviceMutationVariables = Exact<{
  input: RemovePushDeviceInput;
}>;


export type RemovePushDeviceMutation = { __typename?: 'Mutation', removePushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number, pushDevices: Array<{ __typename?: 'PushDevice', kind: PushDeviceKind }> } | null } };

export type RegisterE2eePushDeviceMutationVariables = Exact<{
  input: RegisterE2eePushDeviceInput;
}>;


export type RegisterE2eePushDeviceMutation = { __typename?: 'Mutation', registerE2eePushDevice: { __typename?: 'PushDevicePayload', user?: { __typename?: 'User', id: number, pushDevices: Array<{ __typename?: 'PushDevice', kind: PushDeviceKind }> } | null } };

export const RestChannelFolderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestChannelFolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}}]}}]} as unknown as DocumentNode<RestChannelFolderFieldsFragment, unknown>;
export const FolderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}}]}}]} as unknown as DocumentNode<FolderFieldsFragment, unknown>;
export const InvitationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvitationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReusableInvitation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"inviteAs"}},{"kind":"Field","name":{"kind":"Name","value":"streamIds"}},{"kind":"Field","name":{"kind":"Name","value":"groupIds"}},{"kind":"Field","name":{"kind":"Name","value":"includeRealmDefaultSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessageCustomText"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}}]}}]} as unknown as DocumentNode<InvitationFieldsFragment, unknown>;
export const MessageFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"senderName"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"renderedContent"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}}]}}]} as unknown as DocumentNode<MessageFieldsFragment, unknown>;
export const RestRegenerateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRegenerateApiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"regenerateApiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"}}]}}]}}]} as unknown as DocumentNode<RestRegenerateApiKeyMutation, RestRegenerateApiKeyMutationVariables>;
export const RestCreateChannelFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateChannelFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateChannelFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createChannelFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestCreateChannelFolderMutation, RestCreateChannelFolderMutationVariables>;
export const RestChannelFoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestChannelFolders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeArchived"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestChannelFolderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestChannelFolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}}]}}]} as unknown as DocumentNode<RestChannelFoldersQuery, RestChannelFoldersQueryVariables>;
export const RestUpdateChannelFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateChannelFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateChannelFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateChannelFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestUpdateChannelFolderMutation, RestUpdateChannelFolderMutationVariables>;
export const RestReorderChannelFoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestReorderChannelFolders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReorderChannelFoldersInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reorderChannelFolders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestReorderChannelFoldersMutation, RestReorderChannelFoldersMutationVariables>;
export const RestCreateReusableInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateReusableInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateReusableInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createReusableInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}}]}}]}}]} as unknown as DocumentNode<RestCreateReusableInvitationMutation, RestCreateReusableInvitationMutationVariables>;
export const RestInvitationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestInvitations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reusableInvitations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"inviteAs"}},{"kind":"Field","name":{"kind":"Name","value":"streamIds"}},{"kind":"Field","name":{"kind":"Name","value":"groupIds"}}]}}]}}]} as unknown as DocumentNode<RestInvitationsQuery, RestInvitationsQueryVariables>;
export const RestRevokeReusableInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRevokeReusableInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeReusableInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeReusableInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestRevokeReusableInvitationMutation, RestRevokeReusableInvitationMutationVariables>;
export const RestRemoveProfileDataDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRemoveProfileData"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveProfileDataInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProfileData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestRemoveProfileDataMutation, RestRemoveProfileDataMutationVariables>;
export const RestUpdateProfileDataDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateProfileData"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProfileDataInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProfileData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestUpdateProfileDataMutation, RestUpdateProfileDataMutationVariables>;
export const RestRegisterPushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRegisterPushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterPushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerPushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestRegisterPushDeviceMutation, RestRegisterPushDeviceMutationVariables>;
export const RestRemovePushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRemovePushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemovePushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removePushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestRemovePushDeviceMutation, RestRemovePushDeviceMutationVariables>;
export const RestRegisterE2eePushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRegisterE2eePushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterE2eePushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerE2eePushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<RestRegisterE2eePushDeviceMutation, RestRegisterE2eePushDeviceMutationVariables>;
export const RestServerSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestServerSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serverSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"zulipFeatureLevel"}},{"kind":"Field","name":{"kind":"Name","value":"zulipVersion"}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]} as unknown as DocumentNode<RestServerSettingsQuery, RestServerSettingsQueryVariables>;
export const RestRegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestRegister"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"withFolders"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serverSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"zulipFeatureLevel"}},{"kind":"Field","name":{"kind":"Name","value":"zulipVersion"}},{"kind":"Field","name":{"kind":"Name","value":"maxChannelFolderNameLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxChannelFolderDescriptionLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"channelFolders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeArchived"},"value":{"kind":"BooleanValue","value":true}}],"directives":[{"kind":"Directive","name":{"kind":"Name","value":"include"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"if"},"value":{"kind":"Variable","name":{"kind":"Name","value":"withFolders"}}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"RestChannelFolderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"RestChannelFolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}}]}}]} as unknown as DocumentNode<RestRegisterQuery, RestRegisterQueryVariables>;
export const UpdateFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateChannelFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateChannelFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}}]}}]} as unknown as DocumentNode<UpdateFolderMutation, UpdateFolderMutationVariables>;
export const ReorderFoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReorderFolders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReorderChannelFoldersInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reorderChannelFolders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}}]}}]} as unknown as DocumentNode<ReorderFoldersMutation, ReorderFoldersMutationVariables>;
export const RevokeInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeReusableInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeReusableInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invitation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvitationFields"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvitationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReusableInvitation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"inviteAs"}},{"kind":"Field","name":{"kind":"Name","value":"streamIds"}},{"kind":"Field","name":{"kind":"Name","value":"groupIds"}},{"kind":"Field","name":{"kind":"Name","value":"includeRealmDefaultSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessageCustomText"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}}]}}]} as unknown as DocumentNode<RevokeInvitationMutation, RevokeInvitationMutationVariables>;
export const CreateFolderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFolder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateChannelFolderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createChannelFolder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}}]}}]} as unknown as DocumentNode<CreateFolderMutation, CreateFolderMutationVariables>;
export const FoldersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Folders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channelFolders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeArchived"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FolderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FolderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ChannelFolder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"renderedDescription"}},{"kind":"Field","name":{"kind":"Name","value":"isArchived"}},{"kind":"Field","name":{"kind":"Name","value":"order"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}},{"kind":"Field","name":{"kind":"Name","value":"dateCreated"}}]}}]} as unknown as DocumentNode<FoldersQuery, FoldersQueryVariables>;
export const CreateInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateReusableInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createReusableInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"invitation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvitationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvitationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReusableInvitation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"inviteAs"}},{"kind":"Field","name":{"kind":"Name","value":"streamIds"}},{"kind":"Field","name":{"kind":"Name","value":"groupIds"}},{"kind":"Field","name":{"kind":"Name","value":"includeRealmDefaultSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessageCustomText"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}}]}}]} as unknown as DocumentNode<CreateInvitationMutation, CreateInvitationMutationVariables>;
export const InvitationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Invitations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reusableInvitations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InvitationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InvitationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReusableInvitation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"inviteLink"}},{"kind":"Field","name":{"kind":"Name","value":"inviteAs"}},{"kind":"Field","name":{"kind":"Name","value":"streamIds"}},{"kind":"Field","name":{"kind":"Name","value":"groupIds"}},{"kind":"Field","name":{"kind":"Name","value":"includeRealmDefaultSubscriptions"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessageCustomText"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"creatorId"}}]}}]} as unknown as DocumentNode<InvitationsQuery, InvitationsQueryVariables>;
export const RegenerateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Regenerate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"regenerateApiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"}}]}}]}}]} as unknown as DocumentNode<RegenerateMutation, RegenerateMutationVariables>;
export const RemoveProfileDataDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveProfileData"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemoveProfileDataInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProfileData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"profileData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldId"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RemoveProfileDataMutation, RemoveProfileDataMutationVariables>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isBot"}},{"kind":"Field","name":{"kind":"Name","value":"profileData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldId"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pushDevices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const ServerSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServerSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serverSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"zulipFeatureLevel"}},{"kind":"Field","name":{"kind":"Name","value":"zulipVersion"}},{"kind":"Field","name":{"kind":"Name","value":"maxChannelFolderNameLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxChannelFolderDescriptionLength"}},{"kind":"Field","name":{"kind":"Name","value":"maxWelcomeMessageCustomTextLength"}}]}}]}}]} as unknown as DocumentNode<ServerSettingsQuery, ServerSettingsQueryVariables>;
export const JoinWithInvitationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinWithInvitation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JoinWithInvitationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinWithInvitation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"fullName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"isBot"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apiKey"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"senderName"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"renderedContent"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}}]}}]} as unknown as DocumentNode<JoinWithInvitationMutation, JoinWithInvitationMutationVariables>;
export const MyMessagesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyMessages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Message"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"senderName"}},{"kind":"Field","name":{"kind":"Name","value":"content"}},{"kind":"Field","name":{"kind":"Name","value":"renderedContent"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}}]}}]} as unknown as DocumentNode<MyMessagesQuery, MyMessagesQueryVariables>;
export const UpdateProfileDataDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateProfileData"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateProfileDataInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProfileData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"profileData"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldId"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]} as unknown as DocumentNode<UpdateProfileDataMutation, UpdateProfileDataMutationVariables>;
export const RegisterPushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterPushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterPushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerPushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pushDevices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RegisterPushDeviceMutation, RegisterPushDeviceMutationVariables>;
export const RemovePushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemovePushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RemovePushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removePushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pushDevices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RemovePushDeviceMutation, RemovePushDeviceMutationVariables>;
export const RegisterE2eePushDeviceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterE2eePushDevice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterE2eePushDeviceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerE2eePushDevice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pushDevices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RegisterE2eePushDeviceMutation, RegisterE2eePushDeviceMutationVariables>;