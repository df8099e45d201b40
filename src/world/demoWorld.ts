/** The demo organization `npm start` loads into an empty database. Keys are for local use only. */
export function demoWorld(url: string): object {
  return {
    organizations: [{
      name: 'Zulip Dev',
      url,
      settings: {
        create_multiuse_invite_group: 'role:administrators',
        can_add_subscribers_group: 'role:members',
        can_manage_all_groups: 'role:owners',
        welcome_message_custom_text: 'Welcome to Zulip Dev! Say hello in #general.',
      },
      users: [
        { email: 'desdemona@zulip.com', full_name: 'Desdemona', role: 100, api_key: 'DemoOwnerKey000000000000000000aa' },
        { email: 'iago@zulip.com', full_name: 'Iago', role: 200, api_key: 'DemoAdminKey000000000000000000aa' },
        { email: 'shiva@zulip.com', full_name: 'Shiva', role: 300, api_key: 'DemoModeratorKey00000000000000aa' },
        { email: 'hamlet@zulip.com', full_name: 'King Hamlet', role: 400, api_key: 'DemoMemberKey00000000000000000aa' },
        { email: 'polonius@zulip.com', full_name: 'Polonius', role: 600, api_key: 'DemoGuestKey000000000000000000aa' },
        { email: 'default-bot@zulip.com', full_name: 'Default Bot', role: 400, bot_type: 'default', bot_owner: 'hamlet@zulip.com', api_key: 'DemoBotKey00000000000000000000aa' },
      ],
      channels: [
        { name: 'general', is_default: true, subscribers: ['desdemona@zulip.com', 'iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com'] },
        { name: 'design', subscribers: ['iago@zulip.com', 'hamlet@zulip.com'] },
        { name: 'leadership', invite_only: true, subscribers: ['desdemona@zulip.com', 'iago@zulip.com'], can_add_subscribers_group: 'role:administrators' },
      ],
      user_groups: [
        { name: 'hamletcharacters', members: ['hamlet@zulip.com', 'polonius@zulip.com'], subgroups: [], can_add_members_group: 'role:moderators' },
        { name: 'support', members: ['shiva@zulip.com'], subgroups: ['hamletcharacters'], can_manage_group: { members: ['hamlet@zulip.com'], subgroups: [] } },
      ],
      custom_profile_fields: [
        { name: 'Phone number', type: 'SHORT_TEXT', values: { 'hamlet@zulip.com': '+1-555-0100', 'shiva@zulip.com': '+1-555-0101' } },
        { name: 'Employee ID', type: 'SHORT_TEXT', editable_by_user: false, values: { 'hamlet@zulip.com': 'E-0400' } },
        { name: 'Biography', type: 'LONG_TEXT', values: { 'hamlet@zulip.com': 'Prince of Denmark.' } },
      ],
      channel_folders: [
        { name: 'Engineering', description: 'Channels for **engineering** work', creator: 'iago@zulip.com' },
        { name: 'Old projects', description: '', is_archived: true, creator: 'iago@zulip.com' },
      ],
      push_devices: [
        { user: 'hamlet@zulip.com', kind: 'fcm', token: 'demo-fcm-token' },
        { user: 'hamlet@zulip.com', kind: 'e2ee', token: 'demo-e2ee-registration' },
      ],
    }],
  };
}

export const DEMO_CREDENTIALS = [
  ['owner', 'desdemona@zulip.com', 'DemoOwnerKey000000000000000000aa'],
  ['administrator', 'iago@zulip.com', 'DemoAdminKey000000000000000000aa'],
  ['moderator', 'shiva@zulip.com', 'DemoModeratorKey00000000000000aa'],
  ['member', 'hamlet@zulip.com', 'DemoMemberKey00000000000000000aa'],
  ['guest', 'polonius@zulip.com', 'DemoGuestKey000000000000000000aa'],
  ['bot', 'default-bot@zulip.com', 'DemoBotKey00000000000000000000aa'],
] as const;
