import { RestCreateReusableInvitationDocument, RestInvitationsDocument, RestRevokeReusableInvitationDocument } from '../../generated/graphql';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../../limits';
import { createReusableInvitation, reusableInvitations, revokeReusableInvitation } from '../../operations/invitations';
import { ROLE, ROLE_VALUES } from '../../store/types';
import { route, type JsonSchema, type RestRoute } from '../route';
import { badRequestError } from '../routeErrors';

const ROLE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([name, value]) => [value, name]));

const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** An entry of GET /invites: Zulip's multiuse entry, plus the channels and groups a new user gets. */
const INVITE_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['invited_by_user_id', 'invited', 'expiry_date', 'id', 'link_url', 'invited_as', 'is_multiuse', 'stream_ids', 'group_ids'],
  properties: {
    invited_by_user_id: { type: 'integer' },
    invited: { type: 'integer', description: 'When the link was created, in UNIX seconds.' },
    expiry_date: { type: ['integer', 'null'], description: 'When the link expires, in UNIX seconds; null for never.' },
    id: { type: 'integer' },
    link_url: { type: 'string', format: 'uri' },
    invited_as: { type: 'integer', enum: [...ROLE_VALUES] },
    is_multiuse: { const: true },
    stream_ids: { type: 'array', items: { type: 'integer' } },
    group_ids: { type: 'array', items: { type: 'integer' } },
  },
};

export const INVITATION_ROUTES: RestRoute[] = [
  route({
    method: 'POST',
    path: '/invites/multiuse',
    operationId: 'create-invite-link',
    summary: 'Create a reusable invitation link.',
    authenticated: true,
    gate: createReusableInvitation.gate,
    params: [
      { name: 'group_ids', kind: 'int-list', description: 'User groups the new user joins.' },
      { name: 'include_realm_default_subscriptions', kind: 'bool', description: 'Whether the new user also gets the organization\'s default channels at joining time.' },
      { name: 'invite_as', kind: 'int', oneOf: ROLE_VALUES, description: 'The new user\'s role: 100 owner, 200 administrator, 300 moderator, 400 member (default), 600 guest.' },
      { name: 'invite_expires_in_minutes', kind: 'int-or-null', description: 'Minutes until the link expires; null for never.' },
      { name: 'stream_ids', kind: 'int-list', description: 'Channels the new user is subscribed to.' },
      {
        name: 'welcome_message_custom_text', kind: 'string', maxLength: MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH,
        description: 'Welcome Bot\'s custom text for users joining through this link (administrators only; an empty string for none).',
      },
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
    success: { properties: { invite_link: { type: 'string', format: 'uri', description: 'The new link: `<organization URL>/join/<key>/`.' } } },
    errors: [
      badRequestError('invite_expires_in_minutes is too large'),
      badRequestError('Insufficient permission'),
      { status: 400, code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
      badRequestError('Must be an organization administrator'),
      badRequestError('Must be an organization moderator'),
      badRequestError('Invalid channel ID 11. No invites were sent.'),
      badRequestError('You do not have permission to subscribe other users to channels.'),
      badRequestError('Invalid user group'),
      badRequestError('User group is deactivated.'),
    ],
  }),
  route({
    method: 'GET',
    path: '/invites',
    operationId: 'get-invites',
    summary: 'Active reusable invitation links: administrators see all of the organization\'s, others their own.',
    authenticated: true,
    gate: reusableInvitations.gate,
    params: [],
    document: RestInvitationsDocument,
    variables: () => ({}),
    // Zulip's multiuse entry, plus the channels and groups a new user gets.
    success: { properties: { invites: { type: 'array', items: INVITE_SCHEMA } } },
    errors: [],
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
    gate: revokeReusableInvitation.gate,
    params: [],
    document: RestRevokeReusableInvitationDocument,
    variables: (p) => ({ input: { id: p.invite_id } }),
    response: () => ({}),
    errors: [
      badRequestError('No such invitation'),
      { status: 400, code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
      badRequestError('Must be an organization administrator'),
      badRequestError('Invitation has already been revoked'),
    ],
  }),
];
