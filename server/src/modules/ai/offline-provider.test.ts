import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { type EvalEntry, loadSeedBook, loadSeedText } from "./eval/evaluate-answers.js";
import { createOfflineProvider, planReply } from "./offline-provider.js";
import { focusBookOnPage, type ReaderPage } from "./page.js";
import { limitPassageIndex, splitSections } from "./passages.js";
import { limitBook } from "./spoilers.js";
import type { AiBook, AiRequest, ChatMode, Passage } from "./provider.js";
import {
  chapterPhrase,
  declineText,
  greetingText,
  isDeclineText,
  LATER_CHAPTER_SENTENCE,
  MAX_REPLY_WORDS,
  notFoundText,
  titleCase,
} from "./voice.js";
import { ANSWER_SETS, modeOf, readAnswerSet } from "./eval/answer-set.js";

const provider = createOfflineProvider();
const BOOK: ChatMode = { kind: "book" };

function request(book: AiBook, message: string, mode: ChatMode = BOOK, extra: Partial<AiRequest> = {}): AiRequest {
  return { book, mode, history: [], message, ...extra };
}

async function chunks(input: AiRequest): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of provider.reply(input)) {
    out.push(chunk);
  }
  return out;
}

async function reply(input: AiRequest): Promise<string> {
  return (await chunks(input)).join("");
}

/** The text between the reply's own quotation marks. */
function quoteOf(text: string): string {
  const start = text.indexOf(": “");
  const end = text.lastIndexOf("”");
  expect(start, `a quote in: ${text}`).toBeGreaterThan(0);
  return text.slice(start + 3, end);
}

// The reply turns the book's quotation marks into single ones inside its own double ones.
function normalise(text: string): string {
  return text
    .replace(/[_\s]+/g, " ")
    .replace(/["“”‘’']/g, "'")
    .trim();
}

/** Every piece of the quote (it may be cut with "…") is in the book, as written. */
async function expectQuotedFrom(slug: string, quote: string): Promise<void> {
  const source = normalise(await loadSeedText(slug));
  for (const piece of quote.split("…").map(normalise).filter(Boolean)) {
    expect(source).toContain(piece);
  }
}

describe("offline provider", () => {
  it("is called offline", () => {
    expect(provider.name).toBe("offline");
  });

  it("answers “What does Alice drink?” by quoting chapter I, where she finds the DRINK ME bottle", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const plan = planReply(request(alice, "What does Alice drink?"));
    expect(plan.kind).toBe("answer");
    if (plan.kind !== "answer") {
      return;
    }
    expect(plan.choice.passage.chapter).toBe("CHAPTER I. Down the Rabbit-Hole");
    const text = await reply(request(alice, "What does Alice drink?"));
    expect(text).toBe(plan.text);
    expect(text).toContain("(CHAPTER I, Down the Rabbit-Hole)");
    const quote = quoteOf(text);
    expect(quote).toMatch(/drink/i);
    await expectQuotedFrom("alices-adventures-in-wonderland", quote);
  });

  it("answers “Who is Mr. Toad?” with what the book says he is like when it first talks about him", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const plan = planReply(request(willows, "Who is Mr. Toad?"));
    expect(plan.kind).toBe("answer");
    if (plan.kind !== "answer") {
      return;
    }
    expect(plan.choice.passage.chapter).toBe("II. THE OPEN ROAD");
    expect(plan.text).toContain("(Chapter II, The Open Road)");
    const quote = quoteOf(plan.text);
    // "He" stands for Toad: the sentences describe him ("He must be a very nice animal").
    expect(quote).toMatch(/\bHe (?:is|must be) (?:indeed )?(?:a|the)\b/);
    await expectQuotedFrom("the-wind-in-the-willows", quote);
  });

  it("never doubles quotation marks around a quoted speech", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const oz = await loadSeedBook("the-wonderful-wizard-of-oz");
    for (const [book, question] of [
      [willows, "Who is Mr. Toad?"],
      [willows, "Who lives in the Wild Wood?"],
      [oz, "Dorothy, how did you get home to Kansas?"],
    ] as const) {
      const text = await reply(request(book, question));
      expect(text).not.toMatch(/[“”"]{2}|“['"“]|['"”]”/);
      expect(quoteOf(text)).not.toMatch(/["“”]/);
    }
  });

  it("answers a question about what was written with the words themselves", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const plan = planReply(request(alice, "What was written on the little cake?"));
    expect(plan.kind).toBe("answer");
    expect(plan.text).toContain("EAT ME");
  });

  it("writes a short reply in a friendly voice, the same every time", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const first = await reply(request(alice, "Who was asleep at the tea party?"));
    const second = await reply(request(alice, "Who was asleep at the tea party?"));
    expect(second).toBe(first);
    const outside = first.replace(/“[^]*”/, "“…”");
    const sentences = outside.split(/(?<=[.!?”])\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(first).toContain("CHAPTER VII, A Mad Tea-Party");
  });

  it("streams the reply in several chunks that add up to it", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const parts = await chunks(request(alice, "What does the Mock Turtle sing?"));
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(planReply(request(alice, "What does the Mock Turtle sing?")).text);
  });

  it("speaks as the character in a character chat, from passages the character is in", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const toad = { kind: "character", name: "Toad" } as const;
    const plan = planReply(request(willows, "Tell me about your motor-car", toad));
    expect(plan.kind).toBe("answer");
    if (plan.kind !== "answer") {
      return;
    }
    expect(plan.text).toMatch(/^I'm Toad! .*\(That's in chapter [IVX]+, .*\.\) /);
    expect(plan.choice.passage.text).toContain("Toad");
    await expectQuotedFrom("the-wind-in-the-willows", plan.choice.quote);
    // Told in the first person: the book's "said Toad" is "I said".
    expect(plan.choice.quote).toMatch(/\bsaid (?:poor )?Toad\b/);
    expect(plan.text).not.toMatch(/\bsaid (?:poor )?Toad\b/);
    expect(plan.text).toMatch(/\bI said\b/);

    // Later in the chat the character does not introduce themself again, but stays in the first person.
    const later = planReply(
      request(willows, "Tell me about your motor-car", toad, {
        history: [
          { role: "user", content: "hello" },
          { role: "assistant", content: "Hello! I'm Toad from The Wind in the Willows." },
        ],
      }),
    );
    expect(later.text).not.toMatch(/^I'm Toad!/);
    expect(later.text).toMatch(/\b(?:I|me|my)\b/);
  });

  it("calls a character “the Rat” when the book does", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const rat = { kind: "character", name: "Rat" } as const;
    expect(await reply(request(willows, "Hello!", rat))).toBe(greetingText(willows, rat, "the Rat"));
    expect(await reply(request(willows, "Do you like boats?", rat))).toMatch(/^I'm the Rat! /);
  });

  it.each([
    "Tell me about Harry Potter",
    "Who is Percy Jackson?",
    "What is 7 times 8?",
    "Can you help with my maths homework?",
    "Who won the football last night?",
    "What's the best Minecraft build?",
    "What's the weather like today?",
    "will it snow tomorrow",
    "what is the square root of 64",
    "what should i watch on my tablet",
    "who is the best footballer ever",
    "whats the best film",
    "what is the capital of Spain",
    "tell me a joke",
    "Can you tell me about a different book?",
  ])("declines “%s” politely", async (message) => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    expect(await reply(request(alice, message))).toBe(declineText(alice, BOOK));
    const character = { kind: "character", name: "Alice" } as const;
    const inCharacter = await reply(request(alice, message, character));
    expect(inCharacter).toBe(declineText(alice, character));
    expect(inCharacter).toContain("I only know about my own story in Alice's Adventures in Wonderland");
  });

  it("says so when the book has nothing on the question", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const text = await reply(request(alice, "How do volcanoes erupt?"));
    expect(text).toBe(notFoundText(alice, BOOK));
    expect(isDeclineText(text, alice, BOOK)).toBe(true);
  });

  it("still answers a question about the book that mentions homework", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const plan = planReply(request(alice, "For my homework: what does the Queen of Hearts shout?"));
    expect(plan.kind).toBe("answer");
  });

  it.each(["hi", "Hello!", "hey there", "Good morning"])("welcomes “%s” and suggests what to ask", async (message) => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const text = await reply(request(alice, message));
    expect(text).toBe(greetingText(alice, BOOK));
    expect(text).toContain("Alice's Adventures in Wonderland");
    expect(text).toMatch(/ask me about/i);
  });

  it("says who wrote the book and what it is about", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    expect(await reply(request(alice, "Who wrote this book?"))).toContain("written by Lewis Carroll");
    expect(await reply(request(alice, "What is this book about?"))).toContain(alice.description ?? "");
  });

  it("understands a misspelt word", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const plan = planReply(request(alice, "what does alice drnk"));
    expect(plan.kind).toBe("answer");
  });

  it("stops when the request is aborted", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const before = new AbortController();
    before.abort();
    expect(await chunks(request(alice, "What does Alice drink?", BOOK, { signal: before.signal }))).toEqual([]);

    const during = new AbortController();
    const received: string[] = [];
    for await (const chunk of provider.reply(
      request(alice, "What does Alice drink?", BOOK, { signal: during.signal }),
    )) {
      received.push(chunk);
      during.abort();
    }
    expect(received).toHaveLength(1);
  });
});

describe("offline provider limited to the student's place", () => {
  const RUN = 8;
  const wordsOf = (text: string) =>
    (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((word) => word.replace(/['’]/g, ""));

  /** Every run of RUN words in the book, with the word at which it first ends. */
  function runsOf(passages: readonly Passage[]): { ends: Map<string, number>; wordsBefore: number[] } {
    const words: string[] = [];
    const wordsBefore: number[] = [];
    for (const passage of passages) {
      wordsBefore.push(words.length);
      words.push(...wordsOf(passage.text));
    }
    wordsBefore.push(words.length);
    const ends = new Map<string, number>();
    for (let start = 0; start + RUN <= words.length; start += 1) {
      const run = words.slice(start, start + RUN).join(" ");
      if (!ends.has(run)) {
        ends.set(run, start + RUN - 1);
      }
    }
    return { ends, wordsBefore };
  }

  /** Questions a child might ask at any point: the evaluation's, about each character and chapter, and
   * ones made of the words of later passages (the hardest: the whole book answers them word for word). */
  async function questionsFor(book: AiBook): Promise<string[]> {
    const entries = JSON.parse(
      await readFile(new URL("./eval/questions.json", import.meta.url), "utf8"),
    ) as EvalEntry[];
    const questions = entries.filter((entry) => entry.book === book.id).map((entry) => entry.question);
    for (const name of book.characterList) {
      questions.push(`Who is ${name}?`, `What does ${name} do?`, `Where does ${name} go?`, `What happens to ${name}?`);
    }
    const chapters = new Set(book.passages.passages.flatMap((passage) => passage.chapter ?? []));
    for (const chapter of chapters) {
      questions.push(`What happens in ${titleCase(chapter)}?`);
    }
    const passages = book.passages.passages;
    for (let index = 10; index < passages.length; index += Math.floor(passages.length / 15)) {
      questions.push(`Tell me about ${passages[index]?.text.split(/\s+/).slice(0, 10).join(" ")}`);
    }
    return questions;
  }

  it("never quotes a passage beyond the place, over many questions and places in two seed books", async () => {
    const cases = [
      {
        slug: "the-wind-in-the-willows",
        places: [
          [1, 20],
          [2, 0],
          [4, 10],
          [8, 30],
        ],
      },
      {
        slug: "alices-adventures-in-wonderland",
        places: [
          [1, 10],
          [5, 20],
        ],
      },
    ];
    let answers = 0;
    let replies = 0;
    let wholeBookSpoilers = 0;
    for (const { slug, places } of cases) {
      const whole = await loadSeedBook(slug);
      const { ends, wordsBefore } = runsOf(whole.passages.passages);
      const questions = await questionsFor(whole);
      const character: ChatMode = { kind: "character", name: whole.characterList[0] ?? "" };
      for (const [chapter = 0, paragraph = 0] of places) {
        const view = limitPassageIndex(whole.passages, { chapter, paragraph });
        expect(view.full).toBe(whole.passages);
        const book = { ...whole, passages: view };
        const allowedWords = wordsBefore[view.passages.length] ?? 0;
        const allowedText = normalise(view.passages.map((passage) => passage.text).join(" "));
        /** The first run of the text that the book has only beyond the place, or null. */
        const beyond = (text: string) => {
          const words = wordsOf(text);
          for (let start = 0; start + RUN <= words.length; start += 1) {
            const run = words.slice(start, start + RUN).join(" ");
            if ((ends.get(run) ?? -1) >= allowedWords) {
              return run;
            }
          }
          return null;
        };
        for (const [position, question] of questions.entries()) {
          const mode = position % 3 === 2 ? character : BOOK;
          const plan = planReply(request(book, question, mode));
          const text = await reply(request(book, question, mode));
          replies += 1;
          const where = `${slug} up to ${chapter}/${paragraph}, "${question}": ${text}`;
          expect(text, where).toBe(plan.text);
          expect(beyond(text), where).toBeNull();
          if (plan.kind === "answer") {
            answers += 1;
            expect(plan.choice.passage.index, where).toBeLessThan(view.passages.length);
            for (const piece of plan.choice.quote.split("…").map(normalise).filter(Boolean)) {
              expect(allowedText, where).toContain(piece);
            }
          }
          if (beyond(planReply(request(whole, question, mode)).text)) {
            wholeBookSpoilers += 1;
          }
        }
      }
    }
    // Not a test that passes by saying nothing: most questions get an answer, and without the limit
    // many of the same questions would have been answered from later chapters.
    expect(replies).toBeGreaterThan(200);
    expect(answers / replies).toBeGreaterThan(0.4);
    expect(wholeBookSpoilers).toBeGreaterThan(replies / 4);
  }, 120_000);
});

// Issue 18: from chapter III of The Wind in the Willows, page 1, "What is happening on this page?" was
// answered from chapter I. The question's words ("happening", "page") say nothing the page holds, so
// the page's passages never matched and a passage elsewhere that did was quoted.
describe("offline provider asked about the page on screen", () => {
  // "III. THE WILD WOOD" (section 3), page 1: the Mole wants to meet the Badger; read up to its end.
  const PAGE: ReaderPage = { chapter: 3, paragraph: 0, lastParagraph: 4 };
  const onPage = async () => {
    const whole = await loadSeedBook("the-wind-in-the-willows");
    const book = focusBookOnPage(limitBook(whole, { chapter: 3, paragraph: 4 }), PAGE);
    const section = splitSections(await loadSeedText("the-wind-in-the-willows"))[3];
    const text = normalise((section?.paragraphs ?? []).slice(PAGE.paragraph, PAGE.lastParagraph + 1).join(" "));
    return { book, text, indexes: book.page?.passages.map((passage) => passage.index) ?? [] };
  };

  it.each([
    "What is happening on this page?",
    "Who is on this page?",
    "Explain this page",
    "What does this part mean?",
  ])("answers “%s” from the page, naming its chapter", async (question) => {
    const { book, text, indexes } = await onPage();
    const plan = planReply(request(book, question));
    expect(plan.kind).toBe("answer");
    if (plan.kind !== "answer") {
      return;
    }
    expect(indexes).toContain(plan.choice.passage.index);
    expect(plan.text).toMatch(/^This page says: “.*” \(Chapter III, The Wild Wood\) /);
    for (const piece of quoteOf(plan.text).split("…").map(normalise).filter(Boolean)) {
      expect(text).toContain(piece);
    }
  });

  it("answers who is talking with someone speaking on the page", async () => {
    const { book, text } = await onPage();
    const quote = quoteOf(await reply(request(book, "Who is talking here?")));
    expect(text).toContain(normalise(quote));
    expect(quote).toMatch(/\b(?:said|replied) the (?:Mole|Rat)\b/);
  });

  it("answers a question about someone on the page from what the page says of them", async () => {
    const { book } = await onPage();
    expect(quoteOf(await reply(request(book, "Why is he so shy?")))).toContain(
      "He’s so very shy, he’d be sure to be offended.",
    );
    expect(quoteOf(await reply(request(book, "Where does he live?")))).toContain(
      "he lives in the very middle of the Wild Wood",
    );
  });

  it("answers from the rest of the book read so far when the question names what the page does not have", async () => {
    const { book, indexes } = await onPage();
    const toad = planReply(request(book, "What is Toad doing here?"));
    const picnic = planReply(request(book, "What was in the picnic basket?"));
    for (const plan of [toad, picnic]) {
      expect(plan.kind).toBe("answer");
      if (plan.kind === "answer") {
        expect(indexes).not.toContain(plan.choice.passage.index);
        expect(plan.text).not.toContain("This page says");
        expect(plan.text).toMatch(/: “.*” \(Chapter I+, /);
      }
    }
    expect(picnic.kind === "answer" && picnic.choice.passage.chapter).toBe("I. THE RIVER BANK");
  });

  it("speaks of the page in a character chat too", async () => {
    const { book, indexes } = await onPage();
    const plan = planReply(request(book, "What is happening here?", { kind: "character", name: "Mole" }));
    expect(plan.kind === "answer" && indexes.includes(plan.choice.passage.index)).toBe(true);
    expect(plan.text).toMatch(/^I'm the Mole! .* \(That's on this page, in chapter III, The Wild Wood\.\) /);
  });
});

describe("chapterPhrase", () => {
  it.each([
    ["CHAPTER VII. A Mad Tea-Party", "In CHAPTER VII, A Mad Tea-Party"],
    ["Chapter 7", "In Chapter 7"],
    ["VI. MR. TOAD", "In chapter VI, Mr. Toad"],
    ["XI. ‘LIKE SUMMER TEMPESTS CAME HIS TEARS’", "In chapter XI, ‘Like Summer Tempests Came His Tears’"],
    ["01 My Early Home", "In chapter 1, My Early Home"],
    ["CHAPTER I--ANCIENT ENGLAND AND THE ROMANS", "In CHAPTER I, Ancient England and the Romans"],
    [
      "CHAPTER TWENTY-ONE. LAURIE MAKES MISCHIEF, AND JO MAKES PEACE",
      "In CHAPTER TWENTY-ONE, Laurie Makes Mischief, and Jo Makes Peace",
    ],
    ["HOW THE WHALE GOT HIS THROAT", "In “How the Whale Got His Throat”"],
    ["Introduction", "In the Introduction"],
    ["PREFACE", "In the Preface"],
  ])("says where %s is", (chapter, phrase) => {
    expect(chapterPhrase(chapter)).toBe(phrase);
  });

  it("is null without a chapter", () => {
    expect(chapterPhrase(null)).toBeNull();
  });
});

describe("offline provider: answering like a tutor", () => {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

  it("gives the short answer first, then the book's sentence and its chapter, then one question", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const plan = planReply(request(willows, "How many years did Toad get in prison?"));
    expect(plan.kind).toBe("answer");
    expect(plan.text).toMatch(/^[A-Z][^“]*\. The book says: “.+” \(Chapter [IVX]+, [^)]+\) [^?]+\?$/);
    expect(plan.text.match(/\?/g)?.length).toBe(1);
  });

  it("explains what a word means, in the sense the book uses, with the book's sentence", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const plan = planReply(request(willows, "What does wayfarer mean?"));
    expect(plan.kind).toBe("meaning");
    expect(plan.text).toMatch(/^“Wayfarer” means [^.]*(?:walks|travel)/);
    expect(plan.text).toContain("The book uses it here: “");
    expect(plan.text).toContain("wayfarers");
    expect(plan.text).toContain("(Chapter II, The Open Road)");
    expect(words(plan.text)).toBeLessThanOrEqual(MAX_REPLY_WORDS);
    // In a character chat too, and never for one of the book's characters ("What is a Toad?").
    expect(planReply(request(willows, "what does wayfarer mean", { kind: "character", name: "Rat" })).kind).toBe(
      "meaning",
    );
    expect(planReply(request(willows, "What is a Toad?")).kind).not.toBe("meaning");
  });

  it("says what happens in a chapter in the book's own sentences, and never past the reader's place", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const plan = planReply(request(willows, "what happens in chapter 3"));
    expect(plan.kind).toBe("events");
    expect(plan.text).toMatch(/^In chapter III, The Wild Wood, here's what happens: “/);
    const chapter = willows.passages.passages
      .filter((passage) => passage.chapter === "III. THE WILD WOOD")
      .map((passage) => normalise(passage.text))
      .join(" ");
    const summary = plan.text.slice(plan.text.indexOf("“") + 1, plan.text.lastIndexOf("”"));
    for (const sentence of summary.split(" … ")) {
      expect(chapter).toContain(normalise(sentence));
    }
    expect(words(plan.text)).toBeLessThanOrEqual(MAX_REPLY_WORDS);

    const early = { ...willows, passages: limitPassageIndex(willows.passages, { chapter: 2, paragraph: 3 }) };
    expect(planReply(request(early, "what happens in chapter 3")).text).toContain(LATER_CHAPTER_SENTENCE);
    expect(planReply(request(willows, "what happens in chapter 40")).text).toBe(
      "I can't find a chapter 40 in The Wind in the Willows: it has 12 chapters. Which one would you like to know about?",
    );
  });

  it("sums up the story so far from the chapters the child has read", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const place = { chapter: 3, paragraph: 10 };
    const book = limitBook(willows, place);
    const plan = planReply(request(book, "what has happened so far?"));
    expect(plan.kind).toBe("events");
    expect(plan.text).toMatch(/^Here's what has happened so far: “/);
    const read = normalise(book.passages.passages.map((passage) => passage.text).join(" "));
    const summary = plan.text.slice(plan.text.indexOf("“") + 1, plan.text.lastIndexOf("”"));
    for (const sentence of summary.split(" … ")) {
      expect(read).toContain(normalise(sentence));
    }
    // With the whole book open, the catalogue's description says what it is about.
    expect(planReply(request(willows, "what has happened so far?")).kind).toBe("summary");
  });

  it("lets a character tell their story in the first person", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const toad = { kind: "character", name: "Toad" } as const;
    const plan = planReply(request(willows, "why did u go to prison", toad));
    expect(plan.kind).toBe("answer");
    if (plan.kind !== "answer") {
      return;
    }
    // What Toad tells, before the chapter it is in ("Toad’s Adventures" is a title).
    const told = plan.text.slice("I'm Toad!".length, plan.text.indexOf("(That's in"));
    expect(plan.text).toMatch(/^I'm Toad! /);
    expect(told).toMatch(/\b(?:I|me|my)\b/);
    expect(told).not.toMatch(/\b(?:said|cried) (?:poor )?Toad\b|\bToad’s\b/);
  });

  it("understands the names children use: “the doctor” is Dr. Livesey", async () => {
    const treasure = await loadSeedBook("treasure-island");
    const plan = planReply(request(treasure, "what did the doctor do to the captain"));
    expect(plan.kind).toBe("answer");
    if (plan.kind === "answer") {
      expect(plan.choice.passage.text).toMatch(/Livesey|doctor/);
    }
  });

  it("says so when it cannot find the answer, and where the book comes closest", async () => {
    const fogg = await loadSeedBook("around-the-world-in-eighty-days");
    const plan = planReply(request(fogg, "what animal did fogg buy to get across india"));
    expect(plan.kind).toBe("not-found");
    expect(plan.text).toMatch(
      /^I couldn't find that in Around the World in Eighty Days\. .* You could look in Chapter [IVXL]+, .*: it may be there\. Could you ask it in a different way\?$/,
    );
    expect(isDeclineText(plan.text, fogg, BOOK)).toBe(true);
  });

  it("will not write homework, and offers to help plan it", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const text = await reply(request(willows, "write my essay about Toad"));
    expect(text).toMatch(/^I can't write that for you/);
    expect(text).toContain("help you plan");
    expect(isDeclineText(text, willows, BOOK)).toBe(true);
  });

  it("declines questions about the companion itself in a book chat, but a character may answer them", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    expect(await reply(request(willows, "whats ur favourite food"))).toBe(declineText(willows, BOOK));
    expect(await reply(request(willows, "what is the capital of France?"))).toBe(declineText(willows, BOOK));
    const toad = { kind: "character", name: "Toad" } as const;
    expect(planReply(request(willows, "what is your favourite thing", toad)).kind).not.toBe("decline");
  });

  it("keeps every reply on the tuning set within 80 words", async () => {
    const entries = await readAnswerSet(ANSWER_SETS.dev);
    for (const entry of entries) {
      const book = await loadSeedBook(entry.book);
      const text = planReply(request(book, entry.question, modeOf(entry))).text;
      expect(words(text), `${entry.question}: ${text}`).toBeLessThanOrEqual(MAX_REPLY_WORDS);
    }
  });
});
