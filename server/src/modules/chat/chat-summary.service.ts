import type { Logger } from "pino";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { AiProvider, ChatMode } from "../ai/provider.js";
import { EXCERPT_LENGTH } from "../moderation/moderation.service.js";
import { isShowableSummary, summariseChat } from "./summary.js";

// Keeps each chat's one-line summary for its teacher (Chat.summary) up to date as the chat grows,
// after the reply is stored and off the request path: the child's reply never waits for it, and a
// failure here only leaves the summary as it was. Made offline every time (it is cheap); with a
// provider that summarises (Gemini), at most once every AI_SUMMARY_EVERY messages, the offline
// summary standing in whenever the AI fails.
//
// Several instances and concurrent sends: each refresh is for the chat's messageCount after its
// exchange; the row is written only where the summary stored was made at an earlier count (one
// conditional UPDATE), so a summary never replaces a newer one. An AI summary first claims its count
// the same way, so one instance asks the AI once per window. Raw SQL: Prisma's @updatedAt would
// otherwise move the chat's "last updated", which orders the teacher's list.
//
// Only what a teacher may read at a glance goes in: the student's messages, never one withheld from
// the AI (a risk to the child, answered with the support reply) or one safeguarding raised a concern
// about (both are in the alerts); messages refused by safeguarding were never stored.

/** With an AI summariser, a chat is summarised again once this many messages have been added. */
export const AI_SUMMARY_EVERY = 6;
/** The student's latest messages a summary is made from. */
export const SUMMARY_SOURCE_MESSAGES = 60;

export function createChatSummaries(deps: { prisma: PrismaClient; provider: AiProvider; logger: Logger }) {
  const { prisma, provider } = deps;

  /** Claims the AI summary of the chat at `messageCount`: false when one was made (or begun) recently. */
  async function claimAiSummary(chatId: string, messageCount: number): Promise<boolean> {
    const claimed = await prisma.$executeRaw`
      UPDATE "Chat" SET "summaryMessageCount" = ${messageCount}
      WHERE id = ${chatId}
        AND ("summaryMessageCount" IS NULL OR "summaryMessageCount" <= ${messageCount - AI_SUMMARY_EVERY})`;
    return claimed === 1;
  }

  /** The student's messages a teacher may see summarised, oldest first, up to `messageCount`. */
  async function summarisable(chat: { id: string; userId: string }, messageCount: number): Promise<string[]> {
    const [rows, raised] = await Promise.all([
      prisma.chatMessage.findMany({
        where: {
          chatId: chat.id,
          role: "user",
          isInitialContext: false,
          withheldFromAi: false,
          seq: { lt: messageCount },
        },
        orderBy: { seq: "desc" },
        take: SUMMARY_SOURCE_MESSAGES,
        select: { content: true },
      }),
      prisma.moderationEvent.findMany({
        where: { userId: chat.userId, chatId: chat.id, messageExcerpt: { not: null } },
        select: { messageExcerpt: true },
      }),
    ]);
    const flagged = new Set(raised.map((event) => event.messageExcerpt));
    return rows
      .reverse()
      .map((row) => row.content)
      .filter((content) => !flagged.has(content.slice(0, EXCERPT_LENGTH)));
  }

  /**
   * Summarises the chat as it stood at `messageCount` (the count after the exchange just stored) and
   * stores it, unless a summary made at a later count is already there.
   */
  async function refresh(chatId: string, messageCount: number): Promise<void> {
    const summarize = provider.summarize?.bind(provider);
    if (summarize && !(await claimAiSummary(chatId, messageCount))) {
      return;
    }
    const chat = await prisma.chat.findUnique({
      where: { id: chatId },
      select: {
        id: true,
        userId: true,
        characterName: true,
        summaryMessageCount: true,
        book: { select: { title: true, author: true, characterList: true } },
      },
    });
    if (!chat || (!summarize && chat.summaryMessageCount !== null && chat.summaryMessageCount >= messageCount)) {
      return;
    }
    const messages = await summarisable(chat, messageCount);
    const offline = summariseChat({ messages, characterName: chat.characterName, names: chat.book.characterList });
    if (offline === null) {
      return;
    }
    const mode: ChatMode = chat.characterName ? { kind: "character", name: chat.characterName } : { kind: "book" };
    const made = summarize
      ? await summarize({
          book: { title: chat.book.title, author: chat.book.author },
          mode,
          questions: messages,
          fallback: offline,
        })
      : offline;
    const summary = isShowableSummary(made) ? made : isShowableSummary(offline) ? offline : null;
    if (summary === null) {
      return;
    }
    await prisma.$executeRaw`
      UPDATE "Chat" SET "summary" = ${summary}, "summaryMessageCount" = ${messageCount}
      WHERE id = ${chatId} AND ("summaryMessageCount" IS NULL OR "summaryMessageCount" <= ${messageCount})`;
  }

  /** Refreshes scheduled and not yet done (a shutdown waits for them before the database closes). */
  const pending = new Set<Promise<void>>();

  return {
    refresh,

    /** Refreshes the summary in the background, after the current request has been answered. */
    schedule(chatId: string, messageCount: number): void {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => refresh(chatId, messageCount))
        .catch((error: unknown) => deps.logger.warn({ err: error, chatId }, "could not refresh the chat's summary"))
        .finally(() => pending.delete(task));
      pending.add(task);
    },

    /** Waits for the refreshes still running (used at shutdown). */
    async drain(): Promise<void> {
      while (pending.size > 0) {
        await Promise.all([...pending]);
      }
    },
  };
}

export type ChatSummaries = ReturnType<typeof createChatSummaries>;
