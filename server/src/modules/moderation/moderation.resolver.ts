import { Arg, Authorized, Ctx, ID, Mutation, Resolver, Root, Subscription } from "type-graphql";
import { notFound } from "../../errors/app-error.js";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { ALL_SCHOOLS, Topics } from "../../pubsub/pubsub.js";
import type { ModerationCheck } from "../chat/chat.service.js";
import { NO_SCHOOL_MESSAGE } from "./moderation.service.js";
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
    topics: Topics.moderationAlert,
    topicId: ({ context }: { context: GraphQLContext }) => {
      const actor = requireRole(context, ["teacher", "admin"]);
      if (actor.role === "admin") {
        return ALL_SCHOOLS;
      }
      if (!actor.schoolId) {
        throw notFound(NO_SCHOOL_MESSAGE);
      }
      return actor.schoolId;
    },
    // Each alert goes out only while the subscriber is still staff of that school (a role or school
    // changed since the WebSocket connected stops the alerts).
    filter: async ({ payload, context }: { payload: ModerationAlertPayload; context: GraphQLContext }) =>
      context.services.staffAccess.mayWatch(requireRole(context).id, payload.schoolId),
  })
  moderationAlerts(@Root() alert: ModerationAlertPayload): ModerationAlertPayload {
    return alert;
  }
}
