import {
  RestRegisterE2eePushDeviceDocument, RestRegisterPushDeviceDocument, RestRemovePushDeviceDocument,
} from '../../generated/graphql';
import { registerE2eePushDevice, registerLegacyPushToken, removeLegacyPushToken } from '../../operations/pushDevices';
import { route, type RestRoute } from '../route';
import { badRequestError } from '../routeErrors';

// The legacy token endpoints Zulip's mobile apps call, and the end-to-end-encrypted registration.
// All of them are Zulip's human_users_only.

export const PUSH_DEVICE_ROUTES: RestRoute[] = [
  route({
    method: 'POST',
    path: '/users/me/apns_device_token',
    operationId: 'add-apns-token',
    summary: 'Register an APNs device token; registering it again changes nothing.',
    authenticated: true,
    gate: registerLegacyPushToken.gate,
    params: [
      { name: 'token', kind: 'string', required: true },
      { name: 'appid', kind: 'string', required: true },
    ],
    document: RestRegisterPushDeviceDocument,
    variables: (p) => ({ input: { kind: 'APNS' as const, token: p.token, appId: p.appid } }),
    response: () => ({}),
    errors: [badRequestError('appid has invalid format'), badRequestError('Empty or invalid length token'), badRequestError('Invalid APNS token')],
  }),
  route({
    method: 'DELETE',
    path: '/users/me/apns_device_token',
    operationId: 'remove-apns-token',
    summary: 'Remove one of the caller\'s APNs device tokens.',
    authenticated: true,
    gate: removeLegacyPushToken.gate,
    params: [{ name: 'token', kind: 'string', required: true }],
    document: RestRemovePushDeviceDocument,
    variables: (p) => ({ input: { kind: 'APNS' as const, token: p.token } }),
    response: () => ({}),
    errors: [badRequestError('Empty or invalid length token'), badRequestError('Invalid APNS token'), badRequestError('Token does not exist')],
  }),
  route({
    method: 'POST',
    path: '/users/me/android_gcm_reg_id',
    operationId: 'add-fcm-token',
    summary: 'Register an FCM registration token; registering it again changes nothing.',
    authenticated: true,
    gate: registerLegacyPushToken.gate,
    params: [{ name: 'token', kind: 'string', required: true }],
    document: RestRegisterPushDeviceDocument,
    variables: (p) => ({ input: { kind: 'FCM' as const, token: p.token } }),
    response: () => ({}),
    errors: [badRequestError('Empty or invalid length token')],
  }),
  route({
    method: 'DELETE',
    path: '/users/me/android_gcm_reg_id',
    operationId: 'remove-fcm-token',
    summary: 'Remove one of the caller\'s FCM registration tokens.',
    authenticated: true,
    gate: removeLegacyPushToken.gate,
    params: [{ name: 'token', kind: 'string', required: true }],
    document: RestRemovePushDeviceDocument,
    variables: (p) => ({ input: { kind: 'FCM' as const, token: p.token } }),
    response: () => ({}),
    errors: [badRequestError('Empty or invalid length token'), badRequestError('Token does not exist')],
  }),
  route({
    method: 'POST',
    path: '/mobile_push/register',
    operationId: 'register-push-device',
    summary: 'Register a device for end-to-end-encrypted push notifications.',
    authenticated: true,
    gate: registerE2eePushDevice.gate,
    params: [
      { name: 'push_key_id', kind: 'int', required: true },
      { name: 'push_key', kind: 'string', required: true },
      { name: 'token_kind', kind: 'string', required: true },
      { name: 'token_id', kind: 'string', required: true },
      { name: 'bouncer_public_key', kind: 'string', required: true },
      { name: 'encrypted_push_registration', kind: 'string', required: true },
    ],
    document: RestRegisterE2eePushDeviceDocument,
    variables: (p) => ({
      input: {
        pushKeyId: p.push_key_id, pushKey: p.push_key, tokenKind: p.token_kind, tokenId: p.token_id,
        bouncerPublicKey: p.bouncer_public_key, encryptedPushRegistration: p.encrypted_push_registration,
      },
    }),
    response: () => ({}),
    errors: [
      badRequestError('Invalid push_key_id'), badRequestError('Invalid push_key'), badRequestError('Invalid token_kind'),
      badRequestError('Invalid token_id'), badRequestError('Invalid bouncer_public_key'), badRequestError('Invalid encrypted_push_registration'),
    ],
  }),
];
