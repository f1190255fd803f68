import { describe, expect, it } from "vitest";
import { loadSeedBook } from "./eval/evaluate-answers.js";
import type { AiBook, AiRequest, ChatMode } from "./provider.js";
import { answerLiesAhead, limitBook, normalWords, quotesAhead, settledText } from "./spoilers.js";

// The Wind in the Willows, read up to paragraph 20 of "I. THE RIVER BANK": Mole has met Rat, and
// nobody has met Badger or Toad yet.
const PLACE = { chapter: 1, paragraph: 20 };
const BOOK: ChatMode = { kind: "book" };
const TOAD: ChatMode = { kind: "character", name: "Toad" };

/** Chapter VIII, where Toad escapes from prison dressed as the washerwoman. */
const LATER_SENTENCE =
  "The washerwoman’s squat figure in its familiar cotton print seemed a passport for every barred door and grim gateway";
/** Chapter I, paragraph 0. */
const EARLY_SENTENCE =
  "First with brooms, then with dusters; then on ladders and steps and chairs, with a brush and a pail of whitewash";

function request(book: AiBook, message: string, mode: ChatMode = BOOK): AiRequest {
  return { book, mode, history: [], message };
}

describe("limitBook", () => {
  it("limits the passages to the place and says how far that is", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const limited = limitBook(willows, PLACE);
    expect(limited.limit).toEqual({ chapter: 1, paragraph: 20, chapterTitle: "I. THE RIVER BANK" });
    expect(limited.passages.full).toBe(willows.passages);
    expect(limited.passages.passages.length).toBeLessThan(willows.passages.passages.length / 10);
    expect(limited.passages.passages.every((passage) => passage.place.section <= 1)).toBe(true);

    const opening = limitBook(willows, { chapter: 0, paragraph: 5 });
    expect(opening.limit?.chapterTitle).toBeNull();
  });

  it("keeps the whole book when the place is at its end", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const end = willows.passages.passages.at(-1)?.place ?? { section: 0, lastParagraph: 0 };
    const whole = limitBook(willows, { chapter: end.section, paragraph: end.lastParagraph });
    expect(whole.limit).toBeNull();
    expect(whole.passages).toBe(willows.passages);
  });
});

describe("answerLiesAhead", () => {
  it("is true for what only later chapters answer", async () => {
    const limited = limitBook(await loadSeedBook("the-wind-in-the-willows"), PLACE);
    for (const question of ["Who is Badger?", "How does Toad escape from prison?", "Who steals Toad Hall?"]) {
      expect(answerLiesAhead(request(limited, question)), question).toBe(true);
    }
    expect(answerLiesAhead(request(limited, "How does Toad escape from prison?", TOAD))).toBe(true);
  });

  it("is false for what the text up to the place answers, and for messages that need no passage", async () => {
    const limited = limitBook(await loadSeedBook("the-wind-in-the-willows"), PLACE);
    for (const question of [
      "What did Mole do with his spring cleaning?",
      "Where does Rat live?",
      "Hello!",
      "Who wrote this book?",
      "What is the book about?",
      "Can you help me with my maths homework?",
      "What is the capital of France?",
      "What is your favourite food?",
    ]) {
      expect(answerLiesAhead(request(limited, question)), question).toBe(false);
    }
  });

  it("is false once the book is not limited, or the place is past the answer", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    expect(answerLiesAhead(request(willows, "Who is Badger?"))).toBe(false);
    const further = limitBook(willows, { chapter: 4, paragraph: 60 });
    expect(answerLiesAhead(request(further, "Who is Badger?"))).toBe(false);
  });
});

describe("quotesAhead", () => {
  it("finds a run of eight words from beyond the place, whatever the quotation marks, case and spacing", async () => {
    const limited = limitBook(await loadSeedBook("the-wind-in-the-willows"), PLACE);
    expect(quotesAhead(`The book says: “${LATER_SENTENCE}.” Isn't that fun?`, limited.passages)).toBe(true);
    const shouted = LATER_SENTENCE.toUpperCase().replace(/’/g, "'").split(" ").join("\n  ");
    expect(quotesAhead(shouted, limited.passages)).toBe(true);
    const eight = LATER_SENTENCE.split(" ").slice(5, 13).join(" ");
    expect(normalWords(eight)).toHaveLength(8);
    expect(quotesAhead(`Well, ${eight}!`, limited.passages)).toBe(true);
  });

  it("lets the text up to the place, short runs and ordinary phrases through", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const limited = limitBook(willows, PLACE);
    expect(quotesAhead(`The book says: “${EARLY_SENTENCE}.”`, limited.passages)).toBe(false);
    const seven = LATER_SENTENCE.split(" ").slice(5, 12).join(" ");
    expect(quotesAhead(`Well, ${seven}!`, limited.passages)).toBe(false);
    expect(
      quotesAhead("Mole and Rat are friends who love the river and messing about in boats.", limited.passages),
    ).toBe(false);
    // Not limited: nothing lies beyond.
    expect(quotesAhead(LATER_SENTENCE, willows.passages)).toBe(false);
    // Read up to the washerwoman: allowed.
    const further = limitBook(willows, { chapter: 8, paragraph: 59 });
    expect(quotesAhead(LATER_SENTENCE, further.passages)).toBe(false);
  });
});

describe("settledText", () => {
  it("holds back the last seven words, which could start a quote", () => {
    expect(settledText("One two three four five six seven")).toBe("");
    expect(settledText("One two three four five six seven eight")).toBe("One");
    expect(settledText("Hello, Toad’s friend! One two three four five six seven")).toBe("Hello, Toad’s friend");
    expect(settledText("“Well,” said — the Rat, one two three four five six")).toBe("“Well,” said — the");
  });
});
