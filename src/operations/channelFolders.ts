import { badRequest } from '../errors';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../limits';
import { renderMarkdown } from '../markdown';
import { requireRealmAdmin } from '../policy';
import { insertChannelFolder, listChannelFolders } from '../store/channelFolders';
import { isUniqueViolation } from '../store/db';
import type { ActingUser, ChannelFolder } from '../store/types';
import { checkMaxLength, checkStorableText, firstUnprintablePosition, pythonStrip } from '../text';
import { now, type Services } from './context';

export interface CreateChannelFolder {
  name: string;
  description: string;
}

/** Checks in Zulip's order: role, parameter lengths (description first), then the name itself. */
export async function createChannelFolder(services: Services, user: ActingUser, input: CreateChannelFolder): Promise<ChannelFolder> {
  requireRealmAdmin(user);
  checkMaxLength(input.description, MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, 'description');
  checkMaxLength(input.name, MAX_CHANNEL_FOLDER_NAME_LENGTH, 'name');
  if (pythonStrip(input.name) === '') throw badRequest("Channel folder name can't be empty.");
  const position = firstUnprintablePosition(input.name);
  if (position > 0) throw badRequest(`Invalid character in channel folder name, at position ${position}.`);
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
    if (isUniqueViolation(err)) throw badRequest('Channel folder name already in use');
    throw err;
  }
}

/** Any member of the organization, guests included, may list its folders. */
export function channelFolders(services: Services, user: ActingUser, includeArchived: boolean): Promise<ChannelFolder[]> {
  return listChannelFolders(services.db.knex, user.organizationId, includeArchived);
}
