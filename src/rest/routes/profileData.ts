import { RestRemoveProfileDataDocument } from '../../generated/graphql';
import { requireHuman } from '../../policy';
import { route, type RestRoute } from '../route';

export const PROFILE_DATA_ROUTES: RestRoute[] = [
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
