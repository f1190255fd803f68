// "What happens in chapter 3?", "What has happened so far?": a short summary made of the book's own
// sentences, the ones that carry most of what the chapter is about (its words that are rare elsewhere
// in the book, and its people), kept in reading order.

import { splitSentences, textTerms } from "../passages.js";
import type { Passage } from "../provider.js";
import { chapterNumber, LAST_CHAPTER } from "./question.js";

export type Chapter = { heading: string; number: number; passages: Passage[] };

/** The chapters of the passages in reading order, numbered by their headings where they are numbered. */
export function chaptersOf(passages: readonly Passage[]): Chapter[] {
  const chapters: Chapter[] = [];
  for (const passage of passages) {
    if (passage.chapter === null) {
      continue;
    }
    const last = chapters.at(-1);
    if (last && last.heading === passage.chapter) {
      last.passages.push(passage);
    } else {
      chapters.push({ heading: passage.chapter, number: 0, passages: [passage] });
    }
  }
  chapters.forEach((chapter, position) => {
    // "CHAPTER VII. A Mad Tea-Party", "III. THE WILD WOOD", "Chapter 3": the heading's own number.
    const label = /^(?:chapter|stave|part|book)?\s*([\divxlc]+)\b/i.exec(chapter.heading.trim())?.[1];
    chapter.number = (label ? chapterNumber(label) : null) ?? position + 1;
  });
  return chapters;
}

/** The chapter a child means by "chapter 3": the one numbered 3, else the third. */
export function findChapter(chapters: readonly Chapter[], number: number): Chapter | null {
  if (number === LAST_CHAPTER) {
    return chapters.at(-1) ?? null;
  }
  return chapters.find((chapter) => chapter.number === number) ?? chapters[number - 1] ?? null;
}

type Scored = { text: string; order: number; score: number; words: number };

const MIN_WORDS = 6;
const MAX_SENTENCE_WORDS = 32;

/**
 * The sentences that best sum up the passages, at most `maxWords` words in all, in reading order.
 * `documentFrequency` (in how many passages of the book each term occurs) makes a term the chapter
 * repeats but the book rarely uses count most.
 */
export function summarise(
  passages: readonly Passage[],
  documentFrequency: ReadonlyMap<string, number>,
  totalPassages: number,
  maxWords: number,
): string[] {
  const sentences: Scored[] = [];
  const counts = new Map<string, number>();
  let order = 0;
  for (const passage of passages) {
    for (const paragraph of passage.text.split(/\n\n/)) {
      for (const sentence of splitSentences(paragraph)) {
        const text = sentence.replace(/\s+/g, " ").replace(/_/g, "").trim();
        const words = text.split(" ").length;
        const terms = textTerms(text);
        for (const term of new Set(terms)) {
          counts.set(term, (counts.get(term) ?? 0) + 1);
        }
        sentences.push({ text, order, score: 0, words });
        order += 1;
      }
    }
  }
  const weight = (term: string) =>
    (counts.get(term) ?? 0) > 1
      ? Math.log(1 + totalPassages / ((documentFrequency.get(term) ?? 0) + 1)) * Math.log(1 + (counts.get(term) ?? 0))
      : 0;
  for (const sentence of sentences) {
    const terms = new Set(textTerms(sentence.text));
    let value = 0;
    for (const term of terms) {
      value += weight(term);
    }
    // Narration tells what happens; talk, a question, or a very short or long sentence tells less.
    const speech = /[‘“"]|[’”]\s*$|\?/.test(sentence.text) ? 0.2 : 1;
    const fits = sentence.words < MIN_WORDS ? 0 : sentence.words <= MAX_SENTENCE_WORDS ? 1 : 0.2;
    // A chapter's opening sets the scene, so its first sentences count a little more.
    const opening = sentence.order < Math.max(3, sentences.length * 0.15) ? 1.5 : 1;
    sentence.score = (value / Math.sqrt(Math.max(sentence.words, MIN_WORDS))) * speech * fits * opening;
  }
  const chosen: Scored[] = [];
  let total = 0;
  for (const sentence of [...sentences].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (sentence.score <= 0 || total + sentence.words > maxWords) {
      continue;
    }
    chosen.push(sentence);
    total += sentence.words;
    if (chosen.length === 3) {
      break;
    }
  }
  return chosen.sort((a, b) => a.order - b.order).map((sentence) => sentence.text);
}
