import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyLimitMessage } from "../src/modules/chat/chat.service.js";
import { londonDay } from "../src/modules/chat/london-day.js";
import { gqlError } from "./helpers/auth-kit.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// The daily message limit (spec: 150 messages per student per London day) holds under concurrency:
// counting today's messages and storing the new one are one step, so a burst of sends near the limit
// cannot all pass the count before any of them is stored.

const LIMIT = 150;
const ALREADY_SENT = 140;
const BURST = 25;

describe("the daily message limit under concurrent sends", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0", CHAT_DAILY_MESSAGE_LIMIT: String(LIMIT) });
  });
  afterAll(() => app.stop());

  it("accepts only the messages left for the day when many are sent at once", async () => {
    const student = await app.createUser();
    const { id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    const opened = await app.gql(OPEN_CHAT, { bookId }, student.token);
    expect(opened.body.errors).toBeUndefined();
    const chatId: string = opened.body.data.openChat.id;

    // Earlier today: 140 exchanges (a question and its reply each), stored as sendChatMessage stores them.
    const now = new Date();
    await app.db.prisma.chatMessage.createMany({
      data: Array.from({ length: ALREADY_SENT * 2 }, (_, seq) => ({
        chatId,
        seq,
        role: seq % 2 ? ("assistant" as const) : ("user" as const),
        content: `earlier message ${seq}`,
        createdAt: now,
      })),
    });
    await app.db.prisma.chat.update({ where: { id: chatId }, data: { messageCount: ALREADY_SENT * 2 } });

    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        app.gql(SEND, { input: { chatId, message: `Who is Mole? (question ${i + 1})` } }, student.token),
      ),
    );

    const accepted = results.filter((res) => res.body.errors === undefined);
    const refused = results.filter((res) => res.body.errors !== undefined);
    expect({ accepted: accepted.length, refused: refused.length }).toEqual({
      accepted: LIMIT - ALREADY_SENT,
      refused: BURST - (LIMIT - ALREADY_SENT),
    });
    for (const res of refused) {
      expect(gqlError(res.body)).toEqual({ code: "TOO_MANY_REQUESTS", message: dailyLimitMessage(LIMIT) });
    }
    for (const res of accepted) {
      const { userMessage, assistantMessage } = res.body.data.sendChatMessage;
      expect(assistantMessage.seq).toBe(userMessage.seq + 1);
    }

    const sentToday = await app.db.prisma.chatMessage.count({
      where: { role: "user", createdAt: { gte: londonDay(now).start }, chat: { userId: student.id } },
    });
    expect(sentToday).toBe(LIMIT);
    // A refused message left nothing behind: no row, and no seq skipped.
    const rows = await app.db.prisma.chatMessage.findMany({
      where: { chatId },
      orderBy: { seq: "asc" },
      select: { seq: true, role: true },
    });
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: LIMIT * 2 }, (_, seq) => seq));
    expect(rows.every((row) => row.role === (row.seq % 2 ? "assistant" : "user"))).toBe(true);
    const chat = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(chat.messageCount).toBe(LIMIT * 2);
  });
});
