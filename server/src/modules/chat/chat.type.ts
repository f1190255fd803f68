import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { ChatRole } from "../../generated/prisma/enums.js";

registerEnumType(ChatRole, { name: "ChatRole" });

export enum ChatEventKind {
  message = "message",
  partial = "partial",
}
registerEnumType(ChatEventKind, {
  name: "ChatEventKind",
  description: "message: a stored message (each once); partial: the assistant's reply so far, while it is written",
});

@ObjectType({ description: "A chat message (spec: role, content, ISO timestamp, isInitialContext)" })
export class ChatMessage {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  chatId!: string;

  @Field(() => Int, { description: "Position in the chat, from 0: orders messages and pages through them" })
  seq!: number;

  @Field(() => ChatRole)
  role!: ChatRole;

  @Field(() => String)
  content!: string;

  @Field(() => Date)
  timestamp!: Date;

  @Field(() => Boolean)
  isInitialContext!: boolean;
}

@ObjectType()
export class ChatMessagePage {
  @Field(() => [ChatMessage], { description: "Oldest first" })
  items!: ChatMessage[];

  @Field(() => Int, { nullable: true, description: "Pass as `before` to load older messages; null at the start" })
  nextBefore!: number | null;
}

@ObjectType({ description: "A book chat (id userId_bookId) or a character chat (userId_bookId_char_{name})" })
export class Chat {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  bookTitle!: string;

  @Field(() => String, { nullable: true, description: "The student's school" })
  school!: string | null;

  @Field(() => String)
  studentDisplayName!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => String, { nullable: true })
  initialContext!: string | null;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => String, { nullable: true, description: "Set for a character chat" })
  characterName!: string | null;

  @Field(() => String, { nullable: true })
  systemPrompt!: string | null;
}

@ObjectType({ description: "One exchange: the student's message and the assistant's reply" })
export class ChatExchange {
  @Field(() => ChatMessage)
  userMessage!: ChatMessage;

  @Field(() => ChatMessage)
  assistantMessage!: ChatMessage;
}

@ObjectType({ description: "A live event of one chat" })
export class ChatEvent {
  @Field(() => ChatEventKind)
  kind!: ChatEventKind;

  @Field(() => ID)
  chatId!: string;

  @Field(() => Int, { description: "The message's seq (for partial: the seq the reply will have)" })
  seq!: number;

  @Field(() => ChatMessage, { nullable: true, description: "Set for kind message" })
  message!: ChatMessage | null;

  @Field(() => String, { nullable: true, description: "Set for kind partial: the reply so far" })
  text!: string | null;
}

@InputType({ description: "A page of the reader: its chapter and the paragraphs it shows" })
export class ReaderPageInput {
  @Field(() => Int)
  chapter!: number;

  @Field(() => Int)
  paragraph!: number;

  @Field(() => Int)
  lastParagraph!: number;
}

@InputType()
export class SendChatMessageInput {
  @Field(() => ID)
  chatId!: string;

  @Field(() => String)
  message!: string;

  @Field(() => ID, { nullable: true, description: "The sender; when given it must be the signed-in user" })
  userId?: string | null;

  @Field(() => String, { nullable: true, description: "For a character chat: must be the chat's character" })
  characterName?: string | null;

  @Field(() => ReaderPageInput, {
    nullable: true,
    description: "Asked from the reader ('Ask about this page'): the page on the student's screen",
  })
  page?: ReaderPageInput | null;
}
