// Scores an AI provider on a set of children's questions about the seed books (questions.json).
//
// The questions were written first, as children ask them, before the offline provider was tuned. Each
// answer is the shortest phrase of the book that states the fact asked for ("brains", "DRINK ME",
// "twenty thousand pounds"); where the fact is only a common name, or a description, it is the words of
// the one passage that states it ("He is indeed the best of animals").
//
// Scoring rule. Texts are compared as lower-case words, punctuation dropped, so line breaks, curly or
// straight quotes and dashes do not matter.
// - An answerable entry is correct when the reply used the passage that holds the answer:
//   (a) the reply contains a run of at least four consecutive words of the expected answer (the whole
//       answer when it is shorter), or
//   (b) the passage the reply quotes contains the expected answer. The quoted passage is the one sharing
//       the most runs of six consecutive words with the reply (at least one).
//   A refusal is never correct for an answerable entry.
// - A decline entry is correct when the reply is a refusal (isDecline, by default the texts of voice.ts).
// answerableNearby also counts (b) when the answer is in a passage right next to the quoted one, in the
// same chapter: the reply pointed the child at the right page, a passage early or late.

import { readFile } from "node:fs/promises";
import { getPassageIndex } from "../passages.js";
import type { AiBook, AiProvider, AiTurn, ChatMode, Passage } from "../provider.js";
import { isDeclineText } from "../voice.js";

export type EvalEntry = {
  /** Slug of the book in the seed catalogue. */
  book: string;
  question: string;
  /** A short exact piece of the book's text that answers the question. */
  answer?: string;
  /** "book" (default) or the name of the character the child is talking to. */
  mode?: string;
  /** "decline" when the right reply is a polite refusal. */
  expect?: "decline";
};

export type EvalFailure = {
  entry: EvalEntry;
  reply: string;
  reason: "declined" | "wrong passage" | "answered" | "no reply";
};

export type Score = { total: number; correct: number; accuracy: number };

export type EvalReport = {
  overall: Score;
  answerable: Score;
  decline: Score;
  /** Answerable entries again, also counting replies quoted from right next to the answer's passage. */
  answerableNearby: Score;
  failures: EvalFailure[];
};

export type EvalOptions = {
  provider: AiProvider;
  loadBook: (slug: string) => Promise<AiBook>;
  /** Whether a reply is a refusal; by default the decline and not-found texts of voice.ts. */
  isDecline?: (reply: string, book: AiBook, mode: ChatMode) => boolean;
  history?: AiTurn[];
};

const QUOTE_RUN = 6;
const ANSWER_RUN = 4;

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

function grams(list: readonly string[], size: number): Set<string> {
  const out = new Set<string>();
  for (let index = 0; index + size <= list.length; index += 1) {
    out.add(list.slice(index, index + size).join(" "));
  }
  return out;
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  return ` ${haystack.join(" ")} `.includes(` ${needle.join(" ")} `);
}

/** The passage the reply quotes: the one sharing the most six-word runs with it, if any. */
export function quotedPassage(reply: string, passages: readonly Passage[]): Passage | null {
  const replyGrams = grams(words(reply), QUOTE_RUN);
  if (replyGrams.size === 0) {
    return null;
  }
  let best: Passage | null = null;
  let bestCount = 0;
  for (const passage of passages) {
    let count = 0;
    for (const gram of grams(words(passage.text), QUOTE_RUN)) {
      if (replyGrams.has(gram)) {
        count += 1;
      }
    }
    if (count > bestCount) {
      best = passage;
      bestCount = count;
    }
  }
  return best;
}

/**
 * True when the reply shows the answer: part of it quoted, or quoted from the passage that holds it
 * (with `reach` 1, also from a passage right next to it in the same chapter).
 */
export function usesAnswer(reply: string, answer: string, passages: readonly Passage[], reach = 0): boolean {
  const replyWords = words(reply);
  const answerWords = words(answer);
  if (answerWords.length === 0) {
    return false;
  }
  const run = Math.min(ANSWER_RUN, answerWords.length);
  for (let index = 0; index + run <= answerWords.length; index += 1) {
    if (containsRun(replyWords, answerWords.slice(index, index + run))) {
      return true;
    }
  }
  const passage = quotedPassage(reply, passages);
  if (!passage) {
    return false;
  }
  for (let index = passage.index - reach; index <= passage.index + reach; index += 1) {
    const other = passages[index];
    if (other && other.chapter === passage.chapter && containsRun(words(other.text), answerWords)) {
      return true;
    }
  }
  return false;
}

/** The chat an entry asks in: "book" (or none) for the book chat, else the named character's. */
export function modeOf(entry: Pick<EvalEntry, "mode">): ChatMode {
  return entry.mode && entry.mode !== "book" ? { kind: "character", name: entry.mode } : { kind: "book" };
}

/** `load`, each book loaded once however many entries ask about it. */
export function loadOnce(load: (slug: string) => Promise<AiBook>): (slug: string) => Promise<AiBook> {
  const books = new Map<string, Promise<AiBook>>();
  return (slug) => {
    let loading = books.get(slug);
    if (!loading) {
      loading = load(slug);
      books.set(slug, loading);
    }
    return loading;
  };
}

function score(correct: number, total: number): Score {
  return { total, correct, accuracy: total === 0 ? 1 : correct / total };
}

/** A streamed reply, whole. */
export async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of stream) {
    text += chunk;
  }
  return text;
}

/** Asks every question and scores the replies (see the rule at the top of this file). */
export async function evaluateAnswers(entries: readonly EvalEntry[], options: EvalOptions): Promise<EvalReport> {
  const isDecline = options.isDecline ?? isDeclineText;
  const bookOf = loadOnce(options.loadBook);
  const failures: EvalFailure[] = [];
  let answerableCorrect = 0;
  let nearbyCorrect = 0;
  let answerableTotal = 0;
  let declineCorrect = 0;
  let declineTotal = 0;

  for (const entry of entries) {
    const book = await bookOf(entry.book);
    const mode = modeOf(entry);
    const reply = await collect(
      options.provider.reply({ book, mode, history: options.history ?? [], message: entry.question }),
    );
    const declined = isDecline(reply, book, mode);

    if (entry.expect === "decline") {
      declineTotal += 1;
      if (declined) {
        declineCorrect += 1;
      } else {
        failures.push({ entry, reply, reason: "answered" });
      }
      continue;
    }

    answerableTotal += 1;
    if (reply.trim() === "") {
      failures.push({ entry, reply, reason: "no reply" });
    } else if (declined) {
      failures.push({ entry, reply, reason: "declined" });
    } else if (entry.answer && usesAnswer(reply, entry.answer, book.passages.passages)) {
      answerableCorrect += 1;
      nearbyCorrect += 1;
    } else {
      if (entry.answer && usesAnswer(reply, entry.answer, book.passages.passages, 1)) {
        nearbyCorrect += 1;
      }
      failures.push({ entry, reply, reason: "wrong passage" });
    }
  }

  return {
    overall: score(answerableCorrect + declineCorrect, answerableTotal + declineTotal),
    answerable: score(answerableCorrect, answerableTotal),
    decline: score(declineCorrect, declineTotal),
    answerableNearby: score(nearbyCorrect, answerableTotal),
    failures,
  };
}

// ---------------------------------------------------------------------------------------------
// The seed catalogue, for the evaluation and tests.

/** The seed catalogue's folder (books.json and texts/). */
export const SEED_CATALOGUE = new URL("../../../../../prisma/seed/catalogue/", import.meta.url);

type SeedBook = {
  slug: string;
  title: string;
  author: string;
  description?: string | null;
  characterList: string[];
  textFile: string;
};

let seedBooks: Promise<SeedBook[]> | null = null;

export function listSeedBooks(): Promise<SeedBook[]> {
  seedBooks ??= readFile(new URL("books.json", SEED_CATALOGUE), "utf8").then((json) => JSON.parse(json) as SeedBook[]);
  return seedBooks;
}

export async function loadSeedText(slug: string): Promise<string> {
  const book = (await listSeedBooks()).find((candidate) => candidate.slug === slug);
  if (!book) {
    throw new Error(`No seed book "${slug}"`);
  }
  return readFile(new URL(book.textFile, SEED_CATALOGUE), "utf8");
}

/** A seed book as the AI providers see it, its passage index built once and cached. */
export async function loadSeedBook(slug: string): Promise<AiBook> {
  const book = (await listSeedBooks()).find((candidate) => candidate.slug === slug);
  if (!book) {
    throw new Error(`No seed book "${slug}"`);
  }
  const passages = await getPassageIndex(`seed:${slug}`, () => loadSeedText(slug));
  return {
    id: slug,
    title: book.title,
    author: book.author,
    description: book.description ?? null,
    characterList: book.characterList,
    passages,
  };
}
