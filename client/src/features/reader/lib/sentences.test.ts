import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("splits after full stops, questions and exclamations, keeping each sentence's start", () => {
    const paragraph = "The Mole had been working very hard. Was it spring? Yes! It was.";
    const sentences = splitSentences(paragraph);
    expect(sentences.map((s) => s.text)).toEqual([
      "The Mole had been working very hard.",
      "Was it spring?",
      "Yes!",
      "It was.",
    ]);
    for (const sentence of sentences) {
      expect(paragraph.slice(sentence.start, sentence.start + sentence.text.length)).toBe(sentence.text);
    }
  });

  it("keeps closing quotes with their sentence and does not split after Mr. or Mrs.", () => {
    expect(splitSentences("‘Hooray!’ cried Mr. Toad. “Come along,” said Mrs. Otter.").map((s) => s.text)).toEqual([
      "‘Hooray!’ cried Mr. Toad.",
      "“Come along,” said Mrs. Otter.",
    ]);
  });

  it("returns a paragraph without a full stop whole, and nothing for an empty one", () => {
    expect(splitSentences("And so they went home")).toEqual([{ text: "And so they went home", start: 0 }]);
    expect(splitSentences("")).toEqual([]);
  });
});
