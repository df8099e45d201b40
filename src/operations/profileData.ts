import { checkProfileFieldsEditable, requireHuman } from '../policy';
import { deleteValues, fieldsByIds, valuesForUser } from '../store/profileFields';
import type { ActingUser, ProfileValue } from '../store/types';
import type { Services } from './context';

/**
 * Removes the caller's values of the given fields, all or nothing: every id is checked first
 * (in the order given, as Zulip reports the first failure), then one DELETE removes them.
 * Fields without a value are skipped silently.
 */
export async function removeProfileData(services: Services, user: ActingUser, fieldIds: readonly number[]): Promise<void> {
  requireHuman(user);
  const { knex } = services.db;
  const fields = await fieldsByIds(knex, user.organizationId, fieldIds);
  checkProfileFieldsEditable(user, fieldIds, fields);
  await deleteValues(knex, user.id, fieldIds);
}

export function profileData(services: Services, userId: number): Promise<ProfileValue[]> {
  return valuesForUser(services.db.knex, userId);
}
