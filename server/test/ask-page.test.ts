import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { splitSections } from "../src/modules/ai/passages.js";
import { chapterPhrase } from "../src/modules/ai/voice.js";
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

/** A page as the reader shows one: from `paragraph`, whole paragraphs up to about `words` words. */
async function readerPage(app: TestApp, slug: string, chapter: number, paragraph: number, words = 220) {
  const book = await app.db.prisma.book.findUniqueOrThrow({
    where: { slug },
    select: { id: true, text: { select: { content: true } } },
  });
  const section = splitSections(book.text?.content ?? "")[chapter];
  const paragraphs = section?.paragraphs ?? [];
  let lastParagraph = paragraph;
  let count = 0;
  while (lastParagraph < paragraphs.length - 1 && count + (paragraphs[lastParagraph] ?? "").split(" ").length < words) {
    count += (paragraphs[lastParagraph] ?? "").split(" ").length;
    lastParagraph += 1;
  }
  return {
    bookId: book.id,
    chapterTitle: section?.chapter ?? null,
    page: { chapter, paragraph, lastParagraph },
    text: collapse(paragraphs.slice(paragraph, lastParagraph + 1).join(" ")),
  };
}

// The reply quotes the book with its own marks as single ones, and without italics' underscores.
const plain = (text: string) => collapse(text.replace(/_/g, "").replace(/["“”‘’']/g, "'"));

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

// Issue 18: on chapter III of The Wind in the Willows, page 1, "What is happening on this page?" was
// answered with a quote from chapter I: the question's words ("happening", "page") matched other
// chapters, and the page's own passages did not hold them. A question about the page is answered from
// the page, for books and pages of every kind; one that names something elsewhere, from the book.
describe("'Ask about this page', offline provider, questions about the page", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0" });
  });
  afterAll(() => app.stop());

  const PAGES = [
    { name: "The Wind in the Willows, chapter III, page 1", slug: "the-wind-in-the-willows", chapter: 3, paragraph: 0 },
    {
      name: "the middle of a chapter (Alice, A Mad Tea-Party)",
      slug: "alices-adventures-in-wonderland",
      chapter: 7,
      paragraph: 20,
    },
    {
      name: "the middle of a chapter (Treasure Island, The Sea-chest)",
      slug: "treasure-island",
      chapter: 4,
      paragraph: 10,
    },
    {
      name: "the first page of a book's story (Alice, chapter I)",
      slug: "alices-adventures-in-wonderland",
      chapter: 1,
      paragraph: 0,
    },
    {
      name: "the first page of a book without chapters (Peter Rabbit)",
      slug: "the-tale-of-peter-rabbit",
      chapter: 0,
      paragraph: 0,
    },
  ];
  const QUESTIONS = [
    "What is happening on this page?",
    "Who is on this page?",
    "Explain this page",
    "Who is talking here?",
  ];

  for (const { name, slug, chapter, paragraph } of PAGES) {
    it(`answers from the page itself: ${name}`, async () => {
      const page = await readerPage(app, slug, chapter, paragraph);
      const student = await app.createUser();
      // The reader has saved the place: the student has read up to the end of this page.
      await app.db.prisma.userBook.create({
        data: {
          id: `${student.id}_${page.bookId}`,
          userId: student.id,
          bookId: page.bookId,
          furthestChapter: chapter,
          furthestParagraph: page.page.lastParagraph,
        },
      });
      const chats = chatKit(app, page.bookId);
      const chatId = await chats.open(student);
      const where = chapterPhrase(page.chapterTitle);
      for (const question of QUESTIONS) {
        const res = await chats.send(student, chatId, question, page.page);
        expect(res.body.errors, question).toBeUndefined();
        const reply = res.body.data.sendChatMessage.assistantMessage.content as string;
        for (const piece of quoteOf(reply).split("…").map(plain).filter(Boolean)) {
          expect(plain(page.text), `${question} → ${reply}`).toContain(piece);
        }
        expect(reply, question).toMatch(/^This page says: “/);
        if (where) {
          expect(reply, question).toContain(`(${where.replace(/^In c/, "C").replace(/^In /, "")})`);
        }
      }
    });
  }

  it("answers a question about something on another page from the book the student has read", async () => {
    const page = await readerPage(app, "the-wind-in-the-willows", 3, 0);
    const student = await app.createUser();
    await app.db.prisma.userBook.create({
      data: {
        id: `${student.id}_${page.bookId}`,
        userId: student.id,
        bookId: page.bookId,
        furthestChapter: 3,
        furthestParagraph: page.page.lastParagraph,
      },
    });
    const chats = chatKit(app, page.bookId);
    const chatId = await chats.open(student);
    // The picnic is in chapter I; the page is chapter III's first.
    const res = await chats.send(student, chatId, "What was in the picnic basket?", page.page);
    expect(res.body.errors).toBeUndefined();
    const reply = res.body.data.sendChatMessage.assistantMessage.content as string;
    expect(reply).toContain("” (Chapter I, The River Bank)");
    expect(reply).not.toContain("This page says");
    expect(page.text).not.toContain(quoteOf(reply));
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

  it("sends the page's passages first, and says when the question is about the page (issue 18)", async () => {
    const page = await readerPage(app, "the-wind-in-the-willows", 3, 0);
    const student = await app.createUser();
    await app.db.prisma.userBook.create({
      data: {
        id: `${student.id}_${page.bookId}`,
        userId: student.id,
        bookId: page.bookId,
        furthestChapter: 3,
        furthestParagraph: page.page.lastParagraph,
      },
    });
    const chatId = await chats.open(student);
    const firstWords = page.text.split(" ").slice(0, 12).join(" ");

    const about = await chats.send(student, chatId, "What is happening on this page?", page.page);
    expect(about.body.errors).toBeUndefined();
    const aboutText = instructionOf(0);
    const aboutExcerpts = excerptsIn(aboutText);
    expect(aboutExcerpts[0]?.text).toContain(firstWords);
    expect(aboutExcerpts[0]?.attributes).toBe(' chapter="III. THE WILD WOOD" page="on screen"');
    // Only the page: the words "happening" and "page" fetch nothing from elsewhere in the book.
    expect(aboutExcerpts.every((excerpt) => excerpt.attributes.includes('page="on screen"'))).toBe(true);
    expect(collapse(aboutText)).toContain("Their latest question is about this page");

    const elsewhere = await chats.send(student, chatId, "What was in the picnic basket?", page.page);
    expect(elsewhere.body.errors).toBeUndefined();
    const elsewhereText = instructionOf(1);
    expect(collapse(elsewhereText)).toContain("asking about the page on their screen");
    expect(collapse(elsewhereText)).not.toContain("Their latest question is about this page");
    const excerpts = excerptsIn(elsewhereText);
    expect(excerpts[0]?.attributes).toContain('page="on screen"');
    expect(excerpts[0]?.text).toContain(firstWords);
    const onScreen = excerpts.filter((excerpt) => excerpt.attributes.includes('page="on screen"'));
    expect(excerpts.slice(0, onScreen.length)).toEqual(onScreen);
    expect(excerpts.some((excerpt) => excerpt.attributes === ' chapter="I. THE RIVER BANK"')).toBe(true);
  });

  function instructionOf(request: number): string {
    return gemini.requests[request]?.body.systemInstruction?.parts?.[0]?.text ?? "";
  }
});

/** The book excerpts of a system instruction, in order: their tag's attributes and their text. */
function excerptsIn(instruction: string): { attributes: string; text: string }[] {
  return [...instruction.matchAll(/<book-excerpt([^>]*)>\n([\s\S]*?)\n<\/book-excerpt>/g)].map((match) => ({
    attributes: match[1] ?? "",
    text: collapse(match[2] ?? ""),
  }));
}
