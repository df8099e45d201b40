import { badRequest } from '../errors';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../limits';
import { renderMarkdown } from '../markdown';
import { requireRealmAdmin } from '../policy';
import {
  channelFolderById, channelFolderIds, insertChannelFolder, listChannelFolders, setChannelFolderOrder, updateChannelFolderRow,
  type ChannelFolderChanges,
} from '../store/channelFolders';
import { isUniqueViolation } from '../store/db';
import type { ActingUser, ChannelFolder } from '../store/types';
import { checkMaxLength, checkStorableText, firstUnprintablePosition, pythonStrip } from '../text';
import { now, type Services } from './context';
import { gated } from './gates';
import { checkListLength } from './lists';

export interface CreateChannelFolder {
  name: string;
  description: string;
}

/** Zulip's check_channel_folder_name, but for uniqueness, which the database decides. */
function checkFolderName(name: string): void {
  if (pythonStrip(name) === '') throw badRequest("Channel folder name can't be empty.");
  const position = firstUnprintablePosition(name);
  if (position > 0) throw badRequest(`Invalid character in channel folder name, at position ${position}.`);
}

const NAME_IN_USE = 'Channel folder name already in use';

/** Checks in Zulip's order: role (the gate), parameter lengths (description first), then the name itself. */
export const createChannelFolder = gated(requireRealmAdmin, async (services, user, input: CreateChannelFolder): Promise<ChannelFolder> => {
  checkMaxLength(input.description, MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, 'description');
  checkMaxLength(input.name, MAX_CHANNEL_FOLDER_NAME_LENGTH, 'name');
  checkFolderName(input.name);
  checkStorableText(input.description, 'channel folder description');
  try {
    return await insertChannelFolder(services.db.knex, {
      organizationId: user.organizationId,
      name: input.name,
      description: input.description,
      renderedDescription: renderMarkdown(input.description),
      creatorId: user.id,
      dateCreated: now(services),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(NAME_IN_USE);
    throw err;
  }
});

/** Any member of the organization, guests included, may list its folders. */
export function channelFolders(services: Services, user: ActingUser, includeArchived: boolean): Promise<ChannelFolder[]> {
  return listChannelFolders(services.db.knex, user.organizationId, includeArchived);
}

export interface UpdateChannelFolder {
  id: number;
  /** Absent or null: unchanged. */
  name?: string | null;
  description?: string | null;
  isArchived?: boolean | null;
}

/**
 * Checks in Zulip's order (update_channel_folder): role (the gate), parameter lengths
 * (description, then name), the folder, the new name, then whether the folder may be archived. A
 * value equal to the current one changes nothing and is not checked. Unlike Zulip, which saves
 * each field on its own, the request is all or nothing: a refusal leaves the folder as it was.
 */
export const updateChannelFolder = gated(requireRealmAdmin, async (services, user, input: UpdateChannelFolder): Promise<ChannelFolder> => {
  const name = input.name ?? undefined;
  const description = input.description ?? undefined;
  const isArchived = input.isArchived ?? undefined;
  if (description !== undefined) checkMaxLength(description, MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, 'description');
  if (name !== undefined) checkMaxLength(name, MAX_CHANNEL_FOLDER_NAME_LENGTH, 'name');

  const { knex } = services.db;
  const folder = await channelFolderById(knex, user.organizationId, input.id);
  if (folder === undefined) throw badRequest('Invalid channel folder ID');
  const changes: ChannelFolderChanges = {};
  if (name !== undefined && name !== folder.name) {
    checkFolderName(name);
    changes.name = name;
  }
  if (description !== undefined && description !== folder.description) {
    checkStorableText(description, 'channel folder description');
    changes.description = description;
    changes.renderedDescription = renderMarkdown(description);
  }
  if (isArchived !== undefined && isArchived !== folder.isArchived) changes.isArchived = isArchived;

  let outcome;
  try {
    // The folder's own name in another case is no conflict: the unique key is the folder's own.
    outcome = await updateChannelFolderRow(knex, folder.id, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(NAME_IN_USE);
    throw err;
  }
  if (outcome === 'in-use') throw badRequest('You need to remove all the channels from this folder to archive it.');
  const { renderedDescription, ...rest } = changes;
  return { ...folder, ...rest, ...(renderedDescription !== undefined ? { renderedDescription } : {}) };
});

/**
 * Positions every folder of the organization at its index in `order`, which must name each of
 * them, archived ones included, exactly once. (Zulip also accepts unknown ids and repeats; a list
 * that is not a permutation is almost surely a client working from stale data, so it is refused.)
 * Returns all the folders in their new order. Only administrators (the gate).
 */
export const reorderChannelFolders = gated(requireRealmAdmin, async (services, user, order: readonly number[]): Promise<ChannelFolder[]> => {
  checkListLength(order, 'order');
  const { knex } = services.db;
  const ids = new Set(await channelFolderIds(knex, user.organizationId));
  const listed = new Set(order);
  if (listed.size !== order.length || listed.size !== ids.size || order.some((id) => !ids.has(id))) {
    throw badRequest('Invalid order mapping.');
  }
  await setChannelFolderOrder(knex, user.organizationId, order);
  return listChannelFolders(knex, user.organizationId, true);
});
