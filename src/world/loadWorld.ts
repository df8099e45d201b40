import type { Knex } from 'knex';
import { hashApiKey } from '../auth/keys';
import { renderMarkdown } from '../markdown';
import { insertBatches, type Database } from '../store/db';
import { emailKey, folderNameKey, pushTokenHash } from '../store/keys';
import { hostOfUrl } from '../store/organizations';
import { roleSystemGroups } from '../policy/roles';
import {
  SYSTEM_GROUPS, WorldError, parseWorld, type GroupSetting, type SystemGroupName, type World, type WorldOrganization,
} from './worldFile';

export interface LoadedOrganization {
  id: number;
  url: string;
  users: Record<string, number>;
  channels: Record<string, number>;
  user_groups: Record<string, number>;
  custom_profile_fields: Record<string, number>;
  channel_folders: Record<string, number>;
}

// System groups nest as in Zulip: each contains the next as a subgroup.
const SYSTEM_NESTING: Array<[SystemGroupName, SystemGroupName]> = [
  ['role:internet', 'role:everyone'], ['role:everyone', 'role:members'], ['role:members', 'role:fullmembers'],
  ['role:fullmembers', 'role:moderators'], ['role:moderators', 'role:administrators'], ['role:administrators', 'role:owners'],
];

async function insertMany(trx: Knex.Transaction, table: string, rows: object[]): Promise<void> {
  for (const batch of insertBatches(trx, rows)) await trx(table).insert(batch);
}

async function idsBy(trx: Knex.Transaction, table: string, organizationId: number, column: string): Promise<Map<string, number>> {
  const rows = await trx(table).where('organization_id', organizationId).select('id', column);
  return new Map(rows.map((r) => [String(r[column]), Number(r.id)]));
}

async function loadOrganization(trx: Knex.Transaction, org: WorldOrganization, now: Date): Promise<LoadedOrganization> {
  const [orgIdRaw] = await trx('organizations').insert({
    name: org.name, url: org.url, host: hostOfUrl(org.url), deactivated: org.deactivated,
    welcome_message_custom_text: org.settings.welcome_message_custom_text, created_at: now,
  });
  const orgId = Number(orgIdRaw);

  await insertMany(trx, 'user_groups', SYSTEM_GROUPS.map((name) => ({ organization_id: orgId, name, kind: 'system', deactivated: false })));
  await insertMany(trx, 'user_groups', org.user_groups.map((g) => ({ organization_id: orgId, name: g.name, kind: 'named', deactivated: g.deactivated })));
  const groupIds = await idsBy(trx, 'user_groups', orgId, 'name');
  const gid = (name: string): number => groupIds.get(name)!;

  await insertMany(trx, 'users', org.users.map((u) => ({
    organization_id: orgId, email: u.email, email_key: emailKey(u.email), full_name: u.full_name, role: u.role,
    is_active: u.is_active, bot_type: u.bot_type, api_key_hash: hashApiKey(u.api_key), date_joined: now,
  })));
  const userIds = await idsBy(trx, 'users', orgId, 'email_key');
  const uid = (email: string): number => userIds.get(emailKey(email))!;
  // Bot owners in one UPDATE whatever the number of bots (the ids are the database's own integers).
  const owned = org.users.filter((u) => u.bot_owner !== null).map((u) => `WHEN ${uid(u.email)} THEN ${uid(u.bot_owner!)}`);
  if (owned.length > 0) {
    await trx('users').where('organization_id', orgId).update({ bot_owner_id: trx.raw(`CASE id ${owned.join(' ')} ELSE bot_owner_id END`) });
  }

  const members: Array<{ group_id: number; user_id: number }> = [];
  const subgroups: Array<{ supergroup_id: number; subgroup_id: number }> = [];
  for (const [sup, sub] of SYSTEM_NESTING) subgroups.push({ supergroup_id: gid(sup), subgroup_id: gid(sub) });
  for (const u of org.users) {
    for (const name of roleSystemGroups(u.role)) members.push({ group_id: gid(name), user_id: uid(u.email) });
  }
  for (const g of org.user_groups) {
    for (const e of new Set(g.members.map(emailKey))) members.push({ group_id: gid(g.name), user_id: userIds.get(e)! });
    for (const s of new Set(g.subgroups)) subgroups.push({ supergroup_id: gid(g.name), subgroup_id: gid(s) });
  }

  // A group setting is a named group, or an anonymous group made for this one setting.
  const settingGroup = async (s: GroupSetting): Promise<number> => {
    if (typeof s === 'string') return gid(s);
    const [id] = await trx('user_groups').insert({ organization_id: orgId, name: null, kind: 'anonymous', deactivated: false });
    for (const e of new Set(s.members.map(emailKey))) members.push({ group_id: Number(id), user_id: userIds.get(e)! });
    for (const g of new Set(s.subgroups)) subgroups.push({ supergroup_id: Number(id), subgroup_id: gid(g) });
    return Number(id);
  };

  for (const g of org.user_groups) {
    await trx('user_groups').where('id', gid(g.name)).update({
      can_add_members_group_id: await settingGroup(g.can_add_members_group),
      can_manage_group_id: await settingGroup(g.can_manage_group),
    });
  }
  await trx('organizations').where('id', orgId).update({
    create_multiuse_invite_group_id: await settingGroup(org.settings.create_multiuse_invite_group),
    can_add_subscribers_group_id: await settingGroup(org.settings.can_add_subscribers_group),
    can_manage_all_groups_id: await settingGroup(org.settings.can_manage_all_groups),
  });

  await insertMany(trx, 'channel_folders', org.channel_folders.map((f) => ({
    organization_id: orgId, name: f.name, name_key: folderNameKey(f.name), description: f.description,
    rendered_description: renderMarkdown(f.description), creator_id: uid(f.creator), date_created: now, is_archived: f.is_archived,
  })));
  const folderIds = await idsBy(trx, 'channel_folders', orgId, 'name');

  const channelRows = [];
  for (const ch of org.channels) {
    channelRows.push({
      organization_id: orgId, name: ch.name, invite_only: ch.invite_only, is_default: ch.is_default, is_archived: ch.is_archived,
      can_add_subscribers_group_id: await settingGroup(ch.can_add_subscribers_group),
    });
  }
  await insertMany(trx, 'channels', channelRows);
  const channelIds = await idsBy(trx, 'channels', orgId, 'name');
  const subscriptions = org.channels.flatMap((ch) => [...new Set(ch.subscribers.map(emailKey))]
    .map((e) => ({ channel_id: channelIds.get(ch.name)!, user_id: userIds.get(e)! })));
  await insertMany(trx, 'subscriptions', subscriptions);
  await insertMany(trx, 'user_group_members', members);
  await insertMany(trx, 'user_group_subgroups', subgroups);

  await insertMany(trx, 'custom_profile_fields', org.custom_profile_fields.map((f, i) => ({
    organization_id: orgId, name: f.name, field_type: f.type, editable_by_user: f.editable_by_user, required: f.required, display_order: i + 1,
    field_data: f.field_data === null ? null : JSON.stringify(f.field_data),
  })));
  const fieldIds = await idsBy(trx, 'custom_profile_fields', orgId, 'name');
  await insertMany(trx, 'custom_profile_field_values', org.custom_profile_fields.flatMap((f) => Object.entries(f.values)
    .map(([email, value]) => ({ user_id: uid(email), field_id: fieldIds.get(f.name)!, value }))));
  await insertMany(trx, 'push_devices', org.push_devices.map((p) => ({
    user_id: uid(p.user), kind: p.kind, token: p.token, token_hash: pushTokenHash(p.token), created_at: now,
  })));

  const named = (m: Map<string, number>, names: string[]): Record<string, number> => Object.fromEntries(names.map((n) => [n, m.get(n)!]));
  return {
    id: orgId,
    url: org.url,
    users: Object.fromEntries(org.users.map((u) => [u.email, uid(u.email)])),
    channels: named(channelIds, org.channels.map((c) => c.name)),
    user_groups: named(groupIds, [...org.user_groups.map((g) => g.name), ...SYSTEM_GROUPS]),
    custom_profile_fields: named(fieldIds, org.custom_profile_fields.map((f) => f.name)),
    channel_folders: named(folderIds, org.channel_folders.map((f) => f.name)),
  };
}

/** Entries that would collide with what the database already holds, named before writing. */
async function checkAgainstDatabase(knex: Knex, world: World): Promise<void> {
  const urls = world.organizations.map((o) => o.url);
  if (urls.length) {
    const taken = await knex('organizations').whereIn('url', urls).pluck('url');
    if (taken.length) {
      const i = urls.indexOf(taken[0]);
      throw new WorldError(`organizations[${i}] (${JSON.stringify(world.organizations[i]!.name)}): an organization with url ${JSON.stringify(taken[0])} already exists`);
    }
  }
  const entries = world.organizations.flatMap((o, i) => o.users.map((u, j) => ({ where: `organizations[${i}] (${JSON.stringify(o.name)}).users[${j}] (${JSON.stringify(u.email)})`, hash: hashApiKey(u.api_key) })));
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    const taken = new Set(await knex('users').whereIn('api_key_hash', chunk.map((e) => e.hash)).pluck('api_key_hash'));
    const hit = chunk.find((e) => taken.has(e.hash));
    if (hit) throw new WorldError(`${hit.where}: api_key is already used by another user`);
  }
}

/** Loads a whole world in one transaction: everything or, on any problem, nothing. */
export async function loadWorld(db: Database, raw: unknown, now = new Date()): Promise<{ organizations: LoadedOrganization[] }> {
  const world = parseWorld(raw);
  await checkAgainstDatabase(db.knex, world);
  return db.knex.transaction(async (trx) => {
    const organizations: LoadedOrganization[] = [];
    for (const org of world.organizations) organizations.push(await loadOrganization(trx, org, now));
    return { organizations };
  });
}
