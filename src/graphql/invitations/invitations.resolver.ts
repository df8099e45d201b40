import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { createReusableInvitation, invitationLink, reusableInvitations, revokeReusableInvitation } from '../../operations/invitations';
import { joinWithInvitation } from '../../operations/join';
import type { Invitation } from '../../store/types';
import { actingUser, type GraphQLContext } from '../context';
import { toGraphQL as userToGraphQL, toMessage } from '../users/users.resolver';
import {
  CreateReusableInvitationInput, CreateReusableInvitationPayload, JoinWithInvitationInput, JoinWithInvitationPayload, ReusableInvitationType,
  RevokeReusableInvitationInput, RevokeReusableInvitationPayload,
} from './invitation.types';

function toGraphQL(inv: Invitation, organizationUrl: string): ReusableInvitationType {
  return {
    id: inv.id,
    inviteLink: invitationLink(organizationUrl, inv.key),
    inviteAs: inv.invitedAs,
    streamIds: inv.channelIds,
    groupIds: inv.groupIds,
    includeRealmDefaultSubscriptions: inv.includeRealmDefaultSubscriptions,
    welcomeMessageCustomText: inv.welcomeMessageCustomText,
    createdAt: inv.createdAt,
    expiresAt: inv.expiresAt,
    revokedAt: inv.revokedAt,
    creatorId: inv.creatorId,
  };
}

@Resolver()
export class InvitationsResolver {
  @Authorized()
  @Mutation(() => CreateReusableInvitationPayload)
  async createReusableInvitation(
    @Arg('input') input: CreateReusableInvitationInput, @Ctx() ctx: GraphQLContext,
  ): Promise<CreateReusableInvitationPayload> {
    const user = actingUser(ctx);
    const { invitation, inviteLink } = await createReusableInvitation(ctx.services, user, {
      ...input,
      inviteAs: input.inviteAs ?? undefined,
      includeRealmDefaultSubscriptions: input.includeRealmDefaultSubscriptions ?? undefined,
    });
    return { inviteLink, invitation: toGraphQL(invitation, user.organization.url) };
  }

  @Authorized()
  @Query(() => [ReusableInvitationType], {
    description: 'Active links: administrators see all of the organization\'s, others their own.',
  })
  async reusableInvitations(@Ctx() ctx: GraphQLContext): Promise<ReusableInvitationType[]> {
    const user = actingUser(ctx);
    return (await reusableInvitations(ctx.services, user)).map((inv) => toGraphQL(inv, user.organization.url));
  }

  @Authorized()
  @Mutation(() => RevokeReusableInvitationPayload)
  async revokeReusableInvitation(
    @Arg('input') input: RevokeReusableInvitationInput, @Ctx() ctx: GraphQLContext,
  ): Promise<RevokeReusableInvitationPayload> {
    const user = actingUser(ctx);
    return { invitation: toGraphQL(await revokeReusableInvitation(ctx.services, user, input.id), user.organization.url) };
  }

  @Mutation(() => JoinWithInvitationPayload, {
    description: 'Creates an account through a reusable link (POST /join/<key>/); needs no credentials. The link belongs to the organization at the address the request was sent to.',
  })
  async joinWithInvitation(@Arg('input') input: JoinWithInvitationInput, @Ctx() ctx: GraphQLContext): Promise<JoinWithInvitationPayload> {
    const joined = await joinWithInvitation(ctx.services, ctx.host, input);
    return { user: { ...userToGraphQL(joined.user), viewer: joined.user }, apiKey: joined.apiKey, messages: joined.messages.map(toMessage) };
  }
}
