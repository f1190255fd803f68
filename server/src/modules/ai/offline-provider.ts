// An AI provider that needs no network: it answers from the book's own text by quoting the passage
// that best matches the question, in the voice of the book assistant or of a character. It never says
// anything the passage does not say; when the book has nothing on the question it declines politely.
// Deterministic, so tests and demos are stable.

import { processTerm, splitSentences, textTerms, tokenize } from "./passages.js";
import type { AiBook, AiProvider, AiRequest, Passage, PassageIndex } from "./provider.js";
import {
  authorText,
  chapterPhrase,
  clarifyText,
  declineText,
  greetingText,
  notFoundText,
  summaryText,
  thanksText,
} from "./voice.js";

/** Passages considered for an answer. */
const CANDIDATES = 30;
/** Share of the question's weighted terms the chosen passage must contain. */
const MIN_COVERAGE = 0.34;
/** Share of the question's weighted terms the quote itself must contain. */
const MIN_QUOTE_COVERAGE = 0.34;
/** Share of the question's weight on words the book never uses above which it is about something else. */
const MAX_UNKNOWN_SHARE = 0.5;
/** Extra weight for the first, second and third passages that mention the subject of "Who is …?". */
const INTRODUCTION_BONUS = [2, 1.4, 1.2];
/** Weight of a character's name in a question, against the other words. */
const NAME_WEIGHT = 0.5;
/** Weight of a sentence shaped like the answer, as a share of an average question word's. */
const SHAPE_WEIGHT = 0.5;
/** How much the search's own ranking counts against the sentence-level match. */
const BM_EXP = 0.5;
/** Quotes shorter than this borrow the next sentence. */
const MIN_QUOTE_WORDS = 10;
/** Preference for passages in which the character of a character chat appears. */
const CHARACTER_BOOST = 1.3;
/** Longest quote, in words. */
const QUOTE_MAX_WORDS = 45;
/** Words per streamed chunk. */
const CHUNK_WORDS = 3;

export function createOfflineProvider(): AiProvider {
  return {
    name: "offline",
    reply: (request) => streamReply(request),
  };
}

/**
 * Yields the reply a few words at a time with no delay (the caller paces the stream). Stops, without
 * an error, as soon as `request.signal` is aborted.
 */
async function* streamReply(request: AiRequest): AsyncGenerator<string> {
  if (request.signal?.aborted) {
    return;
  }
  const { text } = planReply(request);
  const words = text.match(/\s*\S+/g) ?? [];
  for (let index = 0; index < words.length; index += CHUNK_WORDS) {
    if (request.signal?.aborted) {
      return;
    }
    yield words.slice(index, index + CHUNK_WORDS).join("");
  }
}

// ---------------------------------------------------------------------------------------------
// What kind of message is it?

const GREETING =
  /^(?:hi+|hello+|hey+|hiya|howdy|hullo|good (?:morning|afternoon|evening|day)|greetings)\b[\s,!.]*(?:[\p{L}'’.-]+[\s,!.]*){0,2}[\s!.?:)]*$/iu;
const SMALL_TALK = /^(?:how are you(?: doing)?|how r u|what'?s up|how do you do)[\s!.?]*$/i;
const THANKS = /^(?:thanks|thank you|thank u|thx|ty|cheers)\b[^?]{0,30}$/i;
const WHO_WROTE = /\b(?:who (?:wrote|writ|is the (?:author|writer) of)|who'?s the (?:author|writer))\b/i;
const ABOUT_THIS_BOOK = /\b(?:this|the|that) (?:book|story|novel)\b/i;
const SUMMARY =
  /\b(?:what(?:'s|’s| is| was)? (?:this|the) (?:book|story|novel)(?: all)? about|what happens in (?:this|the) (?:book|story))\b/i;

/** Arithmetic is never about the book. */
const ARITHMETIC = /\d+\s*(?:[-+*/×÷x]|times|plus|minus|divided by|multiplied by|take away)\s*\d+/i;
/**
 * Subjects children often bring up that are not the book: homework, the weather, sport, games, media,
 * other famous books. Ignored when the message also names the book, the story or one of its people.
 */
const OFF_TOPIC: readonly RegExp[] = [
  /\b(?:maths?|algebra|equations?|fractions?|times tables?|long division|percentages?|homework|spelling test)\b/i,
  /\bweather\b.*\b(?:today|tomorrow|tonight|now|outside|forecast|this week|weekend|here)\b|\bwhat(?:'s|’s| is) the weather\b/i,
  /\bwhat time is it\b|\bwhat(?:'s|’s| is) the (?:time|date)\b|\bwhat day is it\b/i,
  /\b(?:football|soccer|premier league|world cup|basketball|rugby|fifa|arsenal|chelsea fc|tottenham|man united|manchester (?:united|city)|liverpool fc|messi|ronaldo)\b/i,
  /\b(?:video ?games?|minecraft|fortnite|roblox|pok[eé]mon|playstation|ps5|xbox|nintendo|among us|gaming)\b/i,
  /\b(?:youtube|youtubers?|tiktok|tiktoker|instagram|snapchat|netflix|marvel|spider-?man|star wars|taylor swift)\b/i,
  /\b(?:harry potter|hogwarts|hermione|dumbledore|percy jackson|wimpy kid|roald dahl|gruffalo|narnia|hunger games|david walliams|jacqueline wilson|tom gates|dog man|captain underpants|charlie and the chocolate factory)\b/i,
];
/** Asking about other books is never about this one, even though it says "book". */
const OTHER_BOOKS =
  /\b(?:another|other|different) (?:book|books|story|stories|author|authors|writer|writers)\b|\bwhat else did\b.*\bwrite\b/i;

function mentionsBook(message: string, book: AiBook): boolean {
  const lower = message.toLowerCase();
  if (/\b(?:book|story|chapter)\b/.test(lower) || lower.includes(book.title.toLowerCase())) {
    return true;
  }
  const words = new Set(textTerms(message));
  return book.characterList.some((name) => {
    const terms = textTerms(name);
    return terms.length > 0 && terms.every((term) => words.has(term));
  });
}

function isOffTopic(message: string, book: AiBook): boolean {
  if (ARITHMETIC.test(message) || OTHER_BOOKS.test(message)) {
    return true;
  }
  return OFF_TOPIC.some((pattern) => pattern.test(message)) && !mentionsBook(message, book);
}

// ---------------------------------------------------------------------------------------------
// Statistics of the book, computed once per passage index.

type BookStats = {
  /** In how many passages each term occurs. */
  documentFrequency: Map<string, number>;
  /** The terms of each passage. */
  passageTerms: Set<string>[];
  /** Terms by length, to correct misspellings. */
  termsByLength: Map<number, string[]>;
  /** A word of the book for each term, to put a corrected word back into a question. */
  surface: Map<string, string>;
  /** How each character calls themself, by name. */
  selfNames: Map<string, string>;
};

const statsCache = new WeakMap<PassageIndex, BookStats>();

function bookStats(index: PassageIndex): BookStats {
  const cached = statsCache.get(index);
  if (cached) {
    return cached;
  }
  const documentFrequency = new Map<string, number>();
  const surface = new Map<string, string>();
  const passageTerms = index.passages.map((passage) => {
    const terms = new Set<string>();
    for (const token of tokenize(passage.text)) {
      const term = processTerm(token);
      if (term && !terms.has(term)) {
        terms.add(term);
        if (!surface.has(term)) {
          surface.set(term, token.toLowerCase());
        }
      }
    }
    for (const term of terms) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    return terms;
  });
  const termsByLength = new Map<number, string[]>();
  for (const term of documentFrequency.keys()) {
    const list = termsByLength.get(term.length) ?? [];
    list.push(term);
    termsByLength.set(term.length, list);
  }
  const stats = { documentFrequency, passageTerms, termsByLength, surface, selfNames: new Map<string, string>() };
  statsCache.set(index, stats);
  return stats;
}

/** Levenshtein distance, or limit + 1 once it is certain to exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) {
    return limit + 1;
  }
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) {
      return limit + 1;
    }
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The book's own spelling of a query term: itself when the book has it, else the closest common term. */
function correctTerm(term: string, stats: BookStats): string | null {
  if (stats.documentFrequency.has(term)) {
    return term;
  }
  // One edit from four letters ("drnk"), two from eight.
  const limit = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
  let best: string | null = null;
  let bestFrequency = 0;
  for (let length = term.length - limit; length <= term.length + limit; length += 1) {
    for (const candidate of stats.termsByLength.get(length) ?? []) {
      const frequency = stats.documentFrequency.get(candidate) ?? 0;
      // Misspellings keep the first letter far more often than not ("Tode", not "Slime" for "clime").
      if (candidate[0] === term[0] && frequency > bestFrequency && editDistance(term, candidate, limit) <= limit) {
        best = candidate;
        bestFrequency = frequency;
      }
    }
  }
  return best;
}

type QueryTerm = { term: string; weight: number };

/** The question with misspelt words replaced by the book's ("what does alice drnk" → "… drink"). */
function correctQuestion(message: string, stats: BookStats): string {
  return message.replace(/[\p{L}'’-]+/gu, (word) => {
    const term = processTerm(word);
    if (!term || stats.documentFrequency.has(term)) {
      return word;
    }
    const corrected = correctTerm(term, stats);
    return corrected ? (stats.surface.get(corrected) ?? word) : word;
  });
}

/** The question's terms in the book's spelling, weighted by rarity (a term the book lacks weighs most). */
function weighQuery(message: string, stats: BookStats, passageCount: number, names: Set<string>): QueryTerm[] {
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  for (const raw of textTerms(message)) {
    const term = correctTerm(raw, stats) ?? raw;
    if (seen.has(term)) {
      continue;
    }
    seen.add(term);
    const frequency = stats.documentFrequency.get(term) ?? 0;
    // Names find the part of the book; the other words say what about it ("What did Anne hit Gilbert
    // with?"), and the passage that answers often says "she" instead of the name.
    const name = names.has(term) && frequency > 0 ? NAME_WEIGHT : 1;
    terms.push({ term, weight: name * Math.log(1 + passageCount / (frequency + 0.5)) });
  }
  return terms;
}

function coverage(terms: readonly QueryTerm[], passageTerms: Set<string>): number {
  const total = terms.reduce((sum, { weight }) => sum + weight, 0);
  if (total === 0) {
    return 0;
  }
  const found = terms.reduce((sum, { term, weight }) => sum + (passageTerms.has(term) ? weight : 0), 0);
  return found / total;
}

// ---------------------------------------------------------------------------------------------
// Characters.

/** The character's rarest name term, which marks the passages they appear in. */
function characterTerm(name: string, stats: BookStats): string | null {
  let best: string | null = null;
  let bestFrequency = Infinity;
  for (const term of textTerms(name)) {
    const frequency = stats.documentFrequency.get(term) ?? 0;
    if (frequency > 0 && frequency < bestFrequency) {
      best = term;
      bestFrequency = frequency;
    }
  }
  return best;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "Toad", or "the Rat" when the book mostly says "the Rat". */
function characterSelfName(name: string, book: AiBook, stats: BookStats): string {
  const cached = stats.selfNames.get(name);
  if (cached) {
    return cached;
  }
  const pattern = new RegExp(`(\\bthe\\s+)?\\b${escapeRegExp(name)}\\b`, "g");
  let withArticle = 0;
  let total = 0;
  for (const passage of book.passages.passages) {
    for (const match of passage.text.matchAll(pattern)) {
      total += 1;
      if (match[1]) {
        withArticle += 1;
      }
    }
  }
  const self = total > 0 && withArticle / total > 0.5 ? `the ${name}` : name;
  stats.selfNames.set(name, self);
  return self;
}

// ---------------------------------------------------------------------------------------------
// Choosing the passage and the quote.

/** "Who is Mr. Toad?": the subject whose introduction in the book answers the question. */
const WHO_IS = /^\s*(?:and\s+)?who(?:'s|’s|\s+(?:is|was|are|were))\s+(.+?)[\s?!.]*$/i;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function sentencesOf(passage: Passage): string[] {
  return passage.text.split(/\n\n/).flatMap((paragraph) => splitSentences(paragraph));
}

/** A sentence of the passage being considered, or of a passage either side of it (same chapter). */
type RegionSentence = { text: string; terms: Set<string>; words: number; own: boolean };

/** The passage's sentences with its neighbours', which often say who "she" is or what happened next. */
function regionOf(passage: Passage, passages: readonly Passage[]): RegionSentence[] {
  const sentence = (own: boolean) => (text: string) => ({
    text,
    terms: new Set(textTerms(text)),
    words: wordCount(text),
    own,
  });
  const neighbour = (index: number) => {
    const other = passages[index];
    return other && other.chapter === passage.chapter ? sentencesOf(other).map(sentence(false)) : [];
  };
  return [
    ...neighbour(passage.index - 1),
    ...sentencesOf(passage).map(sentence(true)),
    ...neighbour(passage.index + 1),
  ];
}

type Window = { start: number; end: number; score: number; held: number };

/**
 * The run of one to three consecutive sentences that holds the most of the question (by weight), at
 * most QUOTE_MAX_WORDS words unless a single sentence is longer, and mostly from the passage itself.
 * Ties go to the shorter run; runs under MIN_QUOTE_WORDS words count for a little less, so
 * "‘Footprints?’" borrows its neighbours.
 */
function bestWindow(
  region: readonly RegionSentence[],
  weigh: (terms: Set<string>) => number,
  shape: Shape | null,
): Window | null {
  let best: (Window & { value: number }) | null = null;
  for (let start = 0; start < region.length; start += 1) {
    const terms = new Set<string>();
    let words = 0;
    let own = 0;
    for (let end = start + 1; end <= Math.min(region.length, start + 3); end += 1) {
      const sentence = region[end - 1];
      if (!sentence) {
        break;
      }
      words += sentence.words;
      own += sentence.own ? sentence.words : 0;
      if (end > start + 1 && words > QUOTE_MAX_WORDS) {
        break;
      }
      for (const term of sentence.terms) {
        terms.add(term);
      }
      if (own * 2 < words) {
        continue;
      }
      const fits = shape && region.slice(start, end).some((part) => shape.pattern.test(part.text));
      const held = weigh(terms);
      const score = held + (fits ? shape.weight : 0);
      const value = score * (words < MIN_QUOTE_WORDS ? 0.9 : 1) - words * 1e-4;
      if (!best || value > best.value) {
        best = { start, end, score, held, value };
      }
    }
  }
  return best;
}

type Candidate = { passage: Passage; score: number };

type Shape = { pattern: RegExp; weight: number };

const NUMBER =
  "(?:\\d[\\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|a few|several|many)";
const DURATION = new RegExp(
  `\\b${NUMBER}(?:[ -]\\w+)?\\s+(?:years?|months?|weeks?|days?|hours?|minutes?|nights?)\\b`,
  "i",
);
const AMOUNT = new RegExp(
  `\\b${NUMBER}\\b.*\\b(?:pounds?|dollars?|shillings?|pence|guineas?|francs?|crowns?|times|miles?|people|men)\\b|[£$]\\s?\\d`,
  "i",
);
const TIME =
  /\b(?:morning|evening|night|noon|midnight|o'clock|o’clock|yesterday|tomorrow|spring|summer|autumn|winter|christmas|year|birthday|january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
const NAMING = /\b(?:name (?:was|is)|named|called)\b/i;

/**
 * What an answering sentence tends to look like for the kind of question: a number for "how much", a
 * length of time for "how long", "X is …" for "what does X mean".
 */
function answerShape(message: string): RegExp | null {
  if (/^\s*how (?:much|many)\b/i.test(message)) {
    return AMOUNT;
  }
  if (/^\s*how long\b/i.test(message)) {
    return DURATION;
  }
  if (/^\s*when\b/i.test(message)) {
    return TIME;
  }
  if (/\bname\b/i.test(message)) {
    return NAMING;
  }
  const defined =
    /^\s*what (?:does|do|did) (.+?) mean\b|^\s*what(?:'s|’s| is| are| was| were) (?:a |an |the )?([^?]+?)\s*\??$/i.exec(
      message,
    );
  const subject = (defined?.[1] ?? defined?.[2])?.trim();
  if (subject && subject.split(/\s+/).length <= 3) {
    const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`\\b${escaped}\\W{0,3}\\s+(?:is|isn't|isn’t|was|means|are)\\b`, "i");
  }
  return null;
}

export type Choice = { passage: Passage; coverage: number; quote: string };

function choosePassage(
  candidates: readonly Candidate[],
  terms: readonly QueryTerm[],
  passages: readonly Passage[],
  stats: BookStats,
  bonus: (passage: Passage) => number,
  answerPattern: RegExp | null,
): Choice | null {
  const weights = new Map(terms.map(({ term, weight }) => [term, weight]));
  const total = terms.reduce((sum, { weight }) => sum + weight, 0);
  // A sentence shaped like the answer (a number for "how much") counts like half an average word.
  const shape = answerPattern ? { pattern: answerPattern, weight: (SHAPE_WEIGHT * total) / terms.length } : null;
  const weigh = (found: Set<string>) => {
    let value = 0;
    for (const term of found) {
      value += weights.get(term) ?? 0;
    }
    return value;
  };
  const top = Math.max(...candidates.map(({ score }) => score));
  let best: { passage: Passage; coverage: number; quote: string; rank: number; held: number } | null = null;
  for (const { passage, score } of candidates) {
    const passageTerms = stats.passageTerms[passage.index];
    if (!passageTerms || total === 0) {
      continue;
    }
    const share = coverage(terms, passageTerms);
    const region = regionOf(passage, passages);
    const window = bestWindow(region, weigh, shape);
    if (!window) {
      continue;
    }
    // The search's ranking, moved towards passages that hold more of the question, and most of all
    // towards those where it sits together in a sentence or two.
    const rank = (score / top) ** BM_EXP * (0.5 + share) * (0.5 + window.score / total) * bonus(passage);
    if (!best || rank > best.rank) {
      const quote = region
        .slice(window.start, window.end)
        .map((sentence) => sentence.text)
        .join(" ");
      best = { passage, coverage: share, quote, rank, held: window.held / total };
    }
  }
  // The passage must hold a good share of the question, and the quote itself a fair part of it.
  if (!best || best.coverage < MIN_COVERAGE || best.held < MIN_QUOTE_COVERAGE) {
    return null;
  }
  return { passage: best.passage, coverage: best.coverage, quote: trimQuote(best.quote, weigh) };
}

/** Cuts an over-long quote down to the run of clauses that holds the most of the question. */
function trimQuote(quote: string, weigh: (terms: Set<string>) => number): string {
  const clean = quote.replace(/_/g, "").trim();
  if (wordCount(clean) <= QUOTE_MAX_WORDS) {
    return clean;
  }
  const clauses = clean.split(/(?<=[,;:])\s+/);
  let best = { start: 0, end: 1, value: -Infinity };
  for (let start = 0; start < clauses.length; start += 1) {
    let words = 0;
    const terms = new Set<string>();
    for (let end = start + 1; end <= clauses.length; end += 1) {
      words += wordCount(clauses[end - 1] ?? "");
      if (words > QUOTE_MAX_WORDS && end > start + 1) {
        break;
      }
      for (const term of textTerms(clauses[end - 1] ?? "")) {
        terms.add(term);
      }
      const value = weigh(terms) - words * 1e-4;
      if (value > best.value) {
        best = { start, end, value };
      }
    }
  }
  const kept = clauses.slice(best.start, best.end).join(" ");
  const text = kept.split(/\s+/).slice(0, QUOTE_MAX_WORDS).join(" ");
  const lead = best.start > 0 ? "…" : "";
  const tail = best.end < clauses.length || text !== kept ? "…" : "";
  return lead + text.replace(/[,;:]$/, "") + tail;
}

/** The first passages that mention every term of a subject ("Mr. Toad"), in reading order. */
function firstMentions(subject: readonly string[], stats: BookStats, count: number): number[] {
  const found: number[] = [];
  for (let index = 0; index < stats.passageTerms.length && found.length < count; index += 1) {
    const terms = stats.passageTerms[index];
    if (terms && subject.every((term) => terms.has(term))) {
      found.push(index);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Writing the reply.

/** A stable choice among phrasings, so the same question always gets the same reply. */
function pick<T>(options: readonly T[], seed: string): T {
  let hash = 5381;
  for (let index = 0; index < seed.length; index += 1) {
    hash = (hash * 33 + seed.charCodeAt(index)) >>> 0;
  }
  return options[hash % options.length] as T;
}

const BOOK_OPENERS = ["Good question!", "Let's look in the book.", "Here's what the story says."];
const BOOK_CLOSERS = [
  "Would you like to know more about this part of the story?",
  "What do you think about that?",
  "Is there anything else you'd like to know?",
];
const CHARACTER_OPENERS = ["Ah, I remember that!", "Oh yes, I remember!", "Let me tell you about that."];
const CHARACTER_CLOSERS = ["What else would you like to ask me?", "Ask me anything else about my story!"];

function answerText(request: AiRequest, choice: Choice, self: string | null): string {
  const { mode, message, history } = request;
  const where = chapterPhrase(choice.passage.chapter);
  const quote = choice.quote;
  if (mode.kind === "character") {
    const firstReply = !history.some((turn) => turn.role === "assistant");
    const opener = firstReply ? `I'm ${self ?? mode.name}!` : pick(CHARACTER_OPENERS, message);
    const body = where ? `${where}, my story says: “${quote}”` : `My story says: “${quote}”`;
    return `${opener} ${body} ${pick(CHARACTER_CLOSERS, message)}`;
  }
  const body = where ? `${where}, the book says: “${quote}”` : `The book says: “${quote}”`;
  return `${pick(BOOK_OPENERS, message)} ${body} ${pick(BOOK_CLOSERS, message)}`;
}

export type ReplyPlan =
  | { kind: "greeting" | "thanks" | "decline" | "author" | "summary" | "clarify" | "not-found"; text: string }
  | { kind: "answer"; text: string; choice: Choice };

/** Decides what to say, and from which passage (exported for tests and the evaluation). */
export function planReply(request: AiRequest): ReplyPlan {
  const { book, mode } = request;
  const message = request.message.trim();
  const stats = bookStats(book.passages);
  const self = mode.kind === "character" ? characterSelfName(mode.name, book, stats) : null;

  if (GREETING.test(message) || SMALL_TALK.test(message) || message === "") {
    return { kind: "greeting", text: greetingText(book, mode, self ?? undefined) };
  }
  if (THANKS.test(message)) {
    return { kind: "thanks", text: thanksText(book, mode) };
  }
  if (isOffTopic(message, book)) {
    return { kind: "decline", text: declineText(book, mode) };
  }
  if (WHO_WROTE.test(message) && (ABOUT_THIS_BOOK.test(message) || message.includes(book.title))) {
    return { kind: "author", text: authorText(book, mode) };
  }
  if (SUMMARY.test(message)) {
    const summary = summaryText(book, mode);
    if (summary) {
      return { kind: "summary", text: summary };
    }
  }

  const passageCount = book.passages.passages.length;
  const names = new Set(book.characterList.flatMap((name) => textTerms(name)));
  const question = correctQuestion(message, stats);
  const terms = weighQuery(question, stats, passageCount, names);
  if (terms.length === 0) {
    return { kind: "clarify", text: clarifyText(book, mode) };
  }
  // Mostly about things the book never mentions (another story, a film, a footballer): not this book.
  const total = terms.reduce((sum, { weight }) => sum + weight, 0);
  const unknown = terms.reduce((sum, { term, weight }) => sum + (stats.documentFrequency.has(term) ? 0 : weight), 0);
  if (unknown / total >= MAX_UNKNOWN_SHARE) {
    return { kind: "not-found", text: notFoundText(book, mode) };
  }

  // The title page and other text before the first chapter is not the story.
  const firstChapter = book.passages.passages.findIndex((passage) => passage.chapter !== null);
  const isStory = (passage: Passage) => firstChapter < 0 || passage.index >= firstChapter;
  const results = book.passages.search(question, CANDIDATES).filter(isStory);
  const candidates: Candidate[] = results.map((result) => ({ passage: result, score: result.score }));
  const bonuses = new Map<number, number>();
  // "Who is Perks?": books introduce people when they first appear, so their first mentions count more.
  const subject = WHO_IS.exec(message)?.[1];
  if (subject) {
    const subjectTerms = [...new Set(textTerms(subject))].map((term) => correctTerm(term, stats) ?? term);
    const lowest = Math.min(...candidates.map(({ score }) => score));
    firstMentions(subjectTerms, stats, INTRODUCTION_BONUS.length).forEach((index, order) => {
      bonuses.set(index, INTRODUCTION_BONUS[order] ?? 1);
      const passage = book.passages.passages[index];
      if (passage && isStory(passage) && !candidates.some((candidate) => candidate.passage.index === index)) {
        candidates.push({ passage, score: Number.isFinite(lowest) ? lowest : 1 });
      }
    });
  }
  const nameTerm = mode.kind === "character" ? characterTerm(mode.name, stats) : null;
  const bonus = (passage: Passage) => {
    const character = nameTerm && stats.passageTerms[passage.index]?.has(nameTerm) ? CHARACTER_BOOST : 1;
    return character * (bonuses.get(passage.index) ?? 1);
  };
  const shape = answerShape(message);
  const choice =
    candidates.length > 0 ? choosePassage(candidates, terms, book.passages.passages, stats, bonus, shape) : null;
  if (!choice) {
    return { kind: "not-found", text: notFoundText(book, mode) };
  }
  return { kind: "answer", text: answerText(request, choice, self), choice };
}
