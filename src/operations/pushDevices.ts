import { badRequest } from '../errors';
import { listPushDevices } from '../store/pushDevices';
import type { ActingUser, PushDevice } from '../store/types';
import type { Services } from './context';

/** A user's push devices are visible to that user only. */
export function pushDevices(services: Services, user: ActingUser, userId: number): Promise<PushDevice[]> {
  if (userId !== user.id) throw badRequest('Insufficient permission');
  return listPushDevices(services.db.knex, userId);
}
