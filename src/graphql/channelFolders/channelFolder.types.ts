import { DateTimeISOResolver, SafeIntResolver } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('ChannelFolder', { description: 'A folder that groups channels in the sidebar.' })
export class ChannelFolderType {
  @Field(() => Int) id!: number;
  @Field() name!: string;
  @Field({ description: 'The description as written, in Zulip Markdown.' }) description!: string;
  @Field({ description: 'The description rendered to HTML.' }) renderedDescription!: string;
  @Field() isArchived!: boolean;
  @Field(() => Int, { description: 'Position among the organization\'s folders; lower sorts first.' }) order!: number;
  @Field(() => Int, { nullable: true }) creatorId!: number | null;
  @Field(() => DateTimeISOResolver) dateCreated!: Date;
}

@InputType({ description: 'Zulip: POST /channel_folders/create. Administrators only.' })
export class CreateChannelFolderInput {
  @Field({ description: 'Unique in the organization ignoring case; at most 60 characters.' }) name!: string;
  @Field({ description: 'Zulip Markdown, at most 1024 characters; may be empty.' }) description!: string;
}

@ObjectType()
export class CreateChannelFolderPayload {
  @Field(() => ChannelFolderType, { nullable: true }) channelFolder!: ChannelFolderType | null;
}

@InputType({ description: 'Zulip: PATCH /channel_folders/{channel_folder_id}. Administrators only; absent or null fields are unchanged.' })
export class UpdateChannelFolderInput {
  @Field(() => SafeIntResolver) id!: number;
  @Field(() => String, { nullable: true, description: 'The same rules as at creation; the folder\'s own name in another case is allowed.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Zulip Markdown, at most 1024 characters; re-rendered.' })
  description?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Archiving needs the folder to hold no channel, archived channels included.' })
  isArchived?: boolean | null;
}

@ObjectType()
export class UpdateChannelFolderPayload {
  @Field(() => ChannelFolderType) channelFolder!: ChannelFolderType;
}

@InputType({ description: 'Zulip: PATCH /channel_folders. Administrators only.' })
export class ReorderChannelFoldersInput {
  @Field(() => [SafeIntResolver], { description: 'Every folder id of the organization, archived ones included, each once, in the new order.' })
  order!: number[];
}

@ObjectType()
export class ReorderChannelFoldersPayload {
  @Field(() => [ChannelFolderType], { description: 'All the organization\'s folders, archived ones included, in their new order.' })
  channelFolders!: ChannelFolderType[];
}
