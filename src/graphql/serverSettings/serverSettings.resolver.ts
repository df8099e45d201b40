import { Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import * as limits from '../../limits';

@ObjectType('ServerSettings')
export class ServerSettingsType {
  @Field(() => Int) zulipFeatureLevel!: number;
  @Field() zulipVersion!: string;
  @Field(() => Int) maxChannelFolderNameLength!: number;
  @Field(() => Int) maxChannelFolderDescriptionLength!: number;
  @Field(() => Int) maxWelcomeMessageCustomTextLength!: number;
}

@Resolver()
export class ServerSettingsResolver {
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
