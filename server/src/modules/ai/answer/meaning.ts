// "What does wayfarer mean?": a child-level meaning from WordNet, in the sense that fits the sentence
// where the book uses the word, and that sentence.

import { splitSentences, textTerms } from "../passages.js";
import type { Passage } from "../provider.js";
import { analyse } from "./nlp.js";
import { type PartOfSpeech, type Sense, senses } from "./wordnet.js";

export type Meaning = {
  word: string;
  sense: Sense | null;
  /** A short, plain explanation: "a traveler going on a trip". */
  explanation: string | null;
  /** Other words for it (WordNet's synonyms in the chosen sense), at most two. */
  synonyms: string[];
  /** Where the book uses the word, when it does. */
  use: { passage: Passage; sentence: string } | null;
};

/** "What does wayfarer mean?", "what is the meaning of 'imperiously'", "define melancholy". */
const ASKS_MEANING: readonly RegExp[] = [
  /^\s*(?:so\s+)?(?:what|wat|wot|wht)\s*(?:does|do|did|dose|dus|is|'s|’s)?\s+(?:the\s+word\s+)?["'“‘]?([\p{L}’'-]+(?:\s+[\p{L}’'-]+)?)["'”’]?\s+(?:mean|means|meen|meant)\b/iu,
  /\b(?:meaning|definition)\s+of\s+(?:the\s+word\s+)?["'“‘]?([\p{L}’'-]+)["'”’]?/iu,
  /^\s*(?:please\s+)?(?:define|explain the word)\s+["'“‘]?([\p{L}’'-]+)["'”’]?/iu,
  /\bwhat\s+(?:is|'s|’s)\s+(?:a|an)\s+["'“‘]?([\p{L}’'-]+)["'”’]?\s*\??\s*$/iu,
];

const PRONOUNS = /^(?:he|she|they|it|you|u|i|we|that|this|the author|the writer)$/i;

/** The word a child asks the meaning of, or null. "What is a wayfarer?" counts only for a plain word. */
export function askedWord(message: string): { word: string; explicit: boolean } | null {
  for (const [position, pattern] of ASKS_MEANING.entries()) {
    const match = pattern.exec(message);
    const word = match?.[1];
    // "What did he mean?", "what did Toad mean to do?": what someone meant, not a word.
    if (
      word &&
      (PRONOUNS.test(word) ||
        (/^\p{Lu}/u.test(word) &&
          (match?.index ?? 0) + match[0].indexOf(word) > 0 &&
          position === 0 &&
          !/["'“‘]/.test(match[0])))
    ) {
      return null;
    }
    if (word) {
      return { word: word.replace(/^[’']|[’']$/g, ""), explicit: position < 3 };
    }
  }
  return null;
}

const WORD_POS: Partial<Record<string, PartOfSpeech>> = { NOUN: "noun", VERB: "verb", ADJ: "adj", ADV: "adv" };

function formsPattern(word: string): RegExp {
  const stem = word
    .toLowerCase()
    .replace(/[^\p{L}’' -]/gu, "")
    .trim()
    .replace(/\s+/g, "\\s+");
  const base = stem.replace(/(?:e|y)$/, "");
  return new RegExp(`(?<![\\p{L}])(?:${stem}|${base}(?:s|es|ed|d|ing|ies|ied|er|est))(?![\\p{L}])`, "iu");
}

/** The first sentence of the book (as far as the child may read) that uses the word. */
export function findUse(word: string, passages: readonly Passage[]): { passage: Passage; sentence: string } | null {
  const pattern = formsPattern(word);
  for (const passage of passages) {
    if (!pattern.test(passage.text)) {
      continue;
    }
    for (const paragraph of passage.text.split(/\n\n/)) {
      // A heading in capitals ("OR HOW TOYS BECOME REAL") is no use of the word in a sentence.
      const sentence = splitSentences(paragraph).find(
        (candidate) => pattern.test(candidate) && /\p{Ll}/u.test(candidate),
      );
      if (sentence) {
        return { passage, sentence: sentence.replace(/\s+/g, " ").replace(/_/g, "").trim() };
      }
    }
  }
  return null;
}

/** The sense that shares most words with the sentence the book uses it in (Lesk), WordNet's order breaking ties. */
function chooseSense(word: string, use: string | null): Sense | null {
  let candidates = senses(word);
  if (candidates.length === 0) {
    return null;
  }
  if (use) {
    const pattern = formsPattern(word);
    const token = analyse(use).tokens.find((candidate) => pattern.test(candidate.text));
    const part = token ? WORD_POS[token.pos] : undefined;
    const fitting = part ? candidates.filter((sense) => sense.partOfSpeech === part) : [];
    if (fitting.length > 0) {
      candidates = fitting;
    }
  }
  const context = new Set(use ? textTerms(use) : []);
  let best: Sense | null = null;
  let bestScore = -Infinity;
  candidates.forEach((sense, rank) => {
    const own = new Set(textTerms(word));
    const terms = textTerms([sense.gloss, ...sense.examples, ...sense.words].join(" "));
    const overlap = new Set(terms.filter((term) => context.has(term) && !own.has(term))).size;
    // The most common sense wins unless another shares more of the sentence.
    const score = overlap - rank * 0.6;
    if (score > bestScore) {
      best = sense;
      bestScore = score;
    }
  });
  return best;
}

/** "in an imperious manner" says little to a child: it is followed by what "imperious" means. */
function plainExplanation(sense: Sense): string {
  // "(meteorology) rapid inward circulation …": the subject label says nothing to a child.
  // Only the first part of a definition: the rest are usage notes ("`real' is sometimes used …").
  const gloss = (sense.gloss.split("; ")[0] ?? sense.gloss)
    .replace(/\s+/g, " ")
    .replace(/^\([^)]*\)\s*/, "")
    .trim();
  const manner = /^in an? ([\p{L}-]+) (?:manner|way|fashion)$/u.exec(gloss)?.[1];
  if (sense.partOfSpeech === "adv" && manner) {
    const root = senses(manner, ["adj"])[0];
    if (root?.gloss) {
      return `in a way that is ${manner}: ${root.gloss}`;
    }
  }
  return sense.partOfSpeech === "verb" && !/^to\b/.test(gloss) ? `to ${gloss}` : gloss;
}

/** What the word means and where the book uses it; null when neither WordNet nor the book knows it. */
export function explainWord(word: string, passages: readonly Passage[]): Meaning | null {
  const use = findUse(word, passages);
  const sense = chooseSense(word, use?.sentence ?? null);
  if (!sense && !use) {
    return null;
  }
  const lower = word.toLowerCase();
  const synonyms = sense
    ? sense.words
        .filter((other) => other.toLowerCase() !== lower && !other.includes(" "))
        // Shorter words are mostly the everyday ones ("beat" before "trounce").
        .sort((a, b) => a.length - b.length)
        .slice(0, 2)
    : [];
  return { word, sense, explanation: sense ? plainExplanation(sense) : null, synonyms, use };
}
