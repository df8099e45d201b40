import { DateTimeISOResolver, SafeIntResolver } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Role } from '../role';
import { MessageType, UserType } from '../users/user.types';

@ObjectType('ReusableInvitation', { description: 'A reusable invitation link.' })
export class ReusableInvitationType {
  @Field(() => Int) id!: number;
  @Field() inviteLink!: string;
  @Field(() => Role) inviteAs!: Role;
  @Field(() => [Int]) streamIds!: number[];
  @Field(() => [Int]) groupIds!: number[];
  @Field() includeRealmDefaultSubscriptions!: boolean;
  @Field(() => String, { nullable: true, description: 'null: the organization\'s welcome text at joining time; "": none.' })
  welcomeMessageCustomText!: string | null;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => DateTimeISOResolver, { nullable: true, description: 'null: never expires.' }) expiresAt!: Date | null;
  @Field(() => DateTimeISOResolver, { nullable: true, description: 'When the link was revoked; null while it is not.' }) revokedAt!: Date | null;
  @Field(() => Int) creatorId!: number;
}

@InputType({ description: 'Zulip: POST /invites/multiuse.' })
export class CreateReusableInvitationInput {
  @Field(() => SafeIntResolver, {
    nullable: true,
    description: 'Minutes until the link expires. Absent: the server default (INVITATION_LINK_VALIDITY_MINUTES, 14400); null: never.',
  })
  inviteExpiresInMinutes?: number | null;

  @Field(() => Role, { nullable: true, description: 'Role of the users who join; at most as privileged as the caller. Default MEMBER.' })
  inviteAs?: Role | null;

  @Field(() => [SafeIntResolver], { nullable: true, description: 'Channels to subscribe new users to.' })
  streamIds?: number[] | null;

  @Field(() => [SafeIntResolver], { nullable: true, description: 'User groups to add new users to.' })
  groupIds?: number[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Also subscribe new users to the organization\'s default channels. Default false.' })
  includeRealmDefaultSubscriptions?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'Welcome Bot text (administrators only; null for others). null: the organization\'s text; "": none. At most 8000 characters.',
  })
  welcomeMessageCustomText?: string | null;
}

@ObjectType()
export class CreateReusableInvitationPayload {
  @Field(() => String, { nullable: true }) inviteLink!: string | null;
  @Field(() => ReusableInvitationType, { nullable: true }) invitation!: ReusableInvitationType | null;
}

@InputType({ description: 'Zulip: DELETE /invites/multiuse/{invite_id}. The creator, or an administrator (an owner for links that make owners).' })
export class RevokeReusableInvitationInput {
  @Field(() => SafeIntResolver) id!: number;
}

@ObjectType()
export class RevokeReusableInvitationPayload {
  @Field(() => ReusableInvitationType, { description: 'The link, now revoked.' }) invitation!: ReusableInvitationType;
}

@InputType({ description: 'Sign-up through a reusable invitation link (the /join/<key>/ form); needs no credentials.' })
export class JoinWithInvitationInput {
  @Field({ description: 'The key of the link: the part after /join/.' }) key!: string;
  @Field() email!: string;
  @Field() fullName!: string;
}

@ObjectType()
export class JoinWithInvitationPayload {
  @Field(() => UserType) user!: UserType;
  @Field({ description: 'The new account\'s API key, shown only here: the server keeps only its hash.' }) apiKey!: string;
  @Field(() => [MessageType], { description: 'The Welcome Bot\'s messages to the new user.' }) messages!: MessageType[];
}
