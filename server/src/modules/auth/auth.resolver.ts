import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { PublicResolver } from "../../graphql/public.js";
import { CompletePasswordResetInput, LoginInput, RegisterInput } from "./auth.input.js";
import { AuthPayload, MessagePayload } from "./auth.type.js";

@PublicResolver()
@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: "Creates a student or teacher account and signs it in" })
  register(@Arg("input", () => RegisterInput) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.auth.register({ input, ip: ctx.ip });
  }

  @Mutation(() => AuthPayload)
  login(@Arg("input", () => LoginInput) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<AuthPayload> {
    return ctx.services.auth.login({ input, ip: ctx.ip });
  }

  @Mutation(() => MessagePayload, { description: "Always the same neutral answer; mails a link if the account exists" })
  requestPasswordReset(@Arg("email", () => String) email: string, @Ctx() ctx: GraphQLContext): Promise<MessagePayload> {
    return ctx.services.auth.requestPasswordReset({ input: { email }, ip: ctx.ip });
  }

  @Mutation(() => MessagePayload)
  completePasswordReset(
    @Arg("input", () => CompletePasswordResetInput) input: CompletePasswordResetInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MessagePayload> {
    return ctx.services.auth.completePasswordReset({ input });
  }
}
