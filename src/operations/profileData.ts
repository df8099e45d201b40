import { checkProfileFieldEditable, checkProfileFieldsEditable, requireHuman } from '../policy';
import { deleteValues, fieldsByIds, upsertValues, valuesForUser } from '../store/profileFields';
import type { ProfileValue } from '../store/types';
import { usersByIds } from '../store/users';
import type { Services } from './context';
import { gated } from './gates';
import { checkListLength } from './lists';
import { userIdsIn, validatedProfileValue } from './profileFieldValues';

/**
 * Removes the caller's values of the given fields, all or nothing: every id is checked first
 * (in the order given, as Zulip reports the first failure), then one DELETE removes them.
 * Fields without a value are skipped silently. Not for bots (the gate).
 */
export const removeProfileData = gated(requireHuman, async (services, user, fieldIds: readonly number[]): Promise<void> => {
  checkListLength(fieldIds, 'data');
  const { knex } = services.db;
  const fields = await fieldsByIds(knex, user.organizationId, fieldIds);
  checkProfileFieldsEditable(user, fieldIds, fields);
  await deleteValues(knex, user.id, fieldIds);
});

export interface ProfileDataUpdate {
  fieldId: number;
  /** A string, or for a USER field a list of user ids; anything else is refused by the field's type. */
  value: unknown;
}

/**
 * Sets the caller's values, all or nothing; not for bots (the gate). Each entry is checked in
 * the order given, as Zulip does (the field exists in the organization, the caller may edit it,
 * the value suits the field's type), from fields and users read in bulk; then one transaction
 * writes every value. An empty text is a value like any other (Zulip removes values only
 * through DELETE); a field named twice gets the later value.
 */
export const updateProfileData = gated(requireHuman, async (services, user, updates: readonly ProfileDataUpdate[]): Promise<void> => {
  checkListLength(updates, 'data');
  updates.forEach((u, i) => { if (Array.isArray(u.value)) checkListLength(u.value, `data[${i}]["value"]`); });
  const { knex } = services.db;
  const fields = await fieldsByIds(knex, user.organizationId, updates.map((u) => u.fieldId));
  const userFieldIds = updates.filter((u) => fields.get(u.fieldId)?.fieldType === 'USER').flatMap((u) => userIdsIn(u.value));
  const users = await usersByIds(knex, user.organizationId, userFieldIds);
  const stored = new Map<number, string>();
  for (const update of updates) {
    const field = checkProfileFieldEditable(user, update.fieldId, fields.get(update.fieldId));
    stored.set(field.id, validatedProfileValue(field, update.value, users));
  }
  if (stored.size === 0) return;
  await knex.transaction((trx) => upsertValues(trx, user.id, stored));
});

export function profileData(services: Services, userId: number): Promise<ProfileValue[]> {
  return valuesForUser(services.db.knex, userId);
}
