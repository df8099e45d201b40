import type { Knex } from 'knex';
import type { PushDevice } from './types';

export async function listPushDevices(knex: Knex, userId: number): Promise<PushDevice[]> {
  const rows = await knex('push_devices').where('user_id', userId).orderBy('id').select('id', 'kind');
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind }));
}

/** Legacy tokens and end-to-end-encrypted registrations alike. */
export async function deletePushDevices(knex: Knex, userId: number): Promise<void> {
  await knex('push_devices').where('user_id', userId).delete();
}
