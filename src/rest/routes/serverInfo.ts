import { RestRegisterDocument, RestServerSettingsDocument } from '../../generated/graphql';
import { route, type RestRoute } from '../route';
import { CHANNEL_FOLDER_SCHEMA, channelFolderDict } from './channelFolders';

export const SERVER_INFO_ROUTES: RestRoute[] = [
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
    success: {
      properties: {
        authentication_methods: {
          type: 'object',
          additionalProperties: { type: 'boolean' },
          description: 'Which authentication methods the server offers; this gateway offers none (keys come from invitations).',
        },
        zulip_version: { type: 'string' },
        zulip_merge_base: { type: 'string' },
        zulip_feature_level: { type: 'integer' },
        push_notifications_enabled: { type: 'boolean' },
        is_incompatible: { type: 'boolean' },
        realm_name: { type: 'string', description: 'Present when the request\'s host is an organization\'s.' },
        realm_url: { type: 'string', format: 'uri' },
        realm_uri: { type: 'string', format: 'uri', description: 'The same as realm_url, for older clients.' },
      },
      optional: ['realm_name', 'realm_url', 'realm_uri'],
    },
    errors: [],
  }),
  route({
    method: 'POST',
    path: '/register',
    operationId: 'register-queue',
    summary: 'The initial state a client needs: server limits and the organization\'s channel folders.',
    authenticated: true,
    params: [
      { name: 'event_types', kind: 'string-list', description: 'The event types of the queue; also the data to fetch when `fetch_event_types` is absent.' },
      { name: 'fetch_event_types', kind: 'string-list', description: 'The initial data to fetch.' },
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
      ...(d.channelFolders ? { channel_folders: d.channelFolders.map(channelFolderDict) } : {}),
    }),
    success: {
      properties: {
        zulip_feature_level: { type: 'integer' },
        zulip_version: { type: 'string' },
        zulip_merge_base: { type: 'string' },
        max_channel_folder_name_length: { type: 'integer' },
        max_channel_folder_description_length: { type: 'integer' },
        channel_folders: {
          type: 'array',
          items: CHANNEL_FOLDER_SCHEMA,
          description: 'Present when `fetch_event_types` (else `event_types`) is absent or names `channel_folders`.',
        },
      },
      optional: ['channel_folders'],
    },
    errors: [],
  }),
];
