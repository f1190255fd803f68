// The moderation classifier: a pure, synchronous check of one chat message or review against the
// lexicon (lexicon.ts) and a few patterns for personal details. It runs on every chat message, so
// everything is compiled once at load; a message costs one normalisation pass, one Aho-Corasick pass
// to find which rules could match, and a regex scan for those rules only.
//
// Normalisation, applied alike to the message and to the lexicon's phrases:
// 1. NFKC (full-width and "fancy" letters), lower case, diacritics and zero-width characters removed,
//    Cyrillic/Greek look-alikes folded to Latin, apostrophes dropped ("you're" -> "youre").
// 2. Leetspeak inside words (0->o, 3->e, 4->a, 5->s, 7->t, 8->ate, 9->g, @->a, $->s, !->i, |->i, +->t).
//    "1" stays and the patterns read it as i or l ("k1ll", "ki11"); numbers stay numbers ("1865").
// 3. A letter stretched to three or more becomes one upper-case letter ("stuuupid" -> "stUpid"),
//    which the patterns read as one letter or as a double ("killll" -> "kiL" matches "kill").
// 4. Punctuation between words becomes "|", so phrases do not run across it ("no harm, myself").
// 5. A second version joins spelled-out words ("k i l l", "s.t.u.p.i.d") when there are any.
// Personal details (phones, postcodes, emails...) are looked for in the folded text with its digits
// and punctuation, before steps 2-5.

import {
  CLAUSE_CONTINUATIONS,
  CLAUSE_TAGS,
  LEXICON_RULES,
  type LexiconRule,
  type Sequence,
  type Slot,
} from "./lexicon.js";
import { type Classification, type ModerationCategory, NOT_FLAGGED, type TextClassifier } from "./text-moderator.js";

// ---------------------------------------------------------------------------------------------------
// Folding: case, diacritics, look-alikes, invisible characters

/** Letters from other scripts that look like Latin ones (after lower-casing), and a few ligatures. */
const CONFUSABLES = new Map(
  (
    "а:a б:b в:b г:r д:d е:e ё:e ж:x з:3 и:u й:u к:k л:n м:m н:h о:o п:n р:p с:c т:t у:y ф:f х:x ц:u ч:4 ш:w щ:w " +
    "ь:b ы:bi ъ:b э:e ю:io я:r і:i ї:i ј:j ѕ:s ԁ:d ӏ:l ɡ:g ԛ:q ԝ:w α:a β:b γ:y δ:d ε:e ζ:z η:n θ:o ι:i κ:k λ:l " +
    "μ:u ν:v ξ:e ο:o π:n ρ:p σ:o ς:c τ:t υ:u φ:f χ:x ψ:w ω:w ᴀ:a ʙ:b ᴄ:c ᴅ:d ᴇ:e ɢ:g ʜ:h ɪ:i ᴊ:j ᴋ:k ʟ:l ᴍ:m " +
    "ɴ:n ᴏ:o ᴘ:p ʀ:r ꜱ:s ᴛ:t ᴜ:u ᴠ:v ᴡ:w ʏ:y ᴢ:z ı:i ł:l ø:o đ:d ð:d ħ:h ŧ:t ß:ss æ:ae œ:oe þ:th ŀ:l ɑ:a ɛ:e " +
    "ɩ:i ɵ:o ʋ:u ¡:! ꜰ:f ǫ:q"
  )
    .split(" ")
    .map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)] as const),
);
/** Zero-width and other invisible characters, and combining marks left over after NFKC. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/u;
const MARKS = /\p{M}/gu;
/** Stands in for characters outside the Basic Multilingual Plane (emoji): never part of a word. */
const OTHER = 0xfffd;

interface Folded {
  /** One UTF-16 code per character: lower case Latin where possible, anything else as found. */
  readonly codes: readonly number[];
  /** For each character, its index in the NFKC source, for quoting the child's own words. */
  readonly at: readonly number[];
}

function fold(source: string): Folded {
  const codes: number[] = [];
  const at: number[] = [];
  for (let index = 0; index < source.length;) {
    const code = source.charCodeAt(index);
    if (code < 128) {
      codes.push(code >= 65 && code <= 90 ? code + 32 : code);
      at.push(index);
      index += 1;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(index) ?? code);
    if (!INVISIBLE.test(char)) {
      for (const part of char.toLowerCase().normalize("NFD").replace(MARKS, "")) {
        for (const mapped of CONFUSABLES.get(part) ?? part) {
          codes.push(mapped.length === 1 ? mapped.charCodeAt(0) : OTHER);
          at.push(index);
        }
      }
    }
    index += char.length;
  }
  return { codes, at };
}

/** Builds a string from UTF-16 codes without overflowing the argument limit. */
function fromCodes(codes: readonly number[]): string {
  let text = "";
  for (let start = 0; start < codes.length; start += 8192) {
    text += String.fromCharCode(...codes.slice(start, start + 8192));
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Canonical text for the lexicon

export interface CanonicalText {
  /**
   * Only [a-z0-9*], a space between words, or "|" where punctuation separated them. A letter
   * stretched to three or more is one upper-case letter ("stuuupid" -> "stUpid").
   */
  readonly text: string;
  readonly codes: readonly number[];
  /** For each character of `text`, its index in the NFKC source. */
  readonly offsets: readonly number[];
}

const LETTER = 1;
const DIGIT = 2;
/** Kept inside a word for leetspeak and masking ("$h!t", "f*ck"). */
const SYMBOL = 4;
/** Dropped at a word's edges ("stupid!!", "*sigh*"). */
const EDGE = 8;
const APOSTROPHE = 16;
/** Ends a phrase: "no harm, myself" is not "harm myself". Ellipses and dashes do not. */
const PUNCTUATION = 32;

const CLASSES = new Uint8Array(65536);
for (let code = 97; code <= 122; code += 1) {
  CLASSES[code] = LETTER;
}
for (let code = 48; code <= 57; code += 1) {
  CLASSES[code] = DIGIT;
}
const addClass = (chars: string, bits: number) => {
  for (const char of chars) {
    const index = char.charCodeAt(0);
    CLASSES[index] = (CLASSES[index] ?? 0) | bits;
  }
};
addClass("@$!|+*", SYMBOL);
addClass("!|+*", EDGE);
addClass("'\u2019\u2018`\u00b4\u02bc\u02bb\u2032\uff07", APOSTROPHE);
addClass(',.!?;:"\u201c\u201d()[]\n', PUNCTUATION);

const codeOf = (char: string): number => char.charCodeAt(0);
const DOT = codeOf(".");
const ONE = codeOf("1");
const SPACE = codeOf(" ");
const BAR = codeOf("|");
const AT = codeOf("@");
const DOLLAR = codeOf("$");
const isLetterCode = (value: number): boolean => value >= 97 && value <= 122;
const isDigitCode = (value: number): boolean => value >= 48 && value <= 57;
const isWordCode = (value: number): boolean => ((CLASSES[value] ?? 0) & (LETTER | DIGIT | SYMBOL)) !== 0;

const LEET: readonly (readonly number[] | undefined)[] = (() => {
  const table: (number[] | undefined)[] = [];
  const pairs: [string, string][] = [
    ["0", "o"],
    ["3", "e"],
    ["4", "a"],
    ["5", "s"],
    ["7", "t"],
    ["8", "ate"],
    ["9", "g"],
    ["@", "a"],
    ["$", "s"],
    ["!", "i"],
    ["|", "i"],
    ["+", "t"],
  ];
  for (const [from, to] of pairs) {
    table[codeOf(from)] = [...to].map(codeOf);
  }
  return table;
})();

interface Word {
  /** Indexes into the folded codes, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly afterPunctuation: boolean;
}

/** Words of letters, digits and in-word symbols; apostrophes inside a word join it ("youre"). */
function splitWords({ codes }: Folded): Word[] {
  const words: Word[] = [];
  let start = -1;
  let punctuation = false;
  for (let index = 0; index <= codes.length; index += 1) {
    const value = codes[index] ?? SPACE;
    const bits = CLASSES[value] ?? 0;
    if (bits & APOSTROPHE && start >= 0) {
      continue;
    }
    const next = codes[index + 1] ?? SPACE;
    const inWord =
      (bits & (LETTER | DIGIT)) !== 0 ||
      ((bits & SYMBOL) !== 0 && isWordCode(next) && (start >= 0 || value === AT || value === DOLLAR));
    if (inWord) {
      if (start < 0) {
        start = index;
      }
      continue;
    }
    if (start >= 0) {
      words.push({ start, end: index, afterPunctuation: punctuation });
      start = -1;
      punctuation = false;
    }
    const ellipsis = value === DOT && (codes[index - 1] === DOT || next === DOT);
    if (words.length > 0 && bits & PUNCTUATION && !ellipsis) {
      punctuation = true;
    }
  }
  return words;
}

interface CanonicalBuilder {
  readonly codes: number[];
  readonly offsets: number[];
}

/** Appends one word: leetspeak decoded, stretches collapsed ("stuuupid"), edge symbols trimmed. */
function appendWord(folded: Folded, word: Word, out: CanonicalBuilder): void {
  let start = word.start;
  let end = word.end;
  while (start < end && (CLASSES[folded.codes[start] as number] ?? 0) & EDGE) {
    start += 1;
  }
  while (end > start && (CLASSES[folded.codes[end - 1] as number] ?? 0) & EDGE) {
    end -= 1;
  }
  let hasLetter = false;
  for (let index = start; index < end && !hasLetter; index += 1) {
    hasLetter = isLetterCode(folded.codes[index] as number);
  }
  // The separator goes first and comes off again if the word turns out empty.
  const separatorAt = out.codes.length > 0 ? out.codes.length : -1;
  if (separatorAt >= 0) {
    out.codes.push(word.afterPunctuation ? BAR : SPACE);
    out.offsets.push(0);
  }
  const wordStart = out.codes.length;
  let runCode = -1;
  let runLength = 0;
  for (let index = start; index < end; index += 1) {
    const value = folded.codes[index] as number;
    // Apostrophes inside a word, and the gaps inside a joined spelled-out word.
    if (!isWordCode(value)) {
      continue;
    }
    // A number stays a number ("1865", "07700"); only words with letters are decoded.
    const leet = hasLetter ? LEET[value] : undefined;
    const count = leet ? leet.length : hasLetter || isDigitCode(value) ? 1 : 0;
    for (let partIndex = 0; partIndex < count; partIndex += 1) {
      const part = leet ? (leet[partIndex] as number) : value;
      runLength = part === runCode ? runLength + 1 : 1;
      runCode = part;
      if (runLength === 3) {
        // The third of a kind: the stretch counts once, as an upper-case letter, so that a double
        // letter in a phrase matches it ("kiLL" -> "kiL" matches "kill") but "of" never matches "off".
        out.codes.pop();
        if (isLetterCode(part)) {
          out.codes[out.codes.length - 1] = part - 32;
        }
      }
      if (runLength >= 3) {
        out.offsets.length = out.codes.length;
        continue;
      }
      out.codes.push(part);
      out.offsets.push(folded.at[index] as number);
    }
  }
  if (separatorAt < 0) {
    return;
  }
  if (out.codes.length === wordStart) {
    out.codes.pop();
    out.offsets.pop();
  } else {
    out.offsets[separatorAt] = out.offsets[wordStart] as number;
  }
}

function canonicalText(folded: Folded, words: readonly Word[]): CanonicalText {
  const out: CanonicalBuilder = { codes: [], offsets: [] };
  for (const word of words) {
    appendWord(folded, word, out);
  }
  return { text: fromCodes(out.codes), codes: out.codes, offsets: out.offsets };
}

/** Joins runs of three or more one-character words ("k i l l", "s.t.u.p.i.d"); null when there are none. */
function joinSpelledOut(folded: Folded, words: readonly Word[]): Word[] | null {
  const isSpelled = (word: Word | undefined) =>
    word !== undefined && word.end - word.start === 1 && isWordCode(folded.codes[word.start] as number);
  const joined: Word[] = [];
  let changed = false;
  for (let index = 0; index < words.length;) {
    let end = index;
    while (isSpelled(words[end])) {
      end += 1;
    }
    if (end === index) {
      joined.push(words[index] as Word);
      index += 1;
      continue;
    }
    const run = words.slice(index, end);
    const letters = run.filter((word) => isLetterCode(folded.codes[word.start] as number)).length;
    if (run.length >= 3 && letters >= 2) {
      // The joined word spans the gaps too; appendWord skips what is not a word character.
      const first = run[0] as Word;
      const last = run[run.length - 1] as Word;
      joined.push({ start: first.start, end: last.end, afterPunctuation: first.afterPunctuation });
      changed = true;
    } else {
      joined.push(...run);
    }
    index = end;
  }
  return changed ? joined : null;
}

interface Normalised {
  readonly folded: Folded;
  /** As written, then (when there are spelled-out words) with them joined. */
  readonly versions: readonly CanonicalText[];
}

function normalise(source: string): Normalised {
  const folded = fold(source);
  const words = splitWords(folded);
  const versions = [canonicalText(folded, words)];
  const joined = joinSpelledOut(folded, words);
  if (joined) {
    versions.push(canonicalText(folded, joined));
  }
  return { folded, versions };
}

/** The canonical versions of a message that the lexicon is matched against (exported for tests). */
export function canonicalVersions(text: string): readonly CanonicalText[] {
  return normalise(text.normalize("NFKC")).versions;
}

const canonicalPhrase = (phrase: string): string => normalise(phrase).versions[0]?.text ?? "";
const isLetter = (char: string): boolean => char >= "a" && char <= "z";

// ---------------------------------------------------------------------------------------------------
// Compiling the lexicon into regexes over canonical text

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A lexicon phrase as regex pieces, one per run of a character. A single letter matches itself or a
 * stretch of it ("stupid" matches "stUpid"); a double letter matches itself or a stretch ("kill"
 * matches "kiL") but not a single letter, so "off" stays clear of "of" and "rape" of "rapped". "1"
 * reads as i or l. Spaces are optional; "_" is a space that must be there.
 */
function phrasePieces(phrase: string): string[] {
  const pieces: string[] = [];
  phrase.split("_").forEach((part, partIndex) => {
    if (partIndex > 0) {
      pieces.push(" ");
    }
    const canonical = canonicalPhrase(part);
    for (let index = 0; index < canonical.length;) {
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
        const upper = char.toUpperCase();
        const one = char === "i" || char === "l" ? "1" : "";
        pieces.push(run === 1 ? `[${char}${upper}${one}]` : `(?:[${char}${one}]{2}|${upper})`);
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
  // Greedy, so the longest phrase wins and the quote is the fullest.
  return node.end ? `${body}?` : body;
}

/**
 * The phrases as one regex factored into a prefix tree: hundreds of phrases cost a few character
 * tests per position instead of one attempt per phrase.
 */
function alternation(phrases: readonly string[]): string {
  const root: TrieNode = { children: new Map(), end: false };
  for (const phrase of phrases) {
    let node = root;
    for (const piece of phrasePieces(phrase)) {
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

/**
 * Filler words as an alternation that splits a run of words one way only, so that `(?: filler)*`
 * cannot backtrack exponentially: spaces inside an item are required, and an item made only of
 * other items ("feel like" beside "feel" and "like") is dropped as redundant. (A bounded `{0,n}`
 * would be unrolled by V8 into megabytes of regex bytecode.)
 */
function fillerAlternation(phrases: readonly string[]): string {
  const items = new Set(phrases.map(canonicalPhrase).filter(Boolean));
  const kept = [...items].filter((item) => !item.includes(" ") || !item.split(" ").every((word) => items.has(word)));
  return alternation(kept.map((item) => item.replace(/ /g, "_")));
}

const isMatchingSlot = (slot: Slot): slot is Extract<Slot, { phrases: readonly string[] }> & Slot =>
  slot.kind === "one" || slot.kind === "stem" || slot.kind === "optional" || slot.kind === "filler";

/** The characters a sequence can start with, or null when it can start with anything. */
function firstCharacters(sequence: Sequence): Set<string> | null {
  const chars = new Set<string>();
  for (const slot of sequence) {
    if (slot.kind === "word") {
      return null;
    }
    if (slot.kind === "gap") {
      continue;
    }
    if (!isMatchingSlot(slot)) {
      continue;
    }
    for (const phrase of slot.phrases) {
      const first = canonicalPhrase(phrase.split("_")[0] ?? "")[0];
      if (first === undefined) {
        return null;
      }
      chars.add(first);
      chars.add(first.toUpperCase());
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

interface CompiledSequence {
  readonly regex: RegExp;
  /** Tested on the canonical text just before a match; a hit rejects it. */
  readonly notAfter: RegExp | null;
  readonly clauseEnd: "no" | "yes" | "strict";
  readonly clauseStart: boolean;
  /** Groups of words: the sequence can only match when each group has a word in the message. */
  readonly anchors: readonly (readonly string[])[];
}

function compileSequence(sequence: Sequence): CompiledSequence {
  let source = "";
  let trailing = "";
  let notAfter: RegExp | null = null;
  let clauseEnd: CompiledSequence["clauseEnd"] = "no";
  let clauseStart = false;
  let previous: Slot | null = null;
  for (const slot of sequence) {
    const first = previous === null;
    const joiner = first ? "" : slot.kind === "word" || previous?.kind === "word" ? " " : " ?";
    if (slot.kind === "gap") {
      // Whole words with a space before each, so a gap never crosses punctuation; "it" would bring in
      // another subject ("someone kicked the ball and IT hit me").
      source += `(?: (?!(?:it|that|which|ball)\\b)[a-zA-Z0-9*]+){0,${slot.max}}`;
      previous = slot;
      continue;
    }
    switch (slot.kind) {
      case "one":
        source += joiner + alternation(slot.phrases);
        break;
      case "stem":
        source += `${joiner + alternation(slot.phrases)}[a-zA-Z0-9*]*`;
        break;
      case "optional":
        source += first ? `(?:${alternation(slot.phrases)} ?)?` : `(?: ?${alternation(slot.phrases)})?`;
        break;
      case "filler":
        source += `(?: ${fillerAlternation(slot.phrases)}\\b)*`;
        break;
      case "word":
        source += `${joiner}(?!${alternation(slot.except)}\\b)[a-zA-Z0-9*]+`;
        break;
      case "notFollowedBy":
        trailing += `(?! ?${alternation(slot.phrases)}\\b)`;
        break;
      case "notPrecededBy":
        notAfter = new RegExp(`(?:^|[ |])${alternation(slot.phrases)} $`);
        break;
      case "clauseEnd":
        clauseEnd = slot.strict ? "strict" : "yes";
        break;
      case "clauseStart":
        clauseStart = true;
        break;
    }
    if (isMatchingSlot(slot) || slot.kind === "word") {
      previous = slot;
    }
  }
  // Looking ahead at the first character lets the regex engine skip positions quickly.
  const first = firstCharacters(sequence);
  const scan = first ? `(?=[${escapeRegExp([...first].sort().join(""))}])` : "";
  // A clause starts the text or follows "|": never a space.
  const start = clauseStart ? "(?<! )" : "";
  return {
    regex: new RegExp(`${start}\\b${scan}(?:${source})\\b${trailing}`, "g"),
    notAfter,
    clauseEnd,
    clauseStart,
    anchors: chooseAnchors(sequence),
  };
}

// ---------------------------------------------------------------------------------------------------
// Prefilter: most rules cannot match most messages. Each sequence names words it cannot match without
// (those of its rarest required slot); one Aho-Corasick pass over the message's "skeleton" finds which
// of them are there, and only those sequences get a regex scan.

/** The alphabet of skeletons: 0 for anything else, then a-z, 0-9, "*" and the space. */
const ALPHABET_SIZE = 39;
const alphabetIndex = (value: number): number =>
  isLetterCode(value)
    ? value - 96
    : value >= 65 && value <= 90
      ? value - 64
      : isDigitCode(value)
        ? value - 21
        : value === 42
          ? 37
          : value === SPACE
            ? 38
            : 0;

/**
 * Words as any match must contain them: doubles as one letter (a phrase's "kill" matches "kil"), "1"
 * read as i or as l, every word after a space, as alphabet indexes. An anchor that has to start a
 * word starts with the space.
 */
function skeleton(codes: readonly number[], one: "i" | "l"): number[] {
  const out = [alphabetIndex(SPACE)];
  const oneIndex = alphabetIndex(codeOf(one));
  for (const value of codes) {
    const index = value === BAR ? alphabetIndex(SPACE) : value === ONE ? oneIndex : alphabetIndex(value);
    if (out[out.length - 1] !== index) {
      out.push(index);
    }
  }
  return out;
}

const wordSkeleton = (word: string): number[] => skeleton([...word].map(codeOf), "i").slice(1);

/**
 * Words too common to narrow anything down: the 400 most frequent words of the 24 catalogue books,
 * plus chat words.
 */
const COMMON_WORDS = new Set(
  (
    "the and of to a in i was he it that his you had as for with her but she at on not they my be is said " +
    "this him all by so were which have me when from we one if who them their there up would out or no an " +
    "very been then what are little will do now could into like more about time did its some your upon see " +
    "good made well great down over how man came never than before much know only other king old go after " +
    "these should our any can come went day where two first such again just people us think dont way here " +
    "long make away being back must has too thought own get mr himself say might off through last found take " +
    "many ever put got while things most took shall still jo head young am even going im look because may new " +
    "house mother soon quite saw once every anne tell eyes looked those life water home nothing men always " +
    "another air years without place ill began night thing under seemed same called three hand told sir asked " +
    "left why face let yet against mrs give right done world heard though something gave love knew father " +
    "find round mind work oh poor felt better part hands marilla next heart each mary till having enough room " +
    "set end few among dear england herself door morning course days want best far white half whom year both " +
    "master anything side children rather kind help country cried myself together sea name between seen lady " +
    "looking death until taken words light brought keep meg boy used friend turned whole full really however " +
    "lay hard fogg english ive john along moment friends yes gone near money amy also peter sure voice stood " +
    "sat cant thats almost hear green perhaps behind sent laurie o girl does themselves since small became " +
    "high black tried hundred red duke child wont feel fire queen indeed didnt word often four horse others " +
    "replied wife read woman beautiful five sometimes passed th rest french thousand lord large pretty nor " +
    "dead bobbie sun believe times garden lived kept use wish power wanted says big fell during happy open " +
    "feet girls coming bad earth dark city son answered hope true returned story live given making bed kings " +
    "gentleman lost across everything brother trees leave whose ready march land try toad beth care u ur lol " +
    "ok okay yeah gonna wanna doesnt isnt whats id youre hes shes theyre book books reading chapter character"
  ).split(" "),
);

/** How much an anchor narrows the search down: lower is better. */
function anchorCost(word: string, startsWord: boolean): number {
  const length = wordSkeleton(word).length;
  const base = COMMON_WORDS.has(word) ? 50 : length <= 2 ? 20 : length === 3 ? 4 : 1;
  return startsWord ? base : base * 2;
}

/**
 * For each required slot, the words one of which any match must contain (the cheapest word of each
 * phrase). A sequence is scanned only when every group has a word in the message.
 */
function chooseAnchors(sequence: Sequence): string[][] {
  const groups: string[][] = [];
  // Only the first required slot, with nothing optional before it, is sure to start a word.
  let atStart = true;
  for (const slot of sequence) {
    if (slot.kind === "optional" || slot.kind === "filler" || slot.kind === "word" || slot.kind === "gap") {
      atStart = false;
      continue;
    }
    if (slot.kind !== "one" && slot.kind !== "stem") {
      continue;
    }
    const anchors = new Set<string>();
    for (const phrase of slot.phrases) {
      // Words after "_" keep their space; other words may be run together with the one before.
      const words = phrase.split("_").flatMap((part, partIndex) =>
        canonicalPhrase(part)
          .split(/[ |]/)
          .filter(Boolean)
          .map((word, wordIndex) => ({
            word,
            startsWord: (atStart && wordIndex === 0) || (partIndex > 0 && wordIndex === 0),
          })),
      );
      const best = words
        .map((entry) => ({ ...entry, cost: anchorCost(entry.word, entry.startsWord) }))
        .sort((a, b) => a.cost - b.cost || b.word.length - a.word.length)[0];
      if (best) {
        anchors.add(best.startsWord ? ` ${best.word}` : best.word);
      }
    }
    groups.push([...anchors]);
    atStart = false;
  }
  return groups;
}

interface AhoCorasick {
  /** Transitions as a full table: state * ALPHABET_SIZE + letter -> state. */
  readonly transitions: Int32Array;
  /** The anchor ids found on reaching each state. */
  readonly outputs: readonly (readonly number[])[];
}

/** An Aho-Corasick automaton over anchors given as strings (a leading space: must start a word). */
function buildAhoCorasick(anchors: readonly string[]): AhoCorasick {
  const children: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  anchors.forEach((anchor, id) => {
    const letters = anchor.startsWith(" ")
      ? [alphabetIndex(SPACE), ...wordSkeleton(anchor.slice(1))]
      : wordSkeleton(anchor);
    let state = 0;
    for (const letter of letters) {
      let target = children[state]?.get(letter);
      if (target === undefined) {
        target = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state]?.set(letter, target);
      }
      state = target;
    }
    outputs[state]?.push(id);
  });
  const transitions = new Int32Array(children.length * ALPHABET_SIZE);
  const fail = new Int32Array(children.length);
  const queue: number[] = [];
  for (let letter = 0; letter < ALPHABET_SIZE; letter += 1) {
    const target = children[0]?.get(letter) ?? 0;
    transitions[letter] = target;
    if (target > 0) {
      queue.push(target);
    }
  }
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head] as number;
    outputs[state]?.push(...(outputs[fail[state] as number] ?? []));
    for (let letter = 0; letter < ALPHABET_SIZE; letter += 1) {
      const target = children[state]?.get(letter);
      const viaFail = transitions[(fail[state] as number) * ALPHABET_SIZE + letter] as number;
      if (target === undefined) {
        transitions[state * ALPHABET_SIZE + letter] = viaFail;
      } else {
        transitions[state * ALPHABET_SIZE + letter] = target;
        fail[target] = viaFail;
        queue.push(target);
      }
    }
  }
  return { transitions, outputs };
}

/** Marks `found[id]` for every anchor that occurs in the skeleton. */
function searchAhoCorasick(automaton: AhoCorasick, letters: readonly number[], found: Uint8Array): void {
  let state = 0;
  for (const letter of letters) {
    state = automaton.transitions[state * ALPHABET_SIZE + letter] as number;
    const output = automaton.outputs[state] as readonly number[];
    for (let index = 0; index < output.length; index += 1) {
      found[output[index] as number] = 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Rules

interface CompiledRule {
  readonly rule: LexiconRule;
  readonly sequences: readonly CompiledSequence[];
  /** Per sequence, its anchor groups as ids in ANCHORS. */
  readonly anchorIds: readonly (readonly (readonly number[])[])[];
}

const SEVERITY_RANK = { urgent: 0, high: 1, low: 2 } as const;
/** Between equally severe matches: threats, then sexual content, then hate and bullying. */
const CATEGORY_PRIORITY: readonly ModerationCategory[] = [
  "self_harm_risk",
  "violence_threats",
  "sexual",
  "bullying_hate",
  "personal_details",
];
const CATEGORY_RANK = new Map(CATEGORY_PRIORITY.map((category, index) => [category, index]));

const ANCHOR_IDS = new Map<string, number>();
const anchorId = (anchor: string): number => {
  let id = ANCHOR_IDS.get(anchor);
  if (id === undefined) {
    id = ANCHOR_IDS.size;
    ANCHOR_IDS.set(anchor, id);
  }
  return id;
};

/** Most serious first: severity, then CATEGORY_PRIORITY, then lexicon order. */
const COMPILED_RULES: readonly CompiledRule[] = [...LEXICON_RULES]
  .map((rule, index) => ({ rule, index }))
  .sort(
    (a, b) =>
      SEVERITY_RANK[a.rule.severity] - SEVERITY_RANK[b.rule.severity] ||
      (CATEGORY_RANK.get(a.rule.category) ?? 0) - (CATEGORY_RANK.get(b.rule.category) ?? 0) ||
      a.index - b.index,
  )
  .map(({ rule }) => {
    const sequences = rule.sequences.map(compileSequence);
    return {
      rule,
      sequences,
      anchorIds: sequences.map((sequence) => sequence.anchors.map((group) => group.map(anchorId))),
    };
  });
const SERIOUS_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity !== "low");
const LOW_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity === "low");
const ANCHORS = buildAhoCorasick([...ANCHOR_IDS.keys()]);

/** Reported speech from a story: "...the monster SAYS nobody loves me", "'I'll kill you,' SAID Silver". */
const SPEECH_BEFORE =
  /(?:^|[ |])(?!(?:i|im|ive|we|me)[ |])[a-z0-9*]+[ |](?:say|says|said|saying|sayin|shouts|shouted|cries|cried|wrote|writes|quote|quoted|quotes|sings|sang|goes|went|yells|yelled|screams|screamed|tells|told)[ |]$/;
/** After a quotation only: '"nobody loves me," said the monster' (punctuation, then "said"). */
const SPEECH_AFTER =
  /^\|(?:said|says|cried|shouted|asked|replied|whispered|sobbed|wailed|screamed|exclaimed|yelled|muttered|answered)\b/;

const CONTINUATIONS = new Set(CLAUSE_CONTINUATIONS.map(canonicalPhrase));
const TAGS = new Set(CLAUSE_TAGS.map(canonicalPhrase));

/** The clause ends at `end`: end of message, punctuation, or a word that carries on ("and", or "lol"). */
function clauseEndsAt(text: string, end: number, strict: boolean): boolean {
  if (end >= text.length || text[end] === "|") {
    return true;
  }
  const nextWord = (/^[a-zA-Z0-9*]+/.exec(text.slice(end + 1))?.[0] ?? "").toLowerCase();
  return strict ? TAGS.has(nextWord) : CONTINUATIONS.has(nextWord);
}

interface Match {
  readonly version: CanonicalText;
  readonly start: number;
  readonly end: number;
}

function accepts(sequence: CompiledSequence, rule: LexiconRule, text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 60), start).toLowerCase();
  if (sequence.notAfter?.test(before)) {
    return false;
  }
  if (
    rule.skipReportedSpeech &&
    (SPEECH_BEFORE.test(before) || SPEECH_AFTER.test(text.slice(end, end + 20).toLowerCase()))
  ) {
    return false;
  }
  if (sequence.clauseStart && start > 0 && text[start - 1] !== "|") {
    return false;
  }
  return sequence.clauseEnd === "no" || clauseEndsAt(text, end, sequence.clauseEnd === "strict");
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

/** The match of the rule's first sequence, when every sequence of the rule matches. */
function findRule(rule: CompiledRule, versions: readonly CanonicalText[], anchorsFound: Uint8Array): Match | null {
  let quoted: Match | null = null;
  for (const [index, sequence] of rule.sequences.entries()) {
    const groups = rule.anchorIds[index] ?? [];
    if (!groups.every((group) => group.some((id) => anchorsFound[id] === 1))) {
      return null;
    }
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
// Personal details (low), on the folded text with digits and punctuation

const PHONE_CANDIDATE = /(?<![\d+])(?:\+|00)?\s?\(?\d(?:[\s.\-()]{0,3}\d){6,14}(?!\d)/g;
/** A phone word shortly before a number makes shorter or foreign numbers count too. */
const PHONE_CONTEXT =
  /\b(?:number|no|phone|mobile|mob|call|text|ring|whatsapp|tel|cell|digits|contact|facetime)\b[^a-z\d]{0,3}(?:[a-z]+\s){0,3}$/;
const UK_NUMBER = /^0[1-37-9]\d{8,9}$/;

function findPhone(text: string): boolean {
  // "O77OO 9OO123": letter Os for zeros.
  const digitsText = text.replace(/o(?=[\s.-]?\d)|(?<=\d[\s.-]?)o/g, "0");
  for (const match of digitsText.matchAll(PHONE_CANDIDATE)) {
    const before = digitsText.slice(Math.max(0, match.index - 30), match.index);
    if (/isbn[\s:-]*$/.test(before)) {
      continue;
    }
    let digits = match[0].replace(/\D/g, "");
    const international = /^\s?(?:\+|00)/.test(match[0]);
    if (international && digits.startsWith("00")) {
      digits = digits.slice(2);
    }
    if (international && digits.startsWith("44")) {
      // +44 (0)20 ... -> 020 ...
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
// A one-letter area never has district 0 ("n0 0dz" is leetspeak, not a postcode).
const POSTCODE = /\b([a-pr-uwyz](?:[a-hk-y]\d|[1-9])[a-z\d]?) ?(\d[abd-hjlnp-uw-z]{2})\b/g;

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
  "road|rd|street|st|avenue|ave|lane|ln|close|gardens|gdns|drive|dr|way|crescent|cres|place|pl|court|ct|crt|" +
  "terrace|grove|hill|park|square|sq|mews|walk|row|rise|green|parade|vale|view|wharf|yard|estate|passage|gate|" +
  "broadway|embankment|boulevard";
const HOUSE_AND_STREET = new RegExp(
  `(?:^|[^\\w£$.])(\\d{1,4}[a-z]?),?\\s+((?:[a-z][a-z'.-]*\\s+){1,3})(?:${STREET_TYPES})\\b`,
  "g",
);
/** Words that show the number counts something ("2 miles to the park"), not a house. */
const NOT_STREET_NAME = new Set(
  (
    "the a an to in of and on at my his her their our is was were are it for with from by up down into out over " +
    "miles mile times more big small little tall huge giant steep tiny long short dark scary years pages minutes " +
    "hours days people kids children boys girls dogs cats rabbits friends trees houses new different other tons " +
    "tonnes feet metres meters inches against every each all some any many few this that these those whole half " +
    "very so too then than when where which who what as or but if be been being has have had do did went go " +
    "going walked ran o clock am pm"
  ).split(" "),
);
const NUMBER_NOT_HOUSE =
  /\b(?:page|pages|chapter|chapters|year|years|age|aged|part|book|volume|level|lvl|no|number)\W*$/;
/** Addresses from the books that children ask about. */
const BOOK_ADDRESSES = /221\s?b,?\s+baker\s+st|\b7,?\s+sav[i1]lle?\s+row/g;
/** "I live on Baker Road": the word before the street type is its name, not "a" ("I live near a park"). */
const LIVE_ON_STREET = new RegExp(
  `\\b(?:i live|we live|my house is|my home is|i stay)\\s+(?:at|on|in|near|by)?\\s*(?:[a-z0-9'.-]+\\s+){0,10}?([a-z0-9'.-]+)\\s+(?:${STREET_TYPES})\\b`,
);
const MY_ADDRESS =
  /\bmy (?:home |house |full )?(?:address|adress|addy) (?:is|=|:)|\bmy (?:house|home) (?:number )?is (?:number |no\.? )?\d|\bi live at (?:number |no\.? )?\d/;
/** "im at 33 kingsway": a number after "I live at", unless it counts something ("im at 33 pages"). */
const AT_HOUSE_NUMBER =
  /\b(?:i live at|we live at|im at|i am at|i'm at|my house is at|come to|meet me at)\s+(?:number\s+|no\.?\s*)?\d{1,4}[a-z]?,?\s+([a-z]+)/;
const COUNT_WORDS = new Set(
  "page pages chapter chapters percent points minutes mins hours words books stars degrees years km miles metres the a on in and".split(
    " ",
  ),
);

function findAddress(rawText: string): boolean {
  const text = rawText.replace(BOOK_ADDRESSES, "");
  const streetName = LIVE_ON_STREET.exec(text)?.[1];
  if (MY_ADDRESS.test(text) || (streetName && !NOT_STREET_NAME.has(streetName))) {
    return true;
  }
  const atNumber = AT_HOUSE_NUMBER.exec(text);
  if (atNumber && !COUNT_WORDS.has(atNumber[1] ?? "")) {
    return true;
  }
  for (const match of text.matchAll(HOUSE_AND_STREET)) {
    const name = (match[2] ?? "").trim().split(/\s+/);
    const before = text.slice(Math.max(0, match.index - 20), match.index + 1);
    if (name.every((word) => !NOT_STREET_NAME.has(word.replace(/[^a-z]/g, ""))) && !NUMBER_NOT_HOUSE.test(before)) {
      return true;
    }
  }
  return false;
}

// Both start only where a name starts (the lookbehind), so a long run of letters stays linear.
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/;
const SPELLED_EMAIL =
  /(?<![a-z0-9._-])[a-z0-9._-]{2,}\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|co|net|org|uk|io)\b/;
const PASSWORD =
  /\bmy (?:password|pass word|passcode|pass|pin|pin code|pw|pwd|login|log in)(?: for [a-z]+| on [a-z]+)? (?:is|=|:|was)\b|\b(?:password|passcode|pw|pwd)\s*[:=]\s*\S|\bpass\s*[:=]\s*[a-z]*\d[a-z0-9]*\b|\blogin\s*:\s*[a-z._]+\d+\s+pass\b/;
const PLATFORMS =
  "snap|snapchat|sc|insta|instagram|ig|tiktok|tik tok|discord|roblox|fortnite|xbox|psn|playstation|whatsapp|" +
  "facebook|fb|twitter|youtube|minecraft|telegram|kik|steam|twitch|bereal|threads";
const ADD_ME_ON = new RegExp(
  `\\b(?:add|follow|dm|message|msg|friend|text|hmu|hit me up|find|snap|sc|chat to) me (?:on|at|@|its)\\s?(?:${PLATFORMS})\\b`,
);
/** "my snap is jess_x12": the word after "is" must look like a name, not "my username is ON the sheet". */
const MY_HANDLE = new RegExp(
  `\\bmy (?:${PLATFORMS}|gamer ?tag|username|user name|user|handle|account|acc|@)(?: name| username| user| tag| id| handle| account| acc)? (?:is|=|:|@|its)\\s*@?([a-z0-9_.#-]{3,})`,
);
const NOT_A_HANDLE = new Set("the on in at not my your a an same what secret private this that".split(" "));
const ADD_ME_HANDLE = /\b(?:add|follow) me\b[^.!?\n]{0,30}(?:@[a-z0-9_.]{3,}|\b[a-z]+_[a-z0-9_]+|\b[a-z]+\d{2,}\b)/;
const HANDLE_ON_PLATFORM = new RegExp(
  `@[a-z0-9_.]{3,}[^.!?\\n]{0,30}\\b(?:${PLATFORMS})\\b|\\b(?:${PLATFORMS})\\b[^.!?\\n]{0,20}@[a-z0-9_.]{3,}`,
);

/** Cheap tests first: most messages have no digits, no "@" and none of these words. */
const DIGITS = /\d/g;
const SPELLED_EMAIL_HINT = /\b(?:at|dot)\b|\((?:at|dot)\)|\[(?:at|dot)\]/;
const ADDRESS_HINT = /\b(?:live|lives|address|adress|addy|house|home|im at|i am at|come to|meet me at)\b/;
const PASSWORD_HINT = /\b(?:pass|password|passcode|pin|pw|pwd|login|log in)\b/;
const HANDLE_HINT = new RegExp(`@|\\b(?:add|follow|my|hmu|find|dm|msg|message|friend|text|snap|sc|chat)\\b`);

/** Digits written as words: "zero seven seven...", "oh seven double nine". */
const DIGIT_WORDS: Readonly<Record<string, string>> = {
  zero: "0",
  oh: "0",
  o: "0",
  nought: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
const DIGIT_WORD = "(?:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine|double|triple|\\d)";
const SPELLED_NUMBER = new RegExp(`\\b${DIGIT_WORD}(?:[\\s,.-]+${DIGIT_WORD}){6,}\\b`, "g");
const SPELLED_NUMBER_HINT = /\b(?:zero|oh|o|nought|seven)\b/;

/** A phone number written out in words, read back as digits ("double seven" is "77"). */
function findSpelledPhone(text: string): boolean {
  for (const match of text.matchAll(SPELLED_NUMBER)) {
    let digits = "";
    let repeat = 1;
    for (const word of match[0].split(/[\s,.-]+/)) {
      if (word === "double" || word === "triple") {
        repeat = word === "double" ? 2 : 3;
        continue;
      }
      digits += (DIGIT_WORDS[word] ?? word).repeat(repeat);
      repeat = 1;
    }
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30);
    if (
      UK_NUMBER.test(digits) ||
      (digits.length >= 7 && (PHONE_CONTEXT.test(before) || /\b(?:number|phone|mobile|cell|num)\b/.test(after)))
    ) {
      return true;
    }
  }
  return false;
}

/** "I go to Greenfield Primary ... I walk home on my own": where to find a child, and when they are alone. */
const MY_SCHOOL =
  /\bi(?: go to| goes to| attend| am at|m at|'m at| am in year \d+ at|m in year \d+ at|m year \d+ at| am year \d+ at|'m in year \d+ at|'m year \d+ at) (?!a |the |my |school\b)[a-z'-]+(?: [a-z'-]+){0,2} (?:primary|secondary|academy|high|junior|juniors|infants|grammar|college|school|prep)\b/;
const ROUTE_OR_ALONE =
  /\b(?:walk|walks|walking|cycle|bike|get the bus|go) (?:home|to school|back)\b|\bon my own\b|\bby myself\b|\bhome alone\b|\bthe way home\b|\bpick me up\b|\b(?:finish|leave) at \d/;
/** "my login for the reading app is mia.k and the password is ...". */
const LOGIN =
  /\bmy (?:login|log in|username|user name|password|passcode|pin)(?: (?:for|on|to) (?:the |my )?[a-z]+(?: [a-z]+){0,2})? (?:is|=|:|was)\b|\b(?:the |my )?(?:password|passcode|pin) (?:is|was|=|:) ?[a-z._]*\d/;

/** What personal detail the text shares, as a teacher-facing reason, or null. */
function findPersonalDetails(text: string): string | null {
  const digits = text.match(DIGITS)?.length ?? 0;
  if (digits >= 7 && findPhone(text)) {
    return "Shares a phone number";
  }
  if (SPELLED_NUMBER_HINT.test(text) && findSpelledPhone(text)) {
    return "Shares a phone number";
  }
  if (MY_SCHOOL.test(text) && ROUTE_OR_ALONE.test(text)) {
    return "Shares their school and when they are alone";
  }
  if ((text.includes("@") && EMAIL.test(text)) || (SPELLED_EMAIL_HINT.test(text) && SPELLED_EMAIL.test(text))) {
    return "Shares an email address";
  }
  if (digits >= 2 && findPostcode(text)) {
    return "Shares a postcode";
  }
  if ((digits > 0 || ADDRESS_HINT.test(text)) && findAddress(text)) {
    return "Shares a home address";
  }
  if (PASSWORD_HINT.test(text) && (PASSWORD.test(text) || LOGIN.test(text))) {
    return "Shares a password";
  }
  if (!HANDLE_HINT.test(text)) {
    return null;
  }
  const handle = MY_HANDLE.exec(text)?.[1];
  if (
    ADD_ME_ON.test(text) ||
    (handle && !NOT_A_HANDLE.has(handle)) ||
    ADD_ME_HANDLE.test(text) ||
    HANDLE_ON_PLATFORM.test(text)
  ) {
    return "Shares a social media account";
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The classifier

const MAX_QUOTE = 60;

/** The child's own words for the match, as they wrote them. */
function quote(source: string, match: Match): string {
  const start = match.version.offsets[match.start] ?? 0;
  const lastStart = match.version.offsets[match.end - 1] ?? start;
  const lastLength = String.fromCodePoint(source.codePointAt(lastStart) ?? 32).length;
  const words = source
    .slice(start, lastStart + lastLength)
    .replace(/\s+/g, " ")
    .trim();
  return words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1)}…` : words;
}

function firstMatch(
  rules: readonly CompiledRule[],
  versions: readonly CanonicalText[],
  anchorsFound: Uint8Array,
  source: string,
): Classification | null {
  for (const compiled of rules) {
    const match = findRule(compiled, versions, anchorsFound);
    if (match) {
      const { category, severity, label } = compiled.rule;
      return { flagged: true, category, severity, reason: `${label}: '${quote(source, match)}'` };
    }
  }
  return null;
}

/**
 * Classifies what a child wrote. When several things match, the most serious wins: risk to the child
 * (urgent), then threats, sexual content, hate and bullying (high), then personal details, which
 * outrank a mild insult or swearing (low) as the more actionable risk. Narrative questions about
 * stories pass: see lexicon.ts for how.
 */
export const classifyText: TextClassifier = (text) => {
  const source = text.normalize("NFKC");
  const { folded, versions } = normalise(source);
  const anchorsFound = new Uint8Array(ANCHOR_IDS.size);
  for (const version of versions) {
    searchAhoCorasick(ANCHORS, skeleton(version.codes, "i"), anchorsFound);
    if (version.codes.includes(ONE)) {
      searchAhoCorasick(ANCHORS, skeleton(version.codes, "l"), anchorsFound);
    }
  }
  const serious = firstMatch(SERIOUS_RULES, versions, anchorsFound, source);
  if (serious) {
    return serious;
  }
  const personal = findPersonalDetails(fromCodes(folded.codes));
  if (personal) {
    return { flagged: true, category: "personal_details", severity: "low", reason: personal };
  }
  return firstMatch(LOW_RULES, versions, anchorsFound, source) ?? NOT_FLAGGED;
};
