import type { ChatMessage, ChatRole } from "../../generated/prisma/client.js";

/** A chat as both transports show it (spec section 3, Chat). */
export type ChatPayload = {
  id: string;
  userId: string;
  bookId: string;
  bookTitle: string;
  school: string | null;
  studentDisplayName: string;
  createdAt: Date;
  updatedAt: Date;
  initialContext: string | null;
  messageCount: number;
  characterName: string | null;
  systemPrompt: string | null;
};

/** A chat message (spec section 3, Chat message); seq orders a chat's messages from 0. */
export type ChatMessagePayload = {
  id: string;
  chatId: string;
  seq: number;
  role: ChatRole;
  content: string;
  timestamp: Date;
  isInitialContext: boolean;
};

export type ChatMessagePagePayload = {
  items: ChatMessagePayload[];
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: number | null;
};

/**
 * What a chat subscription delivers: each stored message once ("message"), and while the assistant
 * writes, the reply so far ("partial": the whole text up to now, so a missed partial loses nothing).
 */
export type ChatEventPayload =
  | { kind: "message"; chatId: string; seq: number; message: ChatMessagePayload; text: null }
  | { kind: "partial"; chatId: string; seq: number; message: null; text: string };

export function presentMessage(row: ChatMessage): ChatMessagePayload {
  return {
    id: row.id,
    chatId: row.chatId,
    seq: row.seq,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt,
    isInitialContext: row.isInitialContext,
  };
}

export function messageEvent(message: ChatMessagePayload): ChatEventPayload {
  return { kind: "message", chatId: message.chatId, seq: message.seq, message, text: null };
}

/** A chat in a teacher's list (spec section 3, Teacher chat list item). */
export type TeacherChatPayload = {
  id: string;
  userId: string;
  studentDisplayName: string;
  bookId: string;
  bookTitle: string;
  characterName: string | null;
  messageCount: number;
  lastUpdated: Date;
  /** What the student asked, in one line (chat/summary.ts); null while there is nothing to summarise. */
  summary: string | null;
};

/**
 * A student of a school sent a chat message: the chat as a teacher's list shows it now, and the
 * student's totals for their card. `schoolId` is the student's school (who may receive it).
 */
export type SchoolActivityPayload = {
  schoolId: string | null;
  chat: TeacherChatPayload;
  studentChatCount: number;
  studentMessageCount: number;
};
