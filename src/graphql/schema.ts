import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchemaSync, type AuthChecker } from 'type-graphql';
import { NOT_LOGGED_IN, unauthorized } from '../errors';
import { ChannelFoldersResolver } from './channelFolders/channelFolders.resolver';
import type { GraphQLContext } from './context';
import { InvitationsResolver } from './invitations/invitations.resolver';
import { ServerSettingsResolver } from './serverSettings/serverSettings.resolver';
import { UsersResolver } from './users/users.resolver';

/** Everything but introspection and serverSettings needs credentials. */
const authChecker: AuthChecker<GraphQLContext> = ({ context }) => {
  if (context.user === null) throw unauthorized(NOT_LOGGED_IN);
  return true;
};

let built: GraphQLSchema | undefined;

/** The schema, built once per process from the TypeGraphQL classes. */
export function graphqlSchema(): GraphQLSchema {
  built ??= buildSchemaSync({
    resolvers: [ChannelFoldersResolver, InvitationsResolver, UsersResolver, ServerSettingsResolver],
    authChecker,
    // Input rules are the operations' (with Zulip's messages), not class-validator's.
    validate: false,
  });
  return built;
}

/** The SDL checked in as schema/schema.graphql. */
export function schemaSdl(): string {
  return `${printSchema(lexicographicSortSchema(graphqlSchema()))}\n`;
}
