import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { dailyLimitMessage, MODERATE_FIELDS_REQUIRED_MESSAGE } from "../src/modules/chat/chat.service.js";
import { SUPPORT_REPLY } from "../src/modules/moderation/moderation.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { otherSchool } from "./helpers/book-factory.js";
import { startBookApp } from "./helpers/gemini-app.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// Safeguarding (spec 4 Moderation, 5, 7 POST /api/chat/moderate, 8): every student chat message and
// review is classified before any AI call. Harm: not sent, a strike, a live alert; three strikes block
// the account (GraphQL ACCOUNT_RESTRICTED, REST 423) and close its WebSockets. Risk to the child: no
// strike, a kind reply with Childline, an urgent alert.

const BULLYING = "you are a stupid idiot and everyone in this class hates you";
const THREAT = "i am going to stab you tomorrow after school";
const PHONE = "text me on 07700 900123 after school";
const RISK = "i want to kill myself, nobody would miss me";
const ALERTS = `subscription { moderationAlerts {
  id type severity category reason messageExcerpt studentId studentDisplayName chatId bookId bookTitle strikeCount blocked createdAt
} }`;

type Alert = { type: string; severity: string; category: string | null; studentId: string; messageExcerpt: string };

describe("moderation and safeguarding", () => {
  let app: TestApp;
  let bookId: string;
  const open: Live<unknown>[] = [];

  beforeAll(async () => {
    ({ app, bookId } = await startBookApp({ AI_OFFLINE_PACE_MS: "0" }));
  });
  afterAll(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    await app.stop();
  });

  function live<T>(token: string, query: string, variables: Record<string, unknown> = {}): Live<T> {
    const subscription = subscribe<T>(app, token, query, variables);
    open.push(subscription as Live<unknown>);
    return subscription;
  }

  async function chatOf(user: TestUser): Promise<string> {
    const res = await app.gql(OPEN_CHAT, { bookId }, user.token);
    return res.body.data.openChat.id;
  }

  const send = (user: TestUser, chatId: string, message: string) =>
    app.gql(SEND, { input: { chatId, message } }, user.token);

  /** Subscriptions start listening a moment after subscribe: wait until one is surely live. */
  async function alertsFor(teacher: TestUser): Promise<Live<Alert>> {
    const alerts = live<Alert>(teacher.token, ALERTS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return alerts;
  }

  it("stops harmful messages before the AI, records a strike and alerts the school's teachers live", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const otherTeacher = await app.createUser({ role: "teacher", school: otherSchool(student.school) });
    const alerts = await alertsFor(teacher);
    const otherAlerts = await alertsFor(otherTeacher);
    const chatId = await chatOf(student);

    const res = await send(student, chatId, BULLYING);
    expect(gqlError(res.body).code).toBe("CONTENT_FLAGGED");
    expect(gqlError(res.body).message).toBe(
      "That message wasn't sent because it could hurt someone. Try saying it kindly, or ask something about the book. " +
        "If something or someone is upsetting you, talk to a teacher or a grown-up you trust. " +
        "If you send more like this, your account will be paused until your teacher turns it back on.",
    );
    expect(await app.db.prisma.chatMessage.count({ where: { chatId } })).toBe(0);
    const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(user).toMatchObject({ strikeCount: 1, blocked: false });
    const events = await app.db.prisma.moderationEvent.findMany({ where: { userId: student.id } });
    expect(events).toEqual([
      expect.objectContaining({
        type: "strike",
        severity: "normal",
        category: "bullying_hate",
        messageExcerpt: BULLYING,
      }),
    ]);
    const [alert] = await alerts.until((a) => a.length > 0);
    expect(alert).toMatchObject({
      type: "strike",
      category: "bullying_hate",
      studentId: student.id,
      messageExcerpt: BULLYING,
    });
    expect(otherAlerts.events).toEqual([]);
  });

  it("blocks at the third strike: ACCOUNT_RESTRICTED, REST 423, and the student's WebSockets close", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    const socket = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId });
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(gqlError((await send(student, chatId, BULLYING)).body).code).toBe("CONTENT_FLAGGED");
    // A personal detail is refused gently, with no strike (and no warning), and staff get a concern.
    expect(gqlError((await send(student, chatId, PHONE)).body)).toEqual({
      code: "CONTENT_FLAGGED",
      message:
        "That message wasn't sent because it has private details in it, like a phone number, an address or an email. " +
        "Keep those safe and never share them online. You can try again without them.",
    });
    // So is mild swearing, without a concern.
    expect(gqlError((await send(student, chatId, "damn this chapter is long")).body)).toEqual({
      code: "CONTENT_FLAGGED",
      message:
        "That message wasn't sent because it has a rude word in it. Could you say it another way? Then try again.",
    });
    expect(gqlError((await send(student, chatId, "this book is fucking boring")).body)).toEqual({
      code: "CONTENT_FLAGGED",
      message:
        "That message wasn't sent because it has swearing in it, which isn't right for school. Please say it without the swear words. " +
        "If you send more like this, your account will be paused until your teacher turns it back on.",
    });
    const third = await send(student, chatId, THREAT);
    expect(gqlError(third.body)).toMatchObject({ code: "ACCOUNT_RESTRICTED", message: Messages.accountRestricted });
    expect(await socket.closed).toBe(4403);

    const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(user).toMatchObject({ strikeCount: 3, blocked: true, blockReason: expect.any(String) });
    expect(user.blockedAt).toBeInstanceOf(Date);
    const events = await app.db.prisma.moderationEvent.findMany({ where: { userId: student.id } });
    expect(events.map((e) => `${e.type}:${e.category}`).sort()).toEqual([
      "block:threat_violence",
      "concern:personal_details",
      "strike:bullying_hate",
      "strike:swearing_strong",
      "strike:threat_violence",
    ]);

    // Every door is shut: a kind message over GraphQL, a review over REST, GraphQL over the WebSocket.
    expect(gqlError((await send(student, chatId, "Who is Mole?")).body).code).toBe("ACCOUNT_RESTRICTED");
    const review = await app.api("POST", `/api/reviews/${bookId}`, {
      token: student.token,
      body: { rating: 5, reviewText: "A lovely book" },
    });
    expect(review.status).toBe(423);
    expect(review.body.error).toBe(Messages.accountRestricted);
    const overSocket = live<unknown>(student.token, SEND, { input: { chatId, message: "Who is Rat?" } });
    await expect.poll(() => overSocket.errors[0]?.extensions?.code).toBe("ACCOUNT_RESTRICTED");
    expect(await app.db.prisma.chatMessage.count({ where: { chatId } })).toBe(0);
  });

  it("answers a child at risk kindly, with no strike and no AI, and sends teachers an urgent alert", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const alerts = await alertsFor(teacher);
    const chatId = await chatOf(student);
    const res = await send(student, chatId, RISK);
    expect(res.body.errors).toBeUndefined();
    const { userMessage, assistantMessage } = res.body.data.sendChatMessage;
    expect(userMessage.content).toBe(RISK);
    expect(assistantMessage.content).toBe(SUPPORT_REPLY);
    expect(assistantMessage.content).toContain("0800 1111");
    const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(user).toMatchObject({ strikeCount: 0, blocked: false });
    const [alert] = await alerts.until((a) => a.length > 0);
    expect(alert).toMatchObject({
      type: "alert",
      severity: "urgent",
      category: "risk_self_harm",
      messageExcerpt: RISK,
    });
    // Neither the disclosure nor the reply is ever sent back to the AI.
    const rows = await app.db.prisma.chatMessage.findMany({ where: { chatId } });
    expect(rows.every((r) => r.withheldFromAi)).toBe(true);
  });

  it("does not flag benign questions about dark scenes in the books", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    for (const question of [
      "Why did the weasels take over Toad Hall?",
      "Did Toad get sent to prison for stealing the car?",
    ]) {
      const res = await send(student, chatId, question);
      expect(res.body.errors, question).toBeUndefined();
    }
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } })).strikeCount).toBe(0);
  });

  describe("POST /api/chat/moderate", () => {
    it("answers { flagged, category, severity } and counts a student's flagged message as sent", async () => {
      const student = await app.createUser();
      const ok = await app.api("POST", "/api/chat/moderate", {
        token: student.token,
        body: { bookId, message: "Why did Toad steal the motor-car?" },
      });
      expect(ok).toMatchObject({ status: 200, body: { flagged: false, category: null, severity: "none" } });
      const bad = await app.api("POST", "/api/chat/moderate", {
        token: student.token,
        body: { bookId, message: THREAT },
      });
      expect(bad).toMatchObject({
        status: 200,
        body: { flagged: true, category: "threat_violence", severity: "high" },
      });
      const risk = await app.api("POST", "/api/chat/moderate", {
        token: student.token,
        body: { bookId, message: RISK },
      });
      expect(risk.body).toEqual({ flagged: true, category: "risk_self_harm", severity: "urgent" });
      const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
      expect(user.strikeCount).toBe(1);
      const events = await app.db.prisma.moderationEvent.findMany({ where: { userId: student.id } });
      expect(events.map((e) => `${e.type}:${e.severity}`).sort()).toEqual(["alert:urgent", "strike:normal"]);
    });

    it("refuses a restricted student with 423, as a send would be", async () => {
      const student = await app.createUser({ blocked: true });
      const res = await app.api("POST", "/api/chat/moderate", {
        token: student.token,
        body: { bookId, message: THREAT },
      });
      expect(res.status).toBe(423);
      expect(res.body.error).toBe(Messages.accountRestricted);
      expect(await app.db.prisma.moderationEvent.count({ where: { userId: student.id } })).toBe(0);
    });

    it("gives staff the verdict only, and validates its input", async () => {
      const teacher = await app.createUser({ role: "teacher" });
      const res = await app.api("POST", "/api/chat/moderate", {
        token: teacher.token,
        body: { bookId, message: THREAT },
      });
      expect(res.body.flagged).toBe(true);
      // A staff member's own words of risk get the verdict too, but no alert: alerts are about pupils.
      const risk = await app.api("POST", "/api/chat/moderate", {
        token: teacher.token,
        body: { bookId, message: RISK },
      });
      expect(risk.body).toEqual({ flagged: true, category: "risk_self_harm", severity: "urgent" });
      expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: teacher.id } })).strikeCount).toBe(0);
      expect(await app.db.prisma.moderationEvent.count({ where: { userId: teacher.id } })).toBe(0);

      const student = await app.createUser();
      for (const body of [
        {},
        { bookId },
        { message: "hi" },
        { bookId, message: "   " },
        { bookId: 5, message: "hi" },
      ]) {
        const invalid = await app.api("POST", "/api/chat/moderate", { token: student.token, body });
        expect(invalid.status, JSON.stringify(body)).toBe(400);
        expect(invalid.body.error).toBe(MODERATE_FIELDS_REQUIRED_MESSAGE);
      }
      const unknownBook = await app.api("POST", "/api/chat/moderate", {
        token: student.token,
        body: { bookId: "00000000-0000-4000-8000-000000000000", message: "hi" },
      });
      expect(unknownBook.status).toBe(404);
      expect((await app.api("POST", "/api/chat/moderate", { body: { bookId, message: "hi" } })).status).toBe(401);
    });
  });

  it("answers a threat with a next step and a trusted adult to talk to", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    expect(gqlError((await send(student, chatId, THREAT)).body)).toEqual({
      code: "CONTENT_FLAGGED",
      message:
        "That message wasn't sent because it sounds like a threat to hurt someone. Please ask something about the book instead. " +
        "If something or someone is upsetting you, talk to a teacher or a grown-up you trust. " +
        "If you send more like this, your account will be paused until your teacher turns it back on.",
    });
  });

  it("strikes a harmful review, refuses it kindly, and keeps the review unposted", async () => {
    const student = await app.createUser();
    const res = await app.api("POST", `/api/reviews/${bookId}`, {
      token: student.token,
      body: { rating: 1, reviewText: THREAT },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("CONTENT_FLAGGED");
    expect(res.body.error).toBe(
      "Your review wasn't posted because it sounds like a threat to hurt someone. " +
        "Please write about what you thought of the book instead. " +
        "If something or someone is upsetting you, talk to a teacher or a grown-up you trust. " +
        "If you send more like this, your account will be paused until your teacher turns it back on.",
    );
    expect(await app.db.prisma.review.count({ where: { userId: student.id } })).toBe(0);
    expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } })).strikeCount).toBe(1);
  });
});

describe("the daily message limit", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0", CHAT_DAILY_MESSAGE_LIMIT: "2" });
  });
  afterAll(() => app.stop());

  it("stops a student's messages for the day with a friendly message, across all their chats", async () => {
    const student = await app.createUser();
    const books = await app.db.prisma.book.findMany({ where: { slug: { not: null } }, take: 2, select: { id: true } });
    const chats: string[] = [];
    for (const book of books) {
      chats.push((await app.gql(OPEN_CHAT, { bookId: book.id }, student.token)).body.data.openChat.id);
    }
    expect(
      (await app.gql(SEND, { input: { chatId: chats[0], message: "Hello" } }, student.token)).body.errors,
    ).toBeUndefined();
    expect(
      (await app.gql(SEND, { input: { chatId: chats[1], message: "Hello" } }, student.token)).body.errors,
    ).toBeUndefined();
    const third = await app.gql(SEND, { input: { chatId: chats[0], message: "One more?" } }, student.token);
    expect(gqlError(third.body)).toMatchObject({ code: "TOO_MANY_REQUESTS", message: dailyLimitMessage(2) });
    // Another student is not affected.
    const classmate = await app.createUser();
    const theirChat = (await app.gql(OPEN_CHAT, { bookId: books[0]?.id }, classmate.token)).body.data.openChat.id;
    expect(
      (await app.gql(SEND, { input: { chatId: theirChat, message: "Hi" } }, classmate.token)).body.errors,
    ).toBeUndefined();
  });
});
