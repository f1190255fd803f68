import { describe, expect, it } from "vitest";
import { createOfflineProvider } from "../offline-provider.js";
import type { AiProvider } from "../provider.js";
import { declineText } from "../voice.js";
import {
  ANSWER_SETS,
  type AnswerEntry,
  containsAnswer,
  MAX_REPLY_WORDS,
  percentile,
  readAnswerSet,
  scoreAnswerSet,
} from "./answer-set.js";
import { listSeedBooks, loadSeedBook, loadSeedText } from "./evaluate-answers.js";

/**
 * What the offline provider reaches on the tuning set (dev-answers.json), scored by the rule in
 * answer-set.ts: answerable 0.21 and declines 0.79 before issue 20, answerable 0.356 and declines 0.97
 * after it. The floors sit just under the latest figures so that a regression fails. The target
 * (0.75 answered, 0.90 declined) is not reached; the README says how far each set is.
 */
const FLOOR = { answerable: 0.34, declined: 0.94 };

const fixed = (text: string): AiProvider => ({
  name: "fixed",
  async *reply() {
    yield text;
  },
});

describe("answer-set scoring", () => {
  it("finds an answer as whole words, whatever the case, punctuation or quotation marks", () => {
    expect(containsAnswer("It was “Twenty years!” said the Clerk.", ["twenty years"])).toBe(true);
    expect(containsAnswer("He went to TOAD-HALL.", ["toad hall"])).toBe(true);
    expect(containsAnswer("The whirlwinds came.", ["whirlwind"])).toBe(false);
    expect(containsAnswer("Nothing here.", ["twenty", "20"])).toBe(false);
    expect(containsAnswer("Anything", [])).toBe(false);
    expect(containsAnswer("Anything", [""])).toBe(false);
  });

  it("counts a refusal right only for an off-topic question, and a long reply as too long", async () => {
    const alice = await loadSeedBook("alices-adventures-in-wonderland");
    const entries: AnswerEntry[] = [
      { book: alice.id, type: "what", question: "What does Alice drink?", answers: ["drink me"] },
      { book: alice.id, type: "off-topic", question: "Who won the football?", expect: "decline" },
    ];
    const declining = await scoreAnswerSet(entries, {
      provider: fixed(declineText(alice, { kind: "book" })),
      loadBook: loadSeedBook,
    });
    expect(declining.answerable).toEqual({ total: 1, correct: 0 });
    expect(declining.declined).toEqual({ total: 1, correct: 1 });
    expect(declining.byType).toEqual({ what: { total: 1, correct: 0 }, "off-topic": { total: 1, correct: 1 } });
    expect(declining.misses.map((miss) => miss.entry.type)).toEqual(["what"]);

    const long = `The bottle said DRINK ME. ${"And so on. ".repeat(MAX_REPLY_WORDS)}`;
    const answering = await scoreAnswerSet(entries, { provider: fixed(long), loadBook: loadSeedBook });
    expect(answering.answerable.correct).toBe(1);
    expect(answering.declined.correct).toBe(0);
    expect(answering.tooLong).toBe(2);
    expect(answering.timings).toHaveLength(2);
  });

  it("takes percentiles by nearest rank", () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 99)).toBe(5);
    expect(percentile([], 50)).toBe(0);
  });
});

describe("the answer sets", () => {
  it.each(Object.entries(ANSWER_SETS))(
    "%s: over at least 15 seed books, with answers, evidence from the text, real characters and off-topic questions",
    async (_name, url) => {
      const entries = await readAnswerSet(url);
      const books = new Map((await listSeedBooks()).map((book) => [book.slug, book]));
      expect(entries.length).toBeGreaterThanOrEqual(120);
      expect(new Set(entries.map((entry) => entry.book)).size).toBeGreaterThanOrEqual(15);
      expect(entries.filter((entry) => entry.expect === "decline").length).toBeGreaterThanOrEqual(15);
      for (const entry of entries) {
        const book = books.get(entry.book);
        expect(book, entry.book).toBeDefined();
        if (entry.mode) {
          expect(book?.characterList).toContain(entry.mode);
        }
        if (entry.expect === "decline") {
          expect(entry.answers ?? []).toEqual([]);
          continue;
        }
        expect(entry.answers?.length, entry.question).toBeGreaterThan(0);
        const text = (await loadSeedText(entry.book)).replace(/\s+/g, " ");
        expect(text, entry.question).toContain((entry.evidence ?? "").replace(/\s+/g, " "));
      }
    },
  );

  it("the tuning set is answered by the offline provider at least as well as measured", async () => {
    const report = await scoreAnswerSet(await readAnswerSet(ANSWER_SETS.dev), {
      provider: createOfflineProvider(),
      loadBook: loadSeedBook,
    });
    const share = (score: { total: number; correct: number }) => score.correct / score.total;
    console.log(JSON.stringify({ answerable: share(report.answerable), declined: share(report.declined) }));
    expect(share(report.answerable)).toBeGreaterThanOrEqual(FLOOR.answerable);
    expect(share(report.declined)).toBeGreaterThanOrEqual(FLOOR.declined);
    expect(report.tooLong).toBe(0);
  }, 120_000);
});
