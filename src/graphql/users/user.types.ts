import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeISOResolver, JSONResolver, SafeIntResolver } from 'graphql-scalars';
import type { User } from '../../store/types';
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

export enum LegacyPushTokenKind {
  APNS = 'apns',
  FCM = 'fcm',
}
registerEnumType(LegacyPushTokenKind, {
  name: 'LegacyPushTokenKind',
  description: 'Which service issued a legacy push token: Apple (APNs) or Google (FCM).',
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
  /**
   * Not a field: who may see this user's own data (push devices, messages) when that is not the
   * request's authenticated caller. A join answers with the account it created and hands over its
   * key in the same payload, so that account's own data is its creator's to see.
   */
  viewer?: User;
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

@InputType({ description: 'One value to set: a string, or for a USER field a list of user ids.' })
export class ProfileDataUpdateInput {
  @Field(() => SafeIntResolver) fieldId!: number;
  @Field(() => JSONResolver, { description: 'A string; for a USER field, a list of user ids.' }) value!: unknown;
}

@InputType({ description: 'Zulip: PATCH /users/me/profile_data.' })
export class UpdateProfileDataInput {
  @Field(() => [ProfileDataUpdateInput], { description: 'Values to set, checked in order; all or none are written.' })
  data!: ProfileDataUpdateInput[];
}

@ObjectType()
export class UpdateProfileDataPayload {
  @Field(() => UserType, { nullable: true }) user!: UserType | null;
}

@InputType({ description: 'Zulip: POST /users/me/apns_device_token and /users/me/android_gcm_reg_id.' })
export class RegisterPushDeviceInput {
  @Field(() => LegacyPushTokenKind) kind!: LegacyPushTokenKind;
  @Field({ description: 'The token the push service gave the device (hex for APNs).' }) token!: string;
  @Field(() => String, { nullable: true, description: 'The iOS app id; required for APNS tokens.' }) appId?: string | null;
}

@InputType({ description: 'Zulip: DELETE /users/me/apns_device_token and /users/me/android_gcm_reg_id.' })
export class RemovePushDeviceInput {
  @Field(() => LegacyPushTokenKind) kind!: LegacyPushTokenKind;
  @Field() token!: string;
}

@InputType({ description: 'Zulip: POST /mobile_push/register (an end-to-end-encrypted registration).' })
export class RegisterE2eePushDeviceInput {
  @Field({ description: '"fcm" or "apns": which service issued the device\'s token.' }) tokenKind!: string;
  @Field({ description: 'Base64 of the first 8 bytes of the SHA-256 hash of the token.' }) tokenId!: string;
  @Field({ description: 'Base64 of the key to encrypt notifications with: byte 0x31, then 32 bytes.' }) pushKey!: string;
  @Field(() => SafeIntResolver, { description: 'The client\'s id for pushKey, an unsigned 32-bit integer.' }) pushKeyId!: number;
  @Field() bouncerPublicKey!: string;
  @Field() encryptedPushRegistration!: string;
}

@ObjectType()
export class PushDevicePayload {
  @Field(() => UserType, { nullable: true }) user!: UserType | null;
}
