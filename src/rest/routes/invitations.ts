import { RestCreateReusableInvitationDocument, RestInvitationsDocument, RestRevokeReusableInvitationDocument } from '../../generated/graphql';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../../limits';
import { requireMemberOrAdmin } from '../../policy';
import { ROLE, ROLE_VALUES } from '../../store/types';
import { route, type RestRoute } from '../route';

const ROLE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([name, value]) => [value, name]));

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export const INVITATION_ROUTES: RestRoute[] = [
  route({
    method: 'POST',
    path: '/invites/multiuse',
    operationId: 'create-invite-link',
    summary: 'Create a reusable invitation link.',
    authenticated: true,
    gate: requireMemberOrAdmin,
    params: [
      { name: 'group_ids', kind: 'int-list' },
      { name: 'include_realm_default_subscriptions', kind: 'bool' },
      { name: 'invite_as', kind: 'int', oneOf: ROLE_VALUES },
      { name: 'invite_expires_in_minutes', kind: 'int-or-null' },
      { name: 'stream_ids', kind: 'int-list' },
      { name: 'welcome_message_custom_text', kind: 'string', maxLength: MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH },
    ],
    document: RestCreateReusableInvitationDocument,
    variables: (p) => ({
      input: {
        ...('invite_expires_in_minutes' in p ? { inviteExpiresInMinutes: p.invite_expires_in_minutes } : {}),
        inviteAs: p.invite_as === undefined ? undefined : ROLE_NAME[p.invite_as] as any,
        streamIds: p.stream_ids,
        groupIds: p.group_ids,
        includeRealmDefaultSubscriptions: p.include_realm_default_subscriptions,
        welcomeMessageCustomText: p.welcome_message_custom_text,
      },
    }),
    response: (d) => ({ invite_link: d.createReusableInvitation.inviteLink }),
  }),
  route({
    method: 'GET',
    path: '/invites',
    operationId: 'get-invites',
    summary: 'Active reusable invitation links: administrators see all of the organization\'s, others their own.',
    authenticated: true,
    gate: requireMemberOrAdmin,
    params: [],
    document: RestInvitationsDocument,
    variables: () => ({}),
    // Zulip's multiuse entry, plus the channels and groups a new user gets.
    response: (d) => ({
      invites: d.reusableInvitations.map((inv) => ({
        invited_by_user_id: inv.creatorId,
        invited: unixSeconds(inv.createdAt),
        expiry_date: inv.expiresAt == null ? null : unixSeconds(inv.expiresAt),
        id: inv.id,
        link_url: inv.inviteLink,
        invited_as: ROLE[inv.inviteAs],
        is_multiuse: true,
        stream_ids: inv.streamIds,
        group_ids: inv.groupIds,
      })),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/invites/multiuse/:invite_id',
    operationId: 'revoke-invite-link',
    summary: 'Revoke a reusable invitation link: its creator, or an administrator (an owner for links that make owners).',
    authenticated: true,
    gate: requireMemberOrAdmin,
    params: [],
    document: RestRevokeReusableInvitationDocument,
    variables: (p) => ({ input: { id: p.invite_id } }),
    response: () => ({}),
  }),
];
