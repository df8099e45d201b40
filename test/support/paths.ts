/** The REST paths under test. */
export const CREATE = '/api/v1/channel_folders/create';
export const INVITE = '/api/v1/invites/multiuse';
export const REGENERATE = '/api/v1/users/me/api_key/regenerate';
export const PROFILE = '/api/v1/users/me/profile_data';
export const REGISTER = '/api/v1/register';
export const SERVER_SETTINGS = '/api/v1/server_settings';
export const INVITES = '/api/v1/invites';
export const FOLDERS = '/api/v1/channel_folders';
export const JOIN = (key: string) => `/join/${key}/`;
export const APNS_TOKEN = '/api/v1/users/me/apns_device_token';
export const FCM_TOKEN = '/api/v1/users/me/android_gcm_reg_id';
export const E2EE_REGISTER = '/api/v1/mobile_push/register';
