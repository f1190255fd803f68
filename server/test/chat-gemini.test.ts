import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR_SENDING_MESSAGE, PROVIDER_FAILURE_REPLY } from "../src/modules/chat/chat.service.js";
import { SUPPORT_REPLY } from "../src/modules/moderation/moderation.service.js";
import { SAFETY_SETTINGS } from "../src/modules/ai/gemini-provider.js";
import { gqlError } from "./helpers/auth-kit.js";
import { CHAT, CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini, judgeAnswer } from "./helpers/fake-gemini.js";
import { startGeminiApp, stopGeminiApp } from "./helpers/gemini-app.js";
import { type TestApp, type TestUser } from "./helpers/test-app.js";
import { subscribe } from "./helpers/ws-kit.js";

// The chat with AI_PROVIDER=gemini: the real @google/genai SDK inside the server, talking to a fake
// Gemini on 127.0.0.1. The reply streams to subscribers as Gemini writes it; a provider that fails or
// hangs costs the student nothing they typed; the key, the book excerpts and the mode reach Gemini.

/** The judge's prompt: the child's messages, quoted. */
const promptOf = (request: FakeGemini["judgeRequests"][number]): string =>
  request.body.contents?.[0]?.parts?.[0]?.text ?? "";

describe("chat through Gemini", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let bookId: string;

  beforeAll(async () => {
    ({ gemini, app, bookId } = await startGeminiApp(
      { timeoutMs: 400, maxRetries: 1 },
      { MODERATION_JUDGE_TIMEOUT_MS: "1500" },
    ));
  });
  beforeEach(() => gemini.reset());
  afterAll(() => stopGeminiApp({ gemini, app }));

  async function chatOf(user: TestUser, characterName?: string): Promise<string> {
    const res = await app.gql(OPEN_CHAT, { bookId, ...(characterName ? { characterName } : {}) }, user.token);
    expect(res.body.errors).toBeUndefined();
    return res.body.data.openChat.id;
  }

  const send = (user: TestUser, chatId: string, message: string) =>
    app.gql(SEND, { input: { chatId, message } }, user.token);

  it("streams Gemini's reply to subscribers and stores it whole", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    const events = subscribe<ChatEvent>(app, student.token, CHAT_EVENTS, { chatId, afterSeq: -1 });
    try {
      gemini.script({
        kind: "stream",
        chunks: ["Mr. Toad is ", "a rich and boastful toad ", "who loves motor-cars."],
        delayMs: 120,
      });
      const res = await send(student, chatId, "Who is Mr. Toad?");
      expect(res.body.errors).toBeUndefined();
      const reply = "Mr. Toad is a rich and boastful toad who loves motor-cars.";
      expect(res.body.data.sendChatMessage.assistantMessage.content).toBe(reply);
      const got = await events.until((e) => e.some((x) => x.kind === "message" && x.seq === 1));
      const partials = got.filter((e) => e.kind === "partial").map((e) => e.text);
      expect(partials.length).toBeGreaterThanOrEqual(2);
      expect(partials.every((text) => reply.startsWith(text ?? "-"))).toBe(true);
    } finally {
      await events.dispose();
    }

    const [request] = gemini.requests;
    expect(request?.model).toBe("gemini-test-lite");
    expect(request?.apiKey).toBe("test-gemini-key");
    expect(request?.body.safetySettings).toEqual(SAFETY_SETTINGS);
    const instruction = request?.body.systemInstruction?.parts?.[0]?.text ?? "";
    expect(instruction).toContain("The Wind in the Willows");
    expect(instruction).toMatch(/Toad/);
    expect(request?.body.contents?.at(-1)).toEqual({ role: "user", parts: [{ text: "Who is Mr. Toad?" }] });
  });

  it("sends a character chat's history starting with a user turn, in character", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student, "Toad");
    gemini.script({ kind: "stream", chunks: ["I am Toad of Toad Hall!"] });
    await send(student, chatId, "Who are you?");
    gemini.script({ kind: "stream", chunks: ["My motor-car, of course!"] });
    await send(student, chatId, "What do you love most?");
    const request = gemini.requests.at(-1);
    expect(request?.body.contents?.map((c) => c.role)).toEqual(["user", "model", "user"]);
    expect(request?.body.systemInstruction?.parts?.[0]?.text).toMatch(/first person/i);
  });

  it("retries a 503 and answers", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    gemini.script({ kind: "error", status: 503 }, { kind: "stream", chunks: ["Badger is wise."] });
    const res = await send(student, chatId, "Who is Badger?");
    expect(res.body.data.sendChatMessage.assistantMessage.content).toBe("Badger is wise.");
    expect(gemini.requests).toHaveLength(2);
  });

  it("times out a hanging provider: 'Error sending message', and the student's message is kept", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    gemini.script({ kind: "hang" }, { kind: "hang" });
    const res = await send(student, chatId, "Where does Rat live?");
    expect(gqlError(res.body)).toMatchObject({ message: ERROR_SENDING_MESSAGE, code: "AI_UNAVAILABLE" });
    expect(gemini.requests).toHaveLength(2);
    const chat = (await app.gql(CHAT, { id: chatId }, student.token)).body.data.chat;
    expect(chat.messageCount).toBe(2);
    expect(chat.messages.items.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["user", "Where does Rat live?"],
      ["assistant", PROVIDER_FAILURE_REPLY],
    ]);

    // Trying again works, and the failure note is never sent back to the AI.
    gemini.script({ kind: "stream", chunks: ["By the river."] });
    const again = await send(student, chatId, "Where does Rat live?");
    expect(again.body.data.sendChatMessage.assistantMessage).toMatchObject({ seq: 3, content: "By the river." });
    const contents = gemini.requests.at(-1)?.body.contents ?? [];
    expect(JSON.stringify(contents)).not.toContain(PROVIDER_FAILURE_REPLY);
    expect(contents.at(-1)?.role).toBe("user");
  });

  it("fails at once on a refused key, without leaking it", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    gemini.script({ kind: "error", status: 403, message: "API key test-gemini-key not valid" });
    const res = await send(student, chatId, "Who is Mole?");
    expect(gqlError(res.body).message).toBe(ERROR_SENDING_MESSAGE);
    expect(JSON.stringify(res.body)).not.toContain("test-gemini-key");
    expect(gemini.requests).toHaveLength(1);
  });

  it("never sends a harmful message or a child's disclosure to the answering AI", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    await send(student, chatId, "you are a stupid idiot and everyone hates you");
    await send(student, chatId, "i want to kill myself");
    expect(gemini.requests).toHaveLength(0);
    // The judge read the insult (it could have seen a risk behind it); the disclosure, urgent at once,
    // went nowhere.
    expect(gemini.judgeRequests.map(promptOf)).toEqual([expect.stringContaining("stupid idiot")]);
  });

  describe("with the safeguarding judge", () => {
    const events = (chatId: string, token: string) =>
      subscribe<ChatEvent>(app, token, CHAT_EVENTS, { chatId, afterSeq: -1 });

    it("starts the answer beside the judge and shows nothing of it until the judge has cleared the message", async () => {
      const student = await app.createUser();
      const chatId = await chatOf(student);
      const feed = events(chatId, student.token);
      try {
        gemini.scriptJudge({ ...judgeAnswer(), delayMs: 700 });
        gemini.script({ kind: "stream", chunks: ["Toad lives ", "at Toad Hall."], delayMs: 50 });
        const sending = send(student, chatId, "Where does Toad live?");
        // Both calls are out before either has answered.
        await expect.poll(() => gemini.requests.length + gemini.judgeRequests.length).toBe(2);
        expect(feed.events).toEqual([]);
        const res = await sending;
        expect(res.body.data.sendChatMessage.assistantMessage.content).toBe("Toad lives at Toad Hall.");
        const got = await feed.until((e) => e.some((x) => x.kind === "message" && x.seq === 1));
        // The student's message first, then the reply: nothing of the reply before the judge's answer.
        expect(got[0]).toMatchObject({ kind: "message", seq: 0 });
      } finally {
        await feed.dispose();
      }
      expect(promptOf(gemini.judgeRequests[0]!)).toContain("Where does Toad live?");
    });

    it("makes a message urgent when the judge sees a risk: the support reply, an urgent alert, the AI's answer dropped", async () => {
      const student = await app.createUser();
      const chatId = await chatOf(student);
      await send(student, chatId, "Who is Badger?");
      gemini.reset();
      gemini.scriptJudge(judgeAnswer("risk_abuse", "urgent", "Hints at harm at home."));
      gemini.script({ kind: "stream", chunks: ["Badger is wise."] });
      const res = await send(student, chatId, "it happened again last night");
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.sendChatMessage.assistantMessage.content).toBe(SUPPORT_REPLY);
      // The judge saw the earlier message too.
      expect(promptOf(gemini.judgeRequests[0]!)).toContain('"Who is Badger?"');
      const alert = await app.db.prisma.moderationEvent.findFirstOrThrow({ where: { userId: student.id } });
      expect(alert).toMatchObject({ type: "alert", severity: "urgent", category: "risk_abuse" });
      expect(alert.reason).toContain("AI judge: Hints at harm at home.");
      const rows = await app.db.prisma.chatMessage.findMany({ where: { chatId, seq: { gte: 2 } } });
      expect(rows.map((r) => [r.content, r.withheldFromAi])).toEqual([
        ["it happened again last night", true],
        [SUPPORT_REPLY, true],
      ]);
    });

    it("refuses what the judge finds harmful, with a strike, and stores nothing", async () => {
      const student = await app.createUser();
      const chatId = await chatOf(student);
      gemini.scriptJudge(judgeAnswer("bullying_hate", "high", "Mocks a classmate."));
      gemini.script({ kind: "stream", chunks: ["Never shown."] });
      const res = await send(student, chatId, "sam in my class reads like a baby lol");
      expect(gqlError(res.body).code).toBe("CONTENT_FLAGGED");
      expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } })).strikeCount).toBe(1);
      expect(await app.db.prisma.chatMessage.count({ where: { chatId } })).toBe(0);
    });

    it("lets layers 1 and 2 decide when the judge times out or answers nonsense", async () => {
      const student = await app.createUser();
      const chatId = await chatOf(student);
      gemini.scriptJudge({ kind: "hang" });
      gemini.script({ kind: "stream", chunks: ["Rat loves boats."] });
      const late = await send(student, chatId, "What does Rat love?");
      expect(late.body.data.sendChatMessage.assistantMessage.content).toBe("Rat loves boats.");
      gemini.scriptJudge({ kind: "reply", text: "I think this is fine" });
      gemini.script({ kind: "stream", chunks: ["Mole is shy."] });
      const garbled = await send(student, chatId, "What is Mole like?");
      expect(garbled.body.data.sendChatMessage.assistantMessage.content).toBe("Mole is shy.");
      expect(await app.db.prisma.moderationEvent.count({ where: { userId: student.id } })).toBe(0);
    });
  });

  it("withholds a reply that fails the output check", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    const events = subscribe<ChatEvent>(app, student.token, CHAT_EVENTS, { chatId, afterSeq: -1 });
    // Partials are not replayed on catch-up: let the subscription start listening first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      gemini.script({
        kind: "stream",
        chunks: ["Mole is kind. ", "But you are a stupid idiot ", "and everyone hates you."],
        delayMs: 150,
      });
      const res = await send(student, chatId, "Who is Mole?");
      const reply = res.body.data.sendChatMessage.assistantMessage.content as string;
      expect(reply).not.toMatch(/idiot/);
      expect(reply).toMatch(/Let's talk about another part of The Wind in the Willows/);
      const got = await events.until((e) => e.some((x) => x.kind === "message" && x.seq === 1));
      // The harmful part never went out, not even as a partial while the reply was being written.
      expect(got.some((e) => e.kind === "partial" && e.text?.startsWith("Mole is kind"))).toBe(true);
      expect(JSON.stringify(got)).not.toMatch(/idiot/);
    } finally {
      await events.dispose();
    }
  });
});
