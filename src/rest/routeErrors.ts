import type { RouteError } from './route';

// Refusals that several routes declare (their gates' and shared checks'), written once.

export const badRequestError = (msg: string): RouteError => ({ status: 400, code: 'BAD_REQUEST', msg });

/** requireRealmAdmin. */
export const MUST_BE_ADMINISTRATOR: RouteError = { status: 400, code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' };
/** requireMemberOrAdmin's first check. */
export const NOT_FOR_GUESTS = badRequestError('Not allowed for guest users');
/** requireHuman, and requireMemberOrAdmin's second check. */
export const NOT_FOR_BOTS = badRequestError('This endpoint does not accept bot requests.');
