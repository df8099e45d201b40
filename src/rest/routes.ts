import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  RestCreateChannelFolderDocument, RestCreateReusableInvitationDocument, RestRegenerateApiKeyDocument,
  RestRegisterDocument, RestRemoveProfileDataDocument, RestServerSettingsDocument,
} from '../generated/graphql';
import {
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH, MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH,
} from '../limits';
import { requireHuman, requireMemberOrAdmin, requireRealmAdmin } from '../policy';
import { ROLE, ROLE_VALUES, type User } from '../store/types';
import type { ParamSpec } from './params';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One REST endpoint: how Zulip parses it and which GraphQL document it runs. The shim holds no
 * rule of its own; `gate` names the policy check Zulip makes before parsing parameters, so that
 * refusals come in Zulip's order.
 */
export interface RestRoute<TResult = any, TVariables = any> {
  method: HttpMethod;
  /** Relative to /api/v1, in Fastify's pattern syntax. */
  path: string;
  operationId: string;
  summary: string;
  authenticated: boolean;
  gate?: (user: User) => void;
  params: ParamSpec[];
  document: TypedDocumentNode<TResult, TVariables>;
  variables: (params: Record<string, any>) => TVariables;
  /** The success body's data keys. */
  response: (data: TResult) => Record<string, unknown>;
}

const ROLE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([name, value]) => [value, name]));

function route<TResult, TVariables>(r: RestRoute<TResult, TVariables>): RestRoute<TResult, TVariables> {
  return r;
}

function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

export const ROUTES: RestRoute[] = [
  route({
    method: 'GET',
    path: '/server_settings',
    operationId: 'get-server-settings',
    summary: 'Server version and authentication methods; no credentials needed.',
    authenticated: false,
    params: [],
    document: RestServerSettingsDocument,
    variables: () => ({}),
    response: (d) => ({
      authentication_methods: { password: false, dev: false, email: false, ldap: false, remoteuser: false, github: false, azuread: false, gitlab: false, apple: false, google: false, saml: false, 'openid connect': false },
      zulip_version: d.serverSettings.zulipVersion,
      zulip_merge_base: d.serverSettings.zulipVersion,
      zulip_feature_level: d.serverSettings.zulipFeatureLevel,
      push_notifications_enabled: false,
      is_incompatible: false,
      ...(d.serverSettings.organization ? {
        realm_name: d.serverSettings.organization.name,
        realm_url: d.serverSettings.organization.url,
        realm_uri: d.serverSettings.organization.url,
      } : {}),
    }),
  }),
  route({
    method: 'POST',
    path: '/register',
    operationId: 'register-queue',
    summary: 'The initial state a client needs: server limits and the organization\'s channel folders.',
    authenticated: true,
    params: [
      { name: 'event_types', kind: 'string-list' },
      { name: 'fetch_event_types', kind: 'string-list' },
    ],
    document: RestRegisterDocument,
    variables: (p) => {
      const wanted: string[] | undefined = p.fetch_event_types ?? p.event_types;
      return { withFolders: wanted === undefined || wanted.includes('channel_folders') };
    },
    response: (d) => ({
      zulip_feature_level: d.serverSettings.zulipFeatureLevel,
      zulip_version: d.serverSettings.zulipVersion,
      zulip_merge_base: d.serverSettings.zulipVersion,
      max_channel_folder_name_length: d.serverSettings.maxChannelFolderNameLength,
      max_channel_folder_description_length: d.serverSettings.maxChannelFolderDescriptionLength,
      ...(d.channelFolders ? {
        channel_folders: d.channelFolders.map((f) => ({
          id: f.id,
          name: f.name,
          description: f.description,
          rendered_description: f.renderedDescription,
          creator_id: f.creatorId ?? null,
          date_created: unixSeconds(f.dateCreated),
          is_archived: f.isArchived,
          order: f.order,
        })),
      } : {}),
    }),
  }),
  route({
    method: 'POST',
    path: '/channel_folders/create',
    operationId: 'create-channel-folder',
    summary: 'Create a channel folder (administrators).',
    authenticated: true,
    gate: requireRealmAdmin,
    params: [
      { name: 'description', kind: 'string', required: true, maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH },
      { name: 'name', kind: 'string', required: true, maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH },
    ],
    document: RestCreateChannelFolderDocument,
    variables: (p) => ({ input: { name: p.name, description: p.description } }),
    response: (d) => ({ channel_folder_id: d.createChannelFolder.channelFolder!.id }),
  }),
  route({
    method: 'POST',
    path: '/invites/multiuse',
    operationId: 'create-invite-link',
    summary: 'Create a reusable invitation link.',
    authenticated: true,
    gate: requireMemberOrAdmin,
    params: [
      { name: 'group_ids', kind: 'int-list' },
      { name: 'include_realm_default_subscriptions', kind: 'bool' },
      { name: 'invite_as', kind: 'int', oneOf: ROLE_VALUES },
      { name: 'invite_expires_in_minutes', kind: 'int-or-null' },
      { name: 'stream_ids', kind: 'int-list' },
      { name: 'welcome_message_custom_text', kind: 'string', maxLength: MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH },
    ],
    document: RestCreateReusableInvitationDocument,
    variables: (p) => ({
      input: {
        ...('invite_expires_in_minutes' in p ? { inviteExpiresInMinutes: p.invite_expires_in_minutes } : {}),
        inviteAs: p.invite_as === undefined ? undefined : ROLE_NAME[p.invite_as] as any,
        streamIds: p.stream_ids,
        groupIds: p.group_ids,
        includeRealmDefaultSubscriptions: p.include_realm_default_subscriptions,
        welcomeMessageCustomText: p.welcome_message_custom_text,
      },
    }),
    response: (d) => ({ invite_link: d.createReusableInvitation.inviteLink }),
  }),
  route({
    method: 'POST',
    path: '/users/me/api_key/regenerate',
    operationId: 'regenerate-api-key',
    summary: 'Replace the caller\'s API key; removes the caller\'s push devices.',
    authenticated: true,
    params: [],
    document: RestRegenerateApiKeyDocument,
    variables: () => ({}),
    response: (d) => ({ api_key: d.regenerateApiKey.apiKey }),
  }),
  route({
    method: 'DELETE',
    path: '/users/me/profile_data',
    operationId: 'remove-own-profile-data',
    summary: 'Remove the caller\'s values of custom profile fields, all or none.',
    authenticated: true,
    gate: requireHuman,
    params: [{ name: 'data', kind: 'int-list', required: true }],
    document: RestRemoveProfileDataDocument,
    variables: (p) => ({ input: { fieldIds: p.data } }),
    response: () => ({}),
  }),
];
