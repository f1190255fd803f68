import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { splitPassages } from "../ai/passages.js";
import { buildReaderText, PART_CHARACTERS } from "./reader.service.js";

// The reader's chapters are the sections the AI's passages come from, sent in parts.

const text = (slug: string) =>
  fs.readFileSync(path.join(import.meta.dirname, "../../../../prisma/seed/catalogue/texts", `${slug}.txt`), "utf8");

describe("buildReaderText", () => {
  it("finds The Wind in the Willows' twelve chapters by their headings", () => {
    const book = buildReaderText(text("the-wind-in-the-willows"), "The Wind in the Willows");
    const titles = book.chapters.map((chapter) => chapter.title);
    expect(titles).toHaveLength(13);
    expect(titles[0]).toBe("Opening");
    expect(titles[1]).toBe("I. THE RIVER BANK");
    expect(titles[12]).toBe("XII. THE RETURN OF ULYSSES");
    expect(book.chapters[0]?.paragraphs[0]).not.toMatch(/Project Gutenberg/i);
  });

  it("cuts long chapters into parts of at most PART_CHARACTERS (a longer single paragraph stands alone)", () => {
    const book = buildReaderText(text("little-women"), "Little Women");
    expect(book.characters).toBeGreaterThan(900_000);
    for (const chapter of book.chapters) {
      expect(chapter.partStarts[0]).toBe(0);
      chapter.partStarts.forEach((start, part) => {
        const end = chapter.partStarts[part + 1] ?? chapter.paragraphs.length;
        expect(end).toBeGreaterThan(start);
        const size = chapter.paragraphs.slice(start, end).reduce((sum, paragraph) => sum + paragraph.length, 0);
        expect(size <= PART_CHARACTERS || end - start === 1).toBe(true);
      });
    }
    expect(book.chapters.some((chapter) => chapter.partStarts.length > 1)).toBe(true);
  });

  it("places every AI passage inside the reader's chapter and paragraphs it came from", () => {
    const raw = text("the-wind-in-the-willows");
    const book = buildReaderText(raw, "The Wind in the Willows");
    for (const passage of splitPassages(raw)) {
      const chapter = book.chapters[passage.place.section];
      expect(chapter).toBeDefined();
      const { firstParagraph, lastParagraph } = passage.place;
      const paragraphs = chapter?.paragraphs ?? [];
      const collapse = (value: string) => value.replace(/\s+/g, " ").trim();
      const words = collapse(passage.text).split(" ");
      expect(collapse(paragraphs.slice(firstParagraph, lastParagraph + 1).join(" "))).toContain(collapse(passage.text));
      // It starts in its first paragraph and ends in its last.
      expect(paragraphs[firstParagraph]).toContain(words[0]);
      expect(paragraphs[lastParagraph]).toContain(words[words.length - 1]);
    }
  });

  it("names the text before the first heading 'Opening', and a book without headings after itself", () => {
    const plain = buildReaderText("One paragraph of a story.\n\nAnother paragraph.", "A Tiny Tale");
    expect(plain.chapters.map((chapter) => chapter.title)).toEqual(["A Tiny Tale"]);
    expect(plain.chapters[0]?.paragraphs).toEqual(["One paragraph of a story.", "Another paragraph."]);
  });
});
