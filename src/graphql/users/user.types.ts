import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver, SafeIntResolver } from 'graphql-scalars';
import { Role } from '../role';

export enum PushDeviceKind {
  APNS = 'apns',
  FCM = 'fcm',
  E2EE = 'e2ee',
}
registerEnumType(PushDeviceKind, {
  name: 'PushDeviceKind',
  description: 'APNS and FCM are legacy push tokens; E2EE an end-to-end-encrypted registration.',
});

@ObjectType('ProfileDataEntry')
export class ProfileDataEntryType {
  @Field(() => Int) fieldId!: number;
  @Field(() => String, { nullable: true }) value!: string | null;
}

@ObjectType('PushDevice')
export class PushDeviceType {
  @Field(() => PushDeviceKind) kind!: PushDeviceKind;
}

@ObjectType('Message', { description: 'A direct message the user received.' })
export class MessageType {
  @Field(() => Int) id!: number;
  @Field({ description: 'Who sent it (the Welcome Bot for greetings on joining).' }) senderName!: string;
  @Field({ description: 'Markdown source.' }) content!: string;
  @Field({ description: 'HTML rendering of content; raw HTML in the source is escaped.' }) renderedContent!: string;
  @Field(() => DateTimeISOResolver) sentAt!: Date;
}

@ObjectType('User')
export class UserType {
  @Field(() => Int) id!: number;
  @Field() email!: string;
  @Field() fullName!: string;
  @Field(() => Role) role!: Role;
  @Field() isBot!: boolean;
}

@InputType({ description: 'Zulip: DELETE /users/me/profile_data.' })
export class RemoveProfileDataInput {
  @Field(() => [SafeIntResolver], { description: 'Custom profile field ids whose values to remove; all or none are removed.' })
  fieldIds!: number[];
}

@ObjectType()
export class RemoveProfileDataPayload {
  @Field(() => UserType, { nullable: true }) user!: UserType | null;
}

@ObjectType()
export class RegenerateApiKeyPayload {
  @Field(() => String, { nullable: true, description: 'The new key; the old one no longer works.' }) apiKey!: string | null;
}
