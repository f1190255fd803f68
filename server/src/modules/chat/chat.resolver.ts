import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { ChatEventPayload, ChatMessagePagePayload, ChatPayload } from "./chat.presenter.js";
import type { SendResult } from "./chat.service.js";
import { Chat, ChatEvent, ChatExchange, ChatMessagePage, SendChatMessageInput } from "./chat.type.js";

@Authorized()
@Resolver(() => Chat)
export class ChatResolver {
  @Mutation(() => Chat, { description: "The caller's book chat, or chat with a character, created on first open" })
  openChat(
    @Arg("bookId", () => ID) bookId: string,
    @Arg("characterName", () => String, { nullable: true }) characterName: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ChatPayload> {
    return ctx.services.chats.openChat({ actor: requireRole(ctx), bookId, characterName });
  }

  @Query(() => Chat, { description: "A chat its owner, their school's teachers or an admin may read" })
  chat(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ChatPayload> {
    return ctx.services.chats.getChat({ actor: requireRole(ctx), chatId: id });
  }

  @FieldResolver(() => ChatMessagePage, { description: "Newest page first; `before` pages back" })
  messages(
    @Root() chat: ChatPayload,
    @Ctx() ctx: GraphQLContext,
    @Arg("before", () => Int, { nullable: true }) before?: number | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
  ): Promise<ChatMessagePagePayload> {
    // The chat itself was authorised by the query or mutation that returned it.
    return ctx.services.chats.messagesOf(chat.id, before, limit);
  }

  @Mutation(() => ChatExchange, {
    description: "Sends a message and returns it with the assistant's reply (which also streams to chatEvents)",
  })
  sendChatMessage(
    @Arg("input", () => SendChatMessageInput) input: SendChatMessageInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SendResult> {
    return ctx.services.chats.sendMessage({ actor: requireRole(ctx), input });
  }

  @Subscription(() => ChatEvent, {
    description: "A chat's new messages and the reply as it is written; afterSeq first replays stored messages",
    subscribe: ({ args, context }) =>
      (context as GraphQLContext).services.chats.follow({
        actor: requireRole(context as GraphQLContext),
        chatId: args.chatId,
        afterSeq: args.afterSeq,
        ...((context as GraphQLContext).live ? { subscriber: (context as GraphQLContext).live } : {}),
      }),
  })
  chatEvents(
    @Root() event: ChatEventPayload,
    @Arg("chatId", () => ID) _chatId: string,
    @Arg("afterSeq", () => Int, { nullable: true }) _afterSeq?: number | null,
  ): ChatEventPayload {
    return event;
  }
}
