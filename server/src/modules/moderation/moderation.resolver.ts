import { Arg, Authorized, Ctx, Extensions, ID, Mutation, Resolver, Root, Subscription } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { SHARED_FAN_OUT } from "../../graphql/shared-fan-out.js";
import type { ModerationCheck } from "../chat/chat.service.js";
import type { UserPayload } from "../users/user.presenter.js";
import { User } from "../users/user.type.js";
import type { ModerationAlertPayload } from "./moderation.presenter.js";
import { ModerationAlert, ModerationVerdict } from "./moderation.type.js";

@Authorized()
@Resolver()
export class ModerationResolver {
  @Mutation(() => ModerationVerdict, {
    description: "Runs the classifier on a message about a book; for a student it counts as a sent message",
  })
  moderateMessage(
    @Arg("bookId", () => ID) bookId: string,
    @Arg("message", () => String) message: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ModerationCheck> {
    return ctx.services.chats.moderateMessage({ actor: requireRole(ctx), bookId, message });
  }
}

@Authorized("teacher", "admin")
@Resolver()
export class ModerationAlertResolver {
  @Mutation(() => User, {
    description: "Unblock & Reset Strikes: a student of the teacher's school (an admin: any student)",
  })
  unblockStudent(@Arg("userId", () => ID) userId: string, @Ctx() ctx: GraphQLContext): Promise<UserPayload> {
    return ctx.services.moderation.unblock({ actor: requireRole(ctx), userId });
  }

  @Subscription(() => ModerationAlert, {
    description: "Safeguarding events of the teacher's school as they happen (an admin: every school)",
    subscribe: ({ context }) =>
      (context as GraphQLContext).services.teacher.followAlerts({
        actor: requireRole(context as GraphQLContext, ["teacher", "admin"]),
      }),
  })
  // The same for every staff member of one role and school: executed and serialised once per event.
  @Extensions(SHARED_FAN_OUT)
  moderationAlerts(@Root() alert: ModerationAlertPayload): ModerationAlertPayload {
    return alert;
  }
}
