// The moderation classifier: a pure, synchronous check of one chat message or review against the
// lexicon (lexicon.ts) and a few patterns for personal details. It runs on every chat message, so it
// compiles everything once at load and does a handful of regex scans per message.
//
// Pipeline:
// 1. Normalise: NFKC, lower case, diacritics and zero-width characters removed, Cyrillic/Greek
//    look-alikes folded to Latin, apostrophes dropped ("you're" -> "youre"), other punctuation -> space.
// 2. Leetspeak inside words (0->o, 3->e, 4->a, 5->s, 7->t, 8->ate, @->a, $->s, !->i, |->i); "1" is
//    left alone and the patterns accept it for both i and l ("k1ll", "ki11").
// 3. Spelled-out words ("k i l l", "s.t.u.p.i.d") are joined in a second version of the text.
// 4. Patterns let each letter repeat ("stuuupid") and spaces between words be left out.
// Personal details (phones, postcodes, emails...) are found on the lightly normalised text, digits kept.

import {
  CLAUSE_CONTINUATIONS,
  LEXICON_RULES,
  type LexiconRule,
  type Sequence,
  type Slot,
} from "./lexicon.js";
import {
  type Classification,
  MODERATION_CATEGORIES,
  NOT_FLAGGED,
  type TextClassifier,
} from "./text-moderator.js";

// ---------------------------------------------------------------------------------------------------
// Normalisation

/** Letters from other scripts that look like Latin ones (after lower-casing), plus a few ligatures. */
const CONFUSABLES: Record<string, string> = {
  а: "a", б: "b", в: "b", г: "r", д: "d", е: "e", ё: "e", ж: "x", з: "3", и: "u", й: "u", к: "k", л: "n", м: "m",
  н: "h", о: "o", п: "n", р: "p", с: "c", т: "t", у: "y", ф: "f", х: "x", ц: "u", ч: "4", ш: "w", щ: "w", ь: "b",
  ы: "bi", ъ: "b", э: "e", ю: "io", я: "r", і: "i", ї: "i", ј: "j", ѕ: "s", ԁ: "d", ӏ: "l", ɡ: "g", ԛ: "q", ԝ: "w",
  α: "a", β: "b", γ: "y", δ: "d", ε: "e", ζ: "z", η: "n", θ: "o", ι: "i", κ: "k", λ: "l", μ: "u", ν: "v", ξ: "e",
  ο: "o", π: "n", ρ: "p", σ: "o", ς: "c", τ: "t", υ: "u", φ: "f", χ: "x", ψ: "w", ω: "w",
  ᴀ: "a", ʙ: "b", ᴄ: "c", ᴅ: "d", ᴇ: "e", ɢ: "g", ʜ: "h", ɪ: "i", ᴊ: "j", ᴋ: "k", ʟ: "l", ᴍ: "m", ɴ: "n", ᴏ: "o",
  ᴘ: "p", ʀ: "r", ꜱ: "s", ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ʏ: "y", ᴢ: "z",
  ı: "i", ł: "l", ø: "o", đ: "d", ð: "d", ħ: "h", ŧ: "t", ß: "ss", æ: "ae", œ: "oe", þ: "th", ŀ: "l", ɑ: "a", ɛ: "e",
  ɩ: "i", ɵ: "o", ʋ: "u", "¡": "!",
};
const APOSTROPHES = new Set(["'", "\u2019", "\u2018", "`", "\u00b4", "\u02bc", "\u02bb", "\u2032", "\uff07"]);
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/u;
const MARKS = /\p{M}/gu;

/** Symbols kept inside a word so leetspeak and masking ("f*ck") survive; dropped at a word's edges. */
const WORD_SYMBOLS = new Set(["@", "$", "!", "|", "+", "*"]);
const EDGE_SYMBOLS = new Set(["!", "|", "+", "*"]);
const LEET: Record<string, string> = {
  "0": "o",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "ate",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "i",
  "+": "t",
};

interface FoldedChar {
  readonly char: string;
  /** Index in the NFKC source, for quoting the child's own words. */
  readonly at: number;
}

/** Lower case, no diacritics, look-alikes folded. Punctuation is kept; ignorable characters are dropped. */
function foldCharacters(source: string): FoldedChar[] {
  const folded: FoldedChar[] = [];
  for (let at = 0; at < source.length; ) {
    const codePoint = source.codePointAt(at) ?? 0;
    const char = String.fromCodePoint(codePoint);
    if (codePoint < 128) {
      folded.push({ char: char.toLowerCase(), at });
    } else if (!IGNORABLE.test(char)) {
      const plain = char.toLowerCase().normalize("NFD").replace(MARKS, "");
      for (const part of plain) {
        for (const mapped of CONFUSABLES[part] ?? part) {
          folded.push({ char: mapped, at });
        }
      }
    }
    at += char.length;
  }
  return folded;
}

export interface CanonicalText {
  /** Only [a-z0-9*], single spaces between words and "|" where punctuation separated them. */
  readonly text: string;
  /** For each character of `text`, its index in the NFKC source. */
  readonly offsets: readonly number[];
}

const isLetter = (char: string): boolean => char >= "a" && char <= "z";
const isDigit = (char: string): boolean => char >= "0" && char <= "9";
const isWordChar = (char: string): boolean => isLetter(char) || isDigit(char) || WORD_SYMBOLS.has(char);

/** Punctuation that ends a phrase: "no harm, myself" is not "harm myself". Ellipses and dashes do not. */
const CLAUSE_PUNCTUATION = new Set([",", ".", "!", "?", ";", ":", '"', "\u201c", "\u201d", "(", ")", "[", "]", "\n", "\u00ab", "\u00bb"]);

interface Word {
  readonly units: readonly FoldedChar[];
  /** Punctuation came between this word and the one before. */
  readonly afterPunctuation: boolean;
}

/** Splits folded characters into words of letters, digits and in-word symbols ("f*ck", "$h1t"). */
function splitWords(folded: readonly FoldedChar[]): Word[] {
  const words: Word[] = [];
  let current: FoldedChar[] = [];
  let punctuation = false;
  const close = () => {
    if (current.length > 0) {
      words.push({ units: current, afterPunctuation: punctuation });
      current = [];
      punctuation = false;
    }
  };
  for (let index = 0; index < folded.length; index += 1) {
    const unit = folded[index] as FoldedChar;
    const char = unit.char;
    if (APOSTROPHES.has(char)) {
      continue;
    }
    const next = folded[index + 1]?.char ?? " ";
    const inWord =
      isLetter(char) ||
      isDigit(char) ||
      (WORD_SYMBOLS.has(char) && isWordChar(next) && (current.length > 0 || char === "@" || char === "$"));
    if (inWord) {
      current.push(unit);
      continue;
    }
    close();
    const previous = folded[index - 1]?.char;
    const ellipsis = char === "." && (previous === "." || next === ".");
    if (words.length > 0 && CLAUSE_PUNCTUATION.has(char) && !ellipsis) {
      punctuation = true;
    }
  }
  close();
  return words;
}

/** Decodes leetspeak in a word that has letters; a word of digits only stays a number ("1865"). */
function decodeWord(word: readonly FoldedChar[]): FoldedChar[] {
  let start = 0;
  let end = word.length;
  while (start < end && EDGE_SYMBOLS.has(word[start]?.char ?? "")) {
    start += 1;
  }
  while (end > start && EDGE_SYMBOLS.has(word[end - 1]?.char ?? "")) {
    end -= 1;
  }
  const trimmed = word.slice(start, end);
  const hasLetter = trimmed.some((unit) => isLetter(unit.char));
  if (!hasLetter) {
    return trimmed.filter((unit) => isDigit(unit.char));
  }
  const decoded: FoldedChar[] = [];
  for (const unit of trimmed) {
    const replacement = LEET[unit.char] ?? unit.char;
    for (const char of replacement) {
      decoded.push({ char, at: unit.at });
    }
  }
  return collapseStretches(decoded);
}

/** "stuuupid" -> "stupid", "killll" -> "kil": three or more of a letter become one. Doubles stay. */
function collapseStretches(word: readonly FoldedChar[]): FoldedChar[] {
  const collapsed: FoldedChar[] = [];
  for (let index = 0; index < word.length; ) {
    const char = word[index]?.char;
    let run = 1;
    while (word[index + run]?.char === char) {
      run += 1;
    }
    if (run >= 3) {
      collapsed.push(word[index] as FoldedChar);
    } else {
      collapsed.push(...word.slice(index, index + run));
    }
    index += run;
  }
  return collapsed;
}

const SPELLABLE = /^[a-z0-9@$!|+]$/;

/** Joins runs of three or more one-character words ("k i l l", "s.t.u.p.i.d") into one word. */
function joinSpelledOut(words: readonly Word[]): Word[] | null {
  const joined: Word[] = [];
  let changed = false;
  for (let index = 0; index < words.length; ) {
    let end = index;
    while (end < words.length && words[end]?.units.length === 1 && SPELLABLE.test(words[end]?.units[0]?.char ?? "")) {
      end += 1;
    }
    const run = words.slice(index, end);
    if (run.length >= 3 && run.filter((word) => isLetter(word.units[0]?.char ?? "")).length >= 2) {
      joined.push({ units: run.flatMap((word) => word.units), afterPunctuation: run[0]?.afterPunctuation ?? false });
      changed = true;
      index = end;
    } else {
      joined.push(words[index] as Word);
      index += 1;
    }
  }
  return changed ? joined : null;
}

function joinWords(words: readonly Word[]): CanonicalText {
  let text = "";
  const offsets: number[] = [];
  for (const word of words) {
    const decoded = decodeWord(word.units);
    if (decoded.length === 0) {
      continue;
    }
    if (text.length > 0) {
      text += word.afterPunctuation ? "|" : " ";
      offsets.push(decoded[0]?.at ?? 0);
    }
    for (const unit of decoded) {
      text += unit.char;
      offsets.push(unit.at);
    }
  }
  return { text, offsets };
}

/**
 * The versions of a message that the lexicon is matched against: as written, and with spelled-out
 * words joined when there are any.
 */
export function canonicalVersions(source: string): CanonicalText[] {
  const words = splitWords(foldCharacters(source));
  const versions = [joinWords(words)];
  const joined = joinSpelledOut(words);
  if (joined) {
    versions.push(joinWords(joined));
  }
  return versions;
}

/** Light normalisation for personal details: folded and lower case, digits and punctuation kept. */
function lightText(source: string): string {
  return foldCharacters(source)
    .map((unit) => unit.char)
    .join("");
}

// ---------------------------------------------------------------------------------------------------
// Compiling the lexicon

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const canonicalPhrase = (phrase: string): string => joinWords(splitWords(foldCharacters(phrase))).text;

/**
 * A lexicon phrase as regex pieces over canonical text, one per run of a character. Stretched letters
 * are already down to one in the text, so a double letter also matches a single one ("kill" matches
 * "killll" -> "kil"), unless `exactDoubles` ("nigger" must not match "Niger"). A single letter stays
 * single, so "rape" stays clear of "rapped". "1" stands for i or l. Spaces are optional.
 */
function phrasePieces(phrase: string, exactDoubles: boolean): string[] {
  const pieces: string[] = [];
  phrase.split("_").forEach((part, partIndex) => {
    if (partIndex > 0) {
      pieces.push(" ");
    }
    const canonical = canonicalPhrase(part);
    for (let index = 0; index < canonical.length; ) {
      const char = canonical[index] as string;
      let run = 1;
      while (canonical[index + run] === char) {
        run += 1;
      }
      index += run;
      if (char === " " || char === "|") {
        pieces.push(" ?");
      } else if (char === "*") {
        pieces.push("\\*+");
      } else if (isLetter(char)) {
        const letter = char === "i" || char === "l" ? `[${char}1]` : char;
        pieces.push(run === 1 ? letter : exactDoubles ? `${letter}{2}` : `${letter}${letter}?`);
      } else {
        pieces.push(escapeRegExp(char.repeat(run)));
      }
    }
  });
  return pieces;
}

interface TrieNode {
  readonly children: Map<string, TrieNode>;
  end: boolean;
}

function trieSource(node: TrieNode): string {
  const branches = [...node.children].map(([piece, child]) => piece + trieSource(child));
  if (branches.length === 0) {
    return "";
  }
  const body = branches.length === 1 && !node.end ? (branches[0] as string) : `(?:${branches.join("|")})`;
  // Greedy: the longest phrase wins, which gives the fullest quote.
  return node.end ? `${body}?` : body;
}

/**
 * The phrases as one regex, factored into a prefix tree: hundreds of phrases cost a few character
 * tests per position instead of one attempt per phrase.
 */
function alternation(phrases: readonly string[], exactDoubles = false): string {
  const root: TrieNode = { children: new Map(), end: false };
  for (const phrase of phrases) {
    let node = root;
    for (const piece of phrasePieces(phrase, exactDoubles)) {
      let child = node.children.get(piece);
      if (!child) {
        child = { children: new Map(), end: false };
        node.children.set(piece, child);
      }
      node = child;
    }
    node.end = true;
  }
  return `(?:${trieSource(root)})`;
}

/** The characters a phrase can start with, or null when it can start with anything. */
function firstCharacters(sequence: Sequence): Set<string> | null {
  const chars = new Set<string>();
  for (const slot of sequence) {
    if (slot.kind === "word") {
      return null;
    }
    if (slot.kind === "notFollowedBy" || slot.kind === "notPrecededBy" || slot.kind === "clauseEnd") {
      continue;
    }
    for (const phrase of slot.phrases) {
      const first = canonicalPhrase(phrase.split("_")[0] ?? "")[0];
      if (first === undefined) {
        return null;
      }
      chars.add(first);
      if (first === "i" || first === "l") {
        chars.add("1");
      }
    }
    if (slot.kind === "one" || slot.kind === "stem") {
      return chars;
    }
  }
  return null;
}

/** Reported speech from a story: "...the monster SAYS nobody loves me", "'I'll kill you,' SAID Silver". */
const SPEECH_BEFORE =
  /(?:^|[ |])(?!(?:i|im|ive|we|me)[ |])[a-z0-9*]+[ |](?:say|says|said|saying|sayin|shouts|shouted|cries|cried|wrote|writes|quote|quoted|quotes|sings|sang|goes|went|yells|yelled|screams|screamed|tells|told)[ |]$/;
const SPEECH_AFTER =
  /^[ |](?:said|says|cried|shouted|asked|replied|whispered|sobbed|wailed|screamed|exclaimed|yelled|muttered|answered)\b/;

interface CompiledSequence {
  readonly regex: RegExp;
  /** Checked on the text just before a match. */
  readonly notAfter: RegExp | null;
  readonly clauseEnd: boolean;
}

function compileSequence(sequence: Sequence): CompiledSequence {
  let source = "";
  let trailing = "";
  let notAfter: RegExp | null = null;
  let clauseEnd = false;
  let previous: Slot | null = null;
  for (const slot of sequence) {
    const first = previous === null;
    const joiner = first ? "" : slot.kind === "word" || previous?.kind === "word" ? " " : " ?";
    switch (slot.kind) {
      case "one":
        source += joiner + alternation(slot.phrases, slot.exactDoubles);
        break;
      case "stem":
        source += `${joiner + alternation(slot.phrases)}[a-z0-9*]*`;
        break;
      case "optional":
        source += first ? `(?:${alternation(slot.phrases)} ?)?` : `(?: ?${alternation(slot.phrases)})?`;
        break;
      case "filler":
        source += `(?: ${alternation(slot.phrases)}\\b){0,${slot.max}}`;
        break;
      case "word":
        source += `${joiner}(?!${alternation(slot.except)}\\b)[a-z0-9*]+`;
        break;
      case "notFollowedBy":
        trailing += `(?! ?${alternation(slot.phrases)}\\b)`;
        break;
      case "notPrecededBy":
        notAfter = new RegExp(`(?:^|[ |])${alternation(slot.phrases)} $`);
        break;
      case "clauseEnd":
        clauseEnd = true;
        break;
    }
    if (slot.kind === "one" || slot.kind === "stem" || slot.kind === "optional" || slot.kind === "filler" || slot.kind === "word") {
      previous = slot;
    }
  }
  // A lookahead on the first character lets the regex engine skip ahead instead of trying every position.
  const first = firstCharacters(sequence);
  const scan = first ? `(?=[${escapeRegExp([...first].sort().join(""))}])` : "";
  return { regex: new RegExp(`\\b${scan}(?:${source})\\b${trailing}`, "g"), notAfter, clauseEnd };
}

interface CompiledRule {
  readonly rule: LexiconRule;
  readonly sequences: readonly CompiledSequence[];
}

const SEVERITY_RANK = { urgent: 0, high: 1, low: 2 } as const;
const CATEGORY_RANK = new Map(MODERATION_CATEGORIES.map((category, index) => [category, index]));

/** Most serious first: severity, then the order of MODERATION_CATEGORIES, then lexicon order. */
export const COMPILED_RULES: readonly CompiledRule[] = [...LEXICON_RULES]
  .map((rule, index) => ({ rule, index }))
  .sort(
    (a, b) =>
      SEVERITY_RANK[a.rule.severity] - SEVERITY_RANK[b.rule.severity] ||
      (CATEGORY_RANK.get(a.rule.category) ?? 0) - (CATEGORY_RANK.get(b.rule.category) ?? 0) ||
      a.index - b.index,
  )
  .map(({ rule }) => ({
    rule,
    sequences: rule.sequences.map(compileSequence),
  }));
const SERIOUS_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity !== "low");
const LOW_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity === "low");

const CONTINUATIONS = new Set(CLAUSE_CONTINUATIONS.map(canonicalPhrase));

/** True when the clause ends at `end`: end of message, punctuation, or a word like "lol" or "and". */
function clauseEndsAt(text: string, end: number): boolean {
  if (end >= text.length || text[end] === "|") {
    return true;
  }
  const nextWord = /^[a-z0-9*]+/.exec(text.slice(end + 1))?.[0] ?? "";
  return CONTINUATIONS.has(nextWord);
}

interface Match {
  readonly version: CanonicalText;
  readonly start: number;
  readonly end: number;
}

function accepts(sequence: CompiledSequence, rule: LexiconRule, text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 60), start);
  if (sequence.notAfter?.test(before)) {
    return false;
  }
  if (rule.skipReportedSpeech && (SPEECH_BEFORE.test(before) || SPEECH_AFTER.test(text.slice(end, end + 20)))) {
    return false;
  }
  return !sequence.clauseEnd || clauseEndsAt(text, end);
}

function findSequence(sequence: CompiledSequence, rule: LexiconRule, version: CanonicalText): Match | null {
  const { regex } = sequence;
  regex.lastIndex = 0;
  for (let match = regex.exec(version.text); match; match = regex.exec(version.text)) {
    const end = match.index + match[0].length;
    if (accepts(sequence, rule, version.text, match.index, end)) {
      return { version, start: match.index, end };
    }
    regex.lastIndex = match.index + 1;
  }
  return null;
}

function findRule(rule: CompiledRule, versions: readonly CanonicalText[]): Match | null {
  let quoted: Match | null = null;
  for (const sequence of rule.sequences) {
    let found: Match | null = null;
    for (const version of versions) {
      found = findSequence(sequence, rule.rule, version);
      if (found) {
        break;
      }
    }
    if (!found) {
      return null;
    }
    quoted ??= found;
  }
  return quoted;
}

// ---------------------------------------------------------------------------------------------------
// Personal details (low)

const PHONE_CANDIDATE = /(?<![\d+])(?:\+|00)?\s?\(?\d(?:[\s.\-()]{0,3}\d){6,14}(?!\d)/g;
const PHONE_CONTEXT =
  /\b(?:number|no|phone|mobile|mob|call|text|ring|whatsapp|tel|cell|digits|contact|facetime)\b[^a-z\d]{0,3}(?:[a-z]+\s){0,3}$/;
const UK_NUMBER = /^0[1-37-9]\d{8,9}$/;

function findPhone(text: string): boolean {
  // "O77OO" with letter Os for zeros.
  const digitsText = text.replace(/o(?=[\s.-]?\d)|(?<=\d[\s.-]?)o/g, "0");
  for (const match of digitsText.matchAll(PHONE_CANDIDATE)) {
    const before = digitsText.slice(Math.max(0, match.index - 30), match.index);
    if (/isbn[\s:-]*$/.test(before)) {
      continue;
    }
    let digits = match[0].replace(/\D/g, "");
    const international = /^\s?(?:\+|00)/.test(match[0]);
    if (international && digits.startsWith("0044")) {
      digits = digits.slice(2);
    }
    if (international && digits.startsWith("44")) {
      digits = `0${digits.slice(2).replace(/^0/, "")}`;
    } else if (international && digits.length >= 9) {
      return true;
    }
    if (UK_NUMBER.test(digits) || (digits.length >= 7 && PHONE_CONTEXT.test(before))) {
      return true;
    }
  }
  return false;
}

// Outward code (no Q/V/X first, no I/J/Z second) and inward code (no C/I/K/M/O/V letters).
const POSTCODE = /\b([a-pr-uwyz][a-hk-y]?\d[a-z\d]?) ?(\d[abd-hjlnp-uw-z]{2})\b/g;

function findPostcode(text: string): boolean {
  for (const match of text.matchAll(POSTCODE)) {
    // "w1 1st" is an ordinal, not a postcode.
    if (!/^\d(?:st|nd|rd|th)$/.test(match[2] ?? "")) {
      return true;
    }
  }
  return false;
}

const STREET_TYPES =
  "road|rd|street|st|avenue|ave|lane|ln|close|gardens|gdns|drive|dr|way|crescent|cres|place|pl|court|ct|terrace|grove|hill|park|square|sq|mews|walk|row|rise|green|parade|vale|view|wharf|yard|estate|passage|gate|broadway|embankment|boulevard|crt";
const HOUSE_AND_STREET = new RegExp(
  `(?:^|[^\\w£$.])(\\d{1,4}[a-z]?),?\\s+((?:[a-z][a-z'.-]*\\s+){1,3})(?:${STREET_TYPES})\\b`,
  "g",
);
/** Words that show the number is a count ("2 miles to the park"), not a house number. */
const NOT_STREET_NAME = new Set(
  (
    "the a an to in of and on at my his her their our is was were are it for with from by up down into out over " +
    "miles mile times more big small little tall huge giant steep tiny long short dark scary years pages minutes " +
    "hours days people kids children boys girls dogs cats rabbits friends trees houses new different other " +
    "tons tonnes feet metres meters inches against every each all some any many few this that these those " +
    "whole half very so too then than when where which who what as or but if be been being has have had do " +
    "did went go going walked ran times o clock am pm"
  ).split(" "),
);
const NUMBER_NOT_HOUSE = /\b(?:page|pages|chapter|chapters|year|years|age|aged|part|book|volume|level|lvl|no|number)\s*$/;
/** Famous addresses from the books that children ask about. */
const FICTIONAL_ADDRESSES = /221\s?b,?\s+baker\s+st|\b7,?\s+sav[i1]lle?\s+row/;
const LIVE_ON_STREET = new RegExp(
  `\\b(?:i live|we live|my house is|my home is|i stay)\\s+(?:at|on|in|near|by)?\\s*(?:[a-z0-9'.-]+\\s+){0,4}(?:${STREET_TYPES})\\b`,
);
const MY_ADDRESS = /\bmy (?:home |house |full )?address (?:is|=|:)|\bmy house number is\b|\bi live at (?:number |no\.? )?\d/;

function findAddress(text: string): boolean {
  if (MY_ADDRESS.test(text) || LIVE_ON_STREET.test(text.replace(FICTIONAL_ADDRESSES, ""))) {
    return true;
  }
  for (const match of text.matchAll(HOUSE_AND_STREET)) {
    const name = (match[2] ?? "").trim().split(/\s+/);
    const before = text.slice(Math.max(0, match.index - 20), match.index + 1);
    if (
      name.every((word) => !NOT_STREET_NAME.has(word.replace(/[^a-z]/g, ""))) &&
      !NUMBER_NOT_HOUSE.test(before) &&
      !FICTIONAL_ADDRESSES.test(match[0])
    ) {
      return true;
    }
  }
  return false;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/;
const SPELLED_EMAIL =
  /\b[a-z0-9._-]{2,}\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|co|net|org|uk|io)\b/;
const PASSWORD =
  /\bmy (?:password|pass word|passcode|pass|pin|pin code|pw|pwd|login|log in)(?: for [a-z]+| on [a-z]+)? (?:is|=|:|was)\b|\bpassword\s*[:=]\s*\S/;
const PLATFORMS =
  "snap|snapchat|sc|insta|instagram|ig|tiktok|tik tok|discord|roblox|fortnite|xbox|psn|playstation|whatsapp|facebook|fb|twitter|youtube|minecraft|telegram|kik|steam|twitch|bereal|threads";
const ADD_ME_ON = new RegExp(
  `\\b(?:add|follow|dm|message|msg|friend|text|hmu|hit me up|find|snap|sc|chat to) me (?:on|at|@|its)\\s?(?:${PLATFORMS})\\b`,
);
const MY_HANDLE = new RegExp(
  `\\bmy (?:${PLATFORMS}|gamer ?tag|username|user name|user|handle|account|acc|@)(?: name| username| user| tag| id| handle| account| acc)? (?:is|=|:|@|its)\\b`,
);
const ADD_ME_HANDLE = /\b(?:add|follow) me\b[^.!?\n]{0,30}(?:@[a-z0-9_.]{3,}|\b[a-z]+_[a-z0-9_]+|\b[a-z]+\d{2,}\b)/;
const HANDLE_ON_PLATFORM = new RegExp(`@[a-z0-9_.]{3,}[^.!?\\n]{0,30}\\b(?:${PLATFORMS})\\b|\\b(?:${PLATFORMS})\\b[^.!?\\n]{0,20}@[a-z0-9_.]{3,}`);

function findPersonalDetails(text: string): string | null {
  if (findPhone(text)) {
    return "Shares a phone number";
  }
  if (EMAIL.test(text) || SPELLED_EMAIL.test(text)) {
    return "Shares an email address";
  }
  if (findPostcode(text)) {
    return "Shares a postcode";
  }
  if (findAddress(text)) {
    return "Shares a home address";
  }
  if (PASSWORD.test(text)) {
    return "Shares a password";
  }
  if (ADD_ME_ON.test(text) || MY_HANDLE.test(text) || ADD_ME_HANDLE.test(text) || HANDLE_ON_PLATFORM.test(text)) {
    return "Shares a social media account";
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The classifier

const MAX_QUOTE = 60;

function quote(source: string, match: Match): string {
  const start = match.version.offsets[match.start] ?? 0;
  const lastStart = match.version.offsets[match.end - 1] ?? start;
  const last = String.fromCodePoint(source.codePointAt(lastStart) ?? 32);
  const words = source
    .slice(start, lastStart + last.length)
    .replace(/\s+/g, " ")
    .trim();
  return words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1)}…` : words;
}

function flagged(rule: LexiconRule, reason: string): Classification {
  return { flagged: true, category: rule.category, severity: rule.severity, reason };
}

function firstMatch(rules: readonly CompiledRule[], versions: readonly CanonicalText[], source: string) {
  for (const rule of rules) {
    const match = findRule(rule, versions);
    if (match) {
      return flagged(rule.rule, `${rule.rule.label}: '${quote(source, match)}'`);
    }
  }
  return null;
}

/**
 * Classifies a child's message. Several matches: the most serious wins (urgent risk to the child,
 * then threats, sexual content, hate and bullying; then personal details, which outrank a mild
 * insult or swearing as the more actionable risk). Narrative questions about stories pass: see
 * lexicon.ts.
 */
export const classifyText: TextClassifier = (text) => {
  const source = text.normalize("NFKC");
  const versions = canonicalVersions(source);
  const serious = firstMatch(SERIOUS_RULES, versions, source);
  if (serious) {
    return serious;
  }
  const personal = findPersonalDetails(lightText(source));
  if (personal) {
    return { flagged: true, category: "personal_details", severity: "low", reason: personal };
  }
  return firstMatch(LOW_RULES, versions, source) ?? NOT_FLAGGED;
};
