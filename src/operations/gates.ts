import type { Gate } from '../policy/gate';
import type { ActingUser } from '../store/types';
import type { Services } from './context';

declare const exposedByGated: unique symbol;
/** A gate as a gated operation exposes it; a policy function named directly is not one. */
export type OperationGate = Gate & { readonly [exposedByGated]: true };

export type GatedOperation<Args extends unknown[], Result> =
  ((services: Services, user: ActingUser, ...args: Args) => Promise<Result>) & { readonly gate: OperationGate };

/**
 * The operation with `gate` as its first check, and the gate exposed, so that the REST shim runs
 * this very check before parsing parameters (Zulip's order of refusals) and cannot name another.
 */
export function gated<Args extends unknown[], Result>(
  gate: Gate, operation: (services: Services, user: ActingUser, ...args: Args) => Promise<Result>,
): GatedOperation<Args, Result> {
  const run = async (services: Services, user: ActingUser, ...args: Args): Promise<Result> => {
    gate(user);
    return operation(services, user, ...args);
  };
  return Object.assign(run, { gate: gate as OperationGate });
}
