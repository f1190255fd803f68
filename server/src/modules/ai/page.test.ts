import { describe, expect, it } from "vitest";
import { loadSeedBook, loadSeedText } from "./eval/evaluate-answers.js";
import { excerptsFor, focusBookOnPage, pagePassages, type ReaderPage, readPageQuestion } from "./page.js";
import { splitSections } from "./passages.js";
import type { AiBook } from "./provider.js";
import { limitBook } from "./spoilers.js";

const WILLOWS = "the-wind-in-the-willows";
// "III. THE WILD WOOD" (section 3), the first page: the Mole wants to meet the Badger.
const CHAPTER_III_PAGE_1: ReaderPage = { chapter: 3, paragraph: 0, lastParagraph: 4 };

async function pageText(slug: string, page: ReaderPage): Promise<string> {
  const section = splitSections(await loadSeedText(slug))[page.chapter];
  return (section?.paragraphs ?? []).slice(page.paragraph, page.lastParagraph + 1).join(" ");
}

async function willowsOnPage(page: ReaderPage = CHAPTER_III_PAGE_1): Promise<AiBook> {
  return focusBookOnPage(await loadSeedBook(WILLOWS), page);
}

describe("readPageQuestion", () => {
  it("takes questions that point at the page, or say nothing of what they are about, as about the page", async () => {
    const book = await willowsOnPage();
    for (const question of [
      "What is happening on this page?",
      "Who is on this page?",
      "Explain this page",
      "What does this part mean?",
      "Who is talking here?",
      "What's going on?",
      "What just happened?",
      "Who is she?",
      "Why is he so cross?",
      "i don't understand this bit",
      "Can you explain this paragraph please",
      "What is the Mole doing here?",
    ]) {
      expect(readPageQuestion(question, book), question).not.toBeNull();
    }
  });

  it("leaves questions that name what they are about to the whole book read so far", async () => {
    const book = await willowsOnPage();
    for (const question of [
      "Why did Mole leave home?",
      "What was in the picnic basket?",
      "Who is Badger?",
      "What does Toad love most?",
      "What does 'gloaming' mean?",
      "ok",
    ]) {
      expect(readPageQuestion(question, book), question).toBeNull();
    }
  });

  it("keeps what the question asks besides the page, and whether it asks who or who speaks", async () => {
    const book = await willowsOnPage();
    expect(readPageQuestion("What is happening on this page?", book)).toEqual({
      rest: "",
      who: false,
      speech: false,
      named: false,
    });
    expect(readPageQuestion("Who is talking here?", book)).toMatchObject({ rest: "", who: true, speech: true });
    expect(readPageQuestion("Why is she crying here?", book)).toMatchObject({ rest: "crying", named: false });
    expect(readPageQuestion("What is Toad doing here?", book)).toMatchObject({ rest: "Toad", named: true });
  });

  it("is null without a page", async () => {
    expect(readPageQuestion("What is happening on this page?", await loadSeedBook(WILLOWS))).toBeNull();
  });
});

describe("focusBookOnPage and pagePassages", () => {
  it("holds the page's passages, cut to the paragraphs on screen", async () => {
    const book = await willowsOnPage({ chapter: 5, paragraph: 30, lastParagraph: 33 });
    const page = book.page;
    expect(page?.chapterTitle).toBe("V. DULCE DOMUM");
    expect(page?.place).toEqual({ section: 5, paragraph: 30, lastParagraph: 33 });
    const text = (await pageText(WILLOWS, { chapter: 5, paragraph: 30, lastParagraph: 33 })).replace(/\s+/g, " ");
    const cut = page ? pagePassages(page) : [];
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.map((passage) => passage.index)).toEqual(page?.passages.map((passage) => passage.index));
    // Whole passages may begin before the page or run past it; cut, they hold the page and nothing else.
    expect(cut.map((passage) => passage.text.replace(/\s+/g, " ")).join(" ")).toBe(text);
    for (const passage of cut) {
      expect(passage.place.firstParagraph).toBeGreaterThanOrEqual(30);
      expect(passage.place.lastParagraph).toBeLessThanOrEqual(33);
    }
  });

  it("keeps only the passages the student may see, and leaves a page past their place alone", async () => {
    const whole = await loadSeedBook(WILLOWS);
    // Read up to paragraph 2 of the page: the passages after it are not theirs yet.
    const limited = limitBook(whole, { chapter: 3, paragraph: 2 });
    const focused = focusBookOnPage(limited, CHAPTER_III_PAGE_1);
    expect(focused.page?.passages.every((passage) => passage.place.lastParagraph <= 2)).toBe(true);
    expect(focused.limit).toEqual(limited.limit);

    const behind = limitBook(whole, { chapter: 1, paragraph: 20 });
    expect(focusBookOnPage(behind, CHAPTER_III_PAGE_1)).toBe(behind);
  });
});

describe("excerptsFor", () => {
  it("puts the page's passages first, then the best matches elsewhere, once each", async () => {
    const book = await willowsOnPage();
    const onPage = book.page?.passages.map((passage) => passage.index) ?? [];
    const excerpts = excerptsFor(book, "What was in the picnic basket?", 6);
    expect(excerpts.slice(0, onPage.length).map((passage) => passage.index)).toEqual(onPage);
    const others = excerpts.slice(onPage.length);
    expect(others).toHaveLength(6);
    expect(others.some((passage) => passage.chapter === "I. THE RIVER BANK")).toBe(true);
    expect(new Set(excerpts.map((passage) => passage.index)).size).toBe(excerpts.length);
  });

  it("sends a question about the page with the page and the passage before it, not with its words' matches", async () => {
    const book = await willowsOnPage({ chapter: 5, paragraph: 30, lastParagraph: 33 });
    const onPage = book.page?.passages.map((passage) => passage.index) ?? [];
    const excerpts = excerptsFor(book, "What is happening on this page?", 6);
    expect(excerpts.map((passage) => passage.index)).toEqual([...onPage, Math.min(...onPage) - 1]);
  });

  it("is the search itself without a page", async () => {
    const book = await loadSeedBook(WILLOWS);
    expect(excerptsFor(book, "What was in the picnic basket?", 6)).toEqual(
      book.passages.search("What was in the picnic basket?", 6),
    );
  });
});
