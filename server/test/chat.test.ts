import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { BOOK_NOT_FOUND_MESSAGE, BOOK_NOT_READY_MESSAGE } from "../src/modules/books/book.policy.js";
import {
  CHARACTER_NOT_FOUND_MESSAGE,
  CHAT_ACCESS_MESSAGE,
  CHAT_FIELDS_REQUIRED_MESSAGE,
  CHAT_NOT_FOUND_MESSAGE,
  messageTooLongMessage,
} from "../src/modules/chat/chat.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { buildBook, otherSchool } from "./helpers/book-factory.js";
import { type HttpResult, startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { CHAT, CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// Chats (spec sections 3, 4, 5, 7): created on first open and reused; one exchange appends the
// student's message then the assistant's reply (messageCount + 2); every error of the spec; two sends
// at once; live events to every tab and the school's teachers, with catch-up after a reconnect.

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

describe("chats", () => {
  let app: TestApp;
  let willows: { id: string; title: string };
  const open: Live<unknown>[] = [];

  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "5" });
    willows = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true, title: true },
    });
  });
  afterAll(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    await app.stop();
  });

  function live<T>(token: string, query: string, variables: Record<string, unknown>): Live<T> {
    const subscription = subscribe<T>(app, token, query, variables);
    open.push(subscription as Live<unknown>);
    return subscription;
  }

  async function openChat(user: TestUser, bookId = willows.id, characterName?: string) {
    const res = await app.gql(OPEN_CHAT, { bookId, ...(characterName ? { characterName } : {}) }, user.token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.openChat;
  }

  const send = (user: TestUser, input: Record<string, unknown>) => app.gql(SEND, { input }, user.token);

  describe("opening", () => {
    it("creates the book chat on first open with the spec's id and fields, then reuses it", async () => {
      const student = await app.createUser({ displayName: "Ada Reader" });
      const first = await openChat(student);
      expect(first).toMatchObject({
        id: `${student.id}_${willows.id}`,
        userId: student.id,
        bookId: willows.id,
        bookTitle: willows.title,
        school: "Pimlico Academy",
        studentDisplayName: "Ada Reader",
        messageCount: 0,
        characterName: null,
        createdAt: ISO,
        updatedAt: ISO,
        messages: { items: [], nextBefore: null },
      });
      expect(first.initialContext).toContain(willows.title);
      expect(first.systemPrompt).toContain("politely decline");
      const again = await openChat(student);
      expect(again.id).toBe(first.id);
      expect(await app.db.prisma.chat.count({ where: { userId: student.id } })).toBe(1);
    });

    it("opens a character chat with non-alphanumerics in the name as underscores", async () => {
      const student = await app.createUser();
      const book = await buildBook(app, { characterList: ["Mr. Toad", "Mole"] });
      const chat = await openChat(student, book.id, "Mr. Toad");
      expect(chat.id).toBe(`${student.id}_${book.id}_char_Mr__Toad`);
      expect(chat.characterName).toBe("Mr. Toad");
      expect(chat.systemPrompt).toContain("first person");
    });

    it("opening the same chat from two tabs at once creates it once", async () => {
      const student = await app.createUser();
      const results = await Promise.all([openChat(student), openChat(student), openChat(student)]);
      expect(new Set(results.map((c) => c.id)).size).toBe(1);
      expect(await app.db.prisma.chat.count({ where: { userId: student.id } })).toBe(1);
    });

    it("refuses a character the book does not have, and books the student may not open", async () => {
      const student = await app.createUser();
      const book = await buildBook(app, { characterList: ["Mole"] });
      const wrong = await app.gql(OPEN_CHAT, { bookId: book.id, characterName: "Voldemort" }, student.token);
      expect(gqlError(wrong.body)).toMatchObject({ message: CHARACTER_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });

      const elsewhere = await buildBook(app, { schools: [otherSchool(student.school)] });
      const hidden = await app.gql(OPEN_CHAT, { bookId: elsewhere.id }, student.token);
      expect(gqlError(hidden.body).message).toBe(BOOK_NOT_FOUND_MESSAGE);

      const noText = await buildBook(app, { hasText: false });
      const notReady = await app.gql(OPEN_CHAT, { bookId: noText.id }, student.token);
      expect(gqlError(notReady.body).message).toBe(BOOK_NOT_READY_MESSAGE);

      const anonymous = await app.gql(OPEN_CHAT, { bookId: willows.id });
      expect(gqlError(anonymous.body).code).toBe("UNAUTHENTICATED");
      expect(await app.db.prisma.chat.count({ where: { userId: student.id } })).toBe(0);
    });
  });

  describe("sending", () => {
    it("appends the student's message then a grounded reply, raising messageCount by 2", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      const res = await send(student, { chatId: chat.id, message: "  Who is Mr. Toad?  " });
      expect(res.body.errors).toBeUndefined();
      const { userMessage, assistantMessage } = res.body.data.sendChatMessage;
      expect(userMessage).toMatchObject({ seq: 0, role: "user", content: "Who is Mr. Toad?", timestamp: ISO });
      expect(assistantMessage).toMatchObject({ seq: 1, role: "assistant", isInitialContext: false });
      // The offline provider quotes the passage that answers it (Rat on Toad, chapter II), word for word.
      expect(assistantMessage.content).toMatch(/chapter II/i);
      expect(assistantMessage.content).toMatch(/best of animals/);
      const words = (t: string) => t.replace(/[‘’“”"']/g, "").replace(/\s+/g, " ");
      const quote = /“(.{20,})”/s.exec(assistantMessage.content)?.[1];
      expect(quote, assistantMessage.content).toBeDefined();
      const text = await app.db.prisma.bookText.findUniqueOrThrow({ where: { bookId: willows.id } });
      expect(words(text.content)).toContain(words(quote as string).slice(0, 60));

      const after = await app.gql(CHAT, { id: chat.id }, student.token);
      expect(after.body.data.chat.messageCount).toBe(2);
      expect(after.body.data.chat.messages.items.map((m: { seq: number }) => m.seq)).toEqual([0, 1]);
    });

    it("answers the spec's errors and stores nothing", async () => {
      const student = await app.createUser();
      const other = await app.createUser();
      const chat = await openChat(student);
      const cases: [Record<string, unknown>, TestUser, string, string][] = [
        [{ chatId: "", message: "Hello" }, student, CHAT_FIELDS_REQUIRED_MESSAGE, "BAD_USER_INPUT"],
        [{ chatId: chat.id, message: "   \n\t " }, student, CHAT_FIELDS_REQUIRED_MESSAGE, "BAD_USER_INPUT"],
        [{ chatId: chat.id, message: "Hi", userId: "" }, student, CHAT_FIELDS_REQUIRED_MESSAGE, "BAD_USER_INPUT"],
        [{ chatId: `${student.id}_nope`, message: "Hello" }, student, CHAT_NOT_FOUND_MESSAGE, "NOT_FOUND"],
        [{ chatId: chat.id, message: "Hello" }, other, CHAT_ACCESS_MESSAGE, "FORBIDDEN"],
        [{ chatId: chat.id, message: "Hello", userId: other.id }, student, CHAT_ACCESS_MESSAGE, "FORBIDDEN"],
        [{ chatId: chat.id, message: "x".repeat(1001) }, student, messageTooLongMessage(1000), "BAD_USER_INPUT"],
      ];
      for (const [input, user, message, code] of cases) {
        const res = await send(user, input);
        expect(gqlError(res.body), JSON.stringify(input).slice(0, 80)).toMatchObject({ message, code });
      }
      const anonymous = await app.gql(SEND, { input: { chatId: chat.id, message: "Hello" } });
      expect(gqlError(anonymous.body).code).toBe("UNAUTHENTICATED");
      expect(await app.db.prisma.chatMessage.count({ where: { chatId: chat.id } })).toBe(0);
    });

    it("refuses a blocked account with ACCOUNT_RESTRICTED", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      await app.db.prisma.user.update({ where: { id: student.id }, data: { blocked: true } });
      const res = await send(student, { chatId: chat.id, message: "Who is Badger?" });
      expect(gqlError(res.body)).toMatchObject({ message: Messages.accountRestricted, code: "ACCOUNT_RESTRICTED" });
      expect(await app.db.prisma.chatMessage.count({ where: { chatId: chat.id } })).toBe(0);
    });

    it("two sends at once from two tabs lose nothing and keep each reply after its question", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      const questions = ["Who is Mole?", "Who is Badger?", "Where does Rat live?", "What is Toad Hall?"];
      const results = await Promise.all(questions.map((message) => send(student, { chatId: chat.id, message })));
      for (const res of results) {
        expect(res.body.errors).toBeUndefined();
      }
      const rows = await app.db.prisma.chatMessage.findMany({ where: { chatId: chat.id }, orderBy: { seq: "asc" } });
      expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(rows.map((r) => r.role)).toEqual([
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
      ]);
      expect(
        rows
          .filter((r) => r.role === "user")
          .map((r) => r.content)
          .sort(),
      ).toEqual([...questions].sort());
      for (const res of results) {
        const { userMessage, assistantMessage } = res.body.data.sendChatMessage;
        expect(assistantMessage.seq).toBe(userMessage.seq + 1);
      }
      const stored = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: chat.id } });
      expect(stored.messageCount).toBe(8);
    });

    it("drops control characters (PostgreSQL refuses NUL) and still screens the text", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      const res = await send(student, { chatId: chat.id, message: "Who is\u0000 Mole?\u0007" });
      expect(res.body.data.sendChatMessage.userMessage.content).toBe("Who is Mole?");
      const harmful = await send(student, {
        chatId: chat.id,
        message: "you are a stupid\u0000 idiot and everyone hates you",
      });
      expect(gqlError(harmful.body).code).toBe("CONTENT_FLAGGED");
      expect(await app.db.prisma.moderationEvent.count({ where: { userId: student.id, type: "strike" } })).toBe(1);
    });

    it("stops when the book is withdrawn from the student's school", async () => {
      const student = await app.createUser();
      const book = await buildBook(app);
      const chat = await openChat(student, book.id);
      await app.db.prisma.book.update({ where: { id: book.id }, data: { status: "draft" } });
      const res = await send(student, { chatId: chat.id, message: "Hello?" });
      expect(gqlError(res.body)).toMatchObject({ code: "NOT_FOUND", message: BOOK_NOT_FOUND_MESSAGE });
      expect(await app.db.prisma.chatMessage.count({ where: { chatId: chat.id } })).toBe(0);
    });

    it("pages back through older messages with before", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      await app.db.prisma.chatMessage.createMany({
        data: Array.from({ length: 25 }, (_, seq) => ({
          chatId: chat.id,
          seq,
          role: seq % 2 ? ("assistant" as const) : ("user" as const),
          content: `message ${seq}`,
        })),
      });
      const seen: number[] = [];
      let before: number | null = null;
      do {
        const res: HttpResult = await app.gql(CHAT, { id: chat.id, before, limit: 10 }, student.token);
        const page: { items: { seq: number }[]; nextBefore: number | null } = res.body.data.chat.messages;
        seen.unshift(...page.items.map((m: { seq: number }) => m.seq));
        before = page.nextBefore;
      } while (before !== null);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
      const bad = await app.gql(CHAT, { id: chat.id, limit: 0 }, student.token);
      expect(gqlError(bad.body).code).toBe("BAD_USER_INPUT");
    });

    it("lets the owner, their school's teachers and admins read a chat; nobody else", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      const teacher = await app.createUser({ role: "teacher", school: student.school });
      const otherTeacher = await app.createUser({ role: "teacher", school: otherSchool(student.school) });
      const admin = await app.createUser({ role: "admin" });
      const classmate = await app.createUser({ school: student.school });
      for (const reader of [student, teacher, admin]) {
        expect((await app.gql(CHAT, { id: chat.id }, reader.token)).body.data.chat.id).toBe(chat.id);
      }
      expect(gqlError((await app.gql(CHAT, { id: chat.id }, otherTeacher.token)).body)).toMatchObject({
        message: CHAT_NOT_FOUND_MESSAGE,
        code: "NOT_FOUND",
      });
      expect(gqlError((await app.gql(CHAT, { id: chat.id }, classmate.token)).body)).toMatchObject({
        message: CHAT_ACCESS_MESSAGE,
        code: "FORBIDDEN",
      });
      // A teacher may read but never write into a student's chat.
      const write = await send(teacher, { chatId: chat.id, message: "Hello" });
      expect(gqlError(write.body).message).toBe(CHAT_ACCESS_MESSAGE);
    });
  });

  describe("live", () => {
    it("delivers the message, the reply as it is written, then the reply, to a second tab and a teacher", async () => {
      const student = await app.createUser();
      const teacher = await app.createUser({ role: "teacher", school: student.school });
      const chat = await openChat(student);
      const tab = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId: chat.id, afterSeq: -1 });
      const watcher = live<ChatEvent>(teacher.token, CHAT_EVENTS, { chatId: chat.id, afterSeq: -1 });
      const res = await send(student, { chatId: chat.id, message: "Who is Mr. Toad?" });
      const reply = res.body.data.sendChatMessage.assistantMessage;
      for (const subscription of [tab, watcher]) {
        const events = await subscription.until((e) => e.some((x) => x.kind === "message" && x.seq === 1));
        const messages = events.filter((e) => e.kind === "message");
        expect(messages.map((e) => [e.seq, e.message?.role])).toEqual([
          [0, "user"],
          [1, "assistant"],
        ]);
        expect(messages[1]?.message?.content).toBe(reply.content);
        // Partials carry the reply so far: each a prefix of the final text.
        for (const partial of events.filter((e) => e.kind === "partial")) {
          expect(partial.seq).toBe(1);
          expect(reply.content.startsWith((partial.text ?? "").trim())).toBe(true);
        }
      }
    });

    it("catches up after a reconnect without duplicates or gaps", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      await send(student, { chatId: chat.id, message: "Who is Mole?" });
      const first = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId: chat.id, afterSeq: -1 });
      await first.until((e) => e.filter((x) => x.kind === "message").length === 2);
      await first.dispose();
      // While disconnected, two more exchanges happen.
      await send(student, { chatId: chat.id, message: "Who is Badger?" });
      await send(student, { chatId: chat.id, message: "Who is Rat?" });
      const again = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId: chat.id, afterSeq: 1 });
      await again.until((e) => e.filter((x) => x.kind === "message").length === 4);
      await send(student, { chatId: chat.id, message: "What is Toad Hall?" });
      const events = await again.until((e) => e.filter((x) => x.kind === "message").length === 6);
      expect(events.filter((e) => e.kind === "message").map((e) => e.seq)).toEqual([2, 3, 4, 5, 6, 7]);
    });

    it("a teacher made a student gets no more alerts and cannot open the chat again", async () => {
      const student = await app.createUser();
      const teacher = await app.createUser({ role: "teacher", school: student.school });
      const admin = await app.createUser({ role: "admin" });
      const chat = await openChat(student);
      const demoted = await app.api("PATCH", `/api/auth/user/${teacher.id}`, {
        token: admin.token,
        body: { role: "student" },
      });
      expect(demoted.status).toBe(200);
      // The same token, a new subscription: the role is read as it is now.
      const again = live<ChatEvent>(teacher.token, CHAT_EVENTS, { chatId: chat.id });
      await expect.poll(() => again.errors[0]?.message).toBe(CHAT_ACCESS_MESSAGE);
    });

    it("refuses another school's teacher and another student, without saying whether the chat exists", async () => {
      const student = await app.createUser();
      const chat = await openChat(student);
      const otherTeacher = await app.createUser({ role: "teacher", school: otherSchool(student.school) });
      const stranger = await app.createUser({ school: otherSchool(student.school) });
      const teacherView = live<ChatEvent>(otherTeacher.token, CHAT_EVENTS, { chatId: chat.id });
      const strangerView = live<ChatEvent>(stranger.token, CHAT_EVENTS, { chatId: chat.id });
      const missing = live<ChatEvent>(otherTeacher.token, CHAT_EVENTS, { chatId: `${chat.id}_nope` });
      for (const view of [teacherView, strangerView, missing]) {
        await expect.poll(() => view.errors.length).toBeGreaterThan(0);
      }
      expect(teacherView.errors[0]?.message).toBe(CHAT_NOT_FOUND_MESSAGE);
      expect(missing.errors[0]?.message).toBe(CHAT_NOT_FOUND_MESSAGE);
      expect(strangerView.errors[0]?.message).toBe(CHAT_ACCESS_MESSAGE);
      await send(student, { chatId: chat.id, message: "Who is Mole?" });
      expect([...teacherView.events, ...strangerView.events]).toEqual([]);
    });
  });
});
