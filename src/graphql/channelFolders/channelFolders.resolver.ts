import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { channelFolders, createChannelFolder, reorderChannelFolders, updateChannelFolder } from '../../operations/channelFolders';
import { actingUser, type GraphQLContext } from '../context';
import {
  ChannelFolderType, CreateChannelFolderInput, CreateChannelFolderPayload, ReorderChannelFoldersInput, ReorderChannelFoldersPayload,
  UpdateChannelFolderInput, UpdateChannelFolderPayload,
} from './channelFolder.types';

@Resolver()
export class ChannelFoldersResolver {
  @Authorized()
  @Mutation(() => CreateChannelFolderPayload)
  async createChannelFolder(@Arg('input') input: CreateChannelFolderInput, @Ctx() ctx: GraphQLContext): Promise<CreateChannelFolderPayload> {
    return { channelFolder: await createChannelFolder(ctx.services, actingUser(ctx), input) };
  }

  @Authorized()
  @Query(() => [ChannelFolderType], { description: 'The organization\'s folders in their order.' })
  channelFolders(
    @Arg('includeArchived', { defaultValue: false }) includeArchived: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChannelFolderType[]> {
    return channelFolders(ctx.services, actingUser(ctx), includeArchived);
  }

  @Authorized()
  @Mutation(() => UpdateChannelFolderPayload)
  async updateChannelFolder(@Arg('input') input: UpdateChannelFolderInput, @Ctx() ctx: GraphQLContext): Promise<UpdateChannelFolderPayload> {
    return { channelFolder: await updateChannelFolder(ctx.services, actingUser(ctx), input) };
  }

  @Authorized()
  @Mutation(() => ReorderChannelFoldersPayload)
  async reorderChannelFolders(@Arg('input') input: ReorderChannelFoldersInput, @Ctx() ctx: GraphQLContext): Promise<ReorderChannelFoldersPayload> {
    return { channelFolders: await reorderChannelFolders(ctx.services, actingUser(ctx), input.order) };
  }
}
