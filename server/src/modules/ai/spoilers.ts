// "No spoilers": until a student has marked a book read, the chat answers from the text up to the
// furthest place they have had on screen in the reader. The providers only ever get passages from
// that part (limitPassageIndex); the chat service uses the checks below before and after it asks the
// AI, so that Gemini, which may know a public-domain book from its training, cannot give the rest away.

import { planReply } from "./offline-provider.js";
import { limitPassageIndex } from "./passages.js";
import type { AiBook, AiRequest, PassageIndex, ReadingPlace } from "./provider.js";

/** The whole book's best matches looked at before deciding that the answer lies ahead. */
const TOP_MATCHES = 3;
/**
 * Share of the question the later passage must hold to count as its answer: well above what the
 * offline provider needs to quote a passage, so that a loose match ("What is the capital of France?"
 * and a later "Capital!") is not taken for what happens next in the story.
 */
const AHEAD_MIN_COVERAGE = 0.75;
/** A run of this many words of the book, in order, counts as quoting it. */
export const QUOTE_RUN_WORDS = 8;

/**
 * The book limited to the text up to `upTo`, with `limit` saying how far that is; the whole book with
 * `limit: null` when nothing lies beyond the place.
 */
export function limitBook(book: AiBook, upTo: ReadingPlace): AiBook {
  const full = book.passages.full ?? book.passages;
  const passages = limitPassageIndex(full, upTo);
  if (!passages.full) {
    return { ...book, passages: full, limit: null };
  }
  const chapterTitle = full.passages.find((passage) => passage.place.section === upTo.chapter)?.chapter ?? null;
  return { ...book, passages, limit: { chapter: upTo.chapter, paragraph: upTo.paragraph, chapterTitle } };
}

/**
 * True when the question is answered later in the book and not in the part the student has read:
 * the whole book's best matches all lie beyond the place, the whole book answers it well there (as
 * the offline provider judges), and the allowed text has no answer. Then no AI is asked at all.
 */
export function answerLiesAhead(request: AiRequest): boolean {
  const view = request.book.passages;
  const full = view.full;
  if (!full) {
    return false;
  }
  const allowed = view.passages.length;
  const best = full.search(request.message, TOP_MATCHES);
  if (best.length === 0 || best.some((match) => match.index < allowed)) {
    return false;
  }
  const ahead = planReply({ ...request, book: { ...request.book, passages: full } });
  if (ahead.kind !== "answer" || ahead.choice.passage.index < allowed || ahead.choice.coverage < AHEAD_MIN_COVERAGE) {
    return false;
  }
  return planReply(request).kind !== "answer";
}

// ---------------------------------------------------------------------------------------------
// Quotes from beyond the place.

// Words as the check compares them: letters and digits, apostrophes inside a word kept with it
// ("Toad’s"), then lower case without accents or apostrophes. Quotation marks, dashes and line
// breaks do not matter. WORD finds the same words in a text as written (accents and all).
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’‘`]+[\p{L}\p{N}\p{M}]+)*/gu;
const PLAIN_WORD = /[\p{L}\p{N}]+(?:['’‘`]+[\p{L}\p{N}]+)*/gu;
const APOSTROPHES = /['’‘`]/g;
const HAS_APOSTROPHE = /['’‘`]/;

/** The words of a text as the check compares them. */
export function normalWords(text: string): string[] {
  // Accents and case go once for the whole text: a long book has about 200,000 words.
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const words = plain.match(PLAIN_WORD) ?? [];
  return words.map((word) => (HAS_APOSTROPHE.test(word) ? word.replace(APOSTROPHES, "") : word));
}

// Runs of words are kept as 53-bit hashes (two 32-bit FNV-style hashes) rather than as strings: a
// long book has about 200,000 of them.
function wordHashes(word: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < word.length; index += 1) {
    const code = word.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return [a >>> 0, b >>> 0];
}

function runKey(hashes: readonly [number, number][], start: number): number {
  let a = 0x9e3779b9;
  let b = 0x7f4a7c15;
  for (let index = start; index < start + QUOTE_RUN_WORDS; index += 1) {
    const [wordA, wordB] = hashes[index] ?? [0, 0];
    a = Math.imul(a ^ wordA, 0x01000193);
    b = Math.imul(b ^ wordB, 0x5bd1e995);
  }
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

/** For each run of QUOTE_RUN_WORDS words in the book: the first passage in which such a run ends. */
const runCache = new WeakMap<PassageIndex, Map<number, number>>();

function firstRuns(full: PassageIndex): Map<number, number> {
  const cached = runCache.get(full);
  if (cached) {
    return cached;
  }
  const hashes: [number, number][] = [];
  const passageOf: number[] = [];
  const known = new Map<string, [number, number]>();
  for (const passage of full.passages) {
    for (const word of normalWords(passage.text)) {
      let hash = known.get(word);
      if (!hash) {
        hash = wordHashes(word);
        known.set(word, hash);
      }
      hashes.push(hash);
      passageOf.push(passage.index);
    }
  }
  // Passages are in reading order, so the first run seen is the earliest; a run that crosses into the
  // next passage belongs to the passage where it ends.
  const first = new Map<number, number>();
  for (let start = 0; start + QUOTE_RUN_WORDS <= hashes.length; start += 1) {
    const key = runKey(hashes, start);
    if (!first.has(key)) {
      first.set(key, passageOf[start + QUOTE_RUN_WORDS - 1] ?? 0);
    }
  }
  runCache.set(full, first);
  return first;
}

/**
 * True when the reply quotes the book beyond the place: a run of QUOTE_RUN_WORDS or more words, in
 * order, that is in the whole book but not in the text up to the place. Always false for a book that
 * is not limited.
 */
export function quotesAhead(reply: string, view: PassageIndex): boolean {
  const full = view.full;
  if (!full) {
    return false;
  }
  const words = normalWords(reply);
  if (words.length < QUOTE_RUN_WORDS) {
    return false;
  }
  const first = firstRuns(full);
  const allowed = view.passages.length;
  const hashes = words.map(wordHashes);
  for (let start = 0; start + QUOTE_RUN_WORDS <= hashes.length; start += 1) {
    const at = first.get(runKey(hashes, start));
    if (at !== undefined && at >= allowed) {
      return true;
    }
  }
  return false;
}

/**
 * The part of a reply still being written that may be shown: all but its last QUOTE_RUN_WORDS - 1
 * words, which could be the start of a quote that the next piece completes. Empty while it is shorter.
 */
export function settledText(reply: string): string {
  const words = [...reply.matchAll(WORD)];
  const keep = words.length - (QUOTE_RUN_WORDS - 1);
  const last = words[keep - 1];
  if (keep <= 0 || !last) {
    return "";
  }
  return reply.slice(0, last.index + last[0].length);
}
