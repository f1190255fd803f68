// Scores an AI provider on a set of children's questions whose right answers are listed: a reply is
// right when it contains one of them. The sets (dev-answers.json to tune on, blind-answers.json written
// blind and scored once) were written from the books' texts alone, by people who never saw the code.
//
// Scoring rule. Texts are compared as lower-case words, punctuation and accents dropped, so quotes,
// dashes and line breaks do not matter.
// - An answerable entry is right when the reply is not a refusal and contains, as whole words in a
//   row, one of the entry's answers ("twenty years", "Toad Hall", "traveller").
// - An off-topic entry ("expect": "decline") is right when the reply is a refusal.
// Every reply is also counted when it runs past MAX_REPLY_WORDS words.

import { readFile } from "node:fs/promises";
import type { AiBook, AiProvider, ChatMode } from "../provider.js";
import { isDeclineText, MAX_REPLY_WORDS } from "../voice.js";
import { collect, loadOnce, modeOf, words } from "./evaluate-answers.js";

export { modeOf };

export type AnswerEntry = {
  /** Slug of the book in the seed catalogue. */
  book: string;
  /** who, what, where, when, why, how, how-many, name, meaning, character, summary, off-topic. */
  type: string;
  question: string;
  /** The name of the character the child talks to (a character chat), else a book chat. */
  mode?: string;
  /** Acceptable short answers: the reply must contain one. */
  answers?: string[];
  /** Where the book says it (for people checking the set; not used in scoring). */
  evidence?: string;
  expect?: "decline";
};

export type TypeScore = { total: number; correct: number };

export type AnswerReport = {
  answerable: TypeScore;
  declined: TypeScore;
  /** By question type. */
  byType: Record<string, TypeScore>;
  /** Replies longer than MAX_REPLY_WORDS words. */
  tooLong: number;
  /** Reply times in milliseconds, in the order asked. */
  timings: number[];
  misses: { entry: AnswerEntry; reply: string }[];
};

export { MAX_REPLY_WORDS };

/** True when the reply holds one of the answers as whole words in a row. */
export function containsAnswer(reply: string, answers: readonly string[]): boolean {
  const haystack = ` ${words(reply).join(" ")} `;
  return answers.some((answer) => {
    const needle = words(answer).join(" ");
    return needle !== "" && haystack.includes(` ${needle} `);
  });
}

export function wordsIn(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export async function readAnswerSet(url: URL): Promise<AnswerEntry[]> {
  return JSON.parse(await readFile(url, "utf8")) as AnswerEntry[];
}

/** The sets in the source tree, from here or from the build (both sit five folders below the root). */
const SETS_FOLDER = new URL("../../../../../server/src/modules/ai/eval/", import.meta.url);

export const ANSWER_SETS = {
  dev: new URL("dev-answers.json", SETS_FOLDER),
  blind: new URL("blind-answers.json", SETS_FOLDER),
} as const;

export type AnswerSetOptions = {
  provider: AiProvider;
  loadBook: (slug: string) => Promise<AiBook>;
  /** Whether a reply is a refusal; by default the refusal texts of voice.ts. */
  isDecline?: (reply: string, book: AiBook, mode: ChatMode) => boolean;
  /** Called after each reply (progress on long runs). */
  onReply?: (done: number, total: number) => void;
};

/** Asks every question of the set, one at a time, and scores the replies (see the rule above). */
export async function scoreAnswerSet(
  entries: readonly AnswerEntry[],
  options: AnswerSetOptions,
): Promise<AnswerReport> {
  const isDecline = options.isDecline ?? isDeclineText;
  const bookOf = loadOnce(options.loadBook);
  const report: AnswerReport = {
    answerable: { total: 0, correct: 0 },
    declined: { total: 0, correct: 0 },
    byType: {},
    tooLong: 0,
    timings: [],
    misses: [],
  };
  for (const [position, entry] of entries.entries()) {
    const book = await bookOf(entry.book);
    const mode = modeOf(entry);
    const started = performance.now();
    const reply = await collect(options.provider.reply({ book, mode, history: [], message: entry.question }));
    report.timings.push(performance.now() - started);
    if (wordsIn(reply) > MAX_REPLY_WORDS) {
      report.tooLong += 1;
    }
    const declined = isDecline(reply, book, mode);
    const right = entry.expect === "decline" ? declined : !declined && containsAnswer(reply, entry.answers ?? []);
    const bucket = entry.expect === "decline" ? report.declined : report.answerable;
    bucket.total += 1;
    const byType = (report.byType[entry.type] ??= { total: 0, correct: 0 });
    byType.total += 1;
    if (right) {
      bucket.correct += 1;
      byType.correct += 1;
    } else {
      report.misses.push({ entry, reply });
    }
    options.onReply?.(position + 1, entries.length);
  }
  return report;
}

/** The p-th percentile (0-100) of the timings, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
