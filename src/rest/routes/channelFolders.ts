import { RestCreateChannelFolderDocument } from '../../generated/graphql';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../../limits';
import { requireRealmAdmin } from '../../policy';
import { route, type RestRoute } from '../route';

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
];
