import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { Role } from "../../generated/prisma/enums.js";
import { Topics } from "../../pubsub/pubsub.js";
import type { UserPayload } from "./user.presenter.js";
import { User } from "./user.type.js";

@Authorized()
@Resolver(() => User)
export class AccountResolver {
  @Query(() => User, { description: "The signed-in user" })
  me(@Ctx() ctx: GraphQLContext): UserPayload {
    return ctx.services.users.currentUser(requireRole(ctx));
  }

  @Subscription(() => User, {
    description: "The signed-in user's account, each time it changes (role, block, unblock)",
    topics: Topics.accountUpdated,
    topicId: ({ context }: { context: GraphQLContext }) => requireRole(context).id,
    // Delivered only while the connection's session still holds (not expired, not signed out).
    filter: async ({ context }: { context: GraphQLContext }) => Boolean(await context.live?.current()),
  })
  accountUpdated(@Root() user: UserPayload): UserPayload {
    return user;
  }
}

@Authorized("admin")
@Resolver(() => User)
export class UserAdminResolver {
  @Mutation(() => User, { description: "Admin only" })
  updateUserRole(
    @Arg("id", () => ID) id: string,
    @Arg("role", () => Role) role: Role,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserPayload> {
    return ctx.services.users.changeUserRole({ actor: requireRole(ctx), userId: id, input: { role } });
  }
}
