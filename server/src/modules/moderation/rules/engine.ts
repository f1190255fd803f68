// The matcher of the safeguarding rules: compiles lexicon rules (rules/lexicon/) into regexes over the
// canonical text (normalise.ts) and finds the first rule that matches a message. Pure data in, pure
// data out: which rules, in which order, and what a match means is the caller's (rules.ts).
//
// A message costs one Aho-Corasick pass to find which rules could match (each sequence names words it
// cannot match without), then a regex scan for those rules only.

import type { ModerationCategory } from "../taxonomy.js";
import {
  BAR,
  type CanonicalText,
  canonicalPhrase,
  codeOf,
  isDigitCode,
  isLetterCode,
  ONE,
  SPACE,
} from "./normalise.js";

// ---------------------------------------------------------------------------------------------------
// The rule language (written with the helpers in lexicon/shared.ts)

/** One position in a phrase rule. */
export type Slot =
  | { readonly kind: "one"; readonly phrases: readonly string[] }
  | { readonly kind: "optional"; readonly phrases: readonly string[] }
  /** Any number of whole words from the list ("i REALLY JUST want to die"): keep such lists to small words. */
  | { readonly kind: "filler"; readonly phrases: readonly string[] }
  /** Up to `max` words of any kind, within the clause ("my mum SAYS IM WORTHLESS AND hits me"). */
  | { readonly kind: "gap"; readonly max: number }
  /** Any one word except these (a name: "I'll beat JAKE up"). */
  | { readonly kind: "word"; readonly except: readonly string[] }
  /** The phrase followed by any letters ("fuck" covers "fucking", "fucker"). */
  | { readonly kind: "stem"; readonly phrases: readonly string[] }
  /** The match must not continue with one of these ("send me pics" but not "...pics of the rabbit"). */
  | { readonly kind: "notFollowedBy"; readonly phrases: readonly string[] }
  /** The match must not come straight after one of these ("after YOU'RE DEAD" is not a threat). */
  | { readonly kind: "notPrecededBy"; readonly phrases: readonly string[] }
  /**
   * The clause must end here: the message ends, punctuation follows, or one of the clause
   * continuations (`strict`: only the clause tags, "lol" and the like). Tells "your stupid!" (an
   * insult) from "your stupid brother" or "your baby sister" (possessives).
   */
  | { readonly kind: "clauseEnd"; readonly strict?: boolean }
  /** The match must start the message or follow punctuation: "Idiot!" on its own is aimed at someone. */
  | { readonly kind: "clauseStart" }
  /** A word that the swearing matcher (swearing.ts) found and marked: see SwearMark. */
  | { readonly kind: "swear"; readonly of: SwearMark | "any" };

export type Sequence = readonly Slot[];

export interface LexiconRule {
  readonly id: string;
  readonly category: ModerationCategory;
  readonly severity: "low" | "high" | "urgent";
  /** Start of the teacher-facing reason; the matcher appends the words it matched. */
  readonly label: string;
  /** Every sequence must match somewhere in the message; the first is quoted in the reason. */
  readonly sequences: readonly Sequence[];
  /**
   * Skip a match that is reported speech from a story: "Why does the monster SAY nobody loves me?",
   * "'I'll kill you,' SAID Silver". "I said I want to die" still counts.
   */
  readonly skipReportedSpeech: boolean;
}

/**
 * What the swearing matcher (swearing.ts) found: strong swearing that names a person ("dickhead",
 * "bitch", and "dick" or "chink", which are only insults when aimed), a curse that can be aimed
 * ("fuck" in "fuck you"), a slur, a word aimed by itself ("stfu"), or other strong swearing.
 */
export type SwearMark = "person" | "curse" | "slur" | "aimed" | "other";

/**
 * In a message's swear-marked versions, a swear word is overwritten letter for letter with one of
 * these, so offsets stay those of the message. Doubled they cannot occur in canonical text, where a
 * stretched letter is a single upper-case one.
 */
export const SWEAR_MARK: Readonly<Record<SwearMark, string>> = {
  person: "Q",
  curse: "V",
  slur: "S",
  aimed: "A",
  other: "Z",
};
/** The marks a swear slot accepts: a slur names a person too ("ur a ..."). */
const SLOT_MARKS: Readonly<Record<SwearMark | "any", readonly SwearMark[]>> = {
  person: ["person", "slur"],
  curse: ["curse"],
  slur: ["slur"],
  aimed: ["aimed"],
  other: ["other"],
  any: ["person", "curse", "slur", "aimed", "other"],
};

const isLetter = (char: string): boolean => char >= "a" && char <= "z";

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
    if (slot.kind === "swear") {
      for (const mark of SLOT_MARKS[slot.of]) {
        chars.add(SWEAR_MARK[mark]);
      }
      return chars;
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
  /** Matched against the swear-marked versions of a message (swearing.ts), not the plain ones. */
  readonly usesSwears: boolean;
  /** Groups of words: the sequence can only match when each group has a word in the message. */
  readonly anchors: readonly (readonly string[])[];
}

function compileSequence(sequence: Sequence): CompiledSequence {
  let source = "";
  let trailing = "";
  let notAfter: RegExp | null = null;
  let clauseEnd: CompiledSequence["clauseEnd"] = "no";
  let clauseStart = false;
  let usesSwears = false;
  let previous: Slot | null = null;
  for (const slot of sequence) {
    const first = previous === null;
    // A swear word is a whole marked word, so it never runs into the next one: the space may be optional.
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
      case "swear":
        source += `${joiner}(?:${SLOT_MARKS[slot.of].map((mark) => `${SWEAR_MARK[mark]}{2,}`).join("|")})`;
        usesSwears = true;
        break;
    }
    if (isMatchingSlot(slot) || slot.kind === "word" || slot.kind === "swear") {
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
    usesSwears,
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
    if (
      slot.kind === "optional" ||
      slot.kind === "filler" ||
      slot.kind === "word" ||
      slot.kind === "gap" ||
      slot.kind === "swear"
    ) {
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
// Matching

/** Reported speech from a story: "...the monster SAYS nobody loves me", "'I'll kill you,' SAID Silver". */
const SPEECH_BEFORE =
  /(?:^|[ |])(?!(?:i|im|ive|we|me)[ |])[a-z0-9*]+[ |](?:say|says|said|saying|sayin|shouts|shouted|cries|cried|wrote|writes|quote|quoted|quotes|sings|sang|goes|went|yells|yelled|screams|screamed|tells|told)[ |]$/;
/** After a quotation only: '"nobody loves me," said the monster' (punctuation, then "said"). */
const SPEECH_AFTER =
  /^\|(?:said|says|cried|shouted|asked|replied|whispered|sobbed|wailed|screamed|exclaimed|yelled|muttered|answered)\b/;

export interface CompiledRule {
  readonly rule: LexiconRule;
  readonly sequences: readonly CompiledSequence[];
  /** Per sequence, its anchor groups as ids in the rule set's automaton. */
  readonly anchorIds: readonly (readonly (readonly number[])[])[];
}

export interface ClauseWords {
  /** Words that may follow an insult when the clause goes on ("ur so dumb LOL", "...AND fat"). */
  readonly continuations: readonly string[];
  /** What may follow an insult that is a whole message ("loser lol"). */
  readonly tags: readonly string[];
}

export interface RuleSet {
  /** In the order given. */
  readonly rules: readonly CompiledRule[];
  readonly anchors: AhoCorasick;
  readonly anchorCount: number;
  readonly continuations: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
}

/** Compiles rules (in the order they should be tried) into a rule set. */
export function compileRuleSet(rules: readonly LexiconRule[], clauseWords: ClauseWords): RuleSet {
  const anchorIds = new Map<string, number>();
  const anchorId = (anchor: string): number => {
    let id = anchorIds.get(anchor);
    if (id === undefined) {
      id = anchorIds.size;
      anchorIds.set(anchor, id);
    }
    return id;
  };
  const compiled = rules.map((rule): CompiledRule => {
    const sequences = rule.sequences.map(compileSequence);
    return {
      rule,
      sequences,
      anchorIds: sequences.map((sequence) => sequence.anchors.map((group) => group.map(anchorId))),
    };
  });
  return {
    rules: compiled,
    anchors: buildAhoCorasick([...anchorIds.keys()]),
    anchorCount: anchorIds.size,
    continuations: new Set(clauseWords.continuations.map(canonicalPhrase)),
    tags: new Set(clauseWords.tags.map(canonicalPhrase)),
  };
}

/** Which anchors of the rule set occur in the message: one pass over each version. */
export function findAnchors(set: RuleSet, versions: readonly CanonicalText[]): Uint8Array {
  const found = new Uint8Array(set.anchorCount);
  for (const version of versions) {
    searchAhoCorasick(set.anchors, skeleton(version.codes, "i"), found);
    if (version.codes.includes(ONE)) {
      searchAhoCorasick(set.anchors, skeleton(version.codes, "l"), found);
    }
  }
  return found;
}

/** The clause ends at `end`: end of message, punctuation, or a word that carries on ("and", or "lol"). */
function clauseEndsAt(set: RuleSet, text: string, end: number, strict: boolean): boolean {
  if (end >= text.length || text[end] === "|") {
    return true;
  }
  const nextWord = (/^[a-zA-Z0-9*]+/.exec(text.slice(end + 1))?.[0] ?? "").toLowerCase();
  return strict ? set.tags.has(nextWord) : set.continuations.has(nextWord);
}

export interface Match {
  readonly version: CanonicalText;
  readonly start: number;
  readonly end: number;
}

function accepts(
  set: RuleSet,
  sequence: CompiledSequence,
  rule: LexiconRule,
  text: string,
  start: number,
  end: number,
): boolean {
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
  return sequence.clauseEnd === "no" || clauseEndsAt(set, text, end, sequence.clauseEnd === "strict");
}

function findSequence(
  set: RuleSet,
  sequence: CompiledSequence,
  rule: LexiconRule,
  version: CanonicalText,
): Match | null {
  const { regex } = sequence;
  regex.lastIndex = 0;
  for (let match = regex.exec(version.text); match; match = regex.exec(version.text)) {
    const end = match.index + match[0].length;
    if (accepts(set, sequence, rule, version.text, match.index, end)) {
      return { version, start: match.index, end };
    }
    regex.lastIndex = match.index + 1;
  }
  return null;
}

export interface MessageTexts {
  /** The canonical versions of the message (normalise.ts). */
  readonly versions: readonly CanonicalText[];
  /** The same with swear words marked (swearing.ts); empty when there are none. */
  readonly swearMarked: readonly CanonicalText[];
  /** From findAnchors over `versions`. */
  readonly anchorsFound: Uint8Array;
}

/** The match of the rule's first sequence, when every sequence of the rule matches. */
export function findRule(set: RuleSet, rule: CompiledRule, texts: MessageTexts): Match | null {
  let quoted: Match | null = null;
  for (const [index, sequence] of rule.sequences.entries()) {
    const groups = rule.anchorIds[index] ?? [];
    if (!groups.every((group) => group.some((id) => texts.anchorsFound[id] === 1))) {
      return null;
    }
    let found: Match | null = null;
    for (const version of sequence.usesSwears ? texts.swearMarked : texts.versions) {
      found = findSequence(set, sequence, rule.rule, version);
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

const MAX_QUOTE = 60;

/** The child's own words from `start` to `end` of a canonical version, as they wrote them. */
export function quoteSpan(source: string, version: CanonicalText, start: number, end: number): string {
  const from = version.offsets[start] ?? 0;
  const lastStart = version.offsets[end - 1] ?? from;
  const lastLength = String.fromCodePoint(source.codePointAt(lastStart) ?? 32).length;
  const words = source
    .slice(from, lastStart + lastLength)
    .replace(/\s+/g, " ")
    .trim();
  return words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1)}…` : words;
}

/** The child's own words for a match. */
export const quote = (source: string, match: Match): string => quoteSpan(source, match.version, match.start, match.end);
