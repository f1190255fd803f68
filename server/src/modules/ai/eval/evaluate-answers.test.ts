import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createOfflineProvider } from "../offline-provider.js";
import type { AiProvider, Passage } from "../provider.js";
import { declineText } from "../voice.js";
import {
  type EvalEntry,
  evaluateAnswers,
  listSeedBooks,
  loadSeedBook,
  loadSeedText,
  quotedPassage,
  usesAnswer,
  words,
} from "./evaluate-answers.js";

/**
 * Accuracy the offline provider reaches on questions.json: overall 0.62, answerable 0.50 (0.54 counting a
 * quote from the passage next to the answer), declines 1.00 when this test was written; overall 0.65,
 * answerable 0.54 (0.60 nearby), declines 1.00 after question analysis (subject, verb, answer shapes,
 * pronouns, synonyms). Issue 20 scores the provider on the answer sets instead (answer-set.test.ts):
 * there a reply must hold the answer itself. This older rule counts a quote from the right passage, and
 * cannot see a character's first-person retelling as a quote, so it fell to overall 0.62, answerable
 * 0.50 (0.56 nearby) while the new sets rose. The floors below sit just under the latest figures so
 * that a regression fails; the goal of 0.8 overall is not reached by word matching alone.
 */
const FLOOR = { overall: 0.6, answerable: 0.48, decline: 0.93 };
const TARGET = 0.8;

async function loadEntries(): Promise<EvalEntry[]> {
  const json = await readFile(new URL("./questions.json", import.meta.url), "utf8");
  return JSON.parse(json) as EvalEntry[];
}

const passages: Passage[] = [
  {
    index: 0,
    chapter: "CHAPTER I",
    text: "Alice found a little bottle with the words DRINK ME on it.",
    place: { section: 0, firstParagraph: 0, lastParagraph: 0 },
  },
  {
    index: 1,
    chapter: "CHAPTER I",
    text: "It was all very well to say drink me, but Alice was wise.",
    place: { section: 0, firstParagraph: 1, lastParagraph: 1 },
  },
  {
    index: 2,
    chapter: "CHAPTER II",
    text: "The Queen shouted off with her head at everybody she met.",
    place: { section: 1, firstParagraph: 0, lastParagraph: 0 },
  },
];

describe("scoring rule", () => {
  it("compares words, not spacing, case or quote marks", () => {
    expect(words("‘DRINK ME’ beautifully\nprinted")).toEqual(["drink", "me", "beautifully", "printed"]);
  });

  it("finds the passage a reply quotes", () => {
    expect(quotedPassage("The book says: “The Queen shouted off with her head at everybody”", passages)?.index).toBe(2);
    expect(quotedPassage("Hello there!", passages)).toBeNull();
  });

  it("counts a reply that quotes the answer or the passage that holds it", () => {
    expect(
      usesAnswer("In CHAPTER I: “Alice found a little bottle with the words DRINK ME”", "DRINK ME", passages),
    ).toBe(true);
    expect(usesAnswer("“It was all very well to say drink me, but Alice”", "DRINK ME", passages)).toBe(true);
    expect(usesAnswer("“It was all very well to say drink me, but Alice”", "little bottle", passages)).toBe(false);
    expect(usesAnswer("“It was all very well to say drink me, but Alice”", "little bottle", passages, 1)).toBe(true);
    expect(usesAnswer("“The Queen shouted off with her head at everybody”", "little bottle", passages, 1)).toBe(false);
  });

  it("scores declines and answers separately and lists the failures", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const fixed = (text: string): AiProvider => ({
      name: "fixed",
      async *reply() {
        yield text;
      },
    });
    const entries: EvalEntry[] = [
      { book: "alices-adventures-in-wonderland", question: "What does Alice drink?", answer: "DRINK ME" },
      { book: "alices-adventures-in-wonderland", question: "Who is Harry Potter?", expect: "decline" },
    ];
    const declines = await evaluateAnswers(entries, {
      provider: fixed(declineText(alice, { kind: "book" })),
      loadBook: loadSeedBook,
    });
    expect(declines.answerable).toEqual({ total: 1, correct: 0, accuracy: 0 });
    expect(declines.decline).toEqual({ total: 1, correct: 1, accuracy: 1 });
    expect(declines.overall.accuracy).toBe(0.5);
    expect(declines.failures.map((failure) => failure.reason)).toEqual(["declined"]);

    const answers = await evaluateAnswers(entries, {
      provider: fixed("In CHAPTER I the book says: “with the words ‘DRINK ME’ beautifully printed on it”"),
      loadBook: loadSeedBook,
    });
    expect(answers.answerable.accuracy).toBe(1);
    expect(answers.failures.map((failure) => failure.reason)).toEqual(["answered"]);
  });
});

describe("the evaluation set", () => {
  it("has real questions spread over the seed books, with answers taken from the texts", async () => {
    const entries = await loadEntries();
    const books = new Map((await listSeedBooks()).map((book) => [book.slug, book]));
    const answerable = entries.filter((entry) => entry.expect !== "decline");
    const declines = entries.filter((entry) => entry.expect === "decline");
    expect(answerable.length).toBeGreaterThanOrEqual(30);
    expect(new Set(answerable.map((entry) => entry.book)).size).toBeGreaterThanOrEqual(10);
    expect(declines.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) {
      const book = books.get(entry.book);
      expect(book, entry.book).toBeDefined();
      if (entry.mode && entry.mode !== "book") {
        expect(book?.characterList).toContain(entry.mode);
      }
      if (entry.expect !== "decline") {
        expect(entry.answer, entry.question).toBeTruthy();
        const text = (await loadSeedText(entry.book)).replace(/\s+/g, " ");
        expect(text, entry.question).toContain(entry.answer);
      }
    }
  });

  it(`is answered by the offline provider at least as well as measured (target ${TARGET})`, async () => {
    const report = await evaluateAnswers(await loadEntries(), {
      provider: createOfflineProvider(),
      loadBook: loadSeedBook,
    });
    const summary = {
      overall: report.overall.accuracy,
      answerable: report.answerable.accuracy,
      nearby: report.answerableNearby.accuracy,
      decline: report.decline.accuracy,
      failures: report.failures.map((failure) => `${failure.reason}: ${failure.entry.book}: ${failure.entry.question}`),
    };
    console.log(JSON.stringify(summary, null, 2));
    expect(report.overall.accuracy).toBeGreaterThanOrEqual(FLOOR.overall);
    expect(report.answerable.accuracy).toBeGreaterThanOrEqual(FLOOR.answerable);
    expect(report.decline.accuracy).toBeGreaterThanOrEqual(FLOOR.decline);
  }, 120_000);
});
