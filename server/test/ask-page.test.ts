import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { splitSections } from "../src/modules/ai/passages.js";
import { PAGE_MESSAGE } from "../src/modules/chat/chat.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini, geminiSettings, startFakeGemini } from "./helpers/fake-gemini.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// 'Ask about this page' (issue 8): a question sent from the reader carries the page on the student's
// screen (chapter and paragraphs), and both providers answer about that page: the offline provider
// quotes it, Gemini receives it among its excerpts and is told the child is asking about it.

// The Wind in the Willows, "V. DULCE DOMUM" (section 5): Mole and Rat in the snow, before the carol.
const CHAPTER = 5;
const PAGE = { chapter: CHAPTER, paragraph: 30, lastParagraph: 33 };
const QUESTION = "What is Mole doing?";

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

async function setUp(app: TestApp) {
  const book = await app.db.prisma.book.findUniqueOrThrow({
    where: { slug: "the-wind-in-the-willows" },
    select: { id: true, text: { select: { content: true } } },
  });
  const sections = splitSections(book.text?.content ?? "");
  const pageText = collapse(
    (sections[CHAPTER]?.paragraphs ?? []).slice(PAGE.paragraph, PAGE.lastParagraph + 1).join(" "),
  );
  return { id: book.id, title: sections[CHAPTER]?.chapter ?? "", pageText };
}

function chatKit(app: TestApp, bookId: string) {
  return {
    async open(user: TestUser): Promise<string> {
      const res = await app.gql(OPEN_CHAT, { bookId }, user.token);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.openChat.id as string;
    },
    send(user: TestUser, chatId: string, message: string, page?: Record<string, unknown>) {
      return app.gql(SEND, { input: { chatId, message, ...(page ? { page } : {}) } }, user.token);
    },
  };
}

/** The text between the reply's own quotation marks (the offline provider's quote), without its "…". */
function quoteOf(reply: string): string {
  const start = reply.indexOf("“");
  const end = reply.lastIndexOf("”");
  expect(start, `a quote in: ${reply}`).toBeGreaterThan(0);
  const quote = collapse(reply.slice(start + 1, end).replace(/^(…|\.\.\.)\s*|\s*(…|\.\.\.)$/g, ""));
  expect(quote.split(" ").length, quote).toBeGreaterThan(2);
  return quote;
}

describe("'Ask about this page', offline provider", () => {
  let app: TestApp;
  let book: Awaited<ReturnType<typeof setUp>>;
  let chats: ReturnType<typeof chatKit>;
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0" });
    book = await setUp(app);
    chats = chatKit(app, book.id);
  });
  afterAll(() => app.stop());

  it("answers from the page on the student's screen, and from the whole book without one", async () => {
    const student = await app.createUser();
    const chatId = await chats.open(student);

    const fromPage = await chats.send(student, chatId, QUESTION, PAGE);
    expect(fromPage.body.errors).toBeUndefined();
    const pageQuote = quoteOf(fromPage.body.data.sendChatMessage.assistantMessage.content);
    expect(book.pageText).toContain(pageQuote);

    // The same question without the page: Mole is everywhere, and the answer comes from elsewhere.
    const anywhere = await chats.send(student, chatId, QUESTION);
    expect(book.pageText).not.toContain(quoteOf(anywhere.body.data.sendChatMessage.assistantMessage.content));
  });

  it("refuses a page that is not a page, storing nothing", async () => {
    const student = await app.createUser();
    const chatId = await chats.open(student);
    for (const page of [
      { chapter: CHAPTER, paragraph: 5, lastParagraph: 4 },
      { chapter: -1, paragraph: 0, lastParagraph: 0 },
      { chapter: CHAPTER, paragraph: 0, lastParagraph: 1e9 },
    ]) {
      expect(gqlError((await chats.send(student, chatId, QUESTION, page)).body), JSON.stringify(page)).toEqual({
        message: PAGE_MESSAGE,
        code: "BAD_USER_INPUT",
      });
    }
    expect(await app.db.prisma.chatMessage.count({ where: { chatId } })).toBe(0);
  });

  it("answers as usual when the page lies past the student's place", async () => {
    const student = await app.createUser();
    await app.db.prisma.userBook.create({
      data: {
        id: `${student.id}_${book.id}`,
        userId: student.id,
        bookId: book.id,
        furthestChapter: 1,
        furthestParagraph: 20,
      },
    });
    const chatId = await chats.open(student);
    const res = await chats.send(student, chatId, QUESTION, PAGE);
    expect(res.body.errors).toBeUndefined();
    expect(book.pageText).not.toContain(quoteOf(res.body.data.sendChatMessage.assistantMessage.content));
  });
});

describe("'Ask about this page', Gemini", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let book: Awaited<ReturnType<typeof setUp>>;
  let chats: ReturnType<typeof chatKit>;
  beforeAll(async () => {
    gemini = await startFakeGemini();
    app = await startTestApp(geminiSettings(gemini, { timeoutMs: 5000, maxRetries: 0 }));
    book = await setUp(app);
    chats = chatKit(app, book.id);
  });
  beforeEach(() => gemini.reset());
  afterAll(async () => {
    await app.stop();
    await gemini.close();
  });

  it("sends the page among the excerpts and says the child is asking about it", async () => {
    const student = await app.createUser();
    const chatId = await chats.open(student);
    // A vague question matches nothing on the page, and the page still goes along.
    const res = await chats.send(student, chatId, "Why is everyone so quiet?", PAGE);
    expect(res.body.errors).toBeUndefined();
    const instruction = collapse(gemini.requests[0]?.body.systemInstruction?.parts?.[0]?.text ?? "");
    expect(instruction).toContain("asking about the page on their screen");
    expect(instruction).toContain(book.title);
    const firstWords = book.pageText.split(" ").slice(0, 12).join(" ");
    expect(instruction).toContain(firstWords);

    gemini.reset();
    await chats.send(student, chatId, "Why is everyone so quiet?");
    const plain = collapse(gemini.requests[0]?.body.systemInstruction?.parts?.[0]?.text ?? "");
    expect(plain).not.toContain("asking about the page on their screen");
  });
});
