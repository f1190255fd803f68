// Swearing, found by the `obscenity` package over the canonical text (normalise.ts), so that its
// patterns and our normaliser (spelled-out words, look-alikes, leetspeak) work together. What each word
// is for us, and which book words stay clean, is in lexicon/swearing.ts.
//
// A message's strong swearing and slurs are marked in copies of its canonical versions (engine.ts,
// SWEAR_MARK), so that the rules in lexicon/bullying.ts can tell swearing aimed at someone ("fuck you",
// "ur a dickhead") from swearing at the world ("this homework is shit").

import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
  type MatchPayload,
} from "obscenity";
import { SWEAR_MARK, type SwearMark } from "./engine.js";
import {
  BLOOD_AFTER_LINKING,
  BLOOD_LINKING,
  BLOOD_NOUNS,
  DOG_CONTEXT,
  DONKEY_CONTEXT,
  EXTRA_WORDS,
  FAGGOT_CONTEXT,
  HELL_AFTER,
  HELL_AT_START,
  HELL_BEFORE,
  MASKED_AIMED_AFTER,
  MASKED_MILD,
  MENTION_AFTER,
  MENTION_BEFORE,
  NOT_SWEARING,
  OBSCENITY_WORDS,
  type SwearKind,
  THE_HELL_QUESTION,
} from "./lexicon/swearing.js";
import { type CanonicalText, codeOf, fromCodes } from "./normalise.js";

interface SwearMetadata {
  readonly originalWord: string;
  readonly kind?: SwearKind;
}

/** One swear word in a canonical version: the whole word it is part of. */
export interface SwearWord {
  readonly version: CanonicalText;
  readonly start: number;
  readonly end: number;
  /** The word as it reads in canonical text, lower case ("fucking", "dickhead"). */
  readonly word: string;
  readonly kind: "strong" | "mild" | SwearMark;
}

export interface SwearScan {
  readonly words: readonly SwearWord[];
  /** The versions with strong swearing and slurs marked; empty when there are none. */
  readonly marked: readonly CanonicalText[];
}

const NO_SWEARING: SwearScan = { words: [], marked: [] };

interface SwearMatcher {
  readonly matcher: RegExpMatcher;
  readonly dataset: DataSet<SwearMetadata>;
}

let compiled: SwearMatcher | null = null;

function buildMatcher(): SwearMatcher {
  const dataset = new DataSet<SwearMetadata>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => !((phrase.metadata?.originalWord ?? "") in OBSCENITY_WORDS));
  for (const [kind, patterns] of Object.entries(EXTRA_WORDS) as [SwearKind, readonly string[]][]) {
    for (const pattern of patterns) {
      const originalWord = pattern.replace(/[|[\]]/g, "");
      dataset.addPhrase((phrase) => phrase.setMetadata({ originalWord, kind }).addPattern(parseRawPattern(pattern)));
    }
  }
  const built = dataset.build();
  const matcher = new RegExpMatcher({
    ...built,
    whitelistedTerms: [...(built.whitelistedTerms ?? []), ...NOT_SWEARING],
    ...englishRecommendedTransformers,
  });
  return { matcher, dataset };
}

/** Builds the matcher (once): obscenity compiles a regex per pattern. */
export function warmUpSwearing(): void {
  compiled ??= buildMatcher();
}

const WORD_CHAR = /[a-zA-Z0-9*]/;
const PERSON_SUFFIX = /(?:head|heads|hole|holes|face|faces|er|ers|wit|wits|bag|bags|stain|stains)$/;
const CURSE_WORD = /^(?:f|ph)[a-z*]{0,3}[kcq]$|^fu$/;
const NOT_A_NOUN = /(?:ing|in|ed|y|ty)$/;
/** Masked down to a shape ("f*ck", "f**k", "sh*t"): mild, as the child held back. "f*cking" is not. */
const MASKED_WORD = /^(?:f\*+c?k|f\*+|sh\*+t?|s\*+t)$/;

type Refined = SwearWord["kind"] | "person-only";

/** What a found word is, from its kind in the lexicon and the whole word ("fucker" names a person). */
function refine(kind: SwearKind, word: string): Refined {
  if (MASKED_WORD.test(word) || /^fe(?:c)?k/.test(word)) {
    return "mild";
  }
  switch (kind) {
    case "curse":
      return CURSE_WORD.test(word) ? "curse" : PERSON_SUFFIX.test(word) ? "person" : "strong";
    case "strong":
      return PERSON_SUFFIX.test(word) ? "person" : "strong";
    case "person":
      return NOT_A_NOUN.test(word) ? "strong" : "person";
    case "personOnly":
      return PERSON_SUFFIX.test(word) && word.length > 5 ? "person" : "person-only";
    case "mild":
      // "arsehole", "asshole" are not mild.
      return PERSON_SUFFIX.test(word) && /^(?:ass|arse|piss)/.test(word) ? "person" : "mild";
    case "slur":
      return "slur";
    case "aimed":
      return "aimed";
  }
}

/** When one word is found by several patterns, the mark that says most wins. */
const MARK_PRIORITY: readonly Refined[] = ["slur", "aimed", "curse", "person", "person-only", "strong", "mild"];

const phraseRegex = (phrases: readonly string[]): string =>
  phrases.map((phrase) => phrase.replace(/ /g, "[ |]")).join("|");
const endsWith = (phrases: readonly string[]): RegExp => new RegExp(`(?:^|[ |])(?:${phraseRegex(phrases)}) $`);
const startsWith = (phrases: readonly string[]): RegExp => new RegExp(`^ (?:${phraseRegex(phrases)})(?: |\\||$)`);
const anywhere = (phrases: readonly string[]): RegExp => new RegExp(`(?:^|[ |])(?:${phraseRegex(phrases)})(?= |\\||$)`);

const HELL_CONTEXT = endsWith(HELL_BEFORE);
const HELL_START = new RegExp(`(?:^|\\|)(?:${phraseRegex(HELL_AT_START)}) $`);
const THE_HELL_START = /(?:^|\|)the $/;
const THE_HELL_NEXT = startsWith(THE_HELL_QUESTION);
const HELL_NEXT = startsWith(HELL_AFTER);
const BLOOD_NEXT = startsWith(BLOOD_NOUNS);
const BLOOD_LINK = endsWith(BLOOD_LINKING);
const BLOOD_LINK_NEXT = startsWith(BLOOD_AFTER_LINKING);
const DONKEY = anywhere(DONKEY_CONTEXT);
const DOG = anywhere(DOG_CONTEXT);
const FAGGOT_FOOD_OR_WOOD = anywhere(FAGGOT_CONTEXT);
const MENTIONED_BEFORE = endsWith(MENTION_BEFORE);
const MENTIONED_AFTER = startsWith(MENTION_AFTER);

/**
 * Whether a word is swearing here: not "hell" the place, "bloody" with blood, "ass" the donkey,
 * "bitch" the dog, "faggots" for tea, nor a word asked about ("what does 'bastard' mean?").
 */
function isSwearingHere(word: string, kind: Refined, text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 30), start).toLowerCase();
  const after = text.slice(end, end + 30).toLowerCase();
  const message = text.toLowerCase();
  if (kind !== "aimed" && (MENTIONED_BEFORE.test(before) || MENTIONED_AFTER.test(after))) {
    // "is damn a swear word", "the pirate says damn your eyes"; a slur is never just mentioned.
    return kind === "slur" && !/^(?:faggot|fagot)/.test(word);
  }
  if (word === "hell") {
    // "what the hell", "bloody hell", "hell no", "the hell is a phaeton?"; not "did he go to hell".
    return (
      HELL_CONTEXT.test(before) ||
      HELL_START.test(before) ||
      HELL_NEXT.test(after) ||
      (THE_HELL_START.test(before) && THE_HELL_NEXT.test(after))
    );
  }
  if (word === "bloody") {
    // "bloody homework", "that was bloody scary"; not "a bloody knife" or "the knife was bloody in...".
    const literal =
      BLOOD_NEXT.test(after) ||
      (BLOOD_LINK.test(before) && (after === "" || after.startsWith("|") || BLOOD_LINK_NEXT.test(after)));
    return after !== "" && !after.startsWith("|") && !literal;
  }
  if (/^ass(?:es)?$/.test(word)) {
    return !DONKEY.test(message);
  }
  if (/^bitch(?:es)?$/.test(word)) {
    return !DOG.test(message);
  }
  if (/^fag+ots?$/.test(word)) {
    return !FAGGOT_FOOD_OR_WOOD.test(message);
  }
  return true;
}

function wordAt(version: CanonicalText, match: MatchPayload): { start: number; end: number; word: string } {
  const { text } = version;
  let start = match.startIndex;
  let end = match.endIndex + 1;
  while (start > 0 && WORD_CHAR.test(text[start - 1] ?? "")) {
    start -= 1;
  }
  while (end < text.length && WORD_CHAR.test(text[end] ?? "")) {
    end += 1;
  }
  return { start, end, word: text.slice(start, end).toLowerCase() };
}

/** "bo11ocks": the normaliser keeps "1" (it reads as i or l); obscenity reads it as i only. */
const ONE_IN_WORD = /(?<=[a-z])1|1(?=[a-z])/gi;
const HAS_ONE_IN_WORD = /[a-z]1|1[a-z]/i;

/** Finds the swear words of a message's canonical versions and marks the strong ones. */
export function scanSwearing(versions: readonly CanonicalText[]): SwearScan {
  warmUpSwearing();
  const { matcher, dataset } = compiled as SwearMatcher;
  const words: SwearWord[] = [];
  const marked: CanonicalText[] = [];
  for (const version of versions) {
    const readings = HAS_ONE_IN_WORD.test(version.text)
      ? [version, { ...version, text: version.text.replace(ONE_IN_WORD, "l") }]
      : [version];
    for (const reading of readings) {
      const matches = matcher.getAllMatches(reading.text, true);
      if (matches.length === 0) {
        continue;
      }
      // Per word (by its start), the kind that says most.
      const found = new Map<number, { start: number; end: number; word: string; kind: Refined }>();
      for (const match of matches) {
        const metadata = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata;
        const lexiconKind = metadata?.kind ?? OBSCENITY_WORDS[metadata?.originalWord ?? ""];
        if (!lexiconKind) {
          continue;
        }
        const { start, end, word } = wordAt(reading, match);
        const kind = refine(lexiconKind, word);
        const contextWord = metadata?.kind === "mild" ? metadata.originalWord : word;
        if (!isSwearingHere(contextWord, kind, reading.text, start, end)) {
          continue;
        }
        const previous = found.get(start);
        if (!previous || MARK_PRIORITY.indexOf(kind) < MARK_PRIORITY.indexOf(previous.kind)) {
          found.set(start, { start, end, word, kind });
        }
      }
      const codes = [...version.codes];
      let anyMark = false;
      for (const { start, end, word, kind } of found.values()) {
        if (kind !== "person-only") {
          words.push({ version, start, end, word, kind });
        }
        if (kind === "mild" || end - start < 2) {
          continue;
        }
        codes.fill(
          codeOf(SWEAR_MARK[kind === "person-only" ? "person" : kind === "strong" ? "other" : kind]),
          start,
          end,
        );
        anyMark = true;
      }
      if (anyMark) {
        marked.push({ text: fromCodes(codes), codes, offsets: version.offsets });
      }
    }
  }
  return words.length === 0 && marked.length === 0 ? NO_SWEARING : { words, marked };
}

/** "f*** you": a fully masked swear aimed at someone; else null. `folded` is the message in lower case. */
export function findMaskedSwearing(folded: string): { words: string; aimed: boolean } | null {
  MASKED_MILD.lastIndex = 0;
  let found: { words: string; aimed: boolean } | null = null;
  for (const match of folded.matchAll(MASKED_MILD)) {
    const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 12);
    const aimed = MASKED_AIMED_AFTER.exec(after);
    if (aimed) {
      return { words: `${match[0]}${aimed[0]}`.trim(), aimed: true };
    }
    found ??= { words: match[0], aimed: false };
  }
  return found;
}
