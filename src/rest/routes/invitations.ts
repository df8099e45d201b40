import { RestCreateReusableInvitationDocument } from '../../generated/graphql';
import { MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH } from '../../limits';
import { requireMemberOrAdmin } from '../../policy';
import { ROLE, ROLE_VALUES } from '../../store/types';
import { route, type RestRoute } from '../route';

const ROLE_NAME: Record<number, string> = Object.fromEntries(Object.entries(ROLE).map(([name, value]) => [value, name]));

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
];
