import type { Knex } from 'knex';

export async function countOrganizations(knex: Knex): Promise<number> {
  const row = await knex('organizations').count<{ n: number | string }>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The organization whose address has this host (e.g. "chat.example.com:9991"), if any. */
export async function findOrganizationByHost(knex: Knex, host: string): Promise<{ id: number; name: string; url: string } | null> {
  const row = await knex('organizations').where('host', host.toLowerCase()).orderBy('id').first('id', 'name', 'url');
  return row ? { id: Number(row.id), name: String(row.name), url: String(row.url) } : null;
}

export function hostOfUrl(url: string): string {
  return new URL(url).host.toLowerCase();
}
