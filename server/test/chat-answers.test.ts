import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LATER_CHAPTER_SENTENCE, MAX_REPLY_WORDS } from "../src/modules/ai/voice.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { startBookApp } from "./helpers/gemini-app.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// Issue 20: the offline reading companion through the chat API, on both databases. A student asks as
// children do, and gets the answer first, a word's meaning, a chapter's events within their reading,
// a character speaking as themself, and help to plan homework instead of the homework.

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the offline reading companion, through the chat API", () => {
  let app: TestApp;
  let bookId: string;

  beforeAll(async () => {
    ({ app, bookId } = await startBookApp({ AI_OFFLINE_PACE_MS: "0" }));
  });
  afterAll(() => app.stop());

  async function ask(user: TestUser, message: string, characterName?: string): Promise<string> {
    const opened = await app.gql(OPEN_CHAT, { bookId, characterName }, user.token);
    expect(opened.body.errors).toBeUndefined();
    const chatId = opened.body.data.openChat.id as string;
    const res = await app.gql(SEND, { input: { chatId, message } }, user.token);
    expect(res.body.errors).toBeUndefined();
    const reply = res.body.data.sendChatMessage.assistantMessage.content as string;
    expect(words(reply), reply).toBeLessThanOrEqual(MAX_REPLY_WORDS);
    return reply;
  }

  it("answers first, then shows where the book says it", async () => {
    const student = await app.createUser();
    const reply = await ask(student, "how many years did toad get in prison");
    expect(reply).toMatch(/^[^“]+\. The book says: “.+” \(Chapter [IVX]+, [^)]+\) [^?]+\?$/);
  });

  it("explains a word in the sense the book uses it, with the book's sentence", async () => {
    const student = await app.createUser();
    const reply = await ask(student, "wat does wayfarer mean");
    expect(reply).toMatch(/^“Wayfarer” means /);
    expect(reply).toContain("wayfarers");
    expect(reply).toContain("(Chapter II, The Open Road)");
  });

  it("says what happens in a chapter the student has reached, and keeps later chapters for later", async () => {
    const reader = await app.createUser();
    await app.db.prisma.userBook.create({
      data: {
        id: `${reader.id}_${bookId}`,
        userId: reader.id,
        bookId,
        furthestChapter: 3,
        furthestParagraph: 500,
      },
    });
    expect(await ask(reader, "what happens in chapter 3")).toMatch(
      /^In chapter III, The Wild Wood, here's what happens: “/,
    );
    expect(await ask(reader, "what happens in chapter 7")).toContain(LATER_CHAPTER_SENTENCE);
  });

  it("lets a character tell their own story in the first person", async () => {
    const student = await app.createUser();
    const reply = await ask(student, "why did u go to prison", "Toad");
    expect(reply).toMatch(/^I'm Toad! /);
    const told = reply.slice("I'm Toad! ".length, reply.indexOf("(That's in"));
    expect(told).toMatch(/\b(?:I|me|my)\b/);
    expect(told).not.toMatch(/\b(?:said|cried) (?:poor )?Toad\b/);
  });

  it("offers to help plan homework instead of writing it, and stores both messages", async () => {
    const student = await app.createUser();
    const reply = await ask(student, "write my essay about Toad Hall");
    expect(reply).toMatch(/^I can't write that for you: it should be in your own words!/);
    const chat = await app.db.prisma.chat.findFirstOrThrow({
      where: { userId: student.id, bookId },
      select: { messageCount: true },
    });
    expect(chat.messageCount).toBe(2);
  });
});
