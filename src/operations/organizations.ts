import { findOrganizationByHost } from '../store/organizations';
import type { Services } from './context';

/** Public facts of the organization a request's Host header names (as Zulip's subdomains do). */
export async function organizationForHost(services: Services, host: string | undefined): Promise<{ name: string; url: string } | null> {
  if (!host) return null;
  const org = await findOrganizationByHost(services.db.knex, host);
  return org ? { name: org.name, url: org.url } : null;
}
