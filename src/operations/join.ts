import type { Knex } from 'knex';
import { generateApiKey, hashApiKey } from '../auth/keys';
import { ZulipError, badRequest } from '../errors';
import { renderMarkdown } from '../markdown';
import {
  checkConfirmationKeyFormat, checkInvitationUsable, checkViewingOwnData, isRealmAdmin, roleSystemGroups, welcomeCustomText,
} from '../policy';
import { channelsForNewUser, insertSubscriptions } from '../store/channels';
import { isUniqueViolation } from '../store/db';
import { findInvitationByKey } from '../store/invitations';
import { insertMessages, messagesForUser, type NewMessage } from '../store/messages';
import { findOrganizationByHost, type HostedOrganization } from '../store/organizations';
import type { Invitation, Message, User } from '../store/types';
import { groupsForNewUser, insertGroupMemberships } from '../store/userGroups';
import { findUserByEmail, insertUser } from '../store/users';
import { codePointLength, firstUnprintablePosition, pythonStrip } from '../text';
import { now, type Services } from './context';

export interface JoinInput {
  key: string;
  email: string;
  fullName: string;
}

export interface Joined {
  user: User;
  /** Shown once: only its hash is stored. */
  apiKey: string;
  organization: { name: string; url: string };
  /** What the Welcome Bot sent the new user, oldest first. */
  messages: Message[];
}

export const WELCOME_BOT_NAME = 'Welcome Bot';
export const MAX_FULL_NAME_LENGTH = 100;
const MIN_FULL_NAME_LENGTH = 2;
const MAX_EMAIL_LENGTH = 254;
// Characters Zulip refuses in names (they collide with mention and formatting syntax).
const NAME_INVALID_CHARACTERS = ['*', '`', '\\', '>', '"', '@'];

// Dot-atom local part and a dotted domain name with a letter TLD (or punycode), as Django's
// EmailValidator accepts them for ASCII addresses.
const EMAIL_LOCAL = /^[-!#$%&'*+/=?^_`{}|~0-9A-Za-z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Za-z]+)*$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9]{1,59})$/;

/** The address with surrounding space removed, or Django's refusal. */
export function checkEmailAddress(raw: string): string {
  const email = pythonStrip(raw);
  const at = email.lastIndexOf('@');
  const valid = at > 0 && email.length <= MAX_EMAIL_LENGTH && at <= 64
    && EMAIL_LOCAL.test(email.slice(0, at)) && EMAIL_DOMAIN.test(email.slice(at + 1));
  if (!valid) throw badRequest('Enter a valid email address.');
  return email;
}

/** Zulip's check_full_name: stripped, 2 to 100 characters, no mention syntax, no control characters. */
export function checkFullName(raw: string): string {
  const name = pythonStrip(raw);
  const length = codePointLength(name);
  if (length > MAX_FULL_NAME_LENGTH) throw badRequest('Name too long!');
  if (length < MIN_FULL_NAME_LENGTH) throw badRequest('Name too short!');
  if (NAME_INVALID_CHARACTERS.some((c) => name.includes(c)) || firstUnprintablePosition(name) > 0) {
    throw badRequest('Invalid characters in name!');
  }
  // "Name|15" would read as a mention of user 15.
  if (/\|\s*\d+$/.test(name)) throw badRequest('Invalid format!');
  return name;
}

/** The Welcome Bot's standard greeting; administrators also get a pointer for setting up. */
export function welcomeGreeting(user: User): string {
  const lines = [
    'Hi there, and welcome to Zulip! 👋',
    '',
    'New to Zulip? The [getting started guide](https://zulip.com/help/getting-started-with-zulip) walks you through the basics.',
  ];
  if (isRealmAdmin(user)) {
    lines.push('', 'Setting up your organization? See the guide to [moving your organization to Zulip](https://zulip.com/help/moving-to-zulip).');
  }
  return lines.join('\n');
}

async function usableInvitation(
  knex: Knex, host: string | undefined, key: string, at: Date,
): Promise<{ organization: HostedOrganization; invitation: Invitation }> {
  checkConfirmationKeyFormat(key);
  const organization = host ? await findOrganizationByHost(knex, host) : null;
  const invitation = organization ? await findInvitationByKey(knex, key) : null;
  checkInvitationUsable(organization, invitation, at);
  return { organization: organization!, invitation };
}

/** The organization a link invites to, for the sign-up page; refuses links that cannot be used. */
export async function invitationForJoining(services: Services, host: string | undefined, key: string): Promise<{ name: string; url: string }> {
  const { organization } = await usableInvitation(services.db.knex, host, key, now(services));
  return { name: organization.name, url: organization.url };
}

/**
 * A refusal of the form's values (the address or the name), made once the link was found usable:
 * it keeps the name of the link's organization, so that the sign-up page can be shown again
 * without looking the link up a second time. Only the page reads the name; the API answers carry
 * the refusal's message, code and status alone, as for any Zulip error.
 */
export class JoinFormRefusal extends ZulipError {
  constructor(refusal: ZulipError, readonly organizationName: string) {
    super(refusal.msg, refusal.code, refusal.httpStatus, refusal.data, refusal.headers);
  }
}

/**
 * Creates an account through a reusable link, in one transaction: the user with the link's role
 * and a new API key, its channels (with the organization's default channels as they are now,
 * when the link says so), its groups plus the role's system groups, and the Welcome Bot's
 * messages. The link stays usable. The unique index on (organization, e-mail) decides races.
 * A refusal after the link was found usable is a JoinFormRefusal.
 */
export async function joinWithInvitation(services: Services, host: string | undefined, input: JoinInput): Promise<Joined> {
  const at = now(services);
  return services.db.knex.transaction(async (trx) => {
    const { organization, invitation } = await usableInvitation(trx, host, input.key, at);
    try {
      return await createAccount(trx, organization, invitation, input, at);
    } catch (err) {
      // A concurrent join with the same address committed first.
      const refusal = isUniqueViolation(err) ? alreadyInUse(checkEmailAddress(input.email), true) : err;
      throw refusal instanceof ZulipError ? new JoinFormRefusal(refusal, organization.name) : refusal;
    }
  });
}

async function createAccount(
  trx: Knex.Transaction, organization: HostedOrganization, invitation: Invitation, input: JoinInput, at: Date,
): Promise<Joined> {
  const email = checkEmailAddress(input.email);
  const fullName = checkFullName(input.fullName);
  const existing = await findUserByEmail(trx, organization.id, email);
  if (existing !== null) throw alreadyInUse(email, existing.isActive);

  const apiKey = generateApiKey();
  const user = await insertUser(trx, {
    organizationId: organization.id, email, fullName, role: invitation.invitedAs, apiKeyHash: hashApiKey(apiKey), dateJoined: at,
  });
  const channelIds = await channelsForNewUser(trx, organization.id, invitation.channelIds, invitation.includeRealmDefaultSubscriptions);
  await insertSubscriptions(trx, user.id, channelIds);
  const groupIds = await groupsForNewUser(trx, organization.id, invitation.groupIds, roleSystemGroups(user.role));
  await insertGroupMemberships(trx, user.id, groupIds);

  const texts = [welcomeGreeting(user)];
  const custom = welcomeCustomText(invitation.welcomeMessageCustomText, organization.welcomeMessageCustomText);
  if (custom !== null) texts.push(custom);
  await insertMessages(trx, texts.map((content): NewMessage => ({
    recipientId: user.id, senderName: WELCOME_BOT_NAME, content, renderedContent: renderMarkdown(content), sentAt: at,
  })));
  return {
    user, apiKey, organization: { name: organization.name, url: organization.url }, messages: await messagesForUser(trx, user.id),
  };
}

function alreadyInUse(email: string, active: boolean) {
  return badRequest(active ? `${email} already has an account` : 'Account has been deactivated.');
}

export async function messages(services: Services, viewer: User | null, userId: number): Promise<Message[]> {
  checkViewingOwnData(viewer, userId);
  return messagesForUser(services.db.knex, userId);
}
