import type { Services } from '../operations/context';
import type { ActingUser } from '../store/types';

export interface GraphQLContext {
  services: Services;
  /** null for a request without credentials (introspection and serverSettings only). */
  user: ActingUser | null;
  /** The Host the request was sent to: which organization an anonymous caller addresses. */
  host?: string;
}

/** The acting user of a resolver behind @Authorized(): the auth checker guarantees it. */
export function actingUser(ctx: GraphQLContext): ActingUser {
  return ctx.user!;
}
