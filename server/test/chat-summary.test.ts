import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createChatSummaries } from "../src/modules/chat/chat-summary.service.js";
import { STUDENT_NOT_FOUND_MESSAGE, SUPPORT_REPLY } from "../src/modules/moderation/moderation.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { otherSchool } from "./helpers/book-factory.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini } from "./helpers/fake-gemini.js";
import { startBookApp, startGeminiApp, stopGeminiApp } from "./helpers/gemini-app.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// The one-line summary of each chat in the teacher's chat list (TeacherChat.summary, and `summary` in
// GET /api/chat/teacher/chats): made after each reply, off the request path, from the student's own
// questions; never from a message safeguarding refused or withheld; another school's teacher gets
// nothing. Offline by default, by Gemini (the fake one) when it is the provider.

const TEACHER_CHATS = `query TeacherChats($userId: ID) {
  teacherChats(userId: $userId, limit: 50) { items { id messageCount lastUpdated summary } nextCursor }
}`;
const BULLYING = "you are a stupid idiot and everyone in this class hates you";
const RISK = "i want to kill myself, nobody would miss me";

type Item = { id: string; messageCount: number; lastUpdated: string; summary: string | null };

function chatKit(app: () => TestApp, bookId: () => string) {
  return {
    async openChat(user: TestUser, characterName?: string): Promise<string> {
      const res = await app().gql(
        OPEN_CHAT,
        { bookId: bookId(), ...(characterName ? { characterName } : {}) },
        user.token,
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.openChat.id;
    },
    async ask(user: TestUser, chatId: string, message: string) {
      const res = await app().gql(SEND, { input: { chatId, message } }, user.token);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.sendChatMessage as { assistantMessage: { content: string } };
    },
    send: (user: TestUser, chatId: string, message: string) =>
      app().gql(SEND, { input: { chatId, message } }, user.token),
    /** The chat as the teacher's list (GraphQL) shows it. */
    async listed(teacher: TestUser, student: TestUser, chatId: string): Promise<Item | undefined> {
      const res = await app().gql(TEACHER_CHATS, { userId: student.id }, teacher.token);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return (res.body.data.teacherChats.items as Item[]).find((item) => item.id === chatId);
    },
    /**
     * Waits until the teacher's list shows `expected` as the chat's summary (it is made in the
     * background, after the reply), and that it was made at `messageCount`.
     */
    async expectSummary(teacher: TestUser, student: TestUser, chatId: string, messageCount: number, expected: string) {
      await expect
        .poll(async () => (await this.listed(teacher, student, chatId))?.summary, { timeout: 10_000 })
        .toBe(expected);
      const row = await app().db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
      expect(row.summaryMessageCount).toBe(messageCount);
    },
  };
}

describe("chat summaries for teachers (offline)", () => {
  let app: TestApp;
  let bookId: string;
  const kit = chatKit(
    () => app,
    () => bookId,
  );

  beforeAll(async () => {
    ({ app, bookId } = await startBookApp({ AI_OFFLINE_PACE_MS: "0" }));
  });
  afterAll(async () => {
    await app.stop();
  });

  it("shows what the student asked, over GraphQL and REST, and updates it as the chat grows", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    expect((await kit.listed(teacher, student, chatId))?.summary).toBeNull();

    await kit.ask(student, chatId, "Hello!");
    await kit.ask(student, chatId, "Why did Toad go to prison?");
    await kit.ask(student, chatId, "who is badger");
    await kit.expectSummary(teacher, student, chatId, 6, "Asked why Toad went to prison and who Badger is");

    const rest = await app.api("GET", `/api/chat/teacher/chats?userId=${student.id}`, { token: teacher.token });
    expect(rest.status).toBe(200);
    expect(rest.body.items).toEqual([
      expect.objectContaining({
        id: chatId,
        messageCount: 6,
        summary: "Asked why Toad went to prison and who Badger is",
      }),
    ]);

    await kit.ask(student, chatId, "I still don't get who Badger is");
    await kit.expectSummary(teacher, student, chatId, 8, "Asked why Toad went to prison; confused about who Badger is");
  });

  it("is null for an empty chat, and the summary does not move the chat's last update", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const empty = await kit.openChat(student, "Mole");
    const chatId = await kit.openChat(student);
    await kit.ask(student, chatId, "What does wayfarer mean?");
    await kit.expectSummary(teacher, student, chatId, 2, "Asked what 'wayfarer' means");
    expect(await kit.listed(teacher, student, empty)).toMatchObject({ messageCount: 0, summary: null });

    const [chat, reply] = await Promise.all([
      app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } }),
      app.db.prisma.chatMessage.findFirstOrThrow({ where: { chatId, role: "assistant" } }),
    ]);
    // Set when the message was stored, before the reply: the summary, written after, left it alone.
    expect(chat.updatedAt.getTime()).toBeLessThanOrEqual(reply.createdAt.getTime());
    expect((await kit.listed(teacher, student, chatId))?.lastUpdated).toBe(chat.updatedAt.toISOString());
  });

  it("never shows a message safeguarding refused or withheld", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    await kit.ask(student, chatId, "Why did Toad go to prison?");

    const refused = await kit.send(student, chatId, BULLYING);
    expect(gqlError(refused.body).code).toBe("CONTENT_FLAGGED");
    const risk = await kit.ask(student, chatId, RISK);
    expect(risk.assistantMessage.content).toBe(SUPPORT_REPLY);
    await kit.ask(student, chatId, "Where does Mole live?");

    await kit.expectSummary(teacher, student, chatId, 6, "Asked why Toad went to prison and where Mole lives");
    // The alerts have them: that is where a teacher reads them.
    const events = await app.db.prisma.moderationEvent.findMany({ where: { chatId }, select: { type: true } });
    expect(events.map((event) => event.type).sort()).toEqual(["alert", "strike"]);
  });

  it("gives another school's teacher nothing, and a student no teacher's list", async () => {
    const student = await app.createUser();
    const chatId = await kit.openChat(student);
    await kit.ask(student, chatId, "Who is Portly?");
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    await kit.expectSummary(teacher, student, chatId, 2, "Asked who Portly is");

    const elsewhere = await app.createUser({ role: "teacher", school: otherSchool(student.school) });
    const theirs = await app.gql(TEACHER_CHATS, { userId: student.id }, elsewhere.token);
    expect(gqlError(theirs.body)).toEqual({ message: STUDENT_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
    const ownList = await app.gql(TEACHER_CHATS, {}, elsewhere.token);
    expect(JSON.stringify(ownList.body)).not.toContain("Portly");
    const rest = await app.api("GET", `/api/chat/teacher/chats?userId=${student.id}`, { token: elsewhere.token });
    expect(rest.status).toBe(404);
    expect(JSON.stringify(rest.body)).not.toContain("Portly");

    const classmate = await app.createUser({ school: student.school });
    const asStudent = await app.gql(TEACHER_CHATS, { userId: student.id }, classmate.token);
    expect(gqlError(asStudent.body).code).toBe("FORBIDDEN");
    expect(JSON.stringify(asStudent.body)).not.toContain("Portly");
  });

  it("ends with the summary of every message when several are sent at once, and an older one never replaces it", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    await Promise.all(
      ["Who is Otter?", "Who is Portly?", "Why did Toad go to prison?"].map((message) =>
        kit.ask(student, chatId, message),
      ),
    );
    const parts = ["Otter", "Portly", "why Toad went to prison"];
    await expect
      .poll(
        async () => {
          const summary = (await kit.listed(teacher, student, chatId))?.summary ?? "";
          return parts.every((part) => summary.includes(part));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const made = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect(made.summaryMessageCount).toBe(6);

    // A refresh that comes late (another instance, a slow send) for an earlier count changes nothing.
    const summaries = createChatSummaries({
      prisma: app.db.prisma,
      provider: app.services.ai.provider,
      logger: app.logger,
    });
    await summaries.refresh(chatId, 2);
    await summaries.refresh(chatId, 4);
    const after = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } });
    expect({ summary: after.summary, count: after.summaryMessageCount }).toEqual({ summary: made.summary, count: 6 });
  });
});

describe("chat summaries for teachers (Gemini)", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let bookId: string;
  const kit = chatKit(
    () => app,
    () => bookId,
  );
  const dataOf = (request: FakeGemini["summaryRequests"][number] | undefined): string[] => {
    const text = request?.body.contents?.[0]?.parts?.[0]?.text ?? "";
    return JSON.parse(text.replace(/^<student_messages>\n/, "").replace(/\n<\/student_messages>$/, "")) as string[];
  };

  beforeAll(async () => {
    ({ gemini, app, bookId } = await startGeminiApp({ timeoutMs: 1_000, maxRetries: 0 }));
  });
  beforeEach(() => gemini.reset());
  afterAll(() => stopGeminiApp({ gemini, app }));

  it("asks Gemini with the student's questions only, at most once every few messages", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    gemini.scriptSummary(
      { kind: "reply", text: "Asked why Toad went to prison" },
      { kind: "reply", text: "Asked about Toad's prison and Badger; confused about Badger" },
    );
    await kit.ask(student, chatId, "Why did Toad go to prison?");
    await kit.expectSummary(teacher, student, chatId, 2, "Asked why Toad went to prison");
    expect(gemini.summaryRequests).toHaveLength(1);
    expect(dataOf(gemini.summaryRequests[0])).toEqual(["Why did Toad go to prison?"]);

    expect(gqlError((await kit.send(student, chatId, BULLYING)).body).code).toBe("CONTENT_FLAGGED");
    expect((await kit.ask(student, chatId, RISK)).assistantMessage.content).toBe(SUPPORT_REPLY);
    await kit.ask(student, chatId, "Who is Badger?");
    await kit.ask(student, chatId, "I don't get who Badger is");
    await kit.expectSummary(teacher, student, chatId, 8, "Asked about Toad's prison and Badger; confused about Badger");
    // Nobody summarised at 4 or 6: one call for the first exchange, the next one 6 messages later.
    expect(gemini.summaryRequests).toHaveLength(2);
    // Neither the refused message nor the one withheld from the AI reaches it.
    expect(dataOf(gemini.summaryRequests[1])).toEqual([
      "Why did Toad go to prison?",
      "Who is Badger?",
      "I don't get who Badger is",
    ]);
  });

  it("is waited for at shutdown: a summary still being made is stored before the database closes", async () => {
    const student = await app.createUser();
    const chatId = await kit.openChat(student);
    // A slow summary: the reply is back long before it.
    gemini.scriptSummary({ kind: "stream", chunks: ["Asked why ", "Toad went to prison"], delayMs: 400 });
    await kit.ask(student, chatId, "Why did Toad go to prison?");
    const before = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId }, select: { summary: true } });
    expect(before.summary).toBeNull();
    await app.services.chats.drain();
    const after = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId }, select: { summary: true } });
    expect(after.summary).toBe("Asked why Toad went to prison");
  });

  it("falls back to the offline summary when Gemini fails, and the child's reply is unaffected", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    gemini.scriptSummary({ kind: "error", status: 500 });
    const reply = await kit.ask(student, chatId, "Why did Toad go to prison?");
    expect(reply.assistantMessage.content).toContain("Why did Toad go to prison?");
    await kit.expectSummary(teacher, student, chatId, 2, "Asked why Toad went to prison");
    expect(gemini.summaryRequests).toHaveLength(1);
  });

  it("never lets a summary that is not fit to show through", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = await kit.openChat(student);
    gemini.scriptSummary({ kind: "reply", text: "Asked about Toad; their number is 07700 900123" });
    await kit.ask(student, chatId, "who is toad");
    await kit.expectSummary(teacher, student, chatId, 2, "Asked who Toad is");
  });
});
