import { badRequest } from '../errors';
import { MAX_LIST_LENGTH } from '../limits';

/** One rule for every list parameter, REST or GraphQL, named as Zulip names the parameter. */
export function checkListLength(list: readonly unknown[] | null | undefined, varName: string): void {
  if (list && list.length > MAX_LIST_LENGTH) throw badRequest(`${varName} has too many items (limit: ${MAX_LIST_LENGTH})`);
}
