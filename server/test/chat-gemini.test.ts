import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR_SENDING_MESSAGE, PROVIDER_FAILURE_REPLY } from "../src/modules/chat/chat.service.js";
import { SAFETY_SETTINGS } from "../src/modules/ai/gemini-provider.js";
import { gqlError } from "./helpers/auth-kit.js";
import { CHAT, CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini, geminiSettings, startFakeGemini } from "./helpers/fake-gemini.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { subscribe } from "./helpers/ws-kit.js";

// The chat with AI_PROVIDER=gemini: the real @google/genai SDK inside the server, talking to a fake
// Gemini on 127.0.0.1. The reply streams to subscribers as Gemini writes it; a provider that fails or
// hangs costs the student nothing they typed; the key, the book excerpts and the mode reach Gemini.

describe("chat through Gemini", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let bookId: string;

  beforeAll(async () => {
    gemini = await startFakeGemini();
    app = await startTestApp(geminiSettings(gemini, { timeoutMs: 400, maxRetries: 1 }));
    ({ id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    }));
  });
  beforeEach(() => gemini.reset());
  afterAll(async () => {
    await app.stop();
    await gemini.close();
  });

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

  it("never calls Gemini with a harmful message or a child's disclosure", async () => {
    const student = await app.createUser();
    const chatId = await chatOf(student);
    await send(student, chatId, "you are a stupid idiot and everyone hates you");
    await send(student, chatId, "i want to kill myself");
    expect(gemini.requests).toHaveLength(0);
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
