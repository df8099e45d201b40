import { RestRegisterDocument, RestServerSettingsDocument } from '../../generated/graphql';
import { route, type RestRoute } from '../route';
import { channelFolderDict } from './channelFolders';

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
      ...(d.channelFolders ? { channel_folders: d.channelFolders.map(channelFolderDict) } : {}),
    }),
  }),
];
