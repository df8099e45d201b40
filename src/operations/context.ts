import type { Config } from '../config';
import type { Database } from '../store/db';

/** What every operation needs besides the acting user: never the HTTP request. */
export interface Services {
  db: Database;
  config: Config;
  now?: () => Date;
}

export function now(services: Services): Date {
  return services.now ? services.now() : new Date();
}
