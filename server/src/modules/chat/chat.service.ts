import type { Logger } from "pino";
import type { Actor } from "../../auth/actor.js";
import {
  AppError,
  badInput,
  ErrorCode,
  forbidden,
  Messages,
  notFound,
  prismaErrorCode,
  tooManyRequests,
} from "../../errors/app-error.js";
import type { ChatMessage, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { ALL_SCHOOLS, type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import type { AiService } from "../ai/ai.service.js";
import {
  type AiBook,
  type AiLearner,
  type AiRequest,
  type AiTurn,
  type ChatMode,
  learnerOf,
  type ReadingPlace,
} from "../ai/provider.js";
import { focusBookOnPage, type ReaderPage } from "../ai/page.js";
import { answerLiesAhead, quotesAhead, settledText } from "../ai/spoilers.js";
import { laterChapterText } from "../ai/voice.js";
import { BOOK_NOT_READY_MESSAGE } from "../books/book.policy.js";
import type { BookService } from "../books/book.service.js";
import { flaggedMessage, type ModerationService, SUPPORT_REPLY } from "../moderation/moderation.service.js";
import type { Verdict } from "../moderation/classify.js";
import { chatIdFor } from "./chat-id.js";
import {
  type ChatEventPayload,
  type ChatMessagePagePayload,
  type ChatMessagePayload,
  type ChatPayload,
  messageEvent,
  type SchoolActivityPayload,
  presentMessage,
} from "./chat.presenter.js";
import { withoutControlCharacters } from "../../validation/fields.js";
import { londonDay } from "./london-day.js";
import { createChatSummaries } from "./chat-summary.service.js";

// Chats (spec sections 3, 4, 5): created on first open, otherwise reused; one row per message, ordered
// by seq. An exchange reserves two seqs at once (user message, then the assistant's reply), so two
// sends from two tabs never interleave or lose a message. The student's message is stored before the
// AI is asked (teachers see it at once, and a provider failure loses nothing); the reply streams to
// every subscriber as it is written and is stored when complete.

export const CHAT_FIELDS_REQUIRED_MESSAGE = "Chat ID, message, and user ID are required";
export const CHAT_NOT_FOUND_MESSAGE = "Chat not found";
export const CHAT_ACCESS_MESSAGE = "User does not have access to this chat";
export const CHARACTER_NOT_FOUND_MESSAGE = "That character is not in this book";
export const CHARACTER_REQUIRED_MESSAGE = "Character name is required for a character chat";
export const ERROR_SENDING_MESSAGE = "Error sending message";
export const PROVIDER_FAILURE_REPLY = "Sorry, I couldn't answer just now. Please try sending your message again.";
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** Turns of earlier conversation sent to the AI with a new message. */
export const HISTORY_TURNS = 20;
/** The student's earlier messages the classifier reads with a new one (disclosures build up). */
export const CONTEXT_MESSAGES = 4;
/** Higher than any message's seq: "the whole history so far". */
const LAST_SEQ = 2 ** 31 - 1;
/** Partial replies go out at most this often (the final message always goes out). */
export const PARTIAL_INTERVAL_MS = 60;

export function messageTooLongMessage(max: number) {
  return `Messages can be at most ${max} characters`;
}

export const PAGE_MESSAGE = "page must give a chapter, a paragraph and a lastParagraph (whole numbers, in order)";

export function dailyLimitMessage(limit: number) {
  return `You've sent ${limit} messages today, which is the daily limit. Have a rest, enjoy some reading, and come back tomorrow!`;
}

export const MODERATE_FIELDS_REQUIRED_MESSAGE = "Book ID and message are required";

export type ModerationCheck = Pick<Verdict, "flagged" | "category" | "severity">;

export type SendResult = { userMessage: ChatMessagePayload; assistantMessage: ChatMessagePayload };

/** An AI answer begun: a fixed text, or a stream whose first piece is on its way. */
type StartedAnswer =
  | { kind: "text"; text: string }
  | { kind: "stream"; pieces: AsyncIterator<string>; first: Promise<IteratorResult<string>> };

type ChatRow = {
  id: string;
  userId: string;
  bookId: string;
  schoolId: string | null;
  studentDisplayName: string;
  createdAt: Date;
  updatedAt: Date;
  initialContext: string | null;
  messageCount: number;
  characterName: string | null;
  systemPrompt: string | null;
  book: { title: string };
  school: { name: string } | null;
  user: { role: string; schoolId: string | null };
};

const chatSelect = {
  id: true,
  userId: true,
  bookId: true,
  schoolId: true,
  studentDisplayName: true,
  createdAt: true,
  updatedAt: true,
  initialContext: true,
  messageCount: true,
  characterName: true,
  systemPrompt: true,
  book: { select: { title: true } },
  school: { select: { name: true } },
  user: { select: { role: true, schoolId: true } },
} as const;

function presentChat(row: ChatRow): ChatPayload {
  const { book, school, user: _user, schoolId: _schoolId, ...rest } = row;
  return { ...rest, bookTitle: book.title, school: school?.name ?? null };
}

function modeOf(chat: { characterName: string | null }): ChatMode {
  return chat.characterName ? { kind: "character", name: chat.characterName } : { kind: "book" };
}

function describeMode(title: string, author: string, characterName: string | null): string {
  return characterName
    ? `A conversation with ${characterName}, a character in ${title} by ${author}.`
    : `A conversation about ${title} by ${author}.`;
}

function systemPromptFor(title: string, author: string, characterName: string | null): string {
  return characterName
    ? `Answer in the first person as ${characterName} from ${title} by ${author}, and stay in character. ` +
        "Talk only about the story, at a child's reading level, and never invent what the book does not say."
    : `Answer only about ${title} by ${author}, and politely decline other books and topics. ` +
        "Answer at a child's reading level and never invent what the book does not say.";
}

/**
 * Who may read a chat: its owner, an admin, or a teacher of the student's school (the school the
 * student is in now: a student who moved school takes their chats with them). Another school's chat,
 * or a staff member's own chat, does not exist for a teacher ("hidden"); others are "denied".
 */
function chatAccess(actor: Actor, chat: ChatRow): "read" | "hidden" | "denied" {
  if (chat.userId === actor.id || actor.role === "admin") {
    return "read";
  }
  if (actor.role === "teacher") {
    return actor.schoolId && chat.user.schoolId === actor.schoolId && chat.user.role === "student" ? "read" : "hidden";
  }
  return "denied";
}

export function createChatService(deps: {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  books: BookService;
  moderation: ModerationService;
  ai: AiService;
  limits: { dailyMessageLimit: number; maxMessageLength: number };
  logger: Logger;
}) {
  const { prisma, pubsub } = deps;
  // The teacher's one-line summary of each chat, refreshed after each reply (chat-summary.service.ts).
  const summaries = createChatSummaries({ prisma, provider: deps.ai.provider, logger: deps.logger });

  async function findChat(chatId: unknown): Promise<ChatRow | null> {
    if (typeof chatId !== "string" || !chatId || chatId.length > 300) {
      return null;
    }
    return prisma.chat.findUnique({ where: { id: chatId }, select: chatSelect });
  }

  /** The owner, a teacher of the student's school, or an admin may read a chat; others get 404/403. */
  async function readableChat(actor: Actor, chatId: unknown): Promise<ChatRow> {
    const chat = await findChat(chatId);
    if (!chat) {
      throw notFound(CHAT_NOT_FOUND_MESSAGE);
    }
    const access = chatAccess(actor, chat);
    if (access === "read") {
      return chat;
    }
    throw access === "hidden" ? notFound(CHAT_NOT_FOUND_MESSAGE) : forbidden(CHAT_ACCESS_MESSAGE);
  }

  async function pageOfMessages(chatId: string, before: unknown, limit: unknown): Promise<ChatMessagePagePayload> {
    const take =
      typeof limit === "number" && Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_PAGE_SIZE) : null;
    if (limit !== undefined && limit !== null && take === null) {
      throw badInput(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    if (before !== undefined && before !== null && !(typeof before === "number" && Number.isInteger(before))) {
      throw badInput("before must be a message seq");
    }
    const size = take ?? DEFAULT_PAGE_SIZE;
    const rows = await prisma.chatMessage.findMany({
      where: { chatId, ...(typeof before === "number" ? { seq: { lt: before } } : {}) },
      orderBy: { seq: "desc" },
      take: size + 1,
    });
    const hasMore = rows.length > size;
    const page = rows.slice(0, size).reverse();
    return { items: page.map(presentMessage), nextBefore: hasMore && page[0] ? page[0].seq : null };
  }

  /** History for the AI: the turns before `beforeSeq`, without the ones that must never reach it. */
  async function historyBefore(chatId: string, beforeSeq: number): Promise<AiTurn[]> {
    const rows = await prisma.chatMessage.findMany({
      where: { chatId, seq: { lt: beforeSeq }, withheldFromAi: false },
      orderBy: { seq: "desc" },
      take: HISTORY_TURNS,
      select: { role: true, content: true },
    });
    return rows.reverse().map((row) => ({ role: row.role, content: row.content }));
  }

  /** The student's last few messages in a chat, oldest first: the classifier's context. */
  async function recentStudentMessages(chatId: string): Promise<string[]> {
    const rows = await prisma.chatMessage.findMany({
      where: { chatId, role: "user", isInitialContext: false },
      orderBy: { seq: "desc" },
      take: CONTEXT_MESSAGES,
      select: { content: true },
    });
    return rows.reverse().map((row) => row.content);
  }

  /** Every stored message of a chat after `afterSeq`, oldest first (catch-up after a reconnect). */
  async function storedAfter(chatId: string, afterSeq: number): Promise<ChatEventPayload[]> {
    const events: ChatEventPayload[] = [];
    for (let from = afterSeq; ;) {
      const rows = await prisma.chatMessage.findMany({
        where: { chatId, seq: { gt: from } },
        orderBy: { seq: "asc" },
        take: 500,
      });
      events.push(...rows.map((row) => messageEvent(presentMessage(row))));
      const last = rows.at(-1);
      if (rows.length < 500 || !last) {
        return events;
      }
      from = last.seq;
    }
  }

  /**
   * Tells the student's school (its teachers' dashboards, and admins) that the chat moved on: its
   * count and time, and the student's totals. Staff members' own chats are not a school's activity.
   */
  async function publishActivity(
    chat: ChatRow,
    student: Actor,
    changed: { messageCount: number; updatedAt: Date; summary: string | null },
  ) {
    if (student.role !== "student") {
      return;
    }
    const totals = await prisma.chat.aggregate({
      where: { userId: student.id },
      _count: { _all: true },
      _sum: { messageCount: true },
    });
    const activity: SchoolActivityPayload = {
      schoolId: student.schoolId,
      chat: {
        id: chat.id,
        userId: chat.userId,
        studentDisplayName: student.displayName,
        bookId: chat.bookId,
        bookTitle: chat.book.title,
        characterName: chat.characterName,
        messageCount: changed.messageCount,
        lastUpdated: changed.updatedAt,
        summary: changed.summary,
      },
      studentChatCount: totals._count._all,
      studentMessageCount: totals._sum.messageCount ?? 0,
    };
    if (student.schoolId) {
      pubsub.publish(Topics.schoolActivity, student.schoolId, activity);
    }
    pubsub.publish(Topics.schoolActivity, ALL_SCHOOLS, activity);
  }

  function publishMessage(message: ChatMessagePayload) {
    pubsub.publish(Topics.chatEvent, message.chatId, messageEvent(message));
  }

  async function storeReply(
    chatId: string,
    seq: number,
    content: string,
    withheldFromAi: boolean,
  ): Promise<ChatMessagePayload> {
    const row = await prisma.chatMessage.create({
      data: { chatId, seq, role: "assistant", content, withheldFromAi },
    });
    const message = presentMessage(row);
    publishMessage(message);
    return message;
  }

  /**
   * The account as it is now, not as it was when a WebSocket connected: a token from before a password
   * reset, a deactivated account and the latest block all count.
   */
  async function currentAccount(sessionActor: Actor, options: { mayBeBlocked?: boolean } = {}): Promise<Actor> {
    const actor = await prisma.user.findUnique({ where: { id: sessionActor.id }, include: { school: true } });
    if (!actor || actor.status !== "active" || actor.tokenVersion !== sessionActor.tokenVersion) {
      throw new AppError(ErrorCode.Unauthenticated, Messages.invalidToken);
    }
    if (actor.blocked && !options.mayBeBlocked) {
      throw new AppError(ErrorCode.AccountRestricted, Messages.accountRestricted);
    }
    return actor;
  }

  /**
   * Refuses a message when the student has already sent the day's limit (London day), across all their
   * chats. Messages refused by moderation were never stored, so they do not count; risk-to-the-child
   * messages were stored, so they do.
   */
  async function refuseOverDailyLimit(
    db: PrismaClient | Prisma.TransactionClient,
    userId: string,
    today: { start: Date; end: Date },
  ): Promise<void> {
    const sentToday = await db.chatMessage.count({
      where: { role: "user", createdAt: { gte: today.start }, chat: { userId } },
    });
    if (sentToday >= deps.limits.dailyMessageLimit) {
      throw tooManyRequests(
        dailyLimitMessage(deps.limits.dailyMessageLimit),
        Math.ceil((today.end.getTime() - Date.now()) / 1000),
      );
    }
  }

  /** Whether a reply may reach the child (moderation.service: the rules only). */
  const replyIsSafe = (text: string): boolean => deps.moderation.replyIsSafe(text);

  /**
   * The student's furthest place in the book when the chat must not go past it: they have a place in
   * the reader and have not marked the book read. Undefined otherwise (the whole book is used).
   */
  /** The page a question was asked from ('Ask about this page'): its chapter and paragraphs, or null. */
  function readPage(raw: unknown): ReaderPage | null {
    if (raw === undefined || raw === null) {
      return null;
    }
    const page = (typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const whole = (value: unknown): value is number =>
      typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1_000_000;
    if (
      !whole(page.chapter) ||
      !whole(page.paragraph) ||
      !whole(page.lastParagraph) ||
      page.lastParagraph < page.paragraph
    ) {
      throw badInput(PAGE_MESSAGE);
    }
    return { chapter: page.chapter, paragraph: page.paragraph, lastParagraph: page.lastParagraph };
  }

  async function readingLimitOf(userId: string, bookId: string): Promise<ReadingPlace | undefined> {
    const reading = await prisma.userBook.findUnique({
      where: { userId_bookId: { userId, bookId } },
      select: { read: true, furthestChapter: true, furthestParagraph: true },
    });
    if (!reading || reading.read || reading.furthestChapter === null || reading.furthestParagraph === null) {
      return undefined;
    }
    return { chapter: reading.furthestChapter, paragraph: reading.furthestParagraph };
  }

  /**
   * Starts the AI's answer: the request goes out and its first piece is awaited in the background.
   * Nothing reaches a subscriber until askAi reads it. A question answered only later in the book than
   * the student's place is not sent to the AI (the kind "later chapter" reply instead).
   */
  async function startAnswer(
    chat: ChatRow,
    book: AiBook,
    beforeSeq: number,
    text: string,
    learner: AiLearner,
  ): Promise<StartedAnswer> {
    const history = await historyBefore(chat.id, beforeSeq);
    const mode = modeOf(chat);
    const request: AiRequest = { book, mode, history, message: text, learner };
    if (book.limit && answerLiesAhead(request)) {
      deps.logger.info({ chatId: chat.id }, "answer lies beyond the student's place: not sent to the AI");
      return { kind: "text", text: laterChapterText(book, mode) };
    }
    const pieces = deps.ai.provider.reply(request)[Symbol.asyncIterator]();
    const first = pieces.next();
    // Read later (or never, when the judge refuses the message): a failure must not go unhandled.
    first.catch(() => undefined);
    return { kind: "stream", pieces, first };
  }

  /** Drops an answer that will not be used (the AI judge refused the message, or the send failed). */
  function abandon(answer: StartedAnswer | null) {
    if (answer?.kind === "stream") {
      void answer.first.then(
        () => answer.pieces.return?.(),
        () => undefined,
      );
    }
  }

  /**
   * Streams the AI's reply to subscribers and returns it whole. The output check runs on the reply so
   * far before each partial goes out, so a harmful reply is stopped before a child sees any of it.
   * For a book limited to the student's place, a reply that quotes the book beyond the place is
   * replaced by the kind "later chapter" reply. Partials then hold back their last words, which could
   * begin such a quote. `started`: an answer begun before the message was stored (beside the judge).
   */
  async function askAi(
    chat: ChatRow,
    book: AiBook,
    userSeq: number,
    text: string,
    learner: AiLearner,
    started: StartedAnswer | null,
  ): Promise<string> {
    const answer = started ?? (await startAnswer(chat, book, userSeq, text, learner));
    if (answer.kind === "text") {
      return answer.text;
    }
    const seq = userSeq + 1;
    const mode = modeOf(chat);
    const withheld = `I'm not able to answer that one. Let's talk about another part of ${book.title}!`;
    const limited = Boolean(book.limit);
    const spoils = (reply: string) => limited && quotesAhead(reply, book.passages);
    const pieces: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => {
        let first: Promise<IteratorResult<string>> | null = answer.first;
        return {
          next: () => {
            const next = first ?? answer.pieces.next();
            first = null;
            return next;
          },
          return: async () => (await answer.pieces.return?.()) ?? { done: true, value: undefined },
        };
      },
    };
    let reply = "";
    let lastSent = 0;
    let shown = "";
    for await (const piece of pieces) {
      reply += piece;
      const now = Date.now();
      if (now - lastSent >= PARTIAL_INTERVAL_MS) {
        lastSent = now;
        if (!replyIsSafe(reply) || spoils(reply)) {
          break;
        }
        const partial = limited ? settledText(reply) : reply;
        if (partial !== "" && partial !== shown) {
          shown = partial;
          pubsub.publish(Topics.chatEvent, chat.id, {
            kind: "partial",
            chatId: chat.id,
            seq,
            message: null,
            text: partial,
          });
        }
      }
    }
    reply = withoutControlCharacters(reply).trim();
    if (!reply || !replyIsSafe(reply)) {
      deps.logger.warn({ chatId: chat.id }, "assistant reply withheld by the output check");
      return withheld;
    }
    if (spoils(reply)) {
      deps.logger.warn({ chatId: chat.id }, "assistant reply quoted the book beyond the student's place");
      return laterChapterText(book, mode);
    }
    return reply;
  }

  return {
    /** Waits for the chat summaries still being made (used at shutdown, before the database closes). */
    drain: () => summaries.drain(),

    /**
     * POST /api/chat/moderate: the classifier's verdict on a message about a book. For a student it
     * counts exactly as a sent message would (strike, block, alerts); staff get the verdict only.
     */
    async moderateMessage(props: { actor: Actor; bookId: unknown; message: unknown }): Promise<ModerationCheck> {
      const text = typeof props.message === "string" ? withoutControlCharacters(props.message).trim() : "";
      if (!text || typeof props.bookId !== "string" || !props.bookId) {
        throw badInput(MODERATE_FIELDS_REQUIRED_MESSAGE);
      }
      if (text.length > deps.limits.maxMessageLength) {
        throw badInput(messageTooLongMessage(deps.limits.maxMessageLength));
      }
      const book = await deps.books.openBook(props.actor, props.bookId);
      if (props.actor.role !== "student") {
        const verdict = await deps.moderation.classifier.classify(text);
        return { flagged: verdict.flagged, category: verdict.category, severity: verdict.severity };
      }
      // As a sent message: a restricted account is refused, and a flagged text counts (strike, alert).
      const actor = await currentAccount(props.actor);
      const outcome = await deps.moderation.screen({ actor, text, context: "check", bookId: book.id });
      if (outcome.kind === "strike" && outcome.blocked) {
        throw new AppError(ErrorCode.AccountRestricted, Messages.accountRestricted);
      }
      const { verdict } = outcome;
      return { flagged: verdict.flagged, category: verdict.category, severity: verdict.severity };
    },

    /** The book chat or a character chat of the caller, created on first open (spec: Chat). */
    async openChat(props: { actor: Actor; bookId: unknown; characterName?: unknown }): Promise<ChatPayload> {
      const { actor } = props;
      const book = await deps.books.openBook(actor, props.bookId);
      let characterName: string | null = null;
      if (props.characterName !== undefined && props.characterName !== null) {
        if (typeof props.characterName !== "string" || !props.characterName.trim()) {
          throw badInput(CHARACTER_REQUIRED_MESSAGE);
        }
        const wanted = props.characterName.trim();
        characterName = book.characterList.find((name) => name === wanted) ?? null;
        if (!characterName) {
          throw notFound(CHARACTER_NOT_FOUND_MESSAGE);
        }
      }
      const id = chatIdFor(actor.id, book.id, characterName);
      const existing = await prisma.chat.findUnique({ where: { id }, select: chatSelect });
      if (existing) {
        return presentChat(existing);
      }
      try {
        const created = await prisma.chat.create({
          data: {
            id,
            userId: actor.id,
            bookId: book.id,
            schoolId: actor.schoolId,
            studentDisplayName: actor.displayName,
            characterName,
            initialContext: describeMode(book.title, book.author, characterName),
            systemPrompt: systemPromptFor(book.title, book.author, characterName),
          },
          select: chatSelect,
        });
        return presentChat(created);
      } catch (error) {
        // Two tabs opened the chat at the same moment: the other one created it.
        if (prismaErrorCode(error) === "P2002") {
          return presentChat(await prisma.chat.findUniqueOrThrow({ where: { id }, select: chatSelect }));
        }
        throw error;
      }
    },

    async getChat(props: { actor: Actor; chatId: unknown }): Promise<ChatPayload> {
      return presentChat(await readableChat(props.actor, props.chatId));
    },

    /** A page of messages, oldest first; `before` (a seq) pages back through older ones. */
    async listMessages(props: {
      actor: Actor;
      chatId: unknown;
      before?: unknown;
      limit?: unknown;
    }): Promise<ChatMessagePagePayload> {
      const chat = await readableChat(props.actor, props.chatId);
      return pageOfMessages(chat.id, props.before, props.limit);
    },

    /** For a chat the caller has already been allowed to read (a field of Chat). */
    messagesOf(chatId: string, before?: unknown, limit?: unknown) {
      return pageOfMessages(chatId, before, limit);
    },

    /**
     * One exchange: the student's message, then the assistant's reply (spec: Chat, Chat message).
     * Order of checks: input, chat, owner, account state, daily limit, moderation, then the AI.
     */
    async sendMessage(props: { actor: Actor; input: unknown }): Promise<SendResult> {
      const input = (typeof props.input === "object" && props.input !== null ? props.input : {}) as Record<
        string,
        unknown
      >;
      const { chatId, message, userId, characterName } = input;
      const page = readPage(input.page);
      const text = typeof message === "string" ? withoutControlCharacters(message).trim() : "";
      if (
        typeof chatId !== "string" ||
        !chatId.trim() ||
        !text ||
        (userId !== undefined && userId !== null && !userId)
      ) {
        throw badInput(CHAT_FIELDS_REQUIRED_MESSAGE);
      }
      if (text.length > deps.limits.maxMessageLength) {
        throw badInput(messageTooLongMessage(deps.limits.maxMessageLength), {
          message: messageTooLongMessage(deps.limits.maxMessageLength),
        });
      }
      const chat = await findChat(chatId);
      if (!chat) {
        throw notFound(CHAT_NOT_FOUND_MESSAGE);
      }
      if (chat.userId !== props.actor.id || (typeof userId === "string" && userId !== props.actor.id)) {
        throw forbidden(CHAT_ACCESS_MESSAGE);
      }
      if (chat.characterName && characterName !== undefined && characterName !== chat.characterName) {
        throw badInput(CHARACTER_REQUIRED_MESSAGE);
      }
      const actor = await currentAccount(props.actor);
      // The book may have been withdrawn (or lost its text) since the chat began.
      await deps.books.openBook(actor, chat.bookId);
      // Checked here first, so a student at the limit is told so before moderation; checked again
      // where the message is stored, which is what holds when several sends race.
      const today = londonDay(new Date());
      await refuseOverDailyLimit(prisma, actor.id, today);
      // Layers 1 and 2 at once; the AI judge (when configured) beside the answer, which starts now
      // but reaches nobody until the judge has cleared the message.
      const history = await recentStudentMessages(chat.id);
      const { classifier } = deps.moderation;
      let verdict = classifier.classifyFast(text, history);
      let loaded: Awaited<ReturnType<AiService["loadBook"]>> | undefined;
      const bookFor = async () => {
        loaded ??= await deps.ai.loadBook(chat.bookId, await readingLimitOf(actor.id, chat.bookId));
        return loaded && page ? focusBookOnPage(loaded, page) : loaded;
      };
      // Replies at the level of the student's school (loaded with the account).
      const learner = learnerOf(actor.school?.phase);
      let early: StartedAnswer | null = null;
      if (classifier.judge && !(verdict.flagged && verdict.severity === "urgent")) {
        const voting = classifier.judge({ text, context: history });
        const book = verdict.flagged ? null : await bookFor();
        early = book ? await startAnswer(chat, book, LAST_SEQ, text, learner) : null;
        verdict = classifier.withJudge(verdict, await voting);
        if (verdict.flagged) {
          abandon(early);
          early = null;
        }
      }
      const outcome = await deps.moderation
        .screen({ actor, text, context: "chat", chatId: chat.id, bookId: chat.bookId, history, verdict })
        .catch((error: unknown) => {
          abandon(early);
          throw error;
        });
      if ((outcome.kind === "strike" && outcome.blocked) || (outcome.kind === "refused" && actor.role === "student")) {
        // Blocked by this message, or by another one a moment ago.
        throw new AppError(ErrorCode.AccountRestricted, Messages.accountRestricted);
      }
      if (outcome.kind === "strike" || outcome.kind === "refused" || outcome.kind === "notice") {
        const category = outcome.verdict.category ?? "bullying_hate";
        throw new AppError(ErrorCode.ContentFlagged, flaggedMessage(category, outcome.kind === "strike"));
      }
      const risk = outcome.kind === "risk";
      const book = risk ? null : await bookFor();
      if (!risk && !book) {
        throw notFound(BOOK_NOT_READY_MESSAGE);
      }

      // Reserve two seqs (the message and its reply) and store the message, in one transaction. The
      // student's row is locked first, so concurrent sends count today's messages one after another,
      // each seeing those stored before it: the daily limit cannot be passed by sending many at once.
      const { userRow, changed } = await prisma
        .$transaction(async (tx) => {
          await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${actor.id} FOR UPDATE`;
          await refuseOverDailyLimit(tx, actor.id, today);
          const changed = await tx.chat.update({
            where: { id: chat.id },
            data: { messageCount: { increment: 2 } },
            select: { messageCount: true, updatedAt: true, summary: true },
          });
          const userRow: ChatMessage = await tx.chatMessage.create({
            data: { chatId: chat.id, seq: changed.messageCount - 2, role: "user", content: text, withheldFromAi: risk },
          });
          return { userRow, changed };
        })
        .catch((error: unknown) => {
          abandon(early);
          throw error;
        });
      const userMessage = presentMessage(userRow);
      publishMessage(userMessage);
      publishActivity(chat, actor, changed).catch((error: unknown) =>
        deps.logger.error({ err: error, chatId: chat.id }, "could not publish the school's chat activity"),
      );

      if (!book) {
        const assistantMessage = await storeReply(chat.id, userRow.seq + 1, SUPPORT_REPLY, true);
        return { userMessage, assistantMessage };
      }
      try {
        const reply = await askAi(chat, book, userRow.seq, text, learner, early);
        const assistantMessage = await storeReply(chat.id, userRow.seq + 1, reply, false);
        if (actor.role === "student") {
          summaries.schedule(chat.id, changed.messageCount);
        }
        return { userMessage, assistantMessage };
      } catch (error) {
        deps.logger.error({ err: error, chatId: chat.id }, "AI provider failed");
        // The reply's place is filled either way, so the chat has no gap; if even that fails, the
        // student's message is still stored.
        await storeReply(chat.id, userRow.seq + 1, PROVIDER_FAILURE_REPLY, true).catch((storeError: unknown) =>
          deps.logger.error({ err: storeError, chatId: chat.id }, "could not store the failure note"),
        );
        if (actor.role === "student") {
          summaries.schedule(chat.id, changed.messageCount);
        }
        throw new AppError(ErrorCode.AiUnavailable, ERROR_SENDING_MESSAGE);
      }
    },

    /**
     * A chat's live events for one subscriber: first every stored message after `afterSeq` (catch-up
     * after a reconnect), then new events as they happen, each message exactly once.
     */
    async follow(props: {
      actor: Actor;
      chatId: unknown;
      afterSeq?: unknown;
      /** The subscriber as they are when each event goes out (over the WebSocket). */
      subscriber?: { current(): Promise<Actor | null> };
    }): Promise<AsyncIterable<ChatEventPayload>> {
      // The subscriber's role and school as they are now (a WebSocket's session is from connect time);
      // a restricted student may still follow their own chats.
      const fresh = await currentAccount(props.actor, { mayBeBlocked: true });
      const chat = await readableChat(fresh, props.chatId);
      const afterSeq = typeof props.afterSeq === "number" && Number.isInteger(props.afterSeq) ? props.afterSeq : null;
      // Listening starts before the stored messages are read, so nothing published in between is
      // missed. A plain iterator rather than an async generator: return() must stop the listener at
      // once, even while it waits for the next event (a generator would wait for that event first).
      const live = pubsub.subscribe(Topics.chatEvent, chat.id)[Symbol.asyncIterator]();
      let pending: Promise<IteratorResult<ChatEventPayload>> | null = live.next();
      let backlog: ChatEventPayload[] | null = null;
      const delivered = new Set<number>();
      const done = { done: true, value: undefined } as const;
      const stillReadable = async () => {
        if (!props.subscriber) {
          return true;
        }
        const now = await props.subscriber.current();
        return now !== null && chatAccess(now, chat) === "read";
      };
      const iterator: AsyncIterableIterator<ChatEventPayload> = {
        [Symbol.asyncIterator]() {
          return iterator;
        },
        async next() {
          if (backlog === null) {
            try {
              backlog = afterSeq === null ? [] : await storedAfter(chat.id, afterSeq);
            } catch (error) {
              await live.return?.();
              throw error;
            }
            for (const event of backlog) {
              delivered.add(event.seq);
            }
          }
          for (;;) {
            const queued = backlog.shift();
            let result: IteratorResult<ChatEventPayload>;
            if (queued) {
              result = { done: false, value: queued };
            } else {
              result = await (pending ?? live.next());
              pending = null;
            }
            if (result.done) {
              return done;
            }
            if (!queued && result.value.kind === "message" && delivered.has(result.value.seq)) {
              continue;
            }
            // Each event goes out only while the subscriber may still read the chat: a teacher moved to
            // another school or made a student, or an account whose session ended, hears no more.
            if (await stillReadable()) {
              return result;
            }
          }
        },
        async return() {
          await live.return?.();
          return done;
        },
      };
      return iterator;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
