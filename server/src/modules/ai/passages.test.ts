import { describe, expect, it, vi } from "vitest";
import { loadSeedText } from "./eval/evaluate-answers.js";
import {
  buildPassageIndex,
  clearPassageIndexCache,
  countWords,
  focusPassageIndex,
  getPassageIndex,
  isWithinPlace,
  limitPassageIndex,
  PASSAGE_CACHE_SIZE,
  PAGE_BOOST,
  PASSAGE_MAX_WORDS,
  splitPassages,
  splitSections,
  splitSentences,
  stripBoilerplate,
} from "./passages.js";
import type { PassageIndex } from "./provider.js";

/** Whitespace collapsed, illustration markers and rules ("* * *") dropped, as the passages have them. */
function normalise(text: string): string {
  return text
    .split("\n")
    .filter((line) => !/^[\s*_=~\-.#·•]*$/.test(line))
    .join("\n")
    .replace(/\[(?:Illustration|Picture|Frontispiece)[^\]]*\]/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function story(part: number): string {
  return Array.from(
    { length: 8 },
    (_, line) => `Sentence ${line + 1} of part ${part} tells of the lighthouse keeper and the gull who lived there.`,
  ).join(" ");
}

function chaptersOf(raw: string): string[] {
  return splitSections(raw)
    .map((section) => section.chapter)
    .filter((chapter): chapter is string => chapter !== null);
}

describe("chapter detection in the seed books", () => {
  it("finds the chapters of Alice's Adventures in Wonderland", async () => {
    const chapters = chaptersOf(await loadSeedText("alices-adventures-in-wonderland"));
    expect(chapters).toHaveLength(12);
    expect(chapters[0]).toBe("CHAPTER I. Down the Rabbit-Hole");
    expect(chapters[6]).toBe("CHAPTER VII. A Mad Tea-Party");
    expect(chapters[11]).toBe("CHAPTER XII. Alice’s Evidence");
  });

  it("reads numbered chapters with their titles and skips the contents list (The Wind in the Willows)", async () => {
    const raw = await loadSeedText("the-wind-in-the-willows");
    const chapters = chaptersOf(raw);
    expect(chapters).toHaveLength(12);
    expect(chapters[0]).toBe("I. THE RIVER BANK");
    expect(chapters[5]).toBe("VI. MR. TOAD");
    const passages = splitPassages(raw);
    // The contents list is gone: the book's text starts after the title with the first chapter.
    const firstOfChapterOne = passages.find((passage) => passage.chapter === "I. THE RIVER BANK");
    expect(firstOfChapterOne?.text).toMatch(/^The Mole had been working very hard all the morning/);
    expect(passages.some((passage) => passage.text.includes("THE PIPER AT THE GATES OF DAWN"))).toBe(false);
  });

  it("joins a chapter number and a title on the next line (Little Women, The Secret Garden)", async () => {
    const littleWomen = chaptersOf(await loadSeedText("little-women"));
    expect(littleWomen).toHaveLength(47);
    expect(littleWomen[0]).toBe("CHAPTER ONE. PLAYING PILGRIMS");
    expect(littleWomen[46]).toBe("CHAPTER FORTY-SEVEN. HARVEST TIME");
    const secretGarden = chaptersOf(await loadSeedText("the-secret-garden"));
    expect(secretGarden).toHaveLength(27);
    expect(secretGarden[0]).toBe("CHAPTER I. THERE IS NO ONE LEFT");
  });

  it("reads numbered titles, letters and bare numbers (Oz, Frankenstein, Treasure Island, Black Beauty)", async () => {
    const oz = chaptersOf(await loadSeedText("the-wonderful-wizard-of-oz"));
    expect(oz[0]).toBe("Introduction");
    expect(oz[1]).toBe("1. The Cyclone");
    expect(oz.at(-1)).toBe("24. Home Again");

    const frankenstein = chaptersOf(await loadSeedText("frankenstein"));
    expect(frankenstein).toHaveLength(28);
    expect(frankenstein[0]).toMatch(/^Letter 1\b/);
    expect(frankenstein.at(-1)).toBe("Chapter 24");

    const treasureIsland = chaptersOf(await loadSeedText("treasure-island"));
    expect(treasureIsland).toHaveLength(34);
    expect(treasureIsland[0]).toBe("1. The Old Sea-dog at the Admiral Benbow");

    const blackBeauty = chaptersOf(await loadSeedText("black-beauty"));
    expect(blackBeauty).toHaveLength(49);
    expect(blackBeauty[0]).toBe("01 My Early Home");
  });

  it("takes the titles of the stories in a collection as its chapters (Just So Stories)", async () => {
    const stories = chaptersOf(await loadSeedText("just-so-stories"));
    expect(stories).toEqual([
      "HOW THE WHALE GOT HIS THROAT",
      "HOW THE CAMEL GOT HIS HUMP",
      "HOW THE RHINOCEROS GOT HIS SKIN",
      "HOW THE LEOPARD GOT HIS SPOTS",
      "THE ELEPHANT’S CHILD",
      "THE SING-SONG OF OLD MAN KANGAROO",
      "THE BEGINNING OF THE ARMADILLOS",
      "HOW THE FIRST LETTER WAS WRITTEN",
      "HOW THE ALPHABET WAS MADE",
      "THE CRAB THAT PLAYED WITH THE SEA",
      "THE CAT THAT WALKED BY HIMSELF",
      "THE BUTTERFLY THAT STAMPED",
    ]);
  });

  it("leaves a book without chapters in one section (The Tale of Peter Rabbit)", async () => {
    const sections = splitSections(await loadSeedText("the-tale-of-peter-rabbit"));
    expect(sections).toHaveLength(1);
    expect(sections[0]?.chapter).toBeNull();
  });

  it("strips Project Gutenberg's header, licence and contents list", () => {
    const raw = [
      "The Project Gutenberg eBook of A Test Book",
      "This ebook is for the use of anyone anywhere.",
      "*** START OF THE PROJECT GUTENBERG EBOOK A TEST BOOK ***",
      "",
      "Produced by a kind volunteer.",
      "",
      "A TEST BOOK",
      "",
      "CONTENTS",
      "",
      "BOOK ONE",
      "",
      "Chapter 7",
      "",
      "Chapter 8",
      "",
      "BOOK TWO",
      "",
      "Chapter 9",
      "",
      "",
      "BOOK ONE",
      "",
      "Chapter 7",
      "",
      story(7),
      "",
      "Chapter 8",
      "",
      story(8),
      "",
      "BOOK TWO",
      "",
      "Chapter 9",
      "",
      story(9),
      "",
      "*** END OF THE PROJECT GUTENBERG EBOOK A TEST BOOK ***",
      "Section 1. General Terms of Use and Redistributing Project Gutenberg™ electronic works",
    ].join("\r\n");
    expect(stripBoilerplate(raw)).not.toMatch(/Project Gutenberg|Produced by/);
    const sections = splitSections(raw);
    // Books group the chapters; the chapters are the sections.
    expect(sections.map((section) => section.chapter)).toEqual([null, "Chapter 7", "Chapter 8", "Chapter 9"]);
    expect(sections[0]?.paragraphs).toEqual(["A TEST BOOK"]);
    expect(sections[3]?.paragraphs).toEqual([story(9)]);
  });

  it("takes BOOK headings as the chapters of a book that has no others", () => {
    const raw = ["BOOK ONE", "", story(1), "", "BOOK TWO", "", story(2), "", "BOOK THREE", "", story(3)].join("\n");
    expect(chaptersOf(raw)).toEqual(["BOOK ONE", "BOOK TWO", "BOOK THREE"]);
  });
});

describe("passages", () => {
  it.each(["alices-adventures-in-wonderland", "little-women", "just-so-stories", "the-tale-of-peter-rabbit"])(
    "cover the whole text of %s in order, in short paragraph-aware pieces",
    async (slug) => {
      const raw = await loadSeedText(slug);
      const source = normalise(stripBoilerplate(raw));
      const passages = splitPassages(raw);

      let position = 0;
      let words = 0;
      passages.forEach((passage, index) => {
        expect(passage.index).toBe(index);
        const text = normalise(passage.text);
        const found = source.indexOf(text, position);
        expect(found, `passage ${index} is in the text after passage ${index - 1}`).toBeGreaterThanOrEqual(position);
        position = found + text.length;
        words += countWords(passage.text);
      });
      // Everything but headings and the contents list is in a passage.
      expect(words / countWords(source)).toBeGreaterThan(0.96);
      // The book's last words are in the last passage.
      expect(source.endsWith(normalise(passages.at(-1)?.text ?? "").slice(-40))).toBe(true);

      const sizes = passages.map((passage) => countWords(passage.text)).sort((a, b) => a - b);
      const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
      expect(median).toBeGreaterThanOrEqual(60);
      expect(median).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    },
  );

  it("keep paragraphs apart and never run across a chapter", async () => {
    const passages = splitPassages(await loadSeedText("alices-adventures-in-wonderland"));
    expect(passages.some((passage) => passage.text.includes("\n\n"))).toBe(true);
    const teaParty = passages.filter((passage) => passage.chapter === "CHAPTER VII. A Mad Tea-Party");
    expect(teaParty[0]?.text).toMatch(/^There was a table set out under a tree/);
  });

  it("split sentences without breaking at Mr. or initials", () => {
    expect(splitSentences("‘Stop!’ cried the Rat. Mr. Toad waved. H. G. Wells wrote it. ‘Why?’ She laughed.")).toEqual([
      "‘Stop!’ cried the Rat.",
      "Mr. Toad waved.",
      "H. G. Wells wrote it.",
      "‘Why?’",
      "She laughed.",
    ]);
  });
});

describe("search", () => {
  it("finds the DRINK ME bottle for “What does Alice drink?”", async () => {
    const index = buildPassageIndex(await loadSeedText("alices-adventures-in-wonderland"));
    const results = index.search("What does Alice drink?", 5);
    expect(results.length).toBeGreaterThan(0);
    expect(results.some((result) => /DRINK ME/i.test(result.text) && result.chapter?.startsWith("CHAPTER I."))).toBe(
      true,
    );
    expect(results[0]?.score).toBeGreaterThanOrEqual(results[1]?.score ?? 0);
  });

  it("finds Toad for “Who is Mr. Toad?”, misspelt or not", async () => {
    const index = buildPassageIndex(await loadSeedText("the-wind-in-the-willows"));
    for (const question of ["Who is Mr. Toad?", "who is mr tode"]) {
      const results = index.search(question, 5);
      expect(results).toHaveLength(5);
      expect(results[0]?.text).toMatch(/Mr\. Toad/);
      expect(results.filter((result) => /Toad/.test(result.text)).length).toBeGreaterThanOrEqual(4);
    }
  });

  it("returns nothing for a question of stop words only or a limit of 0", async () => {
    const index = buildPassageIndex(await loadSeedText("the-tale-of-peter-rabbit"));
    expect(index.search("what is it?", 5)).toEqual([]);
    expect(index.search("Peter", 0)).toEqual([]);
  });

  // How fast is bench/reader.mjs's to measure: a test that asserts wall-clock time fails on a busy machine.
  it("builds the largest seed book (over a million characters) into passages", async () => {
    const raw = await loadSeedText("little-women");
    expect(raw.length).toBeGreaterThan(1_000_000);
    const index = buildPassageIndex(raw);
    expect(index.passages.length).toBeGreaterThan(1000);
  });
});

describe("passage places", () => {
  it("name the section and the paragraphs of splitSections each passage comes from, in reading order", async () => {
    const raw = await loadSeedText("the-wind-in-the-willows");
    const sections = splitSections(raw);
    const passages = splitPassages(raw);
    let previous = { section: 0, lastParagraph: 0 };
    for (const passage of passages) {
      const { section, firstParagraph, lastParagraph } = passage.place;
      const paragraphs = sections[section]?.paragraphs ?? [];
      expect(sections[section]?.chapter).toBe(passage.chapter);
      expect(firstParagraph).toBeLessThanOrEqual(lastParagraph);
      expect(paragraphs.slice(firstParagraph, lastParagraph + 1).join(" ")).toContain(
        passage.text.replace(/\s+/g, " "),
      );
      const inOrder =
        section > previous.section || (section === previous.section && firstParagraph >= previous.lastParagraph);
      expect(inOrder, `passage ${passage.index}`).toBe(true);
      previous = { section, lastParagraph };
    }
    // Every paragraph of every section is in some passage.
    const last = passages.at(-1)?.place;
    expect(last?.section).toBe(sections.length - 1);
    expect(last?.lastParagraph).toBe((sections.at(-1)?.paragraphs.length ?? 0) - 1);
  });
});

describe("limitPassageIndex", () => {
  // The Wind in the Willows: section 1 is "I. THE RIVER BANK", section 2 "II. THE OPEN ROAD" (Toad).
  const upTo = { chapter: 2, paragraph: 30 };
  let built: Promise<PassageIndex> | undefined;
  const willows = () => (built ??= loadSeedText("the-wind-in-the-willows").then(buildPassageIndex));

  it("keeps the passages up to the place, indexes unchanged, and the whole book beside them", async () => {
    const full = await willows();
    const view = limitPassageIndex(full, upTo);

    expect(view.full).toBe(full);
    expect(view.passages.length).toBeGreaterThan(10);
    expect(view.passages.length).toBeLessThan(full.passages.length / 4);
    expect(view.passages).toEqual(full.passages.slice(0, view.passages.length));
    view.passages.forEach((passage, index) => expect(passage.index).toBe(index));
    expect(view.passages.every((passage) => isWithinPlace(passage, upTo))).toBe(true);
    const next = full.passages[view.passages.length];
    expect(next && isWithinPlace(next, upTo)).toBe(false);
    // The passage that ends at the place is in; the one that runs past its paragraph is not.
    const lastIn = view.passages.at(-1)?.place;
    expect(lastIn?.section).toBe(2);
    expect(lastIn?.lastParagraph).toBeLessThanOrEqual(30);
    expect(next?.place.lastParagraph).toBeGreaterThan(30);
  });

  it("searches only the passages up to the place, and still fills the limit", async () => {
    const full = await willows();
    const view = limitPassageIndex(full, upTo);
    const allowed = view.passages.length;

    // Some of the whole book's best matches lie beyond the place ...
    expect(full.search("Toad and his motor-car", 5).filter((result) => result.index >= allowed).length).toBeGreaterThan(
      0,
    );
    // ... yet the view finds five within it, in the whole book's order.
    const results = view.search("Toad and his motor-car", 5);
    expect(results).toHaveLength(5);
    expect(results.every((result) => result.index < allowed)).toBe(true);
    const expected = full
      .search("Toad and his motor-car", full.passages.length)
      .filter((result) => result.index < allowed)
      .slice(0, 5);
    expect(results).toEqual(expected);

    // Found only beyond the place: nothing.
    expect(view.search("washerwoman", 5)).toEqual([]);
    expect(full.search("washerwoman", 5).length).toBeGreaterThan(0);
    expect(view.search("Toad", 0)).toEqual([]);
  });

  it("shares a view between places that allow the same passages, and limits a view from the whole book", async () => {
    const full = await willows();
    const view = limitPassageIndex(full, upTo);
    const lastIn = view.passages.at(-1)?.place ?? { section: 0, lastParagraph: 0 };
    expect(limitPassageIndex(full, { chapter: lastIn.section, paragraph: lastIn.lastParagraph })).toBe(view);
    const earlier = limitPassageIndex(view, { chapter: 1, paragraph: 5 });
    expect(earlier.full).toBe(full);
    expect(earlier.passages.length).toBeLessThan(view.passages.length);
    // Later than the place of the view it was asked of: the whole book decides.
    expect(limitPassageIndex(view, { chapter: 3, paragraph: 0 }).passages.length).toBeGreaterThan(view.passages.length);
  });

  it("gives the whole book for a place at or past its end, and nothing before the first passage ends", async () => {
    const full = await willows();
    const end = full.passages.at(-1)?.place ?? { section: 0, lastParagraph: 0 };
    expect(limitPassageIndex(full, { chapter: end.section, paragraph: end.lastParagraph })).toBe(full);
    expect(limitPassageIndex(full, { chapter: 99, paragraph: 0 })).toBe(full);
    const none = limitPassageIndex(full, { chapter: 0, paragraph: -1 });
    expect(none.passages).toEqual([]);
    expect(none.search("Toad", 5)).toEqual([]);
  });
});

describe("getPassageIndex", () => {
  it("builds once per key, also when asked many times at once", async () => {
    clearPassageIndexCache();
    const loadText = vi.fn(async () => "Once upon a time a small mouse lived in a big house.");
    const [first, second, third] = await Promise.all([
      getPassageIndex("book-1:abc", loadText),
      getPassageIndex("book-1:abc", loadText),
      getPassageIndex("book-1:abc", loadText),
    ]);
    expect(loadText).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await getPassageIndex("book-1:abc", loadText)).toBe(first);
    expect(loadText).toHaveBeenCalledTimes(1);
  });

  it("forgets the least recently used book beyond the cache size", async () => {
    clearPassageIndexCache();
    const loads = new Map<string, number>();
    const load = (key: string) => async () => {
      loads.set(key, (loads.get(key) ?? 0) + 1);
      return `The ${key} story.`;
    };
    await getPassageIndex("book-0", load("book-0"));
    for (let n = 1; n <= PASSAGE_CACHE_SIZE; n += 1) {
      // Using book-1 again keeps it while book-0, unused, is the one to go.
      await getPassageIndex("book-1", load("book-1"));
      await getPassageIndex(`book-${n}`, load(`book-${n}`));
    }
    await getPassageIndex("book-1", load("book-1"));
    await getPassageIndex("book-0", load("book-0"));
    expect(loads.get("book-1")).toBe(1);
    expect(loads.get("book-0")).toBe(2);
  });

  it("tries again after a failed build", async () => {
    clearPassageIndexCache();
    const loadText = vi.fn().mockRejectedValueOnce(new Error("disk")).mockResolvedValueOnce("A short tale.");
    await expect(getPassageIndex("book-2", loadText)).rejects.toThrow("disk");
    const index = await getPassageIndex("book-2", loadText);
    expect(index.passages[0]?.text).toBe("A short tale.");
    expect(loadText).toHaveBeenCalledTimes(2);
  });
});

describe("focusPassageIndex", () => {
  let built: Promise<PassageIndex> | undefined;
  const willows = () => (built ??= loadSeedText("the-wind-in-the-willows").then(buildPassageIndex));
  // A page of "V. DULCE DOMUM" (section 5): Mole finds his old home.
  const pageOf = (index: PassageIndex) =>
    index.passages
      .filter(({ place }) => place.section === 5 && place.lastParagraph >= 30 && place.firstParagraph <= 33)
      .map((passage) => passage.index);

  it("puts the page's matching passages first, boosted, and keeps the rest in order", async () => {
    const full = await willows();
    const page = pageOf(full);
    expect(page.length).toBeGreaterThan(0);
    const plain = full.search("Mole", 5);
    expect(page).not.toContain(plain[0]?.index);
    const focused = focusPassageIndex(full, page).search("Mole", 5);
    expect(focused).toHaveLength(5);
    expect(page).toContain(focused[0]?.index);
    const scores = focused.map((passage) => passage.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const unboosted = full.search("Mole", 50).find((passage) => passage.index === focused[0]?.index);
    expect(focused[0]?.score).toBeCloseTo((unboosted?.score ?? 0) * PAGE_BOOST);
  });

  it("sends the page along, last and weakest, when nothing on it matches", async () => {
    const full = await willows();
    const page = pageOf(full);
    const results = focusPassageIndex(full, page).search("Toad motor-car", 4);
    expect(results).toHaveLength(4);
    expect(results[3]?.index).toBe(Math.min(...page));
    expect(results.slice(0, 3).map((passage) => passage.index)).toEqual(
      full.search("Toad motor-car", 3).map((passage) => passage.index),
    );
  });

  it("is the index itself without a page, and passes the whole book on", async () => {
    const full = await willows();
    expect(focusPassageIndex(full, [])).toBe(full);
    const view = limitPassageIndex(full, { chapter: 6, paragraph: 0 });
    expect(focusPassageIndex(view, pageOf(view)).full).toBe(full);
  });
});
