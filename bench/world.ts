// The organization the bench runs against, in the world-file format (loaded by src/world/loadWorld).

export const USERS = 10_000;
export const CHANNELS = 1_000;
export const GROUPS = 500;
export const PROFILE_FIELDS = 100;
/** Fields every user has a value for: what "remove 10 profile values" removes. */
export const VALUED_FIELDS = 10;
const SUBSCRIBERS_PER_CHANNEL = 20;
const MEMBERS_PER_GROUP = 20;

export const ORG_URL = 'http://127.0.0.1';

export function userEmail(i: number): string {
  return `user${i}@bench.example`;
}

/** 32 characters of [A-Za-z0-9], as the world file requires. */
export function initialApiKey(i: number): string {
  return `Bench${String(i).padStart(27, '0')}`;
}

/** Who does what: owners create folders and links; members regenerate keys and remove values. */
export const ROLES = { owners: [0, 10], admins: [10, 50], moderators: [50, 150], members: [150, 9_800], guests: [9_800, USERS] } as const;
export const OWNERS = range(...ROLES.owners);
/** Disjoint ranges of members, so one operation never spends another's state. */
export const PROFILE_USERS = range(150, 8_000);
export const KEY_USERS = range(8_000, 9_000);
/** Keys the same-work replay replaces (with hashes of no known key): never used over HTTP. */
export const REPLAY_KEY_USERS = range(9_000, 9_800);
export const QUERY_USERS = range(150, 1_150);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

function roleOf(i: number): number {
  if (i < ROLES.owners[1]) return 100;
  if (i < ROLES.admins[1]) return 200;
  if (i < ROLES.moderators[1]) return 300;
  if (i < ROLES.members[1]) return 400;
  return 600;
}

export function fieldName(f: number): string {
  return `Field ${f}`;
}

export function benchWorld(): object {
  const users = range(0, USERS).map((i) => ({
    email: userEmail(i), full_name: `Bench User ${i}`, role: roleOf(i), api_key: initialApiKey(i),
  }));
  // Spread deterministically so every user is in a few channels and groups.
  const spread = (seed: number, count: number) => range(0, count).map((k) => userEmail((seed * 7919 + k * 104_729) % USERS));
  const channels = range(0, CHANNELS).map((c) => ({
    name: `channel-${c}`, is_default: c < 5, invite_only: c % 10 === 9, subscribers: [...new Set(spread(c, SUBSCRIBERS_PER_CHANNEL))],
  }));
  const groups = range(0, GROUPS).map((g) => ({
    name: `group-${g}`, members: [...new Set(spread(g + CHANNELS, MEMBERS_PER_GROUP))], subgroups: g > 0 && g % 50 === 0 ? [`group-${g - 1}`] : [],
  }));
  const fields = range(0, PROFILE_FIELDS).map((f) => ({
    name: fieldName(f), type: f % 2 === 0 ? 'SHORT_TEXT' : 'LONG_TEXT',
    values: f < VALUED_FIELDS ? Object.fromEntries(users.map((u) => [u.email, `value ${f}`])) : {},
  }));
  return {
    organizations: [{
      name: 'Bench', url: ORG_URL, users, channels, user_groups: groups, custom_profile_fields: fields,
      channel_folders: range(0, 20).map((k) => ({ name: `Folder ${k}`, description: 'Seeded', creator: userEmail(0) })),
    }],
  };
}
