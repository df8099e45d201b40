import {
  RestChannelFoldersDocument, RestCreateChannelFolderDocument, RestReorderChannelFoldersDocument, RestUpdateChannelFolderDocument,
  type RestChannelFolderFieldsFragment,
} from '../../generated/graphql';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../../limits';
import { createChannelFolder, reorderChannelFolders, updateChannelFolder } from '../../operations/channelFolders';
import { route, type JsonSchema, type RestRoute } from '../route';
import { badRequestError } from '../routeErrors';

/** What channelFolderDict returns. */
export const CHANNEL_FOLDER_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'description', 'rendered_description', 'creator_id', 'date_created', 'is_archived', 'order'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string', description: 'The description, in Zulip Markdown.' },
    rendered_description: { type: 'string', description: 'The description rendered as HTML.' },
    creator_id: { type: ['integer', 'null'] },
    date_created: { type: 'integer', description: 'UNIX seconds.' },
    is_archived: { type: 'boolean' },
    order: { type: 'integer' },
  },
};

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

/** The operation's checks of a new name (lengths are the parameters' own). */
const FOLDER_NAME_ERRORS = [
  badRequestError("Channel folder name can't be empty."),
  badRequestError('Invalid character in channel folder name, at position 4.'),
  badRequestError('Channel folder name already in use'),
];

export const CHANNEL_FOLDER_ROUTES: RestRoute[] = [
  route({
    method: 'POST',
    path: '/channel_folders/create',
    operationId: 'create-channel-folder',
    summary: 'Create a channel folder (administrators).',
    authenticated: true,
    gate: createChannelFolder.gate,
    params: [
      { name: 'description', kind: 'string', required: true, maxLength: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH },
      { name: 'name', kind: 'string', required: true, maxLength: MAX_CHANNEL_FOLDER_NAME_LENGTH },
    ],
    document: RestCreateChannelFolderDocument,
    variables: (p) => ({ input: { name: p.name, description: p.description } }),
    response: (d) => ({ channel_folder_id: d.createChannelFolder.channelFolder!.id }),
    success: { properties: { channel_folder_id: { type: 'integer', description: 'The ID of the new channel folder.' } } },
    errors: FOLDER_NAME_ERRORS,
  }),
  route({
    method: 'GET',
    path: '/channel_folders',
    operationId: 'get-channel-folders',
    summary: 'The organization\'s channel folders in their order (any user, guests included).',
    authenticated: true,
    params: [{ name: 'include_archived', kind: 'bool', description: 'Whether to list archived folders too (default false).' }],
    document: RestChannelFoldersDocument,
    variables: (p) => ({ includeArchived: p.include_archived ?? false }),
    response: (d) => ({ channel_folders: d.channelFolders.map(channelFolderDict) }),
    success: { properties: { channel_folders: { type: 'array', items: CHANNEL_FOLDER_SCHEMA } } },
    errors: [],
  }),
  route({
    method: 'PATCH',
    path: '/channel_folders',
    operationId: 'patch-channel-folders',
    summary: 'Reorder the organization\'s channel folders (administrators); `order` lists every folder once.',
    authenticated: true,
    gate: reorderChannelFolders.gate,
    params: [{ name: 'order', kind: 'int-list', required: true, description: 'The IDs of all the organization\'s folders, in the new order.' }],
    document: RestReorderChannelFoldersDocument,
    variables: (p) => ({ input: { order: p.order } }),
    response: () => ({}),
    errors: [badRequestError('Invalid order mapping.')],
  }),
  route({
    method: 'PATCH',
    path: '/channel_folders/:channel_folder_id',
    operationId: 'update-channel-folder',
    summary: 'Rename, describe, archive or unarchive a channel folder (administrators).',
    authenticated: true,
    gate: updateChannelFolder.gate,
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
    errors: [
      badRequestError('Invalid channel folder ID'), ...FOLDER_NAME_ERRORS,
      badRequestError('You need to remove all the channels from this folder to archive it.'),
    ],
  }),
];
