// The requests the bench sends: each operation through the REST shim and through GraphQL.

export type Api = 'rest' | 'graphql';

export interface Caller {
  email: string;
  key: string;
}

/** What a load-generator process needs to build requests, passed as JSON. */
export interface OperationData {
  /** Makes folder names unique across runs. */
  tag: string;
  streamIds: number[];
  groupIds: number[];
  fieldIds: number[];
}

export interface BuiltRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Operation {
  id: string;
  title: string;
  /** Which callers it uses (see world.ts): a regenerated key replaces the caller's old one. */
  callers: 'owners' | 'profile' | 'keys' | 'query';
  apis: Api[];
  /** The n-th request of a run. */
  build: (api: Api, n: number, caller: Caller, data: OperationData) => BuiltRequest;
  /** The caller's key after a successful response, when the operation replaces it. */
  newKey?: (api: Api, body: string) => string;
}

function auth(caller: Caller): string {
  return `Basic ${Buffer.from(`${caller.email}:${caller.key}`).toString('base64')}`;
}

function form(caller: Caller, method: BuiltRequest['method'], path: string, params: Record<string, string>): BuiltRequest {
  return {
    method, path, body: new URLSearchParams(params).toString(),
    headers: { authorization: auth(caller), 'content-type': 'application/x-www-form-urlencoded' },
  };
}

function graphql(caller: Caller, query: string, variables: Record<string, unknown> = {}): BuiltRequest {
  return {
    method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }),
    headers: { authorization: auth(caller), 'content-type': 'application/json' },
  };
}

const CREATE_FOLDER = 'mutation CreateFolder($input: CreateChannelFolderInput!) { createChannelFolder(input: $input) { channelFolder { id } } }';
const CREATE_INVITATION = 'mutation CreateInvitation($input: CreateReusableInvitationInput!) { createReusableInvitation(input: $input) { inviteLink } }';
const REGENERATE_KEY = 'mutation RegenerateKey { regenerateApiKey { apiKey } }';
const REMOVE_PROFILE = 'mutation RemoveProfileData($input: RemoveProfileDataInput!) { removeProfileData(input: $input) { user { id } } }';
export const TRIVIAL_QUERY = 'query Me { me { id } }';

const FOLDER_DESCRIPTION = 'Channels for **bench** work';

export const OPERATIONS: Operation[] = [
  {
    id: 'create-folder', title: 'create folder', callers: 'owners', apis: ['rest', 'graphql'],
    build: (api, n, caller, d) => {
      const name = `f-${d.tag}-${n}`;
      return api === 'rest'
        ? form(caller, 'POST', '/api/v1/channel_folders/create', { name, description: FOLDER_DESCRIPTION })
        : graphql(caller, CREATE_FOLDER, { input: { name, description: FOLDER_DESCRIPTION } });
    },
  },
  {
    id: 'invitation-empty', title: 'create invitation, no lists', callers: 'owners', apis: ['rest', 'graphql'],
    build: (api, _n, caller) => (api === 'rest'
      ? form(caller, 'POST', '/api/v1/invites/multiuse', { invite_as: '400' })
      : graphql(caller, CREATE_INVITATION, { input: { inviteAs: 'MEMBER' } })),
  },
  {
    id: 'invitation-lists', title: 'create invitation, 100 channels + 20 groups', callers: 'owners', apis: ['rest', 'graphql'],
    build: (api, _n, caller, d) => (api === 'rest'
      ? form(caller, 'POST', '/api/v1/invites/multiuse', {
        invite_as: '400', stream_ids: JSON.stringify(d.streamIds), group_ids: JSON.stringify(d.groupIds),
      })
      : graphql(caller, CREATE_INVITATION, { input: { inviteAs: 'MEMBER', streamIds: d.streamIds, groupIds: d.groupIds } })),
  },
  {
    id: 'regenerate-key', title: 'regenerate key', callers: 'keys', apis: ['rest', 'graphql'],
    build: (api, _n, caller) => (api === 'rest'
      ? form(caller, 'POST', '/api/v1/users/me/api_key/regenerate', {})
      : graphql(caller, REGENERATE_KEY)),
    newKey: (api, body) => {
      const parsed = JSON.parse(body);
      return api === 'rest' ? parsed.api_key : parsed.data.regenerateApiKey.apiKey;
    },
  },
  {
    id: 'remove-profile', title: 'remove 10 profile values', callers: 'profile', apis: ['rest', 'graphql'],
    build: (api, _n, caller, d) => (api === 'rest'
      ? form(caller, 'DELETE', '/api/v1/users/me/profile_data', { data: JSON.stringify(d.fieldIds) })
      : graphql(caller, REMOVE_PROFILE, { input: { fieldIds: d.fieldIds } })),
  },
  {
    id: 'trivial-query', title: 'trivial query { me { id } }', callers: 'query', apis: ['graphql'],
    build: (_api, _n, caller) => graphql(caller, TRIVIAL_QUERY),
  },
];

export function operation(id: string): Operation {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}
