import type { RouteError } from './route';

// How a route declares its operation's plain refusals.

export const badRequestError = (msg: string): RouteError => ({ status: 400, code: 'BAD_REQUEST', msg });
