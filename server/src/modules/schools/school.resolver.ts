import { Ctx, Field, ID, ObjectType, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { PublicResolver } from "../../graphql/public.js";
import type { SchoolPayload } from "./school.service.js";

@ObjectType()
export class School {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;
}

@PublicResolver()
@Resolver(() => School)
export class SchoolResolver {
  @Query(() => [School], { description: "The partner schools, for the registration form" })
  schools(@Ctx() ctx: GraphQLContext): Promise<SchoolPayload[]> {
    return ctx.services.schools.listSchools();
  }
}
