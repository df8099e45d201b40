import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { regenerateApiKey } from '../../operations/apiKeys';
import { profileData, removeProfileData, updateProfileData } from '../../operations/profileData';
import { messages } from '../../operations/join';
import {
  pushDevices, registerE2eePushDevice, registerLegacyPushToken, removeLegacyPushToken,
} from '../../operations/pushDevices';
import type { Message, User } from '../../store/types';
import { actingUser, type GraphQLContext } from '../context';
import {
  MessageType, ProfileDataEntryType, PushDeviceKind, PushDevicePayload, PushDeviceType, RegenerateApiKeyPayload, RegisterE2eePushDeviceInput,
  RegisterPushDeviceInput, RemovePushDeviceInput, RemoveProfileDataInput, RemoveProfileDataPayload, UpdateProfileDataInput,
  UpdateProfileDataPayload, UserType,
} from './user.types';

export function toGraphQL(user: User): UserType {
  return { id: user.id, email: user.email, fullName: user.fullName, role: user.role, isBot: user.botType !== null };
}

export function toMessage(m: Message): MessageType {
  return { id: m.id, senderName: m.senderName, content: m.content, renderedContent: m.renderedContent, sentAt: m.sentAt };
}

/** Who sees a user's own-data fields: the request's caller, unless the object names its viewer (a join's payload). */
function viewerOf(user: UserType, ctx: GraphQLContext): User | null {
  return user.viewer ?? ctx.user;
}

@Resolver(() => UserType)
export class UsersResolver {
  @Authorized()
  @Query(() => UserType, { description: 'The caller.' })
  me(@Ctx() ctx: GraphQLContext): UserType {
    return toGraphQL(actingUser(ctx));
  }

  @FieldResolver(() => [ProfileDataEntryType], { description: 'Custom profile field values.' })
  profileData(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<ProfileDataEntryType[]> {
    return profileData(ctx.services, user.id);
  }

  @FieldResolver(() => [PushDeviceType], { description: 'Devices registered for push notifications; visible to the user only, and in the payload of the join that made the account.' })
  async pushDevices(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<PushDeviceType[]> {
    return (await pushDevices(ctx.services, viewerOf(user, ctx), user.id)).map((d) => ({ kind: d.kind as PushDeviceKind }));
  }

  @FieldResolver(() => [MessageType], { description: 'Direct messages received, oldest first; visible to the user only, and in the payload of the join that made the account.' })
  async messages(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<MessageType[]> {
    return (await messages(ctx.services, viewerOf(user, ctx), user.id)).map(toMessage);
  }

  @Authorized()
  @Mutation(() => RegenerateApiKeyPayload, { description: 'Zulip: POST /users/me/api_key/regenerate.' })
  async regenerateApiKey(@Ctx() ctx: GraphQLContext): Promise<RegenerateApiKeyPayload> {
    return { apiKey: await regenerateApiKey(ctx.services, actingUser(ctx)) };
  }

  @Authorized()
  @Mutation(() => RemoveProfileDataPayload)
  async removeProfileData(@Arg('input') input: RemoveProfileDataInput, @Ctx() ctx: GraphQLContext): Promise<RemoveProfileDataPayload> {
    const user = actingUser(ctx);
    await removeProfileData(ctx.services, user, input.fieldIds);
    return { user: toGraphQL(user) };
  }

  @Authorized()
  @Mutation(() => UpdateProfileDataPayload)
  async updateProfileData(@Arg('input') input: UpdateProfileDataInput, @Ctx() ctx: GraphQLContext): Promise<UpdateProfileDataPayload> {
    const user = actingUser(ctx);
    await updateProfileData(ctx.services, user, input.data.map((d) => ({ fieldId: d.fieldId, value: d.value })));
    return { user: toGraphQL(user) };
  }

  @Authorized()
  @Mutation(() => PushDevicePayload, { description: 'Registers a legacy push token; registering it again changes nothing.' })
  async registerPushDevice(@Arg('input') input: RegisterPushDeviceInput, @Ctx() ctx: GraphQLContext): Promise<PushDevicePayload> {
    const user = actingUser(ctx);
    await registerLegacyPushToken(ctx.services, user, input.kind, input.token, input.appId ?? null);
    return { user: toGraphQL(user) };
  }

  @Authorized()
  @Mutation(() => PushDevicePayload, { description: 'Removes one of the caller\'s legacy push tokens.' })
  async removePushDevice(@Arg('input') input: RemovePushDeviceInput, @Ctx() ctx: GraphQLContext): Promise<PushDevicePayload> {
    const user = actingUser(ctx);
    await removeLegacyPushToken(ctx.services, user, input.kind, input.token);
    return { user: toGraphQL(user) };
  }

  @Authorized()
  @Mutation(() => PushDevicePayload, { description: 'Registers a device for end-to-end-encrypted notifications.' })
  async registerE2eePushDevice(@Arg('input') input: RegisterE2eePushDeviceInput, @Ctx() ctx: GraphQLContext): Promise<PushDevicePayload> {
    const user = actingUser(ctx);
    await registerE2eePushDevice(ctx.services, user, { ...input });
    return { user: toGraphQL(user) };
  }
}
