/** The world every test file loads (one fresh database per file and dialect). */

export const ORG_URL = 'http://test.localhost:9991';
export const OTHER_ORG_URL = 'http://other.localhost:9991';

/** Credentials by handle; keys are 32 characters of [A-Za-z0-9]. */
export const USERS = {
  owner: { email: 'owner@test.org', apiKey: 'TestOwnerKey0000000000000000000a', role: 100 },
  admin: { email: 'admin@test.org', apiKey: 'TestAdminKey0000000000000000000a', role: 200 },
  moderator: { email: 'moderator@test.org', apiKey: 'TestModeratorKey000000000000000a', role: 300 },
  member: { email: 'member@test.org', apiKey: 'TestMemberKey000000000000000000a', role: 400 },
  member2: { email: 'member2@test.org', apiKey: 'TestMember2Key00000000000000000a', role: 400 },
  guest: { email: 'guest@test.org', apiKey: 'TestGuestKey0000000000000000000a', role: 600 },
  bot: { email: 'bot@test.org', apiKey: 'TestBotKey000000000000000000000a', role: 400 },
  adminBot: { email: 'adminbot@test.org', apiKey: 'TestAdminBotKey0000000000000000a', role: 200 },
  webhook: { email: 'webhook@test.org', apiKey: 'TestWebhookKey00000000000000000a', role: 400 },
  former: { email: 'former@test.org', apiKey: 'TestFormerKey000000000000000000a', role: 400 },
  otherOwner: { email: 'owner@other.org', apiKey: 'OtherOwnerKey000000000000000000a', role: 100 },
  otherMember: { email: 'member@other.org', apiKey: 'OtherMemberKey00000000000000000a', role: 400 },
  goneOwner: { email: 'owner@gone.org', apiKey: 'GoneOwnerKey0000000000000000000a', role: 100 },
} as const;
export type Handle = keyof typeof USERS;

const everyone = ['owner@test.org', 'admin@test.org', 'moderator@test.org', 'member@test.org', 'member2@test.org', 'guest@test.org'];

export function testWorld(): object {
  const u = (h: Handle, full: string, extra: object = {}) => ({ email: USERS[h].email, full_name: full, role: USERS[h].role, api_key: USERS[h].apiKey, ...extra });
  return {
    organizations: [
      {
        name: 'Test Org',
        url: ORG_URL,
        settings: { welcome_message_custom_text: 'Welcome to the test org!' },
        users: [
          u('owner', 'Olivia Owner'), u('admin', 'Adam Admin'), u('moderator', 'Mo Moderator'), u('member', 'Mia Member'),
          u('member2', 'Max Member'), u('guest', 'Gus Guest'),
          u('bot', 'Plain Bot', { bot_type: 'default', bot_owner: 'member@test.org' }),
          u('adminBot', 'Admin Bot', { bot_type: 'default', bot_owner: 'admin@test.org' }),
          u('webhook', 'Hook Bot', { bot_type: 'incoming_webhook', bot_owner: 'admin@test.org' }),
          u('former', 'Former Member', { is_active: false }),
        ],
        channels: [
          { name: 'general', is_default: true, subscribers: everyone },
          { name: 'public', subscribers: ['member@test.org'] },
          { name: 'private', invite_only: true, subscribers: ['owner@test.org', 'admin@test.org', 'member@test.org'] },
          { name: 'private-owner-only', invite_only: true, subscribers: ['owner@test.org'] },
          { name: 'private-helpers', invite_only: true, subscribers: [], can_add_subscribers_group: { members: ['moderator@test.org'], subgroups: [] } },
          { name: 'private-default', invite_only: true, is_default: true, subscribers: ['owner@test.org', 'admin@test.org'] },
          { name: 'archived', is_archived: true, subscribers: everyone },
        ],
        user_groups: [
          { name: 'open', members: ['member@test.org'], subgroups: [], can_add_members_group: 'role:members' },
          { name: 'locked', members: [], subgroups: [] },
          { name: 'managed', members: [], subgroups: [], can_manage_group: { members: ['moderator@test.org'], subgroups: [] } },
          { name: 'retired', members: [], subgroups: [], can_add_members_group: 'role:members', deactivated: true },
          { name: 'inner', members: ['member2@test.org'], subgroups: [] },
          { name: 'outer', members: [], subgroups: ['inner'] },
          { name: 'outer-managed', members: [], subgroups: [], can_add_members_group: 'outer' },
        ],
        custom_profile_fields: [
          { name: 'Phone', type: 'SHORT_TEXT', values: { 'member@test.org': '+1-555-0400', 'moderator@test.org': '+1-555-0300', 'admin@test.org': '+1-555-0200', 'guest@test.org': '+1-555-0600' } },
          { name: 'Badge', type: 'SHORT_TEXT', editable_by_user: false, values: { 'member@test.org': 'B-400', 'admin@test.org': 'B-200', 'moderator@test.org': 'B-300' } },
          { name: 'Bio', type: 'LONG_TEXT', required: true, values: { 'member@test.org': 'Hello.', 'admin@test.org': 'Admin bio.' } },
          { name: 'Editor', type: 'SELECT', field_data: { 0: { text: 'Vim', order: '1' }, 1: { text: 'Emacs', order: '2' } } },
          { name: 'No choices', type: 'SELECT' },
          { name: 'Birthday', type: 'DATE' },
          { name: 'Website', type: 'URL' },
          { name: 'Mentor', type: 'USER' },
          { name: 'GitHub', type: 'EXTERNAL_ACCOUNT', field_data: { subtype: 'github' } },
          { name: 'Pronouns', type: 'PRONOUNS' },
        ],
        channel_folders: [
          { name: 'Existing', description: 'Already **here**', creator: 'admin@test.org' },
          { name: 'Archived one', description: '', is_archived: true, creator: 'admin@test.org' },
        ],
        push_devices: [
          { user: 'member@test.org', kind: 'fcm', token: 'member-fcm' },
          { user: 'member@test.org', kind: 'apns', token: 'member-apns' },
          { user: 'member@test.org', kind: 'e2ee', token: 'member-e2ee' },
          { user: 'admin@test.org', kind: 'fcm', token: 'admin-fcm' },
        ],
      },
      {
        name: 'Other Org',
        url: OTHER_ORG_URL,
        settings: {
          create_multiuse_invite_group: 'role:members',
          can_add_subscribers_group: 'role:administrators',
          welcome_message_custom_text: '',
        },
        users: [u('otherOwner', 'Other Owner'), u('otherMember', 'Other Member')],
        channels: [
          { name: 'other-general', is_default: true, subscribers: ['owner@other.org', 'member@other.org'] },
          { name: 'other-public', subscribers: ['member@other.org'] },
        ],
        user_groups: [{ name: 'other-group', members: [], subgroups: [], can_add_members_group: 'role:members' }],
        custom_profile_fields: [{ name: 'Other field', type: 'SHORT_TEXT', values: { 'member@other.org': 'x' } }],
        channel_folders: [{ name: 'Existing', description: '', creator: 'owner@other.org' }],
      },
      {
        name: 'Gone Org',
        url: 'http://gone.localhost:9991',
        deactivated: true,
        users: [u('goneOwner', 'Gone Owner')],
      },
    ],
  };
}
