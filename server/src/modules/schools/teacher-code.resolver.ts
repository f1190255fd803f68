import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { AdminSchoolPayload, RotatedTeacherCodePayload } from "./teacher-code.service.js";
import { AdminSchool, TeacherCodeRotation } from "./teacher-code.type.js";

// Admin only. The decorator refuses other roles early; the service checks again (the rule's home).

@Authorized("admin")
@Resolver()
export class TeacherCodeResolver {
  @Query(() => [AdminSchool], { description: "Every school: how teachers sign up there, and how many it has" })
  adminSchools(@Ctx() ctx: GraphQLContext): Promise<AdminSchoolPayload[]> {
    return ctx.services.teacherCodes.list({ actor: requireRole(ctx) });
  }

  @Mutation(() => TeacherCodeRotation, {
    description: "A new teacher sign-up code for the school, shown once; the old one (or the server's) stops working",
  })
  rotateTeacherCode(
    @Arg("schoolId", () => ID) schoolId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RotatedTeacherCodePayload> {
    return ctx.services.teacherCodes.rotate({ actor: requireRole(ctx), schoolId });
  }
}
