import type { Knex } from 'knex';
import { insertBatches, paddedIdList, preparedRows, preparedWrite, toBool } from './db';
import type { ProfileField, ProfileValue } from './types';

function decodeFieldData(raw: unknown): Record<string, unknown> {
  if (raw === null || raw === undefined || raw === '') return {};
  const parsed: unknown = JSON.parse(String(raw));
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export async function fieldsByIds(knex: Knex, organizationId: number, ids: readonly number[]): Promise<Map<number, ProfileField>> {
  if (ids.length === 0) return new Map();
  const list = paddedIdList(ids);
  const rows = await preparedRows(knex, `SELECT id, name, field_type, editable_by_user, required, field_data
    FROM custom_profile_fields WHERE organization_id = ? AND id IN (${list.marks})`, [organizationId, ...list.values]);
  return new Map(rows.map((r) => [Number(r.id), {
    id: Number(r.id),
    name: String(r.name),
    fieldType: String(r.field_type),
    editableByUser: toBool(r.editable_by_user),
    required: toBool(r.required),
    fieldData: decodeFieldData(r.field_data),
  }]));
}

/** One DELETE for all the fields: the removal is whole or absent without a transaction. */
export async function deleteValues(knex: Knex, userId: number, fieldIds: readonly number[]): Promise<void> {
  if (fieldIds.length === 0) return;
  const list = paddedIdList(fieldIds);
  await preparedWrite(knex, `DELETE FROM custom_profile_field_values WHERE user_id = ? AND field_id IN (${list.marks})`, [userId, ...list.values]);
}

/**
 * Sets the user's values in one multi-row upsert (per chunk): every row is written or, inside the
 * caller's transaction, none is.
 */
export async function upsertValues(knex: Knex, userId: number, values: ReadonlyMap<number, string>): Promise<void> {
  const rows = [...values].map(([fieldId, value]) => ({ user_id: userId, field_id: fieldId, value }));
  for (const batch of insertBatches(knex, rows)) {
    await knex('custom_profile_field_values').insert(batch).onConflict(['user_id', 'field_id']).merge(['value']);
  }
}

export async function valuesForUser(knex: Knex, userId: number): Promise<ProfileValue[]> {
  const rows = await knex('custom_profile_field_values as v')
    .join('custom_profile_fields as f', 'f.id', 'v.field_id')
    .where('v.user_id', userId)
    .orderBy(['f.display_order', 'f.id'])
    .select('v.field_id', 'v.value');
  return rows.map((r) => ({ fieldId: Number(r.field_id), value: String(r.value) }));
}
