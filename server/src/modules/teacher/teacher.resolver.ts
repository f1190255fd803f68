import { Arg, Authorized, Ctx, Extensions, ID, Int, Query, Resolver, Root, Subscription } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { SHARED_FAN_OUT } from "../../graphql/shared-fan-out.js";
import type { SchoolActivityPayload } from "../chat/chat.presenter.js";
import type { TeacherChatPagePayload, TeacherDashboardPayload } from "./teacher.service.js";
import { SchoolActivity, StudentSortOrder, TeacherChatPage, TeacherDashboard } from "./teacher.type.js";

@Authorized("teacher", "admin")
@Resolver()
export class TeacherResolver {
  @Query(() => TeacherDashboard, {
    description: "The teacher's school: its students (searched, sorted, paged), their reading and open alerts",
  })
  teacherDashboard(
    @Ctx() ctx: GraphQLContext,
    @Arg("schoolId", () => ID, { nullable: true, description: "Admins only; a teacher sees their own school" })
    schoolId?: string | null,
    @Arg("search", () => String, { nullable: true }) search?: string | null,
    @Arg("sort", () => StudentSortOrder, { nullable: true }) sort?: StudentSortOrder | null,
    @Arg("offset", () => Int, { nullable: true }) offset?: number | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
  ): Promise<TeacherDashboardPayload> {
    return ctx.services.teacher.dashboard({ actor: requireRole(ctx), schoolId, search, sort, offset, limit });
  }

  @Query(() => TeacherChatPage, {
    description: "The school's students' chats (or one student's), newest activity first (GET /api/chat/teacher/chats)",
  })
  teacherChats(
    @Ctx() ctx: GraphQLContext,
    @Arg("userId", () => ID, { nullable: true }) userId?: string | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
    @Arg("cursor", () => String, { nullable: true }) cursor?: string | null,
    @Arg("schoolId", () => ID, { nullable: true }) schoolId?: string | null,
  ): Promise<TeacherChatPagePayload> {
    return ctx.services.teacher.listChats({ actor: requireRole(ctx), userId, limit, cursor, schoolId });
  }

  @Subscription(() => SchoolActivity, {
    description: "The school's students' chat activity as it happens (an admin: every school, or schoolId's)",
    subscribe: ({ args, context }) =>
      (context as GraphQLContext).services.teacher.followActivity({
        actor: requireRole(context as GraphQLContext, ["teacher", "admin"]),
        schoolId: args.schoolId,
      }),
  })
  // The same for every staff member of one role and school: executed and serialised once per event.
  @Extensions(SHARED_FAN_OUT)
  schoolActivity(
    @Root() event: SchoolActivityPayload,
    @Arg("schoolId", () => ID, { nullable: true }) _schoolId?: string | null,
  ): SchoolActivityPayload {
    return event;
  }
}
