import type { Knex } from 'knex';
import { toBool, toDate } from './db';
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
    creatorId: row.creator_id === null ? null : Number(row.creator_id),
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

/**
 * One INSERT; the unique (organization, name key) constraint decides duplicate names, races
 * included. A new folder sorts by its id, so no second statement is needed to set its order.
 */
export async function insertChannelFolder(knex: Knex, folder: NewChannelFolder): Promise<ChannelFolder> {
  const [id] = await knex('channel_folders').insert({
    organization_id: folder.organizationId,
    name: folder.name,
    name_key: folderNameKey(folder.name),
    description: folder.description,
    rendered_description: folder.renderedDescription,
    creator_id: folder.creatorId,
    date_created: folder.dateCreated,
    is_archived: false,
    sort_order: null,
  });
  return { ...folder, id: Number(id), isArchived: false, order: Number(id) };
}

export async function listChannelFolders(knex: Knex, organizationId: number, includeArchived: boolean): Promise<ChannelFolder[]> {
  const q = knex('channel_folders').where('organization_id', organizationId).select(COLUMNS);
  if (!includeArchived) q.andWhere('is_archived', false);
  const rows = await q.orderByRaw('COALESCE(sort_order, id), id');
  return rows.map(decode);
}
