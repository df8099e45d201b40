import { Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { organizationForHost } from '../../operations/organizations';
import type { GraphQLContext } from '../context';
import * as limits from '../../limits';

@ObjectType('OrganizationSummary', { description: 'What anyone may know of an organization before logging in.' })
export class OrganizationSummaryType {
  @Field() name!: string;
  @Field() url!: string;
}

@ObjectType('ServerSettings')
export class ServerSettingsType {
  @Field(() => Int) zulipFeatureLevel!: number;
  @Field() zulipVersion!: string;
  @Field(() => Int) maxChannelFolderNameLength!: number;
  @Field(() => Int) maxChannelFolderDescriptionLength!: number;
  @Field(() => Int) maxWelcomeMessageCustomTextLength!: number;
}

@Resolver(() => ServerSettingsType)
export class ServerSettingsResolver {
  @FieldResolver(() => OrganizationSummaryType, { nullable: true, description: 'The organization at the address the request was sent to.' })
  organization(@Ctx() ctx: GraphQLContext): Promise<OrganizationSummaryType | null> {
    return organizationForHost(ctx.services, ctx.host);
  }

  @Query(() => ServerSettingsType, { description: 'Version and limits; needs no credentials.' })
  serverSettings(): ServerSettingsType {
    return {
      zulipFeatureLevel: limits.ZULIP_FEATURE_LEVEL,
      zulipVersion: limits.ZULIP_VERSION,
      maxChannelFolderNameLength: limits.MAX_CHANNEL_FOLDER_NAME_LENGTH,
      maxChannelFolderDescriptionLength: limits.MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
      maxWelcomeMessageCustomTextLength: limits.MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH,
    };
  }
}
