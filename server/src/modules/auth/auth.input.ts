import { Field, InputType } from "type-graphql";
import { Role } from "../../generated/prisma/enums.js";

// Shapes only: the auth service validates the values, with the same rules as the REST routes.

@InputType()
export class RegisterInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => Role, { nullable: true, description: "student (default) or teacher" })
  role?: Role | null;

  @Field(() => String, { nullable: true, defaultValue: "" })
  school?: string;

  @Field(() => String, { nullable: true, defaultValue: "", description: "Required for a teacher" })
  teacherCode?: string;
}

@InputType()
export class LoginInput {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  password!: string;
}

@InputType()
export class CompletePasswordResetInput {
  @Field(() => String, { description: "The token of the emailed link" })
  token!: string;

  @Field(() => String)
  password!: string;
}
