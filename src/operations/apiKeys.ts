import { generateApiKey, hashApiKey } from '../auth/keys';
import { isUniqueViolation } from '../store/db';
import { deletePushDevices } from '../store/pushDevices';
import type { ActingUser } from '../store/types';
import { setApiKeyHash } from '../store/users';
import type { Services } from './context';

/**
 * Any account may replace its own key, bots included. The old key stops working with the commit
 * (authentication reads the database on every request; nothing caches it), and every push device
 * of the user, legacy or end-to-end-encrypted, is removed in the same transaction.
 */
export async function regenerateApiKey(services: Services, user: ActingUser): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const apiKey = generateApiKey();
    try {
      await services.db.knex.transaction(async (trx) => {
        await setApiKeyHash(trx, user.id, hashApiKey(apiKey));
        await deletePushDevices(trx, user.id);
      });
      return apiKey;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 2) throw err;
    }
  }
}
