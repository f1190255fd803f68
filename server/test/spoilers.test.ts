import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { splitSections } from "../src/modules/ai/passages.js";
import { LATER_CHAPTER_SENTENCE } from "../src/modules/ai/voice.js";
import { SET_READ } from "./helpers/book-factory.js";
import { CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini, geminiSettings, startFakeGemini } from "./helpers/fake-gemini.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { subscribe } from "./helpers/ws-kit.js";

// "No spoilers" (issue 8): until a student marks a book read, a chat answers from the text up to the
// furthest paragraph they have had on screen in the reader, with the offline provider and with Gemini
// (the fake Gemini server here), over the real HTTP and WebSocket server.

// The Wind in the Willows, read up to paragraph 20 of "I. THE RIVER BANK" (section 1): Mole has left
// his spring-cleaning and met the Rat; Toad's prison and escape come in chapters VIII and X.
const PLACE = { chapter: 1, paragraph: 20 };
const LATER_QUESTION = "How does Toad escape from prison?";
const EARLIER_QUESTION = "What did Mole do with his spring cleaning?";
/** Chapter VIII: Toad, dressed as the washerwoman, walks out of the prison. */
const LATER_QUOTE =
  "The washerwoman’s squat figure in its familiar cotton print seemed a passport for every barred door and grim gateway.";

const RUN = 8;

/** Lower-case words without punctuation, as a reply might quote them. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((word) =>
    word.replace(/['’]/g, ""),
  );
}

/** The book's words up to the place (paragraphs of splitSections) and after it, to check replies against. */
type BookText = { allowed: string; later: Set<string> };

function bookText(raw: string): BookText {
  const sections = splitSections(raw);
  const allowedParagraphs: string[] = [];
  const laterParagraphs: string[] = [];
  sections.forEach((section, chapter) => {
    section.paragraphs.forEach((paragraph, index) => {
      const allowed = chapter < PLACE.chapter || (chapter === PLACE.chapter && index <= PLACE.paragraph);
      (allowed ? allowedParagraphs : laterParagraphs).push(paragraph);
    });
  });
  const allowed = ` ${wordsOf(allowedParagraphs.join(" ")).join(" ")} `;
  const laterWords = wordsOf(laterParagraphs.join(" "));
  const later = new Set<string>();
  for (let start = 0; start + RUN <= laterWords.length; start += 1) {
    later.add(laterWords.slice(start, start + RUN).join(" "));
  }
  return { allowed, later };
}

/** The runs of RUN words of a text that are in the book after the place and nowhere before it. */
function textPastThePlace(text: string, book: BookText): string[] {
  const words = wordsOf(text);
  const found: string[] = [];
  for (let start = 0; start + RUN <= words.length; start += 1) {
    const run = words.slice(start, start + RUN).join(" ");
    if (book.later.has(run) && !book.allowed.includes(` ${run} `)) {
      found.push(run);
    }
  }
  return found;
}

/** The text between the reply's own quotation marks (the offline provider's quote). */
function quoteOf(reply: string): string {
  const start = reply.indexOf("“");
  const end = reply.lastIndexOf("”");
  expect(start, `a quote in: ${reply}`).toBeGreaterThan(0);
  return reply.slice(start + 1, end);
}

async function setUp(app: TestApp) {
  const willows = await app.db.prisma.book.findUniqueOrThrow({
    where: { slug: "the-wind-in-the-willows" },
    select: { id: true, title: true, text: { select: { content: true } } },
  });
  return { id: willows.id, title: willows.title, text: bookText(willows.text?.content ?? "") };
}

/** The student's place in the reader, as the reader stores it (its own API is not part of this test). */
async function readUpTo(app: TestApp, student: TestUser, bookId: string, place = PLACE) {
  await app.db.prisma.userBook.create({
    data: {
      id: `${student.id}_${bookId}`,
      userId: student.id,
      bookId,
      furthestChapter: place.chapter,
      furthestParagraph: place.paragraph,
    },
  });
}

function chatKit(app: TestApp, bookId: string) {
  return {
    async open(user: TestUser, characterName?: string): Promise<string> {
      const res = await app.gql(OPEN_CHAT, { bookId, ...(characterName ? { characterName } : {}) }, user.token);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.openChat.id as string;
    },
    async send(user: TestUser, chatId: string, message: string): Promise<string> {
      const res = await app.gql(SEND, { input: { chatId, message } }, user.token);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.sendChatMessage.assistantMessage.content as string;
    },
  };
}

describe("no spoilers, offline provider", () => {
  let app: TestApp;
  let willows: Awaited<ReturnType<typeof setUp>>;
  let chats: ReturnType<typeof chatKit>;

  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0" });
    willows = await setUp(app);
    chats = chatKit(app, willows.id);
  });
  afterAll(async () => {
    await app.stop();
  });

  it("answers a question about a later chapter kindly, without a word of it", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student);

    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).toContain(LATER_CHAPTER_SENTENCE);
    expect(reply).not.toMatch(/prison|escape|washerwoman/i);
    expect(textPastThePlace(reply, willows.text)).toEqual([]);
    const stored = await app.db.prisma.chatMessage.findFirstOrThrow({ where: { chatId, seq: 1 } });
    expect(stored).toMatchObject({ role: "assistant", content: reply });
  });

  it("answers what comes before the place from the text the student has read", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student);

    const reply = await chats.send(student, chatId, EARLIER_QUESTION);
    expect(reply).not.toContain(LATER_CHAPTER_SENTENCE);
    const quote = quoteOf(reply);
    expect(quote).toMatch(/spring-cleaning|whitewash|brush/i);
    expect(willows.text.allowed).toContain(` ${wordsOf(quote).join(" ")} `);
    expect(textPastThePlace(reply, willows.text)).toEqual([]);
  });

  it("keeps a character chat in character, with the same kind sentence", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student, "Rat");

    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).toContain(LATER_CHAPTER_SENTENCE);
    expect(reply).toMatch(/my story/);
    expect(textPastThePlace(reply, willows.text)).toEqual([]);
  });

  it("uses the whole book once the book is marked read", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student);
    expect(await chats.send(student, chatId, LATER_QUESTION)).toContain(LATER_CHAPTER_SENTENCE);

    const read = await app.gql(SET_READ, { bookId: willows.id, read: true }, student.token);
    expect(read.body.errors).toBeUndefined();
    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).not.toContain(LATER_CHAPTER_SENTENCE);
    expect(reply).toMatch(/Toad/);
    expect(textPastThePlace(reply, willows.text).length).toBeGreaterThan(0);
  });

  it("uses the whole book when the student has no place in the reader", async () => {
    const student = await app.createUser();
    // Reading the paper book: a reading record without a place.
    await app.db.prisma.userBook.create({
      data: { id: `${student.id}_${willows.id}`, userId: student.id, bookId: willows.id },
    });
    const chatId = await chats.open(student);
    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).not.toContain(LATER_CHAPTER_SENTENCE);
    expect(textPastThePlace(reply, willows.text).length).toBeGreaterThan(0);
  });
});

describe("no spoilers, Gemini", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let willows: Awaited<ReturnType<typeof setUp>>;
  let chats: ReturnType<typeof chatKit>;

  beforeAll(async () => {
    gemini = await startFakeGemini();
    app = await startTestApp(geminiSettings(gemini, { timeoutMs: 5000, maxRetries: 0 }));
    willows = await setUp(app);
    chats = chatKit(app, willows.id);
  });
  beforeEach(() => gemini.reset());
  afterAll(async () => {
    await app.stop();
    await gemini.close();
  });

  it("does not ask Gemini about a later chapter", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student);

    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).toContain(LATER_CHAPTER_SENTENCE);
    expect(gemini.requests).toHaveLength(0);
  });

  it("sends Gemini only passages up to the place, and replaces a reply that quotes a later chapter", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    const chatId = await chats.open(student);
    // A first exchange, then a subscriber that has caught up with it: it is listening for live events.
    await chats.send(student, chatId, "Hello!");
    const events = subscribe<ChatEvent>(app, student.token, CHAT_EVENTS, { chatId, afterSeq: -1 });
    try {
      await events.until((got) => got.some((event) => event.kind === "message" && event.seq === 1));
      gemini.reset();
      gemini.script({
        kind: "stream",
        chunks: [
          "Good question! Mole was tired of spring-cleaning, so he ran outside into the sunshine. ",
          // The quote in two pieces: the first is too short to be caught, so it must not be shown yet.
          "And later on, the book says: “The washerwoman’s squat figure in ",
          `${LATER_QUOTE.split(" ").slice(5).join(" ")}” `,
          "Isn't that exciting?",
        ],
        delayMs: 150,
      });

      const reply = await chats.send(student, chatId, EARLIER_QUESTION);
      expect(reply).toContain(LATER_CHAPTER_SENTENCE);
      expect(reply).not.toMatch(/washerwoman/i);
      const got = await events.until((all) => all.some((event) => event.kind === "message" && event.seq === 3));
      const partials = got.filter((event) => event.kind === "partial" && event.seq === 3);
      // The reply streamed until the quote arrived; no partial carried any of it.
      expect(partials.length).toBeGreaterThan(0);
      expect(partials.every((event) => event.text?.startsWith("Good question! Mole"))).toBe(true);
      expect(JSON.stringify(got)).not.toMatch(/washerwoman|squat figure|cotton print/i);
      expect(got.find((event) => event.kind === "message" && event.seq === 3)?.message?.content).toBe(reply);
    } finally {
      await events.dispose();
    }

    expect(gemini.requests).toHaveLength(1);
    const instruction = gemini.requests[0]?.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(instruction).toContain('How far the child has read: up to the chapter "I. THE RIVER BANK"');
    const excerpts = [...instruction.matchAll(/<book-excerpt[^>]*>\n([\s\S]*?)\n<\/book-excerpt>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(excerpts.length).toBeGreaterThan(0);
    for (const excerpt of excerpts) {
      expect(willows.text.allowed).toContain(` ${wordsOf(excerpt).join(" ")} `);
    }
    expect(textPastThePlace(instruction, willows.text)).toEqual([]);
  });

  it("asks Gemini with the whole book once the book is marked read", async () => {
    const student = await app.createUser();
    await readUpTo(app, student, willows.id);
    await app.gql(SET_READ, { bookId: willows.id, read: true }, student.token);
    const chatId = await chats.open(student);
    gemini.script({ kind: "stream", chunks: [`He dressed up as a washerwoman! “${LATER_QUOTE}”`] });

    const reply = await chats.send(student, chatId, LATER_QUESTION);
    expect(reply).toContain("He dressed up as a washerwoman!");
    expect(gemini.requests).toHaveLength(1);
    const instruction = gemini.requests[0]?.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(instruction).not.toContain("How far the child has read");
    expect(textPastThePlace(instruction, willows.text).length).toBeGreaterThan(0);
  });
});
