import { API_KEY_FORMAT } from '../auth/keys';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH, MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../limits';
import { emailKey, folderNameKey } from '../store/keys';
import { BOT_TYPES, ROLE_VALUES } from '../store/types';
import { codePointLength, firstUnprintablePosition, pythonStrip } from '../text';

// The world file (shared/reference/world-format.md), checked whole before anything is written.
// Every problem names the entry it was found in.

export class WorldError extends Error {}

export const SYSTEM_GROUPS = [
  'role:internet', 'role:everyone', 'role:members', 'role:fullmembers',
  'role:moderators', 'role:administrators', 'role:owners', 'role:nobody',
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUPS)[number];

export type GroupSetting = string | { members: string[]; subgroups: string[] };

export interface WorldUser {
  email: string; full_name: string; role: number; api_key: string; is_active: boolean;
  bot_type: string | null; bot_owner: string | null;
}
export interface WorldChannel {
  name: string; invite_only: boolean; is_default: boolean; is_archived: boolean; subscribers: string[];
  can_add_subscribers_group: GroupSetting;
}
export interface WorldGroup {
  name: string; members: string[]; subgroups: string[]; can_add_members_group: GroupSetting;
  can_manage_group: GroupSetting; deactivated: boolean;
}
export interface WorldField {
  name: string; type: string; editable_by_user: boolean; required: boolean; values: Record<string, string>;
  /** Type-specific data, as Zulip keeps it: a SELECT field's choices by key, an external account's subtype. */
  field_data: Record<string, unknown> | null;
}
export interface WorldFolder { name: string; description: string; is_archived: boolean; creator: string }
export interface WorldPushDevice { user: string; kind: 'apns' | 'fcm' | 'e2ee'; token: string }
export interface WorldOrganization {
  name: string; url: string; deactivated: boolean;
  settings: {
    create_multiuse_invite_group: GroupSetting; can_add_subscribers_group: GroupSetting;
    can_manage_all_groups: GroupSetting; welcome_message_custom_text: string;
  };
  users: WorldUser[]; channels: WorldChannel[]; user_groups: WorldGroup[];
  custom_profile_fields: WorldField[]; channel_folders: WorldFolder[]; push_devices: WorldPushDevice[];
}
export interface World { organizations: WorldOrganization[] }

const FIELD_TYPES = ['SHORT_TEXT', 'LONG_TEXT', 'SELECT', 'DATE', 'URL', 'USER', 'EXTERNAL_ACCOUNT', 'PRONOUNS'];
const PUSH_KINDS = ['apns', 'fcm', 'e2ee'];

type Obj = Record<string, unknown>;

class Checker {
  constructor(readonly where: string) {}
  fail(msg: string): never {
    throw new WorldError(`${this.where}: ${msg}`);
  }
  at(key: string | number, label?: string): Checker {
    const step = typeof key === 'number' ? `[${key}]` : `.${key}`;
    return new Checker(`${this.where}${step}${label === undefined ? '' : ` (${JSON.stringify(label)})`}`);
  }
  object(v: unknown, keys: readonly string[]): Obj {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail('expected an object');
    for (const k of Object.keys(v as Obj)) if (!keys.includes(k)) this.fail(`unknown key ${JSON.stringify(k)}`);
    return v as Obj;
  }
  string(o: Obj, key: string, opts: { optional?: string; nonEmpty?: boolean; max?: number } = {}): string {
    const v = o[key];
    if (v === undefined && opts.optional !== undefined) return opts.optional;
    if (typeof v !== 'string') this.fail(`${key} must be a string`);
    if (opts.nonEmpty && pythonStrip(v) === '') this.fail(`${key} must not be empty`);
    if (opts.max !== undefined && codePointLength(v) > opts.max) this.fail(`${key} is longer than ${opts.max} characters`);
    return v;
  }
  bool(o: Obj, key: string, fallback: boolean): boolean {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') this.fail(`${key} must be true or false`);
    return v;
  }
  list<T>(o: Obj, key: string, each: (c: Checker, v: unknown, i: number) => T): T[] {
    const v = o[key];
    if (v === undefined) return [];
    if (!Array.isArray(v)) this.fail(`${key} must be a list`);
    return v.map((item, i) => each(this.at(key).at(i), item, i));
  }
  stringList(o: Obj, key: string): string[] {
    return this.list(o, key, (c, v) => (typeof v === 'string' ? v : c.fail('expected a string')));
  }
  groupSetting(o: Obj, key: string, fallback: GroupSetting): GroupSetting {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v === 'string' && v !== '') return v;
    const c = this.at(key);
    const g = c.object(v, ['members', 'subgroups']);
    return { members: c.stringList(g, 'members'), subgroups: c.stringList(g, 'subgroups') };
  }
}

function parseOrganization(c: Checker, raw: unknown): WorldOrganization {
  const o = c.object(raw, ['name', 'url', 'deactivated', 'settings', 'users', 'channels', 'user_groups', 'custom_profile_fields', 'channel_folders', 'push_devices']);
  const name = c.string(o, 'name', { nonEmpty: true, max: 255 });
  const url = c.string(o, 'url', { nonEmpty: true, max: 255 });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    c.fail(`url ${JSON.stringify(url)} is not a URL`);
  }
  if (!/^https?:$/.test(parsed.protocol)) c.fail(`url ${JSON.stringify(url)} must be http or https`);
  const sc = c.at('settings');
  const s = o.settings === undefined ? {} : sc.object(o.settings, ['create_multiuse_invite_group', 'can_add_subscribers_group', 'can_manage_all_groups', 'welcome_message_custom_text']);
  const settings = {
    create_multiuse_invite_group: sc.groupSetting(s, 'create_multiuse_invite_group', 'role:administrators'),
    can_add_subscribers_group: sc.groupSetting(s, 'can_add_subscribers_group', 'role:members'),
    can_manage_all_groups: sc.groupSetting(s, 'can_manage_all_groups', 'role:owners'),
    welcome_message_custom_text: sc.string(s, 'welcome_message_custom_text', { optional: '', max: MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH }),
  };
  const users = c.list(o, 'users', (uc, v) => {
    const u = uc.object(v, ['email', 'full_name', 'role', 'api_key', 'is_active', 'bot_type', 'bot_owner']);
    const email = uc.string(u, 'email', { nonEmpty: true, max: 254 });
    const ec = new Checker(`${uc.where} (${JSON.stringify(email)})`);
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) ec.fail(`email ${JSON.stringify(email)} is not an e-mail address`);
    if (!ROLE_VALUES.includes(u.role as number)) ec.fail(`role must be one of ${ROLE_VALUES.join(', ')}`);
    const apiKey = ec.string(u, 'api_key');
    if (!API_KEY_FORMAT.test(apiKey)) ec.fail('api_key must be 32 characters of [A-Za-z0-9]');
    const botType = u.bot_type === undefined || u.bot_type === null ? null : ec.string(u, 'bot_type');
    if (botType !== null && !BOT_TYPES.includes(botType)) ec.fail(`bot_type must be one of ${BOT_TYPES.join(', ')}`);
    const botOwner = u.bot_owner === undefined || u.bot_owner === null ? null : ec.string(u, 'bot_owner');
    if (botOwner !== null && botType === null) ec.fail('bot_owner is only for bots');
    return {
      email, full_name: ec.string(u, 'full_name', { nonEmpty: true, max: 255 }), role: u.role as number, api_key: apiKey,
      is_active: ec.bool(u, 'is_active', true), bot_type: botType, bot_owner: botOwner,
    };
  });
  const channels = c.list(o, 'channels', (cc, v) => {
    const ch = cc.object(v, ['name', 'invite_only', 'is_default', 'is_archived', 'subscribers', 'can_add_subscribers_group']);
    const chName = cc.string(ch, 'name', { nonEmpty: true, max: 255 });
    const nc = new Checker(`${cc.where} (${JSON.stringify(chName)})`);
    return {
      name: chName, invite_only: nc.bool(ch, 'invite_only', false), is_default: nc.bool(ch, 'is_default', false),
      is_archived: nc.bool(ch, 'is_archived', false), subscribers: nc.stringList(ch, 'subscribers'),
      can_add_subscribers_group: nc.groupSetting(ch, 'can_add_subscribers_group', 'role:nobody'),
    };
  });
  const userGroups = c.list(o, 'user_groups', (gc, v) => {
    const g = gc.object(v, ['name', 'members', 'subgroups', 'can_add_members_group', 'can_manage_group', 'deactivated']);
    const gName = gc.string(g, 'name', { nonEmpty: true, max: 100 });
    const nc = new Checker(`${gc.where} (${JSON.stringify(gName)})`);
    if (gName.startsWith('role:')) nc.fail('names starting with "role:" are reserved for system groups');
    return {
      name: gName, members: nc.stringList(g, 'members'), subgroups: nc.stringList(g, 'subgroups'),
      can_add_members_group: nc.groupSetting(g, 'can_add_members_group', 'role:nobody'),
      can_manage_group: nc.groupSetting(g, 'can_manage_group', 'role:nobody'), deactivated: nc.bool(g, 'deactivated', false),
    };
  });
  const fields = c.list(o, 'custom_profile_fields', (fc, v) => {
    const f = fc.object(v, ['name', 'type', 'editable_by_user', 'required', 'values', 'field_data']);
    const fName = fc.string(f, 'name', { nonEmpty: true, max: 255 });
    const nc = new Checker(`${fc.where} (${JSON.stringify(fName)})`);
    const type = nc.string(f, 'type');
    if (!FIELD_TYPES.includes(type)) nc.fail(`type must be one of ${FIELD_TYPES.join(', ')}`);
    const values: Record<string, string> = {};
    if (f.values !== undefined) {
      const vc = nc.at('values');
      const vo = vc.object(f.values, Object.keys(f.values as Obj));
      for (const [email, value] of Object.entries(vo)) {
        values[email] = typeof value === 'string' ? value : vc.at(email).fail('a value must be a string');
      }
    }
    return {
      name: fName, type, editable_by_user: nc.bool(f, 'editable_by_user', true), required: nc.bool(f, 'required', false), values,
      field_data: fieldData(nc, f.field_data, type),
    };
  });
  const folders = c.list(o, 'channel_folders', (fc, v) => {
    const f = fc.object(v, ['name', 'description', 'is_archived', 'creator']);
    const fName = fc.string(f, 'name', { nonEmpty: true, max: MAX_CHANNEL_FOLDER_NAME_LENGTH });
    const nc = new Checker(`${fc.where} (${JSON.stringify(fName)})`);
    if (firstUnprintablePosition(fName) > 0) nc.fail('name has an unprintable character');
    return {
      name: fName, description: nc.string(f, 'description', { optional: '', max: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH }),
      is_archived: nc.bool(f, 'is_archived', false), creator: nc.string(f, 'creator'),
    };
  });
  const pushDevices = c.list(o, 'push_devices', (pc, v) => {
    const p = pc.object(v, ['user', 'kind', 'token']);
    const kind = pc.string(p, 'kind');
    if (!PUSH_KINDS.includes(kind)) pc.fail(`kind must be one of ${PUSH_KINDS.join(', ')}`);
    return { user: pc.string(p, 'user'), kind: kind as WorldPushDevice['kind'], token: pc.string(p, 'token', { nonEmpty: true, max: 4096 }) };
  });
  const org: WorldOrganization = {
    name, url, deactivated: c.bool(o, 'deactivated', false), settings, users, channels, user_groups: userGroups,
    custom_profile_fields: fields, channel_folders: folders, push_devices: pushDevices,
  };
  checkReferences(c, org);
  return org;
}

/** Optional; a SELECT field's choices are {"<key>": {"text": ..., "order": ...}}, as in Zulip. */
function fieldData(c: Checker, raw: unknown, type: string): Record<string, unknown> | null {
  if (raw === undefined || raw === null) return null;
  const dc = c.at('field_data');
  const data = dc.object(raw, Object.keys((raw ?? {}) as Obj));
  if (type === 'SELECT') {
    for (const [key, choice] of Object.entries(data)) {
      const cc = dc.at(key);
      if (key.trim() === '') cc.fail('a choice key must not be blank');
      const o = cc.object(choice, ['text', 'order']);
      cc.string(o, 'text', { nonEmpty: true });
      cc.string(o, 'order', { nonEmpty: true });
    }
  }
  return data;
}

function duplicates<T>(c: Checker, section: string, items: T[], key: (t: T) => string, label: (t: T) => string): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    const what = section === 'users' ? 'e-mail' : section === 'push_devices' ? 'token of this kind for this user' : 'name';
    if (seen.has(k)) c.at(section).at(i, label(item)).fail(`duplicate ${what}`);
    seen.add(k);
  });
}

/** Names and e-mails each entry refers to must exist in the same organization. */
function checkReferences(c: Checker, org: WorldOrganization): void {
  duplicates(c, 'users', org.users, (u) => emailKey(u.email), (u) => u.email);
  duplicates(c, 'channels', org.channels, (ch) => ch.name, (ch) => ch.name);
  duplicates(c, 'user_groups', org.user_groups, (g) => g.name, (g) => g.name);
  duplicates(c, 'custom_profile_fields', org.custom_profile_fields, (f) => f.name, (f) => f.name);
  duplicates(c, 'channel_folders', org.channel_folders, (f) => folderNameKey(f.name), (f) => f.name);
  duplicates(c, 'push_devices', org.push_devices, (p) => JSON.stringify([emailKey(p.user), p.kind, p.token]), (p) => p.user);
  const emails = new Set(org.users.map((u) => emailKey(u.email)));
  const groupNames = new Set<string>([...SYSTEM_GROUPS, ...org.user_groups.map((g) => g.name)]);
  const email = (ec: Checker, e: string, what: string): void => {
    if (!emails.has(emailKey(e))) ec.fail(`unknown e-mail in ${what}: ${JSON.stringify(e)}`);
  };
  const group = (ec: Checker, name: string, what: string): void => {
    if (!groupNames.has(name)) ec.fail(`unknown group name in ${what}: ${JSON.stringify(name)}`);
  };
  const setting = (ec: Checker, s: GroupSetting, what: string): void => {
    if (typeof s === 'string') group(ec, s, what);
    else {
      s.members.forEach((e) => email(ec, e, `${what}.members`));
      s.subgroups.forEach((g) => group(ec, g, `${what}.subgroups`));
    }
  };
  for (const [k, v] of Object.entries(org.settings)) if (k !== 'welcome_message_custom_text') setting(c.at('settings'), v as GroupSetting, k);
  org.users.forEach((u, i) => {
    if (u.bot_owner !== null) email(c.at('users').at(i, u.email), u.bot_owner, 'bot_owner');
  });
  org.channels.forEach((ch, i) => {
    const cc = c.at('channels').at(i, ch.name);
    ch.subscribers.forEach((e) => email(cc, e, 'subscribers'));
    setting(cc, ch.can_add_subscribers_group, 'can_add_subscribers_group');
  });
  org.user_groups.forEach((g, i) => {
    const gc = c.at('user_groups').at(i, g.name);
    g.members.forEach((e) => email(gc, e, 'members'));
    g.subgroups.forEach((s) => group(gc, s, 'subgroups'));
    if (g.subgroups.includes(g.name)) gc.fail('a group cannot be its own subgroup');
    setting(gc, g.can_add_members_group, 'can_add_members_group');
    setting(gc, g.can_manage_group, 'can_manage_group');
  });
  checkNoSubgroupCycle(c, org.user_groups);
  org.custom_profile_fields.forEach((f, i) => {
    const fc = c.at('custom_profile_fields').at(i, f.name);
    Object.keys(f.values).forEach((e) => email(fc, e, 'values'));
  });
  org.channel_folders.forEach((f, i) => email(c.at('channel_folders').at(i, f.name), f.creator, 'creator'));
  org.push_devices.forEach((p, i) => email(c.at('push_devices').at(i, p.user), p.user, 'user'));
}

function checkNoSubgroupCycle(c: Checker, groups: WorldGroup[]): void {
  const byName = new Map(groups.map((g, i) => [g.name, { g, i }]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (name: string): void => {
    const entry = byName.get(name);
    if (!entry || state.get(name) === 'done') return;
    if (state.get(name) === 'open') c.at('user_groups').at(entry.i, name).fail('subgroups form a cycle');
    state.set(name, 'open');
    entry.g.subgroups.forEach(visit);
    state.set(name, 'done');
  };
  groups.forEach((g) => visit(g.name));
}

export function parseWorld(raw: unknown): World {
  const c = new Checker('world');
  const top = c.object(raw, ['organizations']);
  const organizations = c.list(top, 'organizations', (oc, v, i) => {
    const name = (v as Obj | null)?.name;
    return parseOrganization(typeof name === 'string' ? new Checker(`organizations[${i}] (${JSON.stringify(name)})`) : oc, v);
  });
  const urls = new Set<string>();
  const keys = new Set<string>();
  organizations.forEach((o, i) => {
    const oc = new Checker(`organizations[${i}] (${JSON.stringify(o.name)})`);
    if (urls.has(o.url)) oc.fail(`duplicate url ${JSON.stringify(o.url)}`);
    urls.add(o.url);
    o.users.forEach((u, j) => {
      if (keys.has(u.api_key)) oc.at('users').at(j, u.email).fail('api_key is used by another user');
      keys.add(u.api_key);
    });
  });
  return { organizations };
}
