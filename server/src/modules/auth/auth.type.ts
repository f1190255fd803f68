import { Field, ObjectType } from "type-graphql";
import { User } from "../users/user.type.js";

@ObjectType()
export class AuthPayload {
  @Field(() => String, { description: "Signed session token (JWT) with an exp claim in seconds" })
  token!: string;

  @Field(() => User)
  user!: User;
}

@ObjectType()
export class MessagePayload {
  @Field(() => String)
  message!: string;
}
