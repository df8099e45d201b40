import { expect } from 'vitest';
import type { Database } from '../../src/store/db';
import { snapshot } from './dbState';
import { graphqlError } from './http';

/**
 * A REST refusal: exactly this status and body, and not one row changed anywhere. Returns the
 * response for checks of its own (headers, text).
 */
export async function expectRefusal<R extends { status: number; body: unknown }>(
  db: Database, send: () => Promise<R>, status: number, body: object,
): Promise<R> {
  const before = await snapshot(db);
  const res = await send();
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
  expect(await snapshot(db)).toEqual(before);
  return res;
}

/**
 * A GraphQL refusal: the request fails with exactly this first error (message and
 * extensions.code) in a response of this HTTP status (200 unless given), and not one row changed
 * anywhere.
 */
export async function expectGraphqlRefusal(
  db: Database, send: () => Promise<unknown>, error: { message: string; code: string; status?: number },
): Promise<void> {
  const before = await snapshot(db);
  expect(await graphqlError(send())).toEqual({ message: error.message, code: error.code, status: error.status ?? 200 });
  expect(await snapshot(db)).toEqual(before);
}
