import { RestRemoveProfileDataDocument, RestUpdateProfileDataDocument } from '../../generated/graphql';
import type { ProfileDataElement } from '../params';
import { requireHuman } from '../../policy';
import { route, type RestRoute } from '../route';

export const PROFILE_DATA_ROUTES: RestRoute[] = [
  route({
    method: 'PATCH',
    path: '/users/me/profile_data',
    operationId: 'update-own-profile-data',
    summary: 'Set the caller\'s values of custom profile fields, all or none.',
    authenticated: true,
    gate: requireHuman,
    params: [{ name: 'data', kind: 'profile-data-list', required: true }],
    document: RestUpdateProfileDataDocument,
    variables: (p) => ({ input: { data: (p.data as ProfileDataElement[]).map((e) => ({ fieldId: e.id, value: e.value })) } }),
    response: () => ({}),
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
