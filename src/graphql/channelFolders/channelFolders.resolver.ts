import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { channelFolders, createChannelFolder } from '../../operations/channelFolders';
import { actingUser, type GraphQLContext } from '../context';
import { ChannelFolderType, CreateChannelFolderInput, CreateChannelFolderPayload } from './channelFolder.types';

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
}
