import { ZulipError } from '../errors';
import type { User } from '../store/types';

/** A refusal a gate can give, as Zulip words it. */
export interface GateRefusal {
  readonly status: 400;
  readonly code: 'BAD_REQUEST' | 'UNAUTHORIZED_PRINCIPAL';
  readonly msg: string;
}

/** One check of a gate: whom it refuses, and with what. */
export interface GateRule {
  readonly refuses: (user: User) => boolean;
  readonly refusal: GateRefusal;
}

/**
 * A permission check on the caller alone, made before anything else (Zulip's view decorators).
 * It carries the refusals it can give, so that the API description takes them from the check.
 */
export type Gate = ((user: User) => void) & { readonly refusals: readonly GateRefusal[] };

/** A gate applying `rules` in order: the first that refuses the user decides. */
export function gate(...rules: GateRule[]): Gate {
  const check = (user: User): void => {
    const rule = rules.find((r) => r.refuses(user));
    if (rule) throw new ZulipError(rule.refusal.msg, rule.refusal.code, rule.refusal.status);
  };
  return Object.assign(check, { refusals: rules.map((r) => r.refusal) });
}
