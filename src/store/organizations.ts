import type { Knex } from 'knex';
import { toBool } from './db';

export async function countOrganizations(knex: Knex): Promise<number> {
  const row = await knex('organizations').count<{ n: number | string }>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export interface HostedOrganization {
  id: number;
  name: string;
  url: string;
  deactivated: boolean;
  welcomeMessageCustomText: string;
}

/** The organization whose address has this host (e.g. "chat.example.com:9991"), if any. */
export async function findOrganizationByHost(knex: Knex, host: string): Promise<HostedOrganization | null> {
  const row = await knex('organizations').where('host', host.toLowerCase()).orderBy('id')
    .first('id', 'name', 'url', 'deactivated', 'welcome_message_custom_text');
  return row ? {
    id: Number(row.id),
    name: String(row.name),
    url: String(row.url),
    deactivated: toBool(row.deactivated),
    welcomeMessageCustomText: String(row.welcome_message_custom_text ?? ''),
  } : null;
}

export function hostOfUrl(url: string): string {
  return new URL(url).host.toLowerCase();
}
