import { DateTimeISOResolver } from 'graphql-scalars';
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
