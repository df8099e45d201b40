import type { Knex } from 'knex';
import { preparedWrite, toBool, toDate, toIdOrNull } from './db';
import { folderNameKey } from './keys';
import type { ChannelFolder } from './types';

const COLUMNS = ['id', 'organization_id', 'name', 'description', 'rendered_description', 'creator_id', 'date_created', 'is_archived', 'sort_order'];

function decode(row: Record<string, unknown>): ChannelFolder {
  return {
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    name: String(row.name),
    description: String(row.description),
    renderedDescription: String(row.rendered_description),
    creatorId: toIdOrNull(row.creator_id),
    dateCreated: toDate(row.date_created),
    isArchived: toBool(row.is_archived),
    order: row.sort_order === null ? Number(row.id) : Number(row.sort_order),
  };
}

export interface NewChannelFolder {
  organizationId: number;
  name: string;
  description: string;
  renderedDescription: string;
  creatorId: number;
  dateCreated: Date;
}

const INSERT_FOLDER = `INSERT INTO channel_folders
  (organization_id, name, name_key, description, rendered_description, creator_id, date_created, is_archived, sort_order)
  VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL)`;

/**
 * One INSERT (a fixed statement, prepared on MySQL); the unique (organization, name key)
 * constraint decides duplicate names, races included. A new folder sorts by its id, so no second
 * statement is needed to set its order.
 */
export async function insertChannelFolder(knex: Knex, folder: NewChannelFolder): Promise<ChannelFolder> {
  const { insertId } = await preparedWrite(knex, INSERT_FOLDER, [
    folder.organizationId, folder.name, folderNameKey(folder.name), folder.description,
    folder.renderedDescription, folder.creatorId, folder.dateCreated,
  ]);
  return { ...folder, id: insertId, isArchived: false, order: insertId };
}

export async function listChannelFolders(knex: Knex, organizationId: number, includeArchived: boolean): Promise<ChannelFolder[]> {
  const q = knex('channel_folders').where('organization_id', organizationId).select(COLUMNS);
  if (!includeArchived) q.andWhere('is_archived', false);
  const rows = await q.orderByRaw('COALESCE(sort_order, id), id');
  return rows.map(decode);
}

/** One folder of the organization, archived or not; undefined if none. */
export async function channelFolderById(knex: Knex, organizationId: number, id: number): Promise<ChannelFolder | undefined> {
  const row = await knex('channel_folders').where({ organization_id: organizationId, id }).first(COLUMNS);
  return row ? decode(row) : undefined;
}

export interface ChannelFolderChanges {
  name?: string;
  description?: string;
  renderedDescription?: string;
  isArchived?: boolean;
}

export type FolderUpdateOutcome = 'updated' | 'in-use';

/**
 * Applies the changes in one transaction: the text columns first, so that a duplicate name (the
 * unique constraint's verdict) is reported before a folder in use; then archiving, in one
 * statement that archives only while no channel, archived or not, is filed in the folder.
 * 'in-use' rolls everything back.
 */
export async function updateChannelFolderRow(knex: Knex, id: number, changes: ChannelFolderChanges): Promise<FolderUpdateOutcome> {
  const columns: Record<string, unknown> = {};
  if (changes.name !== undefined) Object.assign(columns, { name: changes.name, name_key: folderNameKey(changes.name) });
  if (changes.description !== undefined) {
    Object.assign(columns, { description: changes.description, rendered_description: changes.renderedDescription });
  }
  const archive = changes.isArchived === true;
  if (changes.isArchived === false) columns.is_archived = false;
  if (Object.keys(columns).length === 0 && !archive) return 'updated';
  try {
    await knex.transaction(async (trx) => {
      if (Object.keys(columns).length > 0) await trx('channel_folders').where('id', id).update(columns);
      if (!archive) return;
      const archived = await trx('channel_folders')
        .where('id', id)
        .whereNotExists((q) => q.select(trx.raw('1')).from('channels').where('channels.folder_id', id))
        .update({ is_archived: true });
      if (archived !== 1) throw new FolderInUse();
    });
  } catch (err) {
    if (err instanceof FolderInUse) return 'in-use';
    throw err;
  }
  return 'updated';
}

class FolderInUse extends Error {}

/** Ids of all the organization's folders, archived ones included. */
export async function channelFolderIds(knex: Knex, organizationId: number): Promise<number[]> {
  const rows = await knex('channel_folders').where('organization_id', organizationId).select('id');
  return rows.map((r) => Number(r.id));
}

/**
 * Sets every listed folder's position to its index, in one UPDATE whatever the number of
 * folders. The values are inlined: each is an integer the caller validated, and a long list
 * would otherwise exceed SQLite's limit on bound parameters.
 */
export async function setChannelFolderOrder(knex: Knex, organizationId: number, order: readonly number[]): Promise<void> {
  if (order.length === 0) return;
  for (const id of order) if (!Number.isSafeInteger(id)) throw new Error(`folder id ${id} is not an integer`);
  const cases = order.map((id, position) => `WHEN ${id} THEN ${position}`).join(' ');
  // The list names every folder of the organization; one created meanwhile keeps its position.
  await knex('channel_folders')
    .where('organization_id', organizationId)
    .update({ sort_order: knex.raw(`CASE id ${cases} ELSE sort_order END`) });
}
