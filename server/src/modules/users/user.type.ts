import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Role, UserStatus } from "../../generated/prisma/enums.js";

registerEnumType(Role, { name: "Role", description: "student is the default for anything else" });
registerEnumType(UserStatus, { name: "UserStatus" });

@ObjectType({ description: "Safeguarding state of an account" })
export class Moderation {
  @Field(() => Int)
  strikeCount!: number;

  @Field(() => Boolean)
  blocked!: boolean;

  @Field(() => Date, { nullable: true })
  blockedAt!: Date | null;

  @Field(() => String, { nullable: true })
  blockReason!: string | null;
}

@ObjectType()
export class User {
  @Field(() => ID)
  uid!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Role)
  role!: Role;

  @Field(() => String, { nullable: true, description: "The school's name; null for an admin without one" })
  school!: string | null;

  @Field(() => UserStatus)
  status!: UserStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Moderation)
  moderation!: Moderation;
}
