import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { regenerateApiKey } from '../../operations/apiKeys';
import { profileData, removeProfileData } from '../../operations/profileData';
import { messages } from '../../operations/join';
import { pushDevices } from '../../operations/pushDevices';
import type { Message, User } from '../../store/types';
import { actingUser, type GraphQLContext } from '../context';
import {
  MessageType, ProfileDataEntryType, PushDeviceKind, PushDeviceType, RegenerateApiKeyPayload, RemoveProfileDataInput, RemoveProfileDataPayload, UserType,
} from './user.types';

export function toGraphQL(user: User): UserType {
  return { id: user.id, email: user.email, fullName: user.fullName, role: user.role, isBot: user.botType !== null };
}

export function toMessage(m: Message): MessageType {
  return { id: m.id, senderName: m.senderName, content: m.content, renderedContent: m.renderedContent, sentAt: m.sentAt };
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

  @FieldResolver(() => [PushDeviceType], { description: 'Devices registered for push notifications.' })
  async pushDevices(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<PushDeviceType[]> {
    return (await pushDevices(ctx.services, actingUser(ctx), user.id)).map((d) => ({ kind: d.kind as PushDeviceKind }));
  }

  @FieldResolver(() => [MessageType], { description: 'Direct messages received, oldest first; visible to the user only.' })
  async messages(@Root() user: UserType, @Ctx() ctx: GraphQLContext): Promise<MessageType[]> {
    return (await messages(ctx.services, ctx.user, user.id)).map(toMessage);
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
}
