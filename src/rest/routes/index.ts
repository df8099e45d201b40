import type { RestRoute } from '../route';
import { API_KEY_ROUTES } from './apiKeys';
import { CHANNEL_FOLDER_ROUTES } from './channelFolders';
import { INVITATION_ROUTES } from './invitations';
import { PROFILE_DATA_ROUTES } from './profileData';
import { PUSH_DEVICE_ROUTES } from './pushDevices';
import { SERVER_INFO_ROUTES } from './serverInfo';

/** Every /api/v1 endpoint the shim serves, one file per feature. */
export const ROUTES: RestRoute[] = [
  ...SERVER_INFO_ROUTES,
  ...CHANNEL_FOLDER_ROUTES,
  ...INVITATION_ROUTES,
  ...API_KEY_ROUTES,
  ...PROFILE_DATA_ROUTES,
  ...PUSH_DEVICE_ROUTES,
];
