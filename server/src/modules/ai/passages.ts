// Splits a book's plain text (Project Gutenberg style) into short passages, each with the chapter it
// sits in, and indexes them for full-text search with MiniSearch (BM25 with an English stemmer and
// stop-word removal). Both AI providers retrieve from this index instead of sending the whole book.

import MiniSearch, { type SearchOptions } from "minisearch";
import { stemmer } from "stemmer";
import { createBuildCache } from "../../lib/build-cache.js";
import type { Passage, PassageIndex, ReadingPlace, RetrievedPassage } from "./provider.js";

/** Passages aim for this many words, ending at a paragraph break when they can. */
export const PASSAGE_MIN_WORDS = 60;
export const PASSAGE_MAX_WORDS = 120;
/** A sentence longer than this is cut at word boundaries so one passage never swallows a page. */
const SENTENCE_HARD_LIMIT = 180;
/** A passage shorter than this at the end of a chapter joins the one before it. */
const PASSAGE_TAIL_WORDS = 25;
/** Books kept in the cache of built indexes. */
export const PASSAGE_CACHE_SIZE = 32;

// ---------------------------------------------------------------------------------------------
// Terms: the same analysis for the index, the query and the callers that weigh matches.

// A common English stop list, plus the question and chat words children put around a question
// ("can you tell me who ... please"), which say nothing about what to look for in the book.
const STOP_WORDS = new Set(
  (
    "a about above after again against ago all also am an and any are aren as at be because been before being below " +
    "between both but by can cannot could couldn did didn do does doesn doing don down during each else ever every " +
    "few for from further get gets got had hadn has hasn have haven having he her here hers herself him himself his " +
    "how i if in into is isn it its itself just let ll me might more most much must mustn my myself no nor not now " +
    "of off on once only or other ought our ours ourselves out over own re s same shall shan she should shouldn so " +
    "some such t than that the their theirs them themselves then there these they this those through to too under " +
    "until up upon us ve very was wasn we were weren what when where whether which while who whom whose why will " +
    "with won would wouldn yes yet you your yours yourself yourselves " +
    // question and chat words
    "anything describe essay explain happen happened happens hello hey hi homework kind know like mean means meant " +
    "okay ok please pls really something tell thank thanks think thing things"
  ).split(" "),
);

// The stemmer handles regular endings ("drinking" → "drink") but not irregular verbs, which children
// use in questions ("What did Peter lose?") when the book says "lost". Common ones map to their base
// form before stemming. Forms that are also common other words ("rose", "bit", "lay", "left") are not
// listed.
const IRREGULAR: Record<string, string> = Object.fromEntries(
  (
    "ate:eat eaten:eat drank:drink drunk:drink lost:lose wrote:write written:write saw:see seen:see went:go gone:go " +
    "found:find gave:give given:give took:take taken:take made:make ran:run fell:fall fallen:fall came:come knew:know " +
    "known:know thought:think told:tell bought:buy caught:catch brought:bring stole:steal stolen:steal hid:hide " +
    "hidden:hide flew:fly flown:fly swam:swim sang:sing sung:sing sank:sink sunk:sink began:begin begun:begin " +
    "broke:break broken:break chose:choose chosen:choose drove:drive driven:drive rode:ride ridden:ride spoke:speak " +
    "spoken:speak woke:wake woken:wake wore:wear worn:wear threw:throw thrown:throw grew:grow grown:grow drew:draw " +
    "drawn:draw blew:blow blown:blow felt:feel kept:keep slept:sleep met:meet sat:sit stood:stand understood:understand " +
    "held:hold fought:fight taught:teach built:build sent:send spent:spend meant:mean heard:hear paid:pay fed:feed " +
    "shot:shoot forgot:forget forgotten:forget dug:dig hung:hang struck:strike swept:sweep wept:weep crept:creep " +
    "shook:shake shaken:shake froze:freeze frozen:freeze fled:flee dreamt:dream burnt:burn learnt:learn tore:tear " +
    "torn:tear bitten:bite mice:mouse geese:goose feet:foot teeth:tooth children:child men:man " +
    "women:woman"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

// MiniSearch's own tokenizer splits on Unicode spaces and punctuation (so "Tea-Party" gives "tea" and
// "party", and "Toad’s" gives "toad" and "s").
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}\p{S}]+/u;

const stemCache = new Map<string, string>();

/** The search term for one word: lower case, no accents, stemmed; null for stop words and noise. */
export function processTerm(word: string): string | null {
  const lower = word.toLowerCase();
  let stem = stemCache.get(lower);
  if (stem !== undefined) {
    return stem === "" ? null : stem;
  }
  const plain = lower.normalize("NFD").replace(/\p{M}+/gu, "");
  stem = plain.length < 2 || STOP_WORDS.has(plain) || !/\p{L}/u.test(plain) ? "" : stemmer(IRREGULAR[plain] ?? plain);
  if (stemCache.size < 200_000) {
    stemCache.set(lower, stem);
  }
  return stem === "" ? null : stem;
}

export function tokenize(text: string): string[] {
  return text.split(SPACE_OR_PUNCTUATION).filter((token) => token !== "");
}

/** The search terms of a text, in order, with repeats (stop words dropped, words stemmed). */
export function textTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term) {
      terms.push(term);
    }
  }
  return terms;
}

export function countWords(text: string): number {
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}

// ---------------------------------------------------------------------------------------------
// Cleaning: Gutenberg boilerplate, illustration markers, decoration lines.

const GUTENBERG_START = /^\s*\*{3}\s*START OF (?:THE|THIS) PROJECT GUTENBERG.*$/im;
const GUTENBERG_END =
  /^\s*(?:\*{3}\s*END OF (?:THE|THIS) PROJECT GUTENBERG|End of (?:the )?Project Gutenberg|End of Project Gutenberg's)/im;
const PRODUCER_NOTE = /^\s*(?:Produced by|This e-?book was produced by|E-text prepared by|Transcribed from)\b/i;

/** The book's own text: line ends normalised, Gutenberg header and licence cut off when present. */
export function stripBoilerplate(raw: string): string {
  let text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const start = GUTENBERG_START.exec(text);
  if (start) {
    text = text.slice(start.index + start[0].length);
  }
  const end = GUTENBERG_END.exec(text);
  if (end) {
    text = text.slice(0, end.index);
  }
  // A "Produced by ..." paragraph right after the header is credits, not the book.
  const firstParagraph = /^\s*([\s\S]*?)(?:\n\s*\n|$)/.exec(text);
  if (firstParagraph?.[1] !== undefined && PRODUCER_NOTE.test(firstParagraph[1])) {
    text = text.slice(firstParagraph[0].length);
  }
  return text;
}

const ILLUSTRATION = /\[(?:Illustration|Picture|Frontispiece)[^\]]*\]/gi;
// "* * * * *", "_______", "-----": section breaks and rules, not text.
const DECORATION = /^[\s*_=~\-.#·•]*$/;

// ---------------------------------------------------------------------------------------------
// Headings.

const ROMAN = "(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})";
const NUMBER_WORD =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?" +
  "|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen" +
  "|eighteen|nineteen)";
const ORDINAL = "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|final)";
const LABEL_NUMBER = `(?:\\d{1,3}|${ROMAN}|${NUMBER_WORD}|the\\s+${ORDINAL}|${ORDINAL})`;

// "CHAPTER VII. A Mad Tea-Party", "Chapter 7", "CHAPTER I--ANCIENT ENGLAND", "BOOK ONE", "Letter 1",
// "LECTURE I.", "PART ONE--The Old Buccaneer", "PART THE FIRST".
const LABELLED_HEADING = new RegExp(
  `^(chapter|book|part|lecture|letter|stave|canto|section|volume)\\s+(${LABEL_NUMBER})\\b\\.?(?:\\s*(?:[.:—–]|--?)\\s*|\\s+)?(.*)$`,
  "i",
);
// "FIRST PART", "SECOND PART" (sub-parts of a chapter).
const ORDINAL_PART = new RegExp(`^${ORDINAL}\\s+(?:part|book)\\.?$`, "i");
// "I. THE RIVER BANK", "1.  The Cyclone", "01 My Early Home", "16", "XIV".
// A lone L, C, D or M is an initial ("L. Frank Baum"), not a number.
const NUMBERED_HEADING = new RegExp(`^(\\d{1,3}|(?![LCDM][.\\s]|[LCDM]$)${ROMAN})(?:\\.\\s*|\\s+|$)(.*)$`);
// Unnumbered sections that books commonly have.
const NAMED_SECTION =
  /^(introduction|introductory note|preface|foreword|prologue|epilogue|appendix|afterword|conclusion|postscript)\.?$/i;
const CONTENTS_MARKER = /^(?:table of\s+)?contents[.:]?$|^list of illustrations[.:]?$/i;
// All-capital lines that are part of the text, not section titles.
const NOT_A_TITLE = /^(?:the end\.?|finis\.?|chorus\.?|song\.?|contents\.?|index\.?|notes?\.?|by|and|or)$/i;

// Words a Title Case heading may leave in lower case ("How it Ended", "The Land of Counterpane").
const SMALL_WORDS = new Set(
  (
    "a am an and are as at be but by de for from had has he her him his in into is it its la nor not of on or " +
    "she than that the them they this to up upon via was we were with"
  ).split(" "),
);

type Line = { text: string; blank: boolean };

function isAllCaps(line: string): boolean {
  return /\p{Lu}/u.test(line) && !/\p{Ll}/u.test(line);
}

/** A line that reads like a title: short, in capitals or Title Case, not the start of a sentence. */
function isTitleLike(line: string): boolean {
  if (line.length === 0 || line.length > 100 || !/\p{L}/u.test(line)) {
    return false;
  }
  // A title in capitals may wrap after a comma; a Title Case line ending in a comma is verse.
  if (/[,;]$/.test(line) && !isAllCaps(line)) {
    return false;
  }
  if (/^\p{Ll}/u.test(line)) {
    return false;
  }
  const words = line.split(/\s+/);
  if (words.length > 16) {
    return false;
  }
  if (isAllCaps(line)) {
    return true;
  }
  const significant = words
    .map((word) => word.replace(/^[^\p{L}\d]+/u, ""))
    .filter((word) => /^\p{L}/u.test(word) && !SMALL_WORDS.has(word.toLowerCase()));
  if (significant.length === 0) {
    return false;
  }
  const capitalised = significant.filter((word) => /^\p{Lu}/u.test(word)).length;
  return capitalised / significant.length >= 0.7;
}

type HeadingKind = "chapter" | "part" | "named" | "caps";

type Heading = {
  /** First line of the heading. */
  start: number;
  /** Line after the heading (after any subtitle). */
  end: number;
  text: string;
  kind: HeadingKind;
};

function isBlankAt(lines: Line[], index: number): boolean {
  const line = lines[index];
  return line === undefined || line.blank;
}

/** Title lines right after a heading that has no title of its own ("CHAPTER ONE" / "PLAYING PILGRIMS"). */
function readSubtitle(lines: Line[], from: number): { text: string; end: number } | null {
  let index = from;
  let blanks = 0;
  while (index < lines.length && lines[index]?.blank && blanks < 4) {
    index += 1;
    blanks += 1;
  }
  const parts: string[] = [];
  while (index < lines.length && parts.length < 6) {
    const line = lines[index];
    if (!line || line.blank || !isTitleLike(line.text)) {
      break;
    }
    // Only capitals may wrap onto a second line; a Title Case line is one title.
    if (parts.length > 0 && !(isAllCaps(line.text) && isAllCaps(parts[0] ?? ""))) {
      break;
    }
    if (parts.length > 0 && LABELLED_HEADING.test(line.text)) {
      break;
    }
    parts.push(line.text);
    index += 1;
  }
  if (parts.length === 0) {
    return null;
  }
  const text = parts.join(" ");
  if (LABELLED_HEADING.test(text) || NUMBERED_HEADING.test(text) || CONTENTS_MARKER.test(text)) {
    return null;
  }
  return { text, end: index };
}

function joinHeading(label: string, title: string): string {
  return /[.:—–-]$/.test(label) ? `${label} ${title}` : `${label}. ${title}`;
}

/** Headings found by their labels and numbers, in line order. */
function findLabelledHeadings(lines: Line[]): Heading[] {
  const headings: Heading[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (!line || line.blank || line.text.length > 90 || !isBlankAt(lines, index - 1)) {
      continue;
    }
    const text = line.text;
    const labelled = LABELLED_HEADING.exec(text);
    const numbered = labelled ? null : NUMBERED_HEADING.exec(text);
    let kind: HeadingKind;
    let ownTitle: string;
    if (labelled) {
      const label = (labelled[1] ?? "").toLowerCase();
      kind = label === "book" || label === "part" || label === "volume" ? "part" : "chapter";
      ownTitle = labelled[3] ?? "";
    } else if (ORDINAL_PART.test(text)) {
      kind = "part";
      ownTitle = "";
    } else if (numbered) {
      ownTitle = numbered[2] ?? "";
      if (ownTitle !== "" && (!isTitleLike(ownTitle) || NOT_A_TITLE.test(ownTitle))) {
        continue;
      }
      kind = "chapter";
    } else if (NAMED_SECTION.test(text)) {
      kind = "named";
      ownTitle = text;
    } else {
      continue;
    }
    // The heading stands alone: a blank line follows, or one title line and then a blank line
    // ("I" / "Bed in Summer" in a book of poems), or its title in capitals wraps onto a second line.
    let end = index + 1;
    let heading = text;
    if (!isBlankAt(lines, end)) {
      const next = lines[end];
      if (!next || !isTitleLike(next.text) || !isBlankAt(lines, end + 1)) {
        continue;
      }
      if (ownTitle === "") {
        heading = joinHeading(text, next.text);
      } else if (isAllCaps(ownTitle) && isAllCaps(next.text)) {
        heading = `${text} ${next.text}`;
      } else {
        continue;
      }
      end += 1;
    } else if (ownTitle === "" && kind !== "named") {
      const subtitle = readSubtitle(lines, end);
      if (subtitle) {
        heading = joinHeading(text, subtitle.text);
        end = subtitle.end;
      }
    }
    headings.push({ start: index, end, text: heading.replace(/\s+/g, " "), kind });
    index = end - 1;
  }
  return headings;
}

/** Running text: mostly lower-case letters, a dozen words or a finished sentence of five or more. */
function isProse(text: string): boolean {
  const lower = text.match(/\p{Ll}/gu)?.length ?? 0;
  const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
  const words = countWords(text);
  return lower > 2 * upper && (words >= 12 || (words >= 5 && /[.!?][’”"')]?$/.test(text)));
}

/**
 * True when a paragraph of prose follows within `maxBlocks` blocks of lines, with only short blocks
 * (a subtitle, a date, a signature) in between.
 */
function proseFollows(lines: Line[], from: number, maxBlocks = 4): boolean {
  let index = from;
  let blocks = 0;
  while (index < lines.length && blocks < maxBlocks) {
    while (index < lines.length && lines[index]?.blank) {
      index += 1;
    }
    const block: string[] = [];
    while (index < lines.length && !lines[index]?.blank) {
      block.push(lines[index]?.text ?? "");
      index += 1;
    }
    if (block.length === 0) {
      return false;
    }
    const joined = block.join(" ");
    if (isProse(joined)) {
      return true;
    }
    if (block.length > 2) {
      return false;
    }
    blocks += 1;
  }
  return false;
}

/** Titles in capitals on a line of their own: stories in a collection, short history chapters. */
function findCapitalHeadings(lines: Line[]): Heading[] {
  const headings: Heading[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (!line || line.blank || !isBlankAt(lines, index - 1) || !isBlankAt(lines, index + 1)) {
      continue;
    }
    const text = line.text;
    if (!isAllCaps(text) || text.length > 90 || countWords(text) > 14 || NOT_A_TITLE.test(text)) {
      continue;
    }
    // Numbered lines are for findLabelledHeadings ("67.INDEX" in a contents list is neither).
    if (!/\p{L}{2}/u.test(text) || /^\d/.test(text)) {
      continue;
    }
    let heading = text;
    let end = index + 1;
    const subtitle = readSubtitle(lines, end);
    if (subtitle && isAllCaps(subtitle.text) && proseFollows(lines, subtitle.end)) {
      // "PREHISTORIC MAN" / "PREHISTORIC MAN BEGINS TO MAKE THINGS FOR HIMSELF."
      heading = subtitle.text.startsWith(text) ? subtitle.text : joinHeading(text, subtitle.text);
      end = subtitle.end;
    } else if (!proseFollows(lines, end)) {
      continue;
    }
    headings.push({ start: index, end, text: heading.replace(/\s+/g, " "), kind: "caps" });
    index = end - 1;
  }
  return headings;
}

function hasContent(lines: Line[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const line = lines[index];
    if (line && !line.blank && !DECORATION.test(line.text) && line.text.replace(ILLUSTRATION, "").trim() !== "") {
      return true;
    }
  }
  return false;
}

/** Drops headings with nothing under them: the entries of a contents list, a part title over a chapter. */
function dropEmptyHeadings(lines: Line[], headings: Heading[]): Heading[] {
  return headings.filter((heading, position) => {
    // A chapter's text runs to the next chapter; a part's runs to the next heading of any kind.
    let next = headings.slice(position + 1).find((other) => heading.kind === "part" || other.kind !== "part");
    if (heading.kind === "caps") {
      next = headings[position + 1];
    }
    return hasContent(lines, heading.end, next ? next.start : lines.length);
  });
}

// ---------------------------------------------------------------------------------------------
// Book structure.

export type BookSection = {
  /** Chapter heading, or null for text before the first heading (title page, dedication). */
  chapter: string | null;
  /** Paragraphs, each on one line with its whitespace collapsed. */
  paragraphs: string[];
};

/** The book's sections in order: boilerplate, contents list and headings removed. */
export function splitSections(raw: string): BookSection[] {
  const lines: Line[] = stripBoilerplate(raw)
    .split("\n")
    .map((line) => {
      const text = line.trim();
      return { text, blank: text === "" };
    });

  // Numbered chapters when the book has them; otherwise titles in capitals (stories in a collection,
  // history chapters), which may also end a preface or introduction.
  const labelled = findLabelledHeadings(lines);
  const useCapitals = labelled.filter((heading) => heading.kind === "chapter").length < 3;
  const candidates = useCapitals
    ? [...labelled, ...findCapitalHeadings(lines)].sort((a, b) => a.start - b.start)
    : labelled;

  // The contents list runs from its title to the first heading that has prose under it; its entries
  // look like headings but are not.
  const searchLimit = Math.max(200, Math.floor(lines.length * 0.2));
  const contentsLine = lines.findIndex((line, index) => index < searchLimit && CONTENTS_MARKER.test(line.text));
  let contentsEnd = contentsLine;
  if (contentsLine >= 0) {
    const firstReal = dropEmptyHeadings(lines, candidates).find(
      (heading) => heading.start > contentsLine && proseFollows(lines, heading.end, 2),
    );
    contentsEnd = firstReal ? firstReal.start : nextProseParagraph(lines, contentsLine);
  }
  // A title page in capitals comes before any prose (or before the contents list) and is not a chapter.
  const firstProse = nextProseParagraph(lines, -1);
  const kept = candidates.filter((heading) => {
    if (heading.start >= contentsLine && heading.start < contentsEnd) {
      return false;
    }
    return heading.kind !== "caps" || heading.start > firstProse || (contentsLine >= 0 && heading.start >= contentsEnd);
  });
  let headings = dropEmptyHeadings(
    lines,
    kept.filter((heading, position) => position === 0 || heading.start >= (kept[position - 1]?.end ?? 0)),
  );
  if (useCapitals) {
    const capitals = headings.filter((heading) => heading.kind === "caps").length;
    const hasNamed = headings.some((heading) => heading.kind === "named");
    if (capitals < 3 && !(hasNamed && capitals >= 1)) {
      headings = headings.filter((heading) => heading.kind !== "caps");
    }
  }
  const skipped = new Set<number>();
  for (let index = Math.max(0, contentsLine); index < contentsEnd; index += 1) {
    skipped.add(index);
  }

  // With chapters in the book, part titles only group them; without chapters, parts are the chapters.
  const hasChapters = headings.some((heading) => heading.kind !== "part");
  const sections: BookSection[] = [];
  let current: BookSection = { chapter: null, paragraphs: [] };
  let paragraph: string[] = [];
  const flushParagraph = () => {
    const text = paragraph.join(" ").replace(ILLUSTRATION, " ").replace(/\s+/g, " ").trim();
    if (text !== "" && !DECORATION.test(text)) {
      current.paragraphs.push(text);
    }
    paragraph = [];
  };
  const headingAt = new Map(headings.map((heading) => [heading.start, heading]));
  for (let index = 0; index < lines.length; index += 1) {
    const heading = headingAt.get(index);
    if (heading) {
      flushParagraph();
      if (heading.kind !== "part" || !hasChapters) {
        if (current.paragraphs.length > 0) {
          sections.push(current);
        }
        current = { chapter: heading.text, paragraphs: [] };
      }
      index = heading.end - 1;
      continue;
    }
    const line = lines[index];
    if (!line || line.blank || skipped.has(index)) {
      flushParagraph();
      continue;
    }
    paragraph.push(line.text);
  }
  flushParagraph();
  if (current.paragraphs.length > 0) {
    sections.push(current);
  }
  return sections;
}

/** Without headings to end a contents list, it ends at the next paragraph of prose. */
function nextProseParagraph(lines: Line[], from: number): number {
  let index = from + 1;
  while (index < lines.length) {
    while (index < lines.length && lines[index]?.blank) {
      index += 1;
    }
    const start = index;
    const block: string[] = [];
    while (index < lines.length && !lines[index]?.blank) {
      block.push(lines[index]?.text ?? "");
      index += 1;
    }
    const joined = block.join(" ");
    if (isProse(joined) && /[.!?]/.test(joined) && countWords(joined) >= 25) {
      return start;
    }
  }
  return from + 1;
}

// ---------------------------------------------------------------------------------------------
// Sentences and passages.

// Words that end with a full stop without ending a sentence.
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms messrs dr st mt jr sr prof capt col gen lt sgt rev hon esq no nos vol vols vs etc viz ch chap fig " +
    "co bros ft sq oz lb ib ibid i.e e.g a.m p.m"
  ).split(" "),
);

/** Splits a paragraph into sentences; the sentences joined with single spaces give the paragraph back. */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  // A sentence ends at . ! ? (and closing quotes or brackets) before a space and a capital or an
  // opening quote; "‘Stop!’ cried the Rat" stays whole because "cried" is lower case.
  const boundary = /([.!?…]+)([’”"'»)\]_]*)\s+(?=[‘“"'«(_[]*[\p{Lu}\d])/gu;
  let start = 0;
  for (let match = boundary.exec(paragraph); match; match = boundary.exec(paragraph)) {
    const end = match.index + (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
    if (match[1] === "." && (match[2] ?? "") === "") {
      const before = paragraph.slice(start, match.index);
      const lastWord = (/(\S+)$/.exec(before)?.[1] ?? "").replace(/^[^\p{L}]+/u, "").toLowerCase();
      // "Mr. Toad", "H. G. Wells", "i.e. this"
      if (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord)) {
        continue;
      }
    }
    sentences.push(paragraph.slice(start, end));
    start = match.index + match[0].length;
  }
  const rest = paragraph.slice(start);
  if (rest.trim() !== "") {
    sentences.push(rest);
  }
  return sentences;
}

/** Cuts a run-on sentence into pieces of at most `limit` words. */
function cutLongSentence(sentence: string, limit: number): string[] {
  const words = sentence.split(" ");
  if (words.length <= limit) {
    return [sentence];
  }
  const pieces = Math.ceil(words.length / PASSAGE_MAX_WORDS);
  const size = Math.ceil(words.length / pieces);
  const out: string[] = [];
  for (let index = 0; index < words.length; index += size) {
    out.push(words.slice(index, index + size).join(" "));
  }
  return out;
}

type Unit = { text: string; words: number; paragraphEnd: boolean; paragraph: number };

type SectionPassage = { text: string; firstParagraph: number; lastParagraph: number };

/** Groups a section's sentences into passages of about PASSAGE_MIN_WORDS–PASSAGE_MAX_WORDS words. */
function sectionPassages(section: BookSection): SectionPassage[] {
  const units: Unit[] = [];
  section.paragraphs.forEach((paragraph, paragraphIndex) => {
    const sentences = splitSentences(paragraph).flatMap((sentence) => cutLongSentence(sentence, SENTENCE_HARD_LIMIT));
    sentences.forEach((sentence, position) => {
      units.push({
        text: sentence,
        words: countWords(sentence),
        paragraphEnd: position === sentences.length - 1,
        paragraph: paragraphIndex,
      });
    });
  });

  const passages: { parts: Unit[]; words: number }[] = [];
  let current: Unit[] = [];
  let words = 0;
  const flush = () => {
    if (current.length > 0) {
      passages.push({ parts: current, words });
    }
    current = [];
    words = 0;
  };
  for (const unit of units) {
    // Full enough that this sentence would overflow: end here rather than mid-way through the next.
    if (words >= PASSAGE_MIN_WORDS / 2 && words + unit.words > PASSAGE_MAX_WORDS) {
      flush();
    }
    current.push(unit);
    words += unit.words;
    // Long enough and at a paragraph break: a natural place to end.
    if (words >= PASSAGE_MIN_WORDS && unit.paragraphEnd) {
      flush();
    } else if (words >= PASSAGE_MAX_WORDS) {
      flush();
    }
  }
  flush();

  // A short last passage joins the one before it, so a chapter does not end on a crumb.
  const last = passages[passages.length - 1];
  const beforeLast = passages[passages.length - 2];
  if (last && beforeLast && last.words < PASSAGE_TAIL_WORDS) {
    beforeLast.parts.push(...last.parts);
    beforeLast.words += last.words;
    passages.pop();
  }

  return passages.map(({ parts }) => ({
    text: parts
      .map((part, position) => part.text + (position === parts.length - 1 ? "" : part.paragraphEnd ? "\n\n" : " "))
      .join(""),
    firstParagraph: parts[0]?.paragraph ?? 0,
    lastParagraph: parts[parts.length - 1]?.paragraph ?? 0,
  }));
}

/** The book's passages in reading order, each with its chapter. */
export function splitPassages(raw: string): Passage[] {
  const passages: Passage[] = [];
  splitSections(raw).forEach((section, sectionIndex) => {
    for (const { text, firstParagraph, lastParagraph } of sectionPassages(section)) {
      passages.push({
        index: passages.length,
        chapter: section.chapter,
        text,
        place: { section: sectionIndex, firstParagraph, lastParagraph },
      });
    }
  });
  return passages;
}

// ---------------------------------------------------------------------------------------------
// The index.

/** Weight of a match in the neighbouring passages against one in the passage itself. */
const CONTEXT_BOOST = 0.3;

type IndexedPassage = { id: number; text: string; context: string; chapter: string };

const SEARCH_OPTIONS: SearchOptions = {
  // Matches in a chapter's title count, but less than matches in its text.
  boost: { text: 1, context: CONTEXT_BOOST, chapter: 0.4 },
  // Children misspell names ("Allice", "Tode"): one edit for mid-length words, two for long ones.
  fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
  // "caterpill" finds "caterpillar"; short stems would match too much.
  prefix: (term) => term.length >= 5,
  weights: { fuzzy: 0.3, prefix: 0.5 },
  combineWith: "OR",
};

/** Words of the passages either side that are indexed with a passage (a small overlap). */
const CONTEXT_WORDS = 40;

/**
 * The end of the passage before and the start of the one after, in the same chapter: they often say
 * who "she" is or what "it" was.
 */
function neighbourText(passages: readonly Passage[], passage: Passage): string {
  const before = passages[passage.index - 1];
  const after = passages[passage.index + 1];
  const parts: string[] = [];
  if (before && before.chapter === passage.chapter) {
    parts.push(before.text.split(/\s+/).slice(-CONTEXT_WORDS).join(" "));
  }
  if (after && after.chapter === passage.chapter) {
    parts.push(after.text.split(/\s+/).slice(0, CONTEXT_WORDS).join(" "));
  }
  return parts.join("\n\n");
}

/** Splits the book and indexes its passages (about 0.4 s for a 1 MB book). */
export function buildPassageIndex(text: string): PassageIndex {
  const passages = splitPassages(text);
  const search = new MiniSearch<IndexedPassage>({
    fields: ["text", "context", "chapter"],
    storeFields: [],
    tokenize: (value) => tokenize(value),
    processTerm: (term) => processTerm(term),
    searchOptions: SEARCH_OPTIONS,
  });
  search.addAll(
    passages.map((passage) => ({
      id: passage.index,
      text: passage.text,
      context: neighbourText(passages, passage),
      chapter: passage.chapter ?? "",
    })),
  );

  return {
    passages,
    search(query: string, limit: number): RetrievedPassage[] {
      if (limit <= 0 || textTerms(query).length === 0) {
        return [];
      }
      return search
        .search(query)
        .slice(0, limit)
        .flatMap((result) => {
          const passage = passages[result.id as number];
          return passage ? [{ ...passage, score: result.score }] : [];
        });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Views up to a reader's place: the chat answers from the text the student has read, no further.

/** Views kept per book; each is a slice of the book's passages and a search that filters. */
const VIEWS_PER_BOOK = 64;

const viewCache = new WeakMap<PassageIndex, Map<number, PassageIndex>>();

/** True when the passage's last paragraph is at or before the place (the student has had it on screen). */
export function isWithinPlace(passage: Passage, upTo: ReadingPlace): boolean {
  const { section, lastParagraph } = passage.place;
  return section < upTo.chapter || (section === upTo.chapter && lastParagraph <= upTo.paragraph);
}

/**
 * The book up to a reader's place: `passages` is the prefix of passages within it (indexes unchanged),
 * `search` finds only those, and `full` is the whole book. A place at or past the end gives the whole
 * book itself (nothing lies beyond). Places that allow the same passages share one view.
 */
export function limitPassageIndex(index: PassageIndex, upTo: ReadingPlace): PassageIndex {
  const full = index.full ?? index;
  const firstBeyond = full.passages.findIndex((passage) => !isWithinPlace(passage, upTo));
  if (firstBeyond === -1) {
    return full;
  }
  let views = viewCache.get(full);
  const cached = views?.get(firstBeyond);
  if (cached) {
    return cached;
  }
  const allowed = firstBeyond;
  const hidden = full.passages.length - allowed;
  const view: PassageIndex = {
    passages: full.passages.slice(0, allowed),
    full,
    search(query: string, limit: number): RetrievedPassage[] {
      if (limit <= 0 || allowed === 0) {
        return [];
      }
      // Every passage beyond the place may rank above the allowed ones: ask for that many more, so the
      // limit is still filled when the allowed text has enough matches.
      return full
        .search(query, limit + hidden)
        .filter((result) => result.index < allowed)
        .slice(0, limit);
    },
  };
  if (!views) {
    views = new Map();
    viewCache.set(full, views);
  }
  views.set(allowed, view);
  if (views.size > VIEWS_PER_BOOK) {
    const oldest = views.keys().next().value;
    if (oldest !== undefined) {
      views.delete(oldest);
    }
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
// Cache: one index per book version, built once even when many chats open the book at the same time.

const indexCache = createBuildCache<PassageIndex>(PASSAGE_CACHE_SIZE);

/**
 * The passage index for `key` (e.g. the book id and a hash of its text), built from `loadText()` on
 * first use and kept for the PASSAGE_CACHE_SIZE most recently used books. Concurrent calls for the same
 * key share one build; a failed build is forgotten so the next call tries again.
 */
export function getPassageIndex(key: string, loadText: () => Promise<string>): Promise<PassageIndex> {
  return indexCache.get(key, () => loadText().then((text) => buildPassageIndex(text)));
}

/** Forgets every cached index (tests). */
export function clearPassageIndexCache(): void {
  indexCache.clear();
}

/** How much more a passage of the page on screen weighs than another equally good match. */
export const PAGE_BOOST = 3;

/**
 * A view of the index for a question asked from the reader about one page: the page's passages weigh
 * more than other matches, and the page's first passage is always among the results, so both
 * providers answer about what the child sees.
 * `onPage` are indexes of passages in the view (a limited view's, when the chat is limited).
 */
export function focusPassageIndex(index: PassageIndex, onPage: readonly number[]): PassageIndex {
  const page = new Set(onPage);
  if (page.size === 0) {
    return index;
  }
  return {
    passages: index.passages,
    ...(index.full ? { full: index.full } : {}),
    search(query: string, limit: number): RetrievedPassage[] {
      if (limit <= 0) {
        return [];
      }
      const found = index.search(query, Math.max(limit * 2, 20));
      const boosted = found
        .map((passage) => (page.has(passage.index) ? { ...passage, score: passage.score * PAGE_BOOST } : passage))
        .sort((a, b) => b.score - a.score);
      const shown = boosted.slice(0, limit);
      // The page itself goes along even when nothing on it matched, last and weakest: a grounded
      // model then sees what the child sees, while a better match elsewhere still wins.
      if (!shown.some((passage) => page.has(passage.index))) {
        const first = index.passages[Math.min(...page)];
        if (first && textTerms(query).length > 0) {
          const weakest = shown[shown.length - 1]?.score ?? 1;
          shown.splice(Math.min(shown.length, limit - 1), 1, { ...first, score: weakest / 2 });
        }
      }
      return shown;
    },
  };
}
