// An AI provider that needs no network: it answers from the book's own text by quoting the passage
// that best matches the question, in the voice of the book assistant or of a character. It never says
// anything the passage does not say; when the book has nothing on the question it declines politely.
// Deterministic, so tests and demos are stable.

import { COLOUR, shortAnswer } from "./answer/extract.js";
import { namesInNarration, type Pronoun, pronounOf, toFirstPerson } from "./answer/first-person.js";
import { askedWord, explainWord, type Meaning } from "./answer/meaning.js";
import { senses } from "./answer/wordnet.js";
import { characterAliases, LAST_CHAPTER, type ReadQuestion, readChildQuestion } from "./answer/question.js";
import { type Chapter, chaptersOf, findChapter, summarise } from "./answer/summary.js";
import { type PageQuestion, pagePassages, readPageQuestion } from "./page.js";
import { processTerm, splitSentences, textTerms, tokenize } from "./passages.js";
import type { AiBook, AiPage, AiProvider, AiRequest, Passage, PassageIndex } from "./provider.js";
import {
  authorText,
  chapterPhrase,
  clarifyText,
  declineText,
  greetingText,
  homeworkText,
  laterChapterText,
  MAX_REPLY_WORDS,
  notFoundText,
  summaryText,
  thanksText,
} from "./voice.js";

/** "At the start of the book", "in the end": the share of the story that counts as its start or end. */
const POSITION_SHARE = 0.15;
/** Preference for passages at the start or end of the story when the question asks about it. */
const POSITION_BOOST = 1.6;
const STARTING =
  /\b(?:at|in) the (?:very )?(?:start|beginning)(?: of (?:the|this) (?:book|story))?\b|\bat first\b|\bto begin with\b/i;
const ENDING = /\b(?:at|in) the (?:very )?end(?: of (?:the|this) (?:book|story))?\b|\bin the end\b/i;

/** Words that say what kind of answer is wanted ("what colour", "what kind of animal"). */
const ANSWER_FRAME = /\b(?:colou?rs?|kinds? of|sorts? of|types? of)\b/gi;

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
/** Passages after a first mention that count as part of the introduction. */
const INTRODUCTION_SPAN = 2;
/** Weight of a title ("Mr.", "Captain"), which the book often leaves out, against a name's. */
const TITLE_WEIGHT = 0.2;
/** Weight of a character's name in a question, against the other words. */
const NAME_WEIGHT = 0.5;
/** Weight of the verb a question asks about ("lose" in "What did Peter lose?"), against the other words. */
const FOCUS_WEIGHT = 1.5;
/** Weight of a sentence shaped like the answer, as a share of an average question word's. */
const SHAPE_WEIGHT = 1.0;
/** Weight of a sentence that describes the subject of "Who is …?" ("he is indeed the best of animals"). */
const DESCRIPTION_WEIGHT = 0.5;
/** Extra rank for each descriptive sentence in the quote. */
const DESCRIPTION_BOOST = 0.5;
/** Weight of a synonym of a question's word, against the word itself. */
const SYNONYM_WEIGHT = 0.7;
/** Weight of a name that "he" or "she" stands for, against the name itself. */
const BORROWED_WEIGHT = 0.5;
/** Descriptive sentences counted in one quote. */
const MAX_DESCRIPTIONS = 2;
/** How much the search's own ranking counts against the sentence-level match. */
const BM_EXP = 0.5;
/** Quotes shorter than this borrow the next sentence. */
const MIN_QUOTE_WORDS = 10;
/** Preference for passages in which the character of a character chat appears. */
const CHARACTER_BOOST = 1.3;
/** Longest quote, in words. */
const QUOTE_MAX_WORDS = 50;
/** Words per streamed chunk. */
const CHUNK_WORDS = 3;
/** Words of the page that stand for what it is about ("What is happening on this page?"). */
const PAGE_KEY_TERMS = 12;

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
  /\b(?:footballers?|football players?|tennis|cricket (?:match|team)|olympics|formula (?:1|one)|f1)\b/i,
  /\b(?:films?|movies?|cartoons?|tv shows?|telly|disney|pixar|pop stars?|singers?|celebrit(?:y|ies)|songs? on the radio)\b/i,
  /\b(?:capital (?:city )?of|prime minister|president of|solar system|planets?|dinosaurs?|the tallest|the biggest (?:animal|country|city)|how far (?:away )?is the (?:moon|sun))\b/i,
  /\b(?:tell me a joke|jokes?|knock knock)\b/i,
  /\b(?:is it|will it|is it going to|it going to) (?:rain|snow|be (?:sunny|hot|cold|warm|windy))\b/i,
  /\b(?:square roots?|multiplied|divided by|to the power of|the sum of|long multiplication)\b/i,
  /\b(?:on|with) my (?:switch|phone|ipad|tablet|console|computer|laptop)\b|\bwhat games? (?:should|can|do) i\b/i,
];
/** Questions about the assistant itself ("what's your favourite food?"), in a book chat. */
const ABOUT_ASSISTANT =
  /\b(?:your|ur|yer) (?:favou?rite|fav|fave|name|age|birthday|pets?|family|mum|dad|house|hobby|hobbies)\b|\bhow old (?:are|r) (?:you|u)\b|\bare (?:you|u) (?:a robot|real|human|an? ai|a person|alive)\b|\bwhere do (?:you|u) live\b/i;
/** "Write my essay about …": the companion helps to plan, never writes the work. */
const WRITE_FOR_ME =
  /\b(?:write|do|make)\s+(?:me\s+|my\s+|us\s+)?(?:a|an|my|the|this)?\s*(?:\d+[- ]word\s+)?(?:essay|book report|report|paragraph|homework|summary for (?:my|the) homework|poem|story|letter|review)\b/i;
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

function isOffTopic(message: string, book: AiBook, mode: AiRequest["mode"]): boolean {
  if (ARITHMETIC.test(message) || OTHER_BOOKS.test(message)) {
    return true;
  }
  if (mode.kind === "book" && ABOUT_ASSISTANT.test(message)) {
    return true;
  }
  return OFF_TOPIC.some((pattern) => pattern.test(message)) && !mentionsBook(message, book);
}

// ---------------------------------------------------------------------------------------------
// Statistics of the book, computed once per book from its whole index: a view limited to a reader's
// place (limitPassageIndex) shares them, and only ever looks up its own passages in them.

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
  /** The parts of each character's name the book uses as a name ("Anne" of Anne Shirley), by name. */
  shortNames: Map<string, string[]>;
  /** He, she or it for each character, by name. */
  pronouns: Map<string, Pronoun>;
  /** Other names children use for the characters ("the doctor"), by character list. */
  aliases: Map<string, Map<string, string>>;
};

const statsCache = new WeakMap<PassageIndex, BookStats>();

function bookStats(view: PassageIndex): BookStats {
  const index = view.full ?? view;
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
  const stats: BookStats = {
    documentFrequency,
    passageTerms,
    termsByLength,
    surface,
    selfNames: new Map(),
    shortNames: new Map(),
    pronouns: new Map(),
    aliases: new Map(),
  };
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

/** A term of the question, and the book's other words for it ("written" → "marked", "printed"). */
type QueryTerm = { term: string; weight: number; synonyms: readonly string[] };

// Everyday words children use for what older books say otherwise. A small, general list: a synonym
// counts for SYNONYM_WEIGHT of the word itself, and only when the word is missing.
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ["write", "mark", "print", "label"],
  ["hit", "strike", "knock", "slap", "smack"],
  ["stop", "halt", "cease"],
  ["cry", "weep", "tears", "sob"],
  ["scared", "afraid", "frightened", "fear", "terrified"],
  ["kill", "slay", "murder"],
  ["big", "great", "large", "huge"],
  ["small", "little", "tiny"],
  ["happy", "glad", "joy"],
  ["sad", "sorrow", "unhappy", "grief"],
  ["mum", "mummy", "mom", "mother"],
  ["dad", "daddy", "father"],
  ["present", "gift"],
  ["ill", "sick", "poorly", "unwell"],
  ["hide", "conceal"],
  ["find", "discover"],
  ["bet", "wager"],
  ["live", "dwell"],
  ["talk", "speak"],
];
const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  const terms = group.flatMap((word) => processTerm(word) ?? []);
  for (const term of terms) {
    SYNONYMS.set(
      term,
      terms.filter((other) => other !== term),
    );
  }
}

/** Senses of a word whose other words count as synonyms: the commonest, where a child's word means most. */
const WORDNET_SENSES = 2;

/**
 * WordNet's other words for a term ("home" → "house", "dwelling"), as the book's terms. Looked up by
 * the book's own spelling of the word, in the commonest senses only.
 */
function wordnetSynonyms(term: string, stats: BookStats): string[] {
  const word = stats.surface.get(term);
  if (!word || NAME_LIKE.test(word)) {
    return [];
  }
  const found = new Set<string>();
  for (const part of ["noun", "verb", "adj"] as const) {
    for (const sense of senses(word, [part]).slice(0, WORDNET_SENSES)) {
      for (const other of sense.words) {
        const synonym = other.includes(" ") ? null : processTerm(other);
        if (synonym && synonym !== term) {
          found.add(synonym);
        }
      }
    }
  }
  return [...found];
}

/** A word WordNet should not be asked about: a number or a single letter. */
const NAME_LIKE = /^(?:\d.*|.)$/;

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
function weighQuery(
  message: string,
  stats: BookStats,
  passageCount: number,
  names: Set<string>,
  focus: string | null,
): QueryTerm[] {
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
    // The verb asked about ("lose" in "What did Peter lose?") is where the answer sits.
    const role = TITLES.has(term)
      ? TITLE_WEIGHT
      : names.has(term) && frequency > 0
        ? NAME_WEIGHT
        : term === focus
          ? FOCUS_WEIGHT
          : 1;
    const synonyms = [...new Set([...(SYNONYMS.get(term) ?? []), ...wordnetSynonyms(term, stats)])].filter(
      (other) => other !== term && stats.documentFrequency.has(other),
    );
    terms.push({ term, weight: role * Math.log(1 + passageCount / (frequency + 0.5)), synonyms });
  }
  return terms;
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

/**
 * "Toad", or "the Rat" when the book mostly says "the Rat". Counted over the whole book, like the other
 * statistics (it says how the book names them, nothing of what happens).
 */
function characterSelfName(name: string, book: AiBook, stats: BookStats): string {
  const cached = stats.selfNames.get(name);
  if (cached) {
    return cached;
  }
  const pattern = new RegExp(`(\\bthe\\s+)?\\b${escapeRegExp(name)}\\b`, "g");
  let withArticle = 0;
  let total = 0;
  for (const passage of (book.passages.full ?? book.passages).passages) {
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
// Reading the question: what it is about and what an answer to it looks like.

/** "Who is Mr. Toad?": the subject whose introduction in the book answers the question. */
const WHO_IS = /^\s*(?:and\s+)?who(?:'s|’s|\s+(?:is|was|are|were))\s+(.+?)[\s?!.]*$/i;
/** "Who buried the key?": the verb the one asked about did. */
const WHO_DID = /^\s*(?:and\s+)?who\s+(?!is\b|was\b|are\b|were\b|'s\b|’s\b)([\p{L}’'-]+)/iu;
/** "What did Peter lose …?", "How did Toad escape …?": the verb follows the auxiliary and its subject. */
const AUXILIARY_QUESTION = /^\s*(?:what|where|how|why|when|which)\b.*?\b(?:did|does|do)\s+(.+)$/i;
/** Words that start a noun phrase ("the children", "his long trunk"). */
const DETERMINERS = new Set("a an the his her their its my your our this that these those".split(" "));
/** Titles before a name: the book often leaves them out ("Mr. Toad" is mostly "Toad"). */
const TITLES = new Set(
  "mr mrs miss ms dr sir lady lord master mister madam captain capt uncle aunt old young little".split(" "),
);
/** Pronouns that may stand for the person the question is about. */
const PRONOUN = /\b(?:he|she|him|her|his|hers|himself|herself)\b/i;

type Question = {
  /** Terms of the subject of "Who is …?" as asked ("mr", "toad"), or null. */
  fullSubject: string[] | null;
  /** The same without titles ("toad"), which the book may leave out. */
  subject: string[] | null;
  /** What a sentence that describes the subject of "Who is …?" looks like. */
  describes: RegExp | null;
  /** Terms of the people and things the question names, which "he" or "she" may stand for. */
  entities: Set<string>;
  /** The verb the question asks about ("lose" in "What did Peter lose?"). */
  focus: string | null;
  /** What a sentence that answers tends to look like ("twenty years" for "how long"). */
  shape: ((text: string) => boolean) | null;
};

/** The verb a question asks about: the first word after the auxiliary and its subject. */
function focusVerb(message: string): string | null {
  const who = WHO_DID.exec(message);
  if (who?.[1]) {
    return processTerm(who[1]);
  }
  const rest = AUXILIARY_QUESTION.exec(message)?.[1];
  if (!rest) {
    return null;
  }
  const tokens = rest.split(/\s+/).filter(Boolean);
  let inSubject = false;
  for (const [position, raw] of tokens.entries()) {
    const token = raw.replace(/[^\p{L}’'-]+/gu, "");
    const lower = token.toLowerCase();
    // The subject: a name ("Peter", "Mr. McGregor"), a possessive ("Dorothy's house") or a noun after a
    // determiner ("the children").
    if (/^\p{Lu}/u.test(token) || DETERMINERS.has(lower)) {
      inSubject = true;
      continue;
    }
    if (/[’']s$/.test(tokens[position - 1] ?? "") || DETERMINERS.has((tokens[position - 1] ?? "").toLowerCase())) {
      continue;
    }
    return inSubject ? processTerm(token) : null;
  }
  return null;
}

/**
 * How a book describes someone: "X is a …", "he was indeed the …", "his name was X", "a boy called
 * X", "X, the …", "the Porter, whose name was X".
 */
function descriptionPattern(subject: string): RegExp | null {
  const words = (subject.match(/[\p{L}\d-]+/gu) ?? []).filter(
    (word) => !TITLES.has(word.toLowerCase()) && processTerm(word) !== null,
  );
  if (words.length === 0) {
    return null;
  }
  const name = `(?:${words.map(escapeRegExp).join("|")})`;
  const who = `(?:${name}|he|she|they)`;
  const verb = "(?:\\s+(?:is|was|are|were|must be|seems?|seemed|looked)|[’']s)";
  const what = "(?:\\s+(?:indeed|really|not|only|just|always|never|\\p{L}+ly))?\\s+(?:a|an|the|one|very|such|so|quite)";
  return new RegExp(
    `\\b${who}${verb}${what}\\b|\\bnames?\\s+(?:is|was)\\s+(?:\\p{Lu}\\S*\\s+)?${name}\\b|` +
      `\\b(?:called|named)\\s+(?:\\p{Lu}\\S*\\s+)?${name}\\b|\\b${name},\\s+(?:a|an|the|who|whose|his|her|their)\\b|` +
      // "Puck (or as he was sometimes called, Robin Goodfellow) was a shrewd and knavish sprite"
      `\\b${name}\\s*\\([^)]*\\)\\s*(?:is|was)\\s+(?:a|an|the)\\b|` +
      // "the Morlocks—that, by the bye, was the name by which these creatures were called"
      `\\b${name}\\b[^.!?]{0,30}\\b(?:is|was) the name\\b`,
    "iu",
  );
}

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
/** A number of things: "three", "ten", "20" (not "one", which is mostly not a count). */
const COUNT =
  /\b(?:\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozen)\b/i;
/** A reason: "because …", "so that …", "in order to …". */
const CAUSE =
  /\b(?:because|so that|in order to|for fear|that's why|that’s why|wanted to|wants to|want to|so as to|as a punishment|the reason)\b/i;
/** A place: "in Kansas", "at the seaside", "into the Wild Wood". */
const PLACE =
  /\b(?:in|at|to|into|inside|under|near|from|on|lived?s?|born)\s+(?:the\s+|a\s+|his\s+|her\s+)?(?:\p{Lu}[\p{L}-]+|(?:[\p{L}-]+\s+)?(?:house|home|hall|garden|wood|woods|forest|river|island|town|city|village|country|land|sea|seaside|room|cave|castle|palace|school|cottage|farm|field|road|street|hole|tree|cellar|prison|gaol|jail|ship|boat|kitchen|attic|mushroom))\b/u;
/** Written words: a notice, a label, a letter ("the words ‘EAT ME’"). */
const WRITING = /\bwords?\b|\b\p{Lu}{2,}\s+\p{Lu}{2,}\b/u;

/**
 * What an answering sentence tends to look like for the kind of question: a number for "how much", a
 * length of time for "how long", "X is …" for "what does X mean", "the Admiral Benbow inn" for "what
 * was the name of the inn", the words themselves for "what was written on …".
 */
function answerShape(message: string): ((text: string) => boolean) | null {
  const test = (pattern: RegExp) => (text: string) => pattern.test(text);
  const counted = /^\s*how (?:much|many)\s+([\p{L}-]+)/iu.exec(message)?.[1];
  if (/^\s*how (?:much|many)\b/i.test(message)) {
    // "how many years" → "twenty years"; any amount ("three times", "£20") or count will do.
    const stem = counted ? escapeRegExp(counted.toLowerCase().replace(/(?:ies|es|s)$/, "")) : null;
    const countedPattern = stem ? new RegExp(`\\b${NUMBER}\\b[^.;!?]{0,20}\\b${stem}`, "i") : null;
    return (text) => AMOUNT.test(text) || (countedPattern?.test(text) ?? false) || COUNT.test(text);
  }
  if (/\bcolou?rs?\b/i.test(message)) {
    return test(COLOUR);
  }
  if (/^\s*why\b/i.test(message)) {
    return test(CAUSE);
  }
  if (/^\s*where\b/i.test(message)) {
    return test(PLACE);
  }
  if (/^\s*how long\b/i.test(message)) {
    return test(DURATION);
  }
  if (/^\s*when\b/i.test(message)) {
    return test(TIME);
  }
  const named = /\bname of (?:the |a |an |your |his |her |their |its |my |our )?([\p{L}-]+)/iu.exec(message)?.[1];
  if (named) {
    // "the Admiral Benbow inn", "an inn called the Admiral Benbow".
    const noun = escapeRegExp(named.toLowerCase());
    const capitalised = escapeRegExp(named.charAt(0).toUpperCase() + named.slice(1).toLowerCase());
    const pattern = new RegExp(`(?:\\p{Lu}[\\p{L}’'-]*\\s+){1,3}(?:${noun}|${capitalised})\\b`, "u");
    return (text) => NAMING.test(text) || pattern.test(text);
  }
  if (/\bname\b/i.test(message)) {
    return test(NAMING);
  }
  if (/^\s*what\b.*\b(?:written|write|wrote|printed|marked|label|labelled|sign)\b/i.test(message)) {
    return test(WRITING);
  }
  const defined =
    /^\s*what (?:does|do|did) (.+?) mean\b|^\s*what(?:'s|’s| is| are| was| were) (?:a |an |the )?([^?]+?)\s*\??$/i.exec(
      message,
    );
  const subject = (defined?.[1] ?? defined?.[2])?.trim();
  if (subject && subject.split(/\s+/).length <= 3) {
    return test(new RegExp(`\\b${escapeRegExp(subject)}\\W{0,3}\\s+(?:is|isn't|isn’t|was|means|are)\\b`, "i"));
  }
  return null;
}

/** Reads the question once: its subject, the people it names, its verb and the shape of an answer. */
function readQuestion(message: string, book: AiBook, stats: BookStats): Question {
  const spell = (term: string) => correctTerm(term, stats) ?? term;
  // "Who is Mr. Toad?", "Who are the Morlocks?", but not "Who was asleep at the tea party?".
  const whoIs = WHO_IS.exec(message)?.[1] ?? null;
  const subjectText = whoIs && /\p{Lu}/u.test(whoIs) ? whoIs : null;
  const subjectTerms = subjectText ? [...new Set(textTerms(subjectText))].map(spell) : [];
  const untitled = subjectTerms.filter((term) => !TITLES.has(term));
  const subject = untitled.length > 0 ? untitled : subjectTerms;
  const entities = new Set<string>(subject);
  // Capitalised words after the first, and the book's characters when the question names them.
  for (const [position, token] of tokenize(message).entries()) {
    const term = processTerm(token);
    if (term && (position > 0 || /^\p{Lu}/u.test(token)) && /^\p{Lu}/u.test(token)) {
      entities.add(spell(term));
    }
  }
  const words = new Set(textTerms(message).map(spell));
  for (const name of book.characterList) {
    const terms = textTerms(name).map(spell);
    if (terms.length > 0 && terms.every((term) => words.has(term))) {
      for (const term of terms) {
        entities.add(term);
      }
    }
  }
  const focus = focusVerb(message);
  // "Who took over Toad Hall?": the answer names someone the question does not.
  const someoneElse =
    !subjectText && /^\s*(?:and\s+)?who\b/i.test(message)
      ? (text: string) =>
          tokenize(text)
            .slice(1)
            .some((token) => {
              const term = /^\p{Lu}/u.test(token) && token !== "I" ? processTerm(token) : null;
              return term !== null && !entities.has(term) && !TITLES.has(term);
            })
      : null;
  return {
    fullSubject: subjectTerms.length > 0 ? subjectTerms : null,
    subject: subject.length > 0 ? subject : null,
    describes: subjectText ? descriptionPattern(subjectText) : null,
    entities,
    focus: focus ? spell(focus) : null,
    shape: answerShape(message) ?? someoneElse,
  };
}

// ---------------------------------------------------------------------------------------------
// Choosing the passage and the quote.

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function sentencesOf(passage: Passage): string[] {
  return passage.text.split(/\n\n/).flatMap((paragraph) => splitSentences(paragraph));
}

/**
 * A sentence of the passage being considered, or of a passage either side of it (same chapter). Its
 * terms include the names that its "he" or "she" stands for.
 */
/**
 * True when the sentence has "he" or "she" before any other name, so that it may stand for the person
 * just named: "‘He is indeed the best of animals,’ replied Rat", but not "said the Rat, jumping to his
 * feet".
 */
function pronounFirst(text: string): boolean {
  const pronoun = PRONOUN.exec(text);
  if (!pronoun) {
    return false;
  }
  // A capitalised word after the sentence's first word is a name (or "I").
  return !/\s[‘“"'(]?\p{Lu}/u.test(text.slice(0, pronoun.index));
}

type RegionSentence = {
  text: string;
  terms: Set<string>;
  /** Names its "he" or "she" stands for. */
  borrowed: Set<string>;
  words: number;
  own: boolean;
  about: boolean;
};

/** Sentences a pronoun may look back over for the name it stands for. */
const PRONOUN_REACH = 2;

/**
 * The passage's sentences with its neighbours', which often say who "she" is or what happened next. A
 * sentence with "he" or "she" and none of the question's names borrows the names of the sentences just
 * before it, as long as each sentence in between names them or says "he" or "she" too.
 */
function regionOf(passage: Passage, passages: readonly Passage[], question: Question): RegionSentence[] {
  const texts: { text: string; own: boolean }[] = [];
  const add = (other: Passage | undefined, own: boolean) => {
    if (other && other.chapter === passage.chapter) {
      texts.push(...sentencesOf(other).map((text) => ({ text, own })));
    }
  };
  add(passages[passage.index - 1], false);
  add(passage, true);
  add(passages[passage.index + 1], false);

  const subject = question.subject;
  let recent: string[] = [];
  let age = Infinity;
  return texts.map(({ text, own }) => {
    const terms = new Set(textTerms(text));
    const named = [...question.entities].filter((term) => terms.has(term));
    const borrowed = new Set<string>();
    age += 1;
    if (named.length > 0) {
      recent = named;
      age = 0;
    } else if (age <= PRONOUN_REACH && pronounFirst(text)) {
      for (const term of recent) {
        borrowed.add(term);
      }
      age = 0;
    }
    const about = subject !== null && subject.some((term) => terms.has(term) || borrowed.has(term));
    return { text, terms, borrowed, words: wordCount(text), own, about };
  });
}

type Window = { start: number; end: number; score: number; held: number; descriptions: number };

/** How much a sentence shaped like the answer, or one describing the subject, adds to a window. */
type Extras = { shape: number; description: number };

/**
 * The run of one to three consecutive sentences that holds the most of the question (by weight), at
 * most QUOTE_MAX_WORDS words unless a single sentence is longer, and mostly from the passage itself.
 * Ties go to the shorter run; runs under MIN_QUOTE_WORDS words count for a little less, so
 * "‘Footprints?’" borrows its neighbours.
 */
function bestWindow(
  region: readonly RegionSentence[],
  weigh: (terms: Set<string>, borrowed: Set<string>) => number,
  question: Question,
  extras: Extras,
): Window | null {
  const fits = region.map((sentence) => question.shape?.(sentence.text) ?? false);
  const describes = region.map((sentence) => sentence.about && (question.describes?.test(sentence.text) ?? false));
  let best: (Window & { value: number }) | null = null;
  for (let start = 0; start < region.length; start += 1) {
    const terms = new Set<string>();
    const borrowed = new Set<string>();
    let words = 0;
    let own = 0;
    let shaped = false;
    let descriptions = 0;
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
      for (const term of sentence.borrowed) {
        borrowed.add(term);
      }
      shaped ||= fits[end - 1] ?? false;
      descriptions += describes[end - 1] ? 1 : 0;
      if (own * 2 < words) {
        continue;
      }
      const held = weigh(terms, borrowed);
      const counted = Math.min(descriptions, MAX_DESCRIPTIONS);
      const score = held + (shaped ? extras.shape : 0) + counted * extras.description;
      const value = score * (words < MIN_QUOTE_WORDS ? 0.9 : 1) - words * 1e-4;
      if (!best || value > best.value) {
        best = { start, end, score, held, value, descriptions: counted };
      }
    }
  }
  return best;
}

/** A quote shorter than this takes the sentence after it too: the answer often follows the question's words. */
const EXTEND_BELOW_WORDS = 40;

/**
 * Where the quote ends: after the window, or one sentence later when the window is short (or the next
 * sentence is shaped like the answer) and the two fit in a quote. The sentence after the one that
 * matches the question often holds the answer: "…to hear more about the fire. At first no one could
 * guess how the fire had been caused, but at last a man said he saw Dick Towler … with a pipe".
 * Not for "Who is …?", answered by the sentences that describe them.
 */
function extendWindow(region: readonly RegionSentence[], window: Window, question: Question): number {
  const next = region[window.end];
  if (!next || question.describes) {
    return window.end;
  }
  const words = region.slice(window.start, window.end).reduce((sum, sentence) => sum + sentence.words, 0);
  const shaped = question.shape?.(next.text) ?? false;
  return words + next.words <= QUOTE_MAX_WORDS && (words < EXTEND_BELOW_WORDS || shaped) ? window.end + 1 : window.end;
}

/** A sentence that starts with someone it does not name: "They had many interesting talks together". */
const STARTS_WITH_PRONOUN = /^[‘“"'(]?(?:he|she|they|it|his|her|their|its|him|them)\b/i;

/**
 * Where the quote starts: one sentence earlier when the window's first sentence starts with "he",
 * "she" or "they" and the one before (in the same chapter) fits in the quote, so that the child knows
 * who it is about.
 */
function startWindow(region: readonly RegionSentence[], window: Window, end: number): number {
  const first = region[window.start];
  const previous = region[window.start - 1];
  if (!first || !previous || !STARTS_WITH_PRONOUN.test(first.text)) {
    return window.start;
  }
  const words = region.slice(window.start, end).reduce((sum, sentence) => sum + sentence.words, 0);
  return words + previous.words <= QUOTE_MAX_WORDS ? window.start - 1 : window.start;
}

type Candidate = { passage: Passage; score: number };

export type Choice = { passage: Passage; coverage: number; quote: string };

function choosePassage(
  candidates: readonly Candidate[],
  terms: readonly QueryTerm[],
  passages: readonly Passage[],
  question: Question,
  bonus: (passage: Passage) => number,
  /** Take the best passage even when it holds little of the terms (the page's own key words). */
  lenient = false,
): Choice | null {
  const total = terms.reduce((sum, { weight }) => sum + weight, 0);
  if (total === 0) {
    return null;
  }
  // A sentence shaped like the answer (a number for "how much") counts like part of an average word.
  const average = total / terms.length;
  const extras = { shape: SHAPE_WEIGHT * average, description: DESCRIPTION_WEIGHT * average };
  // A name that "he" or "she" stands for counts for less than the name itself.
  // A synonym, or a name that "he" or "she" stands for, counts for less than the word itself.
  const weigh = (found: Set<string>, borrowed: Set<string> = new Set()) => {
    let value = 0;
    for (const { term, weight, synonyms } of terms) {
      if (found.has(term)) {
        value += weight;
      } else if (synonyms.some((synonym) => found.has(synonym))) {
        value += SYNONYM_WEIGHT * weight;
      } else if (borrowed.has(term)) {
        value += BORROWED_WEIGHT * weight;
      }
    }
    return value;
  };
  const top = Math.max(...candidates.map(({ score }) => score));
  let best: {
    passage: Passage;
    coverage: number;
    quote: string;
    rank: number;
    held: number;
    described: boolean;
  } | null = null;
  for (const { passage, score } of candidates) {
    const region = regionOf(passage, passages, question);
    const passageTerms = new Set<string>();
    const passageBorrowed = new Set<string>();
    for (const sentence of region) {
      if (sentence.own) {
        sentence.terms.forEach((term) => passageTerms.add(term));
        sentence.borrowed.forEach((term) => passageBorrowed.add(term));
      }
    }
    const share = weigh(passageTerms, passageBorrowed) / total;
    const window = bestWindow(region, weigh, question, extras);
    if (!window) {
      continue;
    }
    // The search's ranking, moved towards passages that hold more of the question, and most of all
    // towards those where it sits together in a sentence or two.
    // For "Who is …?", sentences that describe the subject ("he was a …") matter most.
    const described = 1 + DESCRIPTION_BOOST * window.descriptions;
    const rank = (score / top) ** BM_EXP * (0.5 + share) * (0.5 + window.score / total) * described * bonus(passage);
    if (!best || rank > best.rank) {
      const end = extendWindow(region, window, question);
      const start = startWindow(region, window, end);
      const quote = region
        .slice(start, end)
        .map((sentence) => sentence.text)
        .join(" ");
      best = { passage, coverage: share, quote, rank, held: window.held / total, described: window.descriptions > 0 };
    }
  }
  // The passage must hold a good share of the question, and the quote itself a fair part of it.
  // A quote that describes the subject of "Who is …?" holds the question even when it says "he".
  if (!best) {
    return null;
  }
  if (!lenient && (best.coverage < MIN_COVERAGE || (best.held < MIN_QUOTE_COVERAGE && !best.described))) {
    return null;
  }
  return { passage: best.passage, coverage: best.coverage, quote: tidyQuotationMarks(trimQuote(best.quote, weigh)) };
}

const OPENING = /(^|[\s([—–-])["“‘']/g;
const CLOSING = /["”]/g;
/** A closing single mark: after punctuation, or at the very end; not the apostrophe of "won’t". */
const CLOSING_SINGLE = /([.,;:!?—–-])’(?=\s|$)|’$/;

/**
 * The quote's own quotation marks as single ones inside the reply's double ones, and without the marks
 * of a speech it cuts into: “He is indeed the best of animals,” rather than “‘He is … animals,’”.
 */
function tidyQuotationMarks(quote: string): string {
  let text = quote.replace(OPENING, "$1‘").replace(/'/g, "’").replace(CLOSING, "’").trim();
  const opening = (text.match(/(^|[\s([—–-])‘/g) ?? []).length;
  const closing = (text.match(new RegExp(CLOSING_SINGLE.source, "g")) ?? []).length;
  const leading = text.startsWith("‘");
  const trailing = /’$/.test(text) && CLOSING_SINGLE.test(text.slice(-3));
  if (leading && trailing && opening === 1 && closing === 1) {
    // One whole speech: the reply's marks are enough.
    text = text.slice(1, -1);
  } else {
    if (leading && closing === 0) {
      text = text.slice(1);
    }
    if (trailing && opening === 0) {
      text = text.slice(0, -1);
    }
  }
  return text.trim();
}

/** Cuts an over-long quote down to the run of clauses that holds the most of the question. */
function trimQuote(quote: string, weigh: (terms: Set<string>) => number): string {
  const clean = quote.replace(/_/g, "").trim();
  if (wordCount(clean) <= QUOTE_MAX_WORDS) {
    return clean;
  }
  // Clauses, but never cut inside brackets: "Puck (or as he was sometimes called, Robin Goodfellow)".
  const clauses: string[] = [];
  for (const piece of clean.split(/(?<=[,;:])\s+/)) {
    const last = clauses.at(-1);
    if (last !== undefined && (last.match(/\(/g) ?? []).length > (last.match(/\)/g) ?? []).length) {
      clauses[clauses.length - 1] = `${last} ${piece}`;
    } else {
      clauses.push(piece);
    }
  }
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

/**
 * The first passages that mention every term of a subject ("Mr. Toad"), in reading order, among the
 * first `within` passages (those the student may be told about).
 */
function firstMentions(subject: readonly string[], stats: BookStats, count: number, within: number): number[] {
  const found: number[] = [];
  const end = Math.min(within, stats.passageTerms.length);
  for (let index = 0; index < end && found.length < count; index += 1) {
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

const BOOK_OPENERS = ["Here's what the book says", "Let's look in the book", "The story tells us"];
/**
 * One question back, to check the child has understood or to make them think. They fit any answer: a
 * question about the answer itself ("Would you like to be friends with them?") rang false when the
 * quote was about something else.
 */
const FOLLOW_UPS = [
  "Can you say that in your own words?",
  "What do you think about that?",
  "Does that answer your question?",
  "Did that surprise you?",
];
const CHARACTER_OPENERS = ["Ah, I remember that!", "Oh yes, I remember!", "Let me tell you about that."];
const CHARACTER_CLOSERS = ["What else would you like to ask me?", "Ask me anything else about my story!"];

/** "(Chapter I, The River Bank)", or "" for a book without chapters. */
function chapterNote(chapter: string | null): string {
  const phrase = chapterPhrase(chapter);
  return phrase ? `(${phrase.replace(/^In /, "").replace(/^./, (letter) => letter.toUpperCase())})` : "";
}

/** Joins the parts of a reply, cutting the quote short so that the whole stays within MAX_REPLY_WORDS. */
function fitReply(parts: { before: string; quote: string; after: string }): string {
  const join = (quote: string) =>
    [parts.before, quote, parts.after].filter(Boolean).join(" ").replace(/\s+/g, " ").trim();
  const text = join(parts.quote);
  const over = wordCount(text) - MAX_REPLY_WORDS;
  if (over <= 0) {
    return text;
  }
  const words = parts.quote.split(/\s+/);
  const closing = parts.quote.endsWith("”") ? "”" : "";
  const kept = words.slice(0, Math.max(8, words.length - over - 1)).join(" ");
  return join(`${kept.replace(/[”,;:]+$/, "")}…${closing}`);
}

/** How the character of a chat is named in the book ("Toad", "Mr. Toad", "the Rat"). */
function namesOf(
  mode: { kind: "character"; name: string },
  self: string | null,
  book: AiBook,
  stats: BookStats,
): string[] {
  const bare = mode.name.replace(/^the\s+/i, "");
  const untitled = bare.replace(/^(?:Mr|Mrs|Dr|Miss|Captain|Squire|Sir|Lady)\.?\s+/, "");
  return [
    ...new Set(
      [mode.name, bare, untitled, self ?? bare, ...shortNames(untitled, book, stats)].filter((name) => name.length > 1),
    ),
  ];
}

/** Times a part of a name must appear, always capitalised, to be a name the book calls the character by. */
const SHORT_NAME_USES = 5;

/**
 * "Anne" for Anne Shirley, "Jim" for Jim Hawkins: the first or last part of a longer name that the
 * book writes often and always with a capital (so never "Black" of Black Beauty, "Long" of Long John
 * Silver, or "march").
 */
function shortNames(name: string, book: AiBook, stats: BookStats): string[] {
  const parts = name.split(/\s+/);
  if (parts.length < 2) {
    return [];
  }
  const cached = stats.shortNames.get(name);
  if (cached) {
    return cached;
  }
  const found: string[] = [];
  const text = (book.passages.full ?? book.passages).passages.map((passage) => passage.text).join("\n");
  for (const part of [parts[0] ?? "", parts.at(-1) ?? ""]) {
    if (!/^\p{Lu}\p{Ll}+$/u.test(part) || new RegExp(`\\b${part.toLowerCase()}\\b`).test(text)) {
      continue;
    }
    const alone = text.match(new RegExp(`\\b${escapeRegExp(part)}\\b`, "g"))?.length ?? 0;
    if (alone >= SHORT_NAME_USES) {
      found.push(part);
    }
  }
  stats.shortNames.set(name, found);
  return found;
}

/** The pronoun the book uses for the character ("he" for Toad), from the sentences that name them. */
function characterPronoun(name: string, book: AiBook, stats: BookStats): Pronoun {
  const cached = stats.pronouns.get(name);
  if (cached) {
    return cached;
  }
  const pattern = new RegExp(`\\b${escapeRegExp(name)}\\b`);
  const sentences: string[] = [];
  for (const passage of (book.passages.full ?? book.passages).passages) {
    if (sentences.length >= 200) {
      break;
    }
    if (pattern.test(passage.text)) {
      sentences.push(...sentencesOf(passage).filter((sentence) => pattern.test(sentence)));
    }
  }
  const pronoun = pronounOf(sentences, name);
  stats.pronouns.set(name, pronoun);
  return pronoun;
}

/** The quote told by the character: in the first person where it is about them. */
function tellAsCharacter(quote: string, request: AiRequest, self: string | null, stats: BookStats): string {
  const { mode, book } = request;
  if (mode.kind !== "character") {
    return `“${quote}”`;
  }
  const names = namesOf(mode, self, book, stats);
  if (!namesInNarration(quote, names)) {
    return `I remember this: “${quote}”`;
  }
  return toFirstPerson(quote, names, characterPronoun(mode.name, book, stats));
}

/**
 * The reply with the short answer first ("Twenty years."), then the book's sentence that says it and
 * where, then one question back. A character tells it in the first person. `onPage` says the quote is
 * from the page on the child's screen.
 */
function answerText(
  request: AiRequest,
  choice: Choice,
  self: string | null,
  stats: BookStats,
  asked: ReadQuestion | null,
  onPage = false,
): string {
  const { mode, message, history } = request;
  const note = chapterNote(choice.passage.chapter);
  const known = new Set(textTerms(asked?.text ?? message));
  // "Who is Mr. Toad?" is answered by what the book says of him, not by another name.
  const describing = asked?.kind === "who" && WHO_IS.test(asked.text);
  const names = new Set(request.book.characterList.flatMap((name) => textTerms(name)));
  const content = new Set([...known].filter((term) => !names.has(term) && !TITLES.has(term)));
  const lead =
    asked && !describing
      ? shortAnswer(asked.kind, choice.quote, known, asked.text, content, request.book.characterList)
      : null;
  if (mode.kind === "character") {
    const firstReply = !history.some((turn) => turn.role === "assistant");
    const opener = firstReply ? `I'm ${self ?? mode.name}!` : pick(CHARACTER_OPENERS, message);
    const told = tellAsCharacter(choice.quote, request, self, stats);
    const place = note
      ? `(That's ${onPage ? "on this page, " : ""}in ${note.slice(1, -1).replace(/^Chapter/, "chapter")}.)`
      : "";
    const shortLead = lead && asked?.kind !== "why" ? `${lead}!` : "";
    return fitReply({
      before: [opener, shortLead].filter(Boolean).join(" "),
      quote: told,
      after: `${place} ${pick(CHARACTER_CLOSERS, message)}`,
    });
  }
  const source = onPage ? "This page says" : "The book says";
  const before = lead ? `${lead}. ${source}:` : `${onPage ? "This page says" : pick(BOOK_OPENERS, message)}:`;
  return fitReply({ before, quote: `“${choice.quote}”`, after: `${note} ${pick(FOLLOW_UPS, message)}` });
}

/** A paragraph of running text ends like a sentence (or breaks off: "and their names were--"). */
const SENTENCE_END = /[.!?…:;,—–-][’”"')\]_]*$/;

/** A sentence in which someone speaks ("said the Rat", "cried Alice"). */
const SPEECH =
  /\b(?:said|says|cried|asked|replied|answered|shouted|whispered|exclaimed|called|remarked|observed|muttered|went on)\b/i;

/**
 * The names on the page: the book's characters it mentions, and words with a capital inside a
 * sentence ("the Rat", "Mr. Badger"), which are names or places.
 */
function namesOnPage(passages: readonly Passage[], book: AiBook): Set<string> {
  const names = new Set<string>();
  const words = new Set(passages.flatMap((passage) => textTerms(passage.text)));
  for (const name of book.characterList) {
    for (const term of textTerms(name)) {
      if (words.has(term)) {
        names.add(term);
      }
    }
  }
  for (const passage of passages) {
    for (const sentence of sentencesOf(passage)) {
      for (const token of tokenize(sentence).slice(1)) {
        const term = /^\p{Lu}/u.test(token) && token !== "I" ? processTerm(token) : null;
        if (term && !TITLES.has(term)) {
          names.add(term);
        }
      }
    }
  }
  return names;
}

/**
 * What the page is about, as query terms: the words it repeats, a word rare in the book weighing more
 * (a page's own subject is rare elsewhere). Only names, when `only` is given and the page has some.
 */
function pageKeyTerms(passages: readonly Passage[], stats: BookStats, only: Set<string> | null): QueryTerm[] {
  const counts = new Map<string, number>();
  for (const passage of passages) {
    for (const term of textTerms(passage.text)) {
      if (!only || only.has(term)) {
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
    }
  }
  const documents = stats.passageTerms.length;
  const weighed = [...counts].map(([term, count]) => ({
    term,
    count,
    weight: count * Math.log(1 + documents / ((stats.documentFrequency.get(term) ?? 0) + 0.5)),
  }));
  // A word said once may be a passing detail; the words said again are what the page is about.
  const repeated = weighed.filter(({ count }) => count >= 2);
  return (repeated.length >= 3 ? repeated : weighed)
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
    .slice(0, PAGE_KEY_TERMS)
    .map(({ term, weight }) => ({ term, weight, synonyms: [] }));
}

/** The best quote among some of the page's passages, with only those passages around it. */
function choosePageQuote(
  passages: readonly Passage[],
  terms: readonly QueryTerm[],
  question: Question,
  lenient: boolean,
): Choice | null {
  if (passages.length === 0 || terms.length === 0) {
    return null;
  }
  // A quote then never reaches past the page.
  const around: Passage[] = [];
  for (const passage of passages) {
    around[passage.index] = passage;
  }
  const candidates = passages.map((passage) => ({ passage, score: 1 }));
  return choosePassage(candidates, terms, around, question, () => 1, lenient);
}

/**
 * The answer to a question about the page on screen, quoted from the page alone: the sentences that
 * hold what the question names besides the page ("Why is she crying here?"), or else those that hold
 * most of what the page is about (its people, for "Who is on this page?"; someone speaking, for "Who
 * is talking?"). Null when the page has no text, or does not mention someone the question names.
 */
function planPageReply(
  request: AiRequest,
  message: string,
  asked: PageQuestion,
  page: AiPage,
  stats: BookStats,
  self: string | null,
): ReplyPlan | null {
  const { book } = request;
  const onPage = pagePassages(page);
  const answer = (choice: Choice): ReplyPlan => ({
    kind: "answer",
    text: answerText(request, choice, self, stats, null, true),
    choice,
  });

  if (asked.rest !== "") {
    const names = new Set(book.characterList.flatMap((name) => textTerms(name)));
    const question = readQuestion(message, book, stats);
    const terms = weighQuery(
      correctQuestion(asked.rest, stats),
      stats,
      stats.passageTerms.length,
      names,
      question.focus,
    );
    const choice = choosePageQuote(onPage, terms, question, false);
    if (choice) {
      return answer(choice);
    }
    // "What is Toad doing here?" on a page without Toad: the book read so far answers about Toad.
    if (asked.named) {
      return null;
    }
  }
  // What the page is about is in its sentences, not in a title page's lines or a picture's caption.
  const prose = pagePassages(page, (paragraph) => SENTENCE_END.test(paragraph));
  const text = prose.length > 0 ? prose : onPage;
  const names = namesOnPage(text, book);
  const terms = pageKeyTerms(text, stats, asked.who && names.size > 0 ? names : null);
  const question: Question = {
    fullSubject: null,
    subject: null,
    describes: null,
    entities: names,
    focus: null,
    shape: asked.speech ? (sentence) => SPEECH.test(sentence) : null,
  };
  const choice = choosePageQuote(text, terms, question, true);
  return choice ? answer(choice) : null;
}

function aliasesOf(book: AiBook, stats: BookStats): Map<string, string> {
  const key = book.characterList.join("|");
  let aliases = stats.aliases.get(key);
  if (!aliases) {
    aliases = characterAliases(book.characterList);
    stats.aliases.set(key, aliases);
  }
  return aliases;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The sentence around a word, at most QUOTE_MAX_WORDS words. */
function aroundWord(sentence: string, word: string): string {
  const words = sentence.split(/\s+/);
  if (words.length <= QUOTE_MAX_WORDS) {
    return sentence;
  }
  const at = Math.max(
    0,
    words.findIndex((candidate) => candidate.toLowerCase().includes(word.slice(0, 5).toLowerCase())),
  );
  const start = Math.max(0, Math.min(at - Math.floor(QUOTE_MAX_WORDS / 2), words.length - QUOTE_MAX_WORDS));
  const kept = words.slice(start, start + QUOTE_MAX_WORDS).join(" ");
  return `${start > 0 ? "…" : ""}${kept}${start + QUOTE_MAX_WORDS < words.length ? "…" : ""}`;
}

/** " Another word for it is “beat”.", " Other words for it are “beat” and “crush”.", or "". */
function otherWords(synonyms: readonly string[]): string {
  const [first, second] = synonyms;
  if (!first) {
    return "";
  }
  return second ? ` Other words for it are “${first}” and “${second}”.` : ` Another word for it is “${first}”.`;
}

function meaningText(request: AiRequest, meaning: Meaning, self: string | null): string {
  const { mode, message, history } = request;
  const word = meaning.word.toLowerCase();
  const opener =
    mode.kind === "character" && !history.some((turn) => turn.role === "assistant") ? `I'm ${self ?? mode.name}! ` : "";
  const said = meaning.explanation
    ? `“${capitalise(word)}” means ${meaning.explanation}.${otherWords(meaning.synonyms)}`
    : `I don't know a simple meaning for “${word}”, but you can work it out from the words around it.`;
  const story = mode.kind === "character" ? "My story" : "The book";
  const ask = meaning.explanation
    ? pick(
        [`Can you use “${word}” in a sentence of your own?`, `Can you think of another word that means the same?`],
        message,
      )
    : "What do you think it means?";
  if (!meaning.use) {
    return `${opener}${said} ${ask}`;
  }
  return fitReply({
    before: `${opener}${said} ${story} uses it here:`,
    quote: `“${aroundWord(meaning.use.sentence, word)}”`,
    after: `${chapterNote(meaning.use.passage.chapter)} ${ask}`,
  });
}

/**
 * "What does wayfarer mean?": its meaning in the sense the book uses it, and the book's sentence (the
 * page on screen first). Null when the message does not ask what a word means, or asks "what is a
 * Toad" about one of the book's characters.
 */
function planMeaning(
  request: AiRequest,
  text: string,
  self: string | null,
  isStory: (passage: Passage) => boolean,
): ReplyPlan | null {
  const asked = askedWord(text);
  if (!asked) {
    return null;
  }
  const { book } = request;
  const term = processTerm(asked.word);
  const isName = term !== null && book.characterList.some((name) => textTerms(name).includes(term));
  if (isName || (!asked.explicit && /^\p{Lu}/u.test(asked.word))) {
    return null;
  }
  const passages = [...(book.page?.passages ?? []), ...book.passages.passages.filter(isStory)];
  const meaning = explainWord(asked.word, passages);
  // "What is a wayfarer?" is a question about a word only when both WordNet and the book know it.
  if (!meaning || (!asked.explicit && (!meaning.sense || !meaning.use))) {
    return null;
  }
  return { kind: "meaning", text: meaningText(request, meaning, self) };
}

/** Words of a chapter summary. */
const SUMMARY_WORDS = 50;

/** A chapter's or the story's events told by a character: in the first person where they are about them. */
function tellEvents(sentences: readonly string[], request: AiRequest, self: string | null, stats: BookStats): string {
  const { mode, book } = request;
  if (mode.kind !== "character") {
    return `“${sentences.join(" … ")}”`;
  }
  const names = namesOf(mode, self, book, stats);
  const pronoun = characterPronoun(mode.name, book, stats);
  return sentences.map((sentence) => toFirstPerson(sentence, names, pronoun)).join(" ");
}

/**
 * "What happens in chapter 3?", "What has happened so far?": a short summary in the book's own
 * sentences, never past the reader's place (a later chapter gets the no-spoiler reply).
 */
function planEvents(
  request: AiRequest,
  child: ReadQuestion,
  stats: BookStats,
  self: string | null,
  isStory: (passage: Passage) => boolean,
): ReplyPlan {
  const { book, mode, message } = request;
  const chapters = chaptersOf(book.passages.passages.filter(isStory));
  const documents = stats.passageTerms.length;
  const ask =
    mode.kind === "character"
      ? pick(CHARACTER_CLOSERS, message)
      : pick(["What do you think was the most important part?", "Which part did you like best?"], message);
  if (child.kind === "chapter" && child.chapter !== null) {
    const chapter = findChapter(chapters, child.chapter);
    if (!chapter) {
      const whole = chaptersOf((book.passages.full ?? book.passages).passages.filter(isStory));
      if (book.passages.full && findChapter(whole, child.chapter)) {
        return { kind: "events", text: laterChapterText(book, mode) };
      }
      return {
        kind: "events",
        text: `I can't find ${child.chapter === LAST_CHAPTER ? "the last chapter" : `a chapter ${child.chapter}`} in ${book.title}: it has ${whole.length} chapter${whole.length === 1 ? "" : "s"}. Which one would you like to know about?`,
      };
    }
    const sentences = summarise(chapter.passages, stats.documentFrequency, documents, SUMMARY_WORDS);
    const heading = chapterPhrase(chapter.heading) ?? `In chapter ${chapter.number}`;
    const lead =
      mode.kind === "character" ? `${heading}, here's what happens to me:` : `${heading}, here's what happens:`;
    return {
      kind: "events",
      text: fitReply({ before: lead, quote: tellEvents(sentences, request, self, stats), after: ask }),
    };
  }
  if (!book.limit) {
    const summary = summaryText(book, mode);
    if (summary) {
      return { kind: "summary", text: summary };
    }
  }
  // So far: the chapter the child has reached, and a line of the one before it.
  const recent: Chapter[] = chapters.slice(-2);
  const sentences = recent.flatMap((chapter, position) =>
    summarise(chapter.passages, stats.documentFrequency, documents, position === recent.length - 1 ? 35 : 20).slice(
      0,
      position === recent.length - 1 ? 2 : 1,
    ),
  );
  if (sentences.length === 0) {
    return { kind: "clarify", text: clarifyText(book, mode) };
  }
  const lead =
    mode.kind === "character" ? "Here's what has happened to me so far:" : "Here's what has happened so far:";
  return {
    kind: "events",
    text: fitReply({ before: lead, quote: tellEvents(sentences, request, self, stats), after: ask }),
  };
}

export type ReplyPlan =
  | {
      kind: "greeting" | "thanks" | "decline" | "author" | "summary" | "clarify" | "not-found" | "meaning" | "events";
      text: string;
    }
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
  if (WRITE_FOR_ME.test(message)) {
    return { kind: "decline", text: homeworkText(book, mode) };
  }
  if (isOffTopic(message, book, mode)) {
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

  // The title page and other text before the first chapter is not the story. A view limited to the
  // reader's place (book.passages.full set) holds only the passages the student has read: everything
  // below searches and quotes from it alone.
  const firstChapter = (book.passages.full ?? book.passages).passages.findIndex((passage) => passage.chapter !== null);
  const isStory = (passage: Passage) => firstChapter < 0 || passage.index >= firstChapter;

  const child = readChildQuestion(message, mode, aliasesOf(book, stats));
  const meaning = planMeaning(request, child.text, self, isStory);
  if (meaning) {
    return meaning;
  }
  if (child.kind === "chapter" || child.kind === "so-far") {
    return planEvents(request, child, stats, self, isStory);
  }

  // Asked from the reader about the page on screen: the answer is on the page.
  const asked = book.page ? readPageQuestion(message, book) : null;
  const fromPage = asked && book.page ? planPageReply(request, message, asked, book.page, stats, self) : null;
  if (fromPage) {
    return fromPage;
  }

  // Rarity is measured over the whole book, as the statistics are.
  const passageCount = stats.passageTerms.length;
  const names = new Set(book.characterList.flatMap((name) => textTerms(name)));
  // "At the start", "in the end": where in the book to look, not words to look for.
  const position = STARTING.test(child.text) ? "start" : ENDING.test(child.text) ? "end" : null;
  // "What colour", "what kind of": what the answer is, not words the passage holds.
  const sought = child.text
    .replace(new RegExp(STARTING, "gi"), " ")
    .replace(new RegExp(ENDING, "gi"), " ")
    .replace(ANSWER_FRAME, " ")
    .replace(/\s+/g, " ")
    .trim();
  const corrected = correctQuestion(sought, stats);
  // The shape of the answer comes from the whole question ("what colour" wants a colour).
  const read = readQuestion(sought, book, stats);
  const question: Question = { ...read, shape: answerShape(child.text) ?? read.shape };
  const terms = weighQuery(corrected, stats, passageCount, names, question.focus);
  if (terms.length === 0) {
    return { kind: "clarify", text: clarifyText(book, mode) };
  }
  // Mostly about things the book never mentions (another story, a film, a footballer): not this book.
  const total = terms.reduce((sum, { weight }) => sum + weight, 0);
  const unknown = terms.reduce((sum, { term, weight }) => sum + (stats.documentFrequency.has(term) ? 0 : weight), 0);
  if (unknown / total >= MAX_UNKNOWN_SHARE) {
    return { kind: "not-found", text: notFoundText(book, mode) };
  }

  // WordNet's synonyms join the search only for a word the book never uses ("colour" in a book that
  // says "color", "jail" in one that says "gaol"); for the others they would find too much, and only
  // weigh the sentences.
  const synonyms = terms.flatMap(({ term, synonyms: others }) =>
    (stats.documentFrequency.has(term) ? (SYNONYMS.get(term) ?? []) : others)
      .filter((other) => stats.documentFrequency.has(other))
      .map((other) => stats.surface.get(other) ?? other),
  );
  const results = book.passages.search([corrected, ...synonyms].join(" "), CANDIDATES).filter(isStory);
  const candidates: Candidate[] = results.map((result) => ({ passage: result, score: result.score }));
  const bonuses = new Map<number, number>();
  // "Who is Perks?": books introduce people when they first appear, so their first mentions count more.
  // The passage after a first mention often goes on about them ("He is indeed the best of animals").
  if (question.fullSubject) {
    const lowest = Math.min(...candidates.map(({ score }) => score));
    const scores = new Map(candidates.map((candidate) => [candidate.passage.index, candidate.score]));
    const within = book.passages.passages.length;
    firstMentions(question.fullSubject, stats, INTRODUCTION_BONUS.length, within).forEach((index, order) => {
      for (let at = index; at <= index + INTRODUCTION_SPAN; at += 1) {
        const passage = book.passages.passages[at];
        if (!passage || passage.chapter !== book.passages.passages[index]?.chapter || !isStory(passage)) {
          break;
        }
        if (bonuses.has(at)) {
          continue;
        }
        bonuses.set(at, INTRODUCTION_BONUS[order] ?? 1);
        if (!scores.has(at)) {
          // The passages of an introduction are one scene: they rank with the first mention.
          const score = scores.get(index) ?? (Number.isFinite(lowest) ? lowest : 1);
          scores.set(at, score);
          candidates.push({ passage, score });
        }
      }
    });
  }
  const nameTerm = mode.kind === "character" ? characterTerm(mode.name, stats) : null;
  const storyStart = Math.max(0, firstChapter);
  const storyLength = Math.max(1, book.passages.passages.length - storyStart);
  const placed = (passage: Passage) => {
    const at = (passage.index - storyStart) / storyLength;
    return (position === "start" && at < POSITION_SHARE) || (position === "end" && at > 1 - POSITION_SHARE)
      ? POSITION_BOOST
      : 1;
  };
  const bonus = (passage: Passage) => {
    const character = nameTerm && stats.passageTerms[passage.index]?.has(nameTerm) ? CHARACTER_BOOST : 1;
    return character * placed(passage) * (bonuses.get(passage.index) ?? 1);
  };
  const choice =
    candidates.length > 0 ? choosePassage(candidates, terms, book.passages.passages, question, bonus) : null;
  if (!choice) {
    // Say so, and where the book comes closest, rather than quote something loosely related.
    const closest = results[0]?.chapter ?? null;
    return { kind: "not-found", text: notFoundText(book, mode, chapterPhrase(closest)) };
  }
  return { kind: "answer", text: answerText(request, choice, self, stats, child), choice };
}
