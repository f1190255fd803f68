// The moderation classifier: a pure, synchronous check of one chat message or review against the
// lexicon (lexicon.ts) and a few patterns for personal details. It runs on every chat message, so
// everything is compiled once at load; a message costs one normalisation pass, one Aho-Corasick pass
// to find which rules could match, and a regex scan for those rules only.
//
// Normalisation, applied alike to the message and to the lexicon's phrases:
// 1. NFKC (full-width and "fancy" letters), lower case, diacritics and zero-width characters removed,
//    Cyrillic/Greek look-alikes folded to Latin, apostrophes dropped ("you're" -> "youre").
// 2. Leetspeak inside words (0->o, 3->e, 4->a, 5->s, 7->t, 8->ate, @->a, $->s, !->i, |->i, +->t).
//    "1" stays and the patterns read it as i or l ("k1ll", "ki11"); numbers stay numbers ("1865").
// 3. A letter stretched to three or more counts once ("stuuupid" -> "stupid").
// 4. Punctuation between words becomes "|", so phrases do not run across it ("no harm, myself").
// 5. A second version joins spelled-out words ("k i l l", "s.t.u.p.i.d") when there are any.
// Personal details (phones, postcodes, emails...) are looked for in the folded text with its digits
// and punctuation, before steps 2-5.

import { CLAUSE_CONTINUATIONS, LEXICON_RULES, type LexiconRule, type Sequence, type Slot } from "./lexicon.js";
import { type Classification, MODERATION_CATEGORIES, NOT_FLAGGED, type TextClassifier } from "./text-moderator.js";

// ---------------------------------------------------------------------------------------------------
// Folding: case, diacritics, look-alikes, invisible characters

/** Letters from other scripts that look like Latin ones (after lower-casing), plus a few ligatures. */
const CONFUSABLES: Readonly<Record<string, string>> = {
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
/** Zero-width and other invisible characters, and combining marks left over after NFKC. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/u;
const MARKS = /\p{M}/gu;

interface Folded {
  /** One character per entry: lower case Latin where possible, anything else as found. */
  readonly chars: string[];
  /** For each character, its index in the NFKC source, for quoting the child's own words. */
  readonly at: number[];
}

function fold(source: string): Folded {
  const chars: string[] = [];
  const at: number[] = [];
  for (let index = 0; index < source.length; ) {
    const code = source.charCodeAt(index);
    if (code < 128) {
      chars.push(code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : source[index] as string);
      at.push(index);
      index += 1;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(index) ?? code);
    if (!INVISIBLE.test(char)) {
      for (const part of char.toLowerCase().normalize("NFD").replace(MARKS, "")) {
        for (const mapped of CONFUSABLES[part] ?? part) {
          chars.push(mapped);
          at.push(index);
        }
      }
    }
    index += char.length;
  }
  return { chars, at };
}

// ---------------------------------------------------------------------------------------------------
// Canonical text for the lexicon

export interface CanonicalText {
  /** Only [a-z0-9*], a space between words, or "|" where punctuation separated them. */
  readonly text: string;
  /** For each character of `text`, its index in the NFKC source. */
  readonly offsets: readonly number[];
}

const isLetter = (char: string): boolean => char >= "a" && char <= "z";
const isDigit = (char: string): boolean => char >= "0" && char <= "9";
/** Symbols kept inside a word for leetspeak and masking ("$h!t", "f*ck"). */
const WORD_SYMBOLS = new Set(["@", "$", "!", "|", "+", "*"]);
/** Symbols dropped at a word's edges ("stupid!!", "*sigh*"). */
const EDGE_SYMBOLS = new Set(["!", "|", "+", "*"]);
const isWordChar = (char: string): boolean => isLetter(char) || isDigit(char) || WORD_SYMBOLS.has(char);
const APOSTROPHES = new Set(["'", "\u2019", "\u2018", "`", "\u00b4", "\u02bc", "\u02bb", "\u2032", "\uff07"]);
/** Punctuation that ends a phrase: "no harm, myself" is not "harm myself". Ellipses and dashes do not. */
const CLAUSE_PUNCTUATION = new Set([",", ".", "!", "?", ";", ":", '"', "\u201c", "\u201d", "(", ")", "[", "]", "\n"]);
const LEET: Readonly<Record<string, string>> = {
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

interface Word {
  /** Indexes into the folded characters, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly afterPunctuation: boolean;
}

/** Words of letters, digits and in-word symbols; apostrophes join ("youre"). */
function splitWords({ chars }: Folded): Word[] {
  const words: Word[] = [];
  let start = -1;
  let punctuation = false;
  for (let index = 0; index <= chars.length; index += 1) {
    const char = chars[index] ?? " ";
    if (APOSTROPHES.has(char) && start >= 0) {
      continue;
    }
    const next = chars[index + 1] ?? " ";
    const inWord =
      isLetter(char) ||
      isDigit(char) ||
      (WORD_SYMBOLS.has(char) && isWordChar(next) && (start >= 0 || char === "@" || char === "$"));
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
    const ellipsis = char === "." && (chars[index - 1] === "." || next === ".");
    if (words.length > 0 && CLAUSE_PUNCTUATION.has(char) && !ellipsis) {
      punctuation = true;
    }
  }
  return words;
}

/** Appends one word to the canonical text: leetspeak decoded, stretches collapsed, edges trimmed. */
function appendWord(folded: Folded, word: Word, out: { text: string; offsets: number[] }, separator: string): void {
  let start = word.start;
  let end = word.end;
  while (start < end && EDGE_SYMBOLS.has(folded.chars[start] as string)) {
    start += 1;
  }
  while (end > start && EDGE_SYMBOLS.has(folded.chars[end - 1] as string)) {
    end -= 1;
  }
  let hasLetter = false;
  for (let index = start; index < end && !hasLetter; index += 1) {
    hasLetter = isLetter(folded.chars[index] as string);
  }
  let text = "";
  const offsets: number[] = [];
  let runChar = "";
  let runLength = 0;
  for (let index = start; index < end; index += 1) {
    const char = folded.chars[index] as string;
    // Apostrophes inside a word, and the gaps inside a joined spelled-out word.
    if (!isWordChar(char)) {
      continue;
    }
    // A number stays a number ("1865", "07700"); only words with letters are decoded.
    const decoded = hasLetter ? (LEET[char] ?? char) : isDigit(char) ? char : "";
    for (const part of decoded) {
      runLength = part === runChar ? runLength + 1 : 1;
      runChar = part;
      if (runLength === 3) {
        // Third of a kind: the stretch counts once.
        text = text.slice(0, -1);
        offsets.pop();
      }
      if (runLength >= 3) {
        continue;
      }
      text += part;
      offsets.push(folded.at[index] as number);
    }
  }
  if (text.length === 0) {
    return;
  }
  if (out.text.length > 0) {
    out.text += separator;
    out.offsets.push(offsets[0] as number);
  }
  out.text += text;
  out.offsets.push(...offsets);
}

function canonicalText(folded: Folded, words: readonly Word[]): CanonicalText {
  const out = { text: "", offsets: [] as number[] };
  for (const word of words) {
    appendWord(folded, word, out, word.afterPunctuation ? "|" : " ");
  }
  return out;
}

const SPELLABLE = /^[a-z0-9@$!|+]$/;

/** Joins runs of three or more one-character words ("k i l l", "s.t.u.p.i.d"); null when there are none. */
function joinSpelledOut(folded: Folded, words: readonly Word[]): Word[] | null {
  const isSpelled = (word: Word | undefined) =>
    word !== undefined && word.end - word.start === 1 && SPELLABLE.test(folded.chars[word.start] as string);
  const joined: Word[] = [];
  let changed = false;
  for (let index = 0; index < words.length; ) {
    let end = index;
    while (isSpelled(words[end])) {
      end += 1;
    }
    const run = words.slice(index, end);
    const letters = run.filter((word) => isLetter(folded.chars[word.start] as string)).length;
    if (run.length >= 3 && letters >= 2) {
      // The joined word spans the separators too; appendWord skips what is not a word character.
      const first = run[0] as Word;
      joined.push({ start: first.start, end: (run[run.length - 1] as Word).end, afterPunctuation: first.afterPunctuation });
      changed = true;
      index = end;
    } else {
      joined.push(words[index] as Word);
      index += 1;
    }
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

// ---------------------------------------------------------------------------------------------------
// Compiling the lexicon into regexes over canonical text

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A lexicon phrase as regex pieces, one per run of a character. Stretches are already down to one
 * letter in the text, so a double letter also matches a single one ("kill" matches "killll" -> "kil"),
 * unless `exactDoubles` ("nigger" must not match "Niger"). A single letter stays single, so "rape"
 * stays clear of "rapped". "1" reads as i or l. Spaces are optional; "_" is a space that must be there.
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
  // Greedy, so the longest phrase wins and the quote is the fullest.
  return node.end ? `${body}?` : body;
}

/**
 * The phrases as one regex factored into a prefix tree: hundreds of phrases cost a few character
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

const isMatchingSlot = (slot: Slot): slot is Extract<Slot, { phrases: readonly string[] }> & Slot =>
  slot.kind === "one" || slot.kind === "stem" || slot.kind === "optional" || slot.kind === "filler";

/** The characters a sequence can start with, or null when it can start with anything. */
function firstCharacters(sequence: Sequence): Set<string> | null {
  const chars = new Set<string>();
  for (const slot of sequence) {
    if (slot.kind === "word") {
      return null;
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
  readonly clauseEnd: boolean;
  /** Words (as skeletons) of which at least one must be in the message for the sequence to match. */
  readonly anchors: readonly string[];
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
    if (isMatchingSlot(slot) || slot.kind === "word") {
      previous = slot;
    }
  }
  // Looking ahead at the first character lets the regex engine skip positions quickly.
  const first = firstCharacters(sequence);
  const scan = first ? `(?=[${escapeRegExp([...first].sort().join(""))}])` : "";
  return {
    regex: new RegExp(`\\b${scan}(?:${source})\\b${trailing}`, "g"),
    notAfter,
    clauseEnd,
    anchors: chooseAnchors(sequence),
  };
}

// ---------------------------------------------------------------------------------------------------
// Prefilter: most rules cannot match most messages. Each sequence names words it cannot match without
// (those of its rarest required slot); one Aho-Corasick pass over the message's "skeleton" finds which
// of them are there, and only those sequences get a regex scan.

/**
 * Words as they must appear in any match: doubles as one letter (a phrase's "kill" matches "kil"),
 * "1" as i or as l, each word after a space. An anchor that must start a word begins with a space too.
 */
function skeleton(text: string, one: "i" | "l"): string {
  let out = " ";
  for (const raw of text) {
    const char = raw === "|" ? " " : raw === "1" ? one : raw;
    if (!out.endsWith(char)) {
      out += char;
    }
  }
  return out;
}

/** Words too common to narrow anything down. */
const COMMON_WORDS = new Set(
  (
    "i im me my you u ur your youre he she they we it a an the to of and in on at is was are be been so do dont " +
    "not no all for with that this what why how just like really get go got have has had will ill would can want " +
    "wanna going gonna up out one some someone people everyone nobody him her them his if when then there here " +
    "about back off by as or but too very am did does say said make made know think see feel day time good bad " +
    "is us our its ive id"
  ).split(" "),
);

/** How much an anchor narrows the search down: lower is better. */
function anchorCost(word: string, startsWord: boolean): number {
  const length = skeleton(word, "i").trim().length;
  const base = COMMON_WORDS.has(word) ? 50 : length <= 2 ? 20 : length === 3 ? 4 : 1;
  return startsWord ? base : base * 2;
}

function chooseAnchors(sequence: Sequence): string[] {
  let best: { anchors: Set<string>; cost: number } | null = null;
  // Only the first required slot, with nothing optional before it, is sure to start a word.
  let atStart = true;
  for (const slot of sequence) {
    if (slot.kind === "optional" || slot.kind === "filler" || slot.kind === "word") {
      atStart = false;
      continue;
    }
    if (slot.kind !== "one" && slot.kind !== "stem") {
      continue;
    }
    const anchors = new Set<string>();
    let cost = 0;
    for (const phrase of slot.phrases) {
      // Words after "_" keep their space; other words may be run together with the one before.
      const words = phrase.split("_").flatMap((part, partIndex) =>
        canonicalPhrase(part)
          .split(/[ |]/)
          .filter(Boolean)
          .map((word, wordIndex) => ({ word, startsWord: (atStart && wordIndex === 0) || (partIndex > 0 && wordIndex === 0) })),
      );
      const ranked = words
        .map((entry) => ({ ...entry, cost: anchorCost(entry.word, entry.startsWord) }))
        .sort((a, b) => a.cost - b.cost || b.word.length - a.word.length);
      const anchor = ranked[0];
      if (!anchor) {
        continue;
      }
      const body = skeleton(anchor.word, "i").slice(1);
      anchors.add(anchor.startsWord ? ` ${body}` : body);
      cost += anchor.cost;
    }
    if (!best || cost < best.cost) {
      best = { anchors, cost };
    }
    atStart = false;
  }
  return [...(best?.anchors ?? [])];
}

interface AhoCorasick {
  readonly next: Map<string, number>[];
  readonly fail: number[];
  readonly outputs: number[][];
}

function buildAhoCorasick(words: readonly string[]): AhoCorasick {
  const automaton: AhoCorasick = { next: [new Map()], fail: [0], outputs: [[]] };
  words.forEach((word, id) => {
    let state = 0;
    for (const char of word) {
      let target = automaton.next[state]?.get(char);
      if (target === undefined) {
        target = automaton.next.length;
        automaton.next.push(new Map());
        automaton.fail.push(0);
        automaton.outputs.push([]);
        automaton.next[state]?.set(char, target);
      }
      state = target;
    }
    automaton.outputs[state]?.push(id);
  });
  const queue = [...(automaton.next[0]?.values() ?? [])];
  for (let head = 0; head < queue.length; head += 1) {
    const state = queue[head] as number;
    for (const [char, target] of automaton.next[state] ?? []) {
      let fallback = automaton.fail[state] as number;
      while (fallback > 0 && !automaton.next[fallback]?.has(char)) {
        fallback = automaton.fail[fallback] as number;
      }
      const failTarget = automaton.next[fallback]?.get(char);
      automaton.fail[target] = failTarget !== undefined && failTarget !== target ? failTarget : 0;
      automaton.outputs[target]?.push(...(automaton.outputs[automaton.fail[target] as number] ?? []));
      queue.push(target);
    }
  }
  return automaton;
}

/** Marks `found[id]` for every word of the automaton that occurs in `text`. */
function searchAhoCorasick(automaton: AhoCorasick, text: string, found: Uint8Array): void {
  let state = 0;
  for (const char of text) {
    let target = automaton.next[state]?.get(char);
    while (target === undefined && state > 0) {
      state = automaton.fail[state] as number;
      target = automaton.next[state]?.get(char);
    }
    state = target ?? 0;
    for (const id of automaton.outputs[state] ?? []) {
      found[id] = 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Rules

interface CompiledRule {
  readonly rule: LexiconRule;
  readonly sequences: readonly CompiledSequence[];
  /** Per sequence, the ids of its anchors in ANCHORS. */
  readonly anchorIds: readonly (readonly number[])[];
}

const SEVERITY_RANK = { urgent: 0, high: 1, low: 2 } as const;
const CATEGORY_RANK = new Map(MODERATION_CATEGORIES.map((category, index) => [category, index]));

const ANCHOR_IDS = new Map<string, number>();
const anchorId = (anchor: string): number => {
  let id = ANCHOR_IDS.get(anchor);
  if (id === undefined) {
    id = ANCHOR_IDS.size;
    ANCHOR_IDS.set(anchor, id);
  }
  return id;
};

/** Most serious first: severity, then the order of MODERATION_CATEGORIES, then lexicon order. */
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
    return { rule, sequences, anchorIds: sequences.map((sequence) => sequence.anchors.map(anchorId)) };
  });
const SERIOUS_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity !== "low");
const LOW_RULES = COMPILED_RULES.filter(({ rule }) => rule.severity === "low");
const ANCHORS = buildAhoCorasick([...ANCHOR_IDS.keys()]);

/** Reported speech from a story: "...the monster SAYS nobody loves me", "'I'll kill you,' SAID Silver". */
const SPEECH_BEFORE =
  /(?:^|[ |])(?!(?:i|im|ive|we|me)[ |])[a-z0-9*]+[ |](?:say|says|said|saying|sayin|shouts|shouted|cries|cried|wrote|writes|quote|quoted|quotes|sings|sang|goes|went|yells|yelled|screams|screamed|tells|told)[ |]$/;
const SPEECH_AFTER =
  /^[ |](?:said|says|cried|shouted|asked|replied|whispered|sobbed|wailed|screamed|exclaimed|yelled|muttered|answered)\b/;

const CONTINUATIONS = new Set(CLAUSE_CONTINUATIONS.map(canonicalPhrase));

/** The clause ends at `end`: end of message, punctuation, or a word that carries on ("lol", "and"). */
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

/** The match of the rule's first sequence, when every sequence of the rule matches. */
function findRule(rule: CompiledRule, versions: readonly CanonicalText[], anchorsFound: Uint8Array): Match | null {
  let quoted: Match | null = null;
  for (const [index, sequence] of rule.sequences.entries()) {
    if (!(rule.anchorIds[index] ?? []).some((id) => anchorsFound[id] === 1)) {
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
const NUMBER_NOT_HOUSE = /\b(?:page|pages|chapter|chapters|year|years|age|aged|part|book|volume|level|lvl|no|number)\W*$/;
/** Addresses from the books that children ask about. */
const BOOK_ADDRESSES = /221\s?b,?\s+baker\s+st|\b7,?\s+sav[i1]lle?\s+row/g;
const LIVE_ON_STREET = new RegExp(
  `\\b(?:i live|we live|my house is|my home is|i stay)\\s+(?:at|on|in|near|by)?\\s*(?:[a-z0-9'.-]+\\s+){0,4}(?:${STREET_TYPES})\\b`,
);
const MY_ADDRESS = /\bmy (?:home |house |full )?address (?:is|=|:)|\bmy house number is\b|\bi live at (?:number |no\.? )?\d/;

function findAddress(rawText: string): boolean {
  const text = rawText.replace(BOOK_ADDRESSES, "");
  if (MY_ADDRESS.test(text) || LIVE_ON_STREET.test(text)) {
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

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/;
const SPELLED_EMAIL =
  /\b[a-z0-9._-]{2,}\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|co|net|org|uk|io)\b/;
const PASSWORD =
  /\bmy (?:password|pass word|passcode|pass|pin|pin code|pw|pwd|login|log in)(?: for [a-z]+| on [a-z]+)? (?:is|=|:|was)\b|\bpassword\s*[:=]\s*\S/;
const PLATFORMS =
  "snap|snapchat|sc|insta|instagram|ig|tiktok|tik tok|discord|roblox|fortnite|xbox|psn|playstation|whatsapp|" +
  "facebook|fb|twitter|youtube|minecraft|telegram|kik|steam|twitch|bereal|threads";
const ADD_ME_ON = new RegExp(
  `\\b(?:add|follow|dm|message|msg|friend|text|hmu|hit me up|find|snap|sc|chat to) me (?:on|at|@|its)\\s?(?:${PLATFORMS})\\b`,
);
const MY_HANDLE = new RegExp(
  `\\bmy (?:${PLATFORMS}|gamer ?tag|username|user name|user|handle|account|acc|@)(?: name| username| user| tag| id| handle| account| acc)? (?:is|=|:|@|its)\\b`,
);
const ADD_ME_HANDLE = /\b(?:add|follow) me\b[^.!?\n]{0,30}(?:@[a-z0-9_.]{3,}|\b[a-z]+_[a-z0-9_]+|\b[a-z]+\d{2,}\b)/;
const HANDLE_ON_PLATFORM = new RegExp(
  `@[a-z0-9_.]{3,}[^.!?\\n]{0,30}\\b(?:${PLATFORMS})\\b|\\b(?:${PLATFORMS})\\b[^.!?\\n]{0,20}@[a-z0-9_.]{3,}`,
);

/** What personal detail the text shares, as a teacher-facing reason, or null. */
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
  const skeletons = versions.map((version) => skeleton(version.text, "i"));
  if (versions.some((version) => version.text.includes("1"))) {
    skeletons.push(...versions.map((version) => skeleton(version.text, "l")));
  }
  searchAhoCorasick(ANCHORS, skeletons.join("#"), anchorsFound);
  const serious = firstMatch(SERIOUS_RULES, versions, anchorsFound, source);
  if (serious) {
    return serious;
  }
  const personal = findPersonalDetails(folded.chars.join(""));
  if (personal) {
    return { flagged: true, category: "personal_details", severity: "low", reason: personal };
  }
  return firstMatch(LOW_RULES, versions, anchorsFound, source) ?? NOT_FLAGGED;
};
export const __debug = { COMPILED_RULES, ANCHORS, ANCHOR_IDS, normalise, skeleton, searchAhoCorasick };
