import {
  RestChannelFoldersDocument, RestCreateChannelFolderDocument, RestReorderChannelFoldersDocument, RestUpdateChannelFolderDocument,
  type RestChannelFolderFieldsFragment,
} from '../../generated/graphql';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../../limits';
import { requireRealmAdmin } from '../../policy';
import { route, type RestRoute } from '../route';

/** Zulip's ChannelFolderDict: dates in whole UNIX seconds. */
export function channelFolderDict(f: RestChannelFolderFieldsFragment): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    rendered_description: f.renderedDescription,
    creator_id: f.creatorId ?? null,
    date_created: Math.floor(Date.parse(f.dateCreated) / 1000),
    is_archived: f.isArchived,
    order: f.order,
  };
}

export const CHANNEL_FOLDER_ROUTES: RestRoute[] = [
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
    method: 'GET',
    path: '/channel_folders',
    operationId: 'get-channel-folders',
    summary: 'The organization\'s channel folders in their order (any user, guests included).',
    authenticated: true,
    params: [{ name: 'include_archived', kind: 'bool' }],
    document: RestChannelFoldersDocument,
    variables: (p) => ({ includeArchived: p.include_archived ?? false }),
    response: (d) => ({ channel_folders: d.channelFolders.map(channelFolderDict) }),
  }),
  route({
    method: 'PATCH',
    path: '/channel_folders',
    operationId: 'patch-channel-folders',
    summary: 'Reorder the organization\'s channel folders (administrators); `order` lists every folder once.',
    authenticated: true,
    gate: requireRealmAdmin,
    params: [{ name: 'order', kind: 'int-list', required: true }],
    document: RestReorderChannelFoldersDocument,
    variables: (p) => ({ input: { order: p.order } }),
    response: () => ({}),
  }),
  route({
    method: 'PATCH',
    path: '/channel_folders/:channel_folder_id',
    operationId: 'update-channel-folder',
    summary: 'Rename, describe, archive or unarchive a channel folder (administrators).',
    authenticated: true,
    gate: requireRealmAdmin,
    params: [
      { name: 'description', kind: 'string', maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH },
      { name: 'is_archived', kind: 'bool' },
      { name: 'name', kind: 'string', maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH },
    ],
    document: RestUpdateChannelFolderDocument,
    variables: (p) => ({
      input: { id: p.channel_folder_id, name: p.name, description: p.description, isArchived: p.is_archived },
    }),
    response: () => ({}),
  }),
];
