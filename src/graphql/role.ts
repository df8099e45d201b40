import { registerEnumType } from 'type-graphql';

/** Organization roles; the values are Zulip's role numbers. */
export enum Role {
  OWNER = 100,
  ADMINISTRATOR = 200,
  MODERATOR = 300,
  MEMBER = 400,
  GUEST = 600,
}

registerEnumType(Role, {
  name: 'Role',
  description: 'An organization-level role; Zulip numbers them 100 (owner) to 600 (guest).',
});
