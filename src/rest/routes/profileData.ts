import { RestRemoveProfileDataDocument, RestUpdateProfileDataDocument } from '../../generated/graphql';
import { removeProfileData, updateProfileData } from '../../operations/profileData';
import type { ProfileDataElement } from '../params';
import { route, type RestRoute } from '../route';
import { badRequestError } from '../routeErrors';

/** checkProfileFieldEditable, for each field named. */
const FIELD_ERRORS = [
  badRequestError('Field id 1234 not found.'),
  badRequestError('You are not allowed to change this field. Contact an administrator to update it.'),
];

export const PROFILE_DATA_ROUTES: RestRoute[] = [
  route({
    method: 'PATCH',
    path: '/users/me/profile_data',
    operationId: 'update-own-profile-data',
    summary: 'Set the caller\'s values of custom profile fields, all or none.',
    authenticated: true,
    gate: updateProfileData.gate,
    params: [{ name: 'data', kind: 'profile-data-list', required: true, description: 'The fields and their new values.' }],
    document: RestUpdateProfileDataDocument,
    variables: (p) => ({ input: { data: (p.data as ProfileDataElement[]).map((e) => ({ fieldId: e.id, value: e.value })) } }),
    response: () => ({}),
    errors: [
      ...FIELD_ERRORS,
      badRequestError('Phone is too long (limit: 50 characters)'),
      badRequestError("'Rust' is not a valid choice for 'Editor'."),
      badRequestError('Birthday is not a date'),
      badRequestError('Website is not a URL'),
      badRequestError('Invalid user IDs: 1234'),
    ],
  }),
  route({
    method: 'DELETE',
    path: '/users/me/profile_data',
    operationId: 'remove-own-profile-data',
    summary: 'Remove the caller\'s values of custom profile fields, all or none.',
    authenticated: true,
    gate: removeProfileData.gate,
    params: [{ name: 'data', kind: 'int-list', required: true, description: 'The IDs of the fields whose values to remove.' }],
    document: RestRemoveProfileDataDocument,
    variables: (p) => ({ input: { fieldIds: p.data } }),
    response: () => ({}),
    errors: FIELD_ERRORS,
  }),
];
