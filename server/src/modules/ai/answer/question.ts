// Reading a child's question: its kind (who, where, why, how many, what a word means, what happened
// in a chapter or so far), its common misspellings, and the people it names in the book's own words
// ("the doctor" → "Dr. Livesey", "Josephine" → "Jo", and in a character chat "you" → the character).

import type { ChatMode } from "../provider.js";

export type QuestionKind =
  "who" | "what" | "where" | "when" | "why" | "how" | "how-many" | "how-long" | "name" | "chapter" | "so-far" | "other";

// Misspelt question words, as children type them, at the start of the question.
const QUESTION_WORDS: readonly [RegExp, string][] = [
  [/^(?:wat|wot|wht|whut|waht|whta|wut)\b/i, "what"],
  [/^(?:whos|whose|hoo)\b(?=\s+(?:is|was|the|a|an|\p{Lu}))/iu, "who is"],
  [/^(?:hu|whoo)\b/i, "who"],
  [/^(?:were|wher|whare|wear|wehre|whear)\b(?=\s+(?:does|do|did|is|was|are|were|can|could|had|has)\b)/i, "where"],
  [/^(?:y|whi|wy|whyy)\b/i, "why"],
  [/^(?:wen|wehn|whn)\b/i, "when"],
  [/^(?:hw|howw|hou)\b/i, "how"],
];

// Other everyday misspellings children make that a book's spelling will not correct.
const SPELLINGS: readonly [RegExp, string][] = [
  [/\b(?:becuz|becos|becuase|becase|coz|cuz|bc)\b/gi, "because"],
  [/\b(?:dose|dus|duz)\b/gi, "does"],
  [/\b(?:wos|woz)\b/gi, "was"],
  [/\b(?:u)\b/gi, "you"],
  [/\b(?:ur)\b/gi, "your"],
  [/\b(?:r)\b/gi, "are"],
  [/\b(?:hapend|happend|hapened|happind)\b/gi, "happened"],
  [/\b(?:freind|frend)(s?)\b/gi, "friend$1"],
  [/\b(?:chaptr|chapte|chpter|chap|ch)\b\.?/gi, "chapter"],
];

/** The question with its question word and a few common misspellings put right. */
export function normaliseQuestion(message: string): string {
  let text = message.trim().replace(/\s+/g, " ");
  for (const [pattern, replacement] of QUESTION_WORDS) {
    if (pattern.test(text)) {
      text = text.replace(pattern, replacement);
      break;
    }
  }
  for (const [pattern, replacement] of SPELLINGS) {
    text = text.replace(pattern, replacement);
  }
  return text;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  first: 1,
  two: 2,
  second: 2,
  three: 3,
  third: 3,
  four: 4,
  fourth: 4,
  five: 5,
  fifth: 5,
  six: 6,
  sixth: 6,
  seven: 7,
  seventh: 7,
  eight: 8,
  eighth: 8,
  nine: 9,
  ninth: 9,
  ten: 10,
  tenth: 10,
  eleven: 11,
  eleventh: 11,
  twelve: 12,
  twelfth: 12,
};

/** The number "the last chapter" stands for: resolved against the book's chapters. */
export const LAST_CHAPTER = -1;

/** "3", "three", "third", "III" → 3; "last" → LAST_CHAPTER. */
export function chapterNumber(text: string): number | null {
  if (/^(?:last|final)$/i.test(text)) {
    return LAST_CHAPTER;
  }
  const lower = text.toLowerCase().replace(/(?:st|nd|rd|th)$/, "");
  if (/^\d{1,3}$/.test(lower)) {
    return Number(lower);
  }
  if (NUMBER_WORDS[text.toLowerCase()] !== undefined) {
    return NUMBER_WORDS[text.toLowerCase()] ?? null;
  }
  if (/^[ivxlc]+$/i.test(text)) {
    const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
    let total = 0;
    const letters = text.toLowerCase().split("");
    letters.forEach((letter, index) => {
      const value = values[letter] ?? 0;
      const next = values[letters[index + 1] ?? ""] ?? 0;
      total += value < next ? -value : value;
    });
    return total > 0 ? total : null;
  }
  return null;
}

const CHAPTER =
  /\b(?:chapter\s+(\d{1,3}|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|final|\d{1,3}(?:st|nd|rd|th))\s+chapter\b)/i;
const ASKS_EVENTS =
  /\b(?:what|wat)\b.*\b(?:happen|happens|happened|happening|goes on|went on|about)\b|\b(?:summar(?:y|ise|ize)|recap|sum up|tell me about)\b/i;
const SO_FAR =
  /\b(?:so far|up to now|until now|till now|up to here|what i(?:'ve| have) read|the story until|what has happened|what's happened|whats happened|what happened before)\b/i;

export type ReadQuestion = {
  kind: QuestionKind;
  /** The chapter a "what happens in chapter 3" question asks about. */
  chapter: number | null;
  /** The question with misspellings, aliases and "you" (in a character chat) put in the book's words. */
  text: string;
};

/** What kind of question it is (see QuestionKind), from its normalised text. */
export function questionKind(text: string): QuestionKind {
  const lower = text.toLowerCase();
  if (/^(?:and\s+)?how (?:many|much)\b/.test(lower)) {
    return "how-many";
  }
  if (/^(?:and\s+)?how (?:long|old)\b/.test(lower)) {
    return "how-long";
  }
  if (/\bname of\b|\bwhat(?:'s|’s| is| was| were| are)? (?:\w+ )?names?\b|\bcalled\b/.test(lower)) {
    return "name";
  }
  const first = /^(?:and\s+|so\s+|but\s+)?(who|whom|whose|what|which|where|when|why|how)\b/.exec(lower)?.[1];
  switch (first) {
    case "who":
    case "whom":
    case "whose":
      return "who";
    case "what":
    case "which":
      return "what";
    case "where":
      return "where";
    case "when":
      return "when";
    case "why":
      return "why";
    case "how":
      return "how";
    default:
      return /\bwhy\b/.test(lower)
        ? "why"
        : /\bwhere\b/.test(lower)
          ? "where"
          : /\bwho\b/.test(lower)
            ? "who"
            : "other";
  }
}

// Common short forms of English first names, both ways: a child may use either.
const NICKNAMES: readonly (readonly string[])[] = [
  ["Josephine", "Jo"],
  ["Margaret", "Meg", "Maggie"],
  ["Elizabeth", "Beth", "Lizzie", "Liz", "Betsy"],
  ["Roberta", "Bobbie", "Bobby"],
  ["Theodore", "Laurie", "Teddy"],
  ["Jim", "James", "Jimmy"],
  ["Tom", "Thomas", "Tommy"],
  ["Ben", "Benjamin"],
  ["Matthew", "Matt"],
  ["Diana", "Di"],
  ["Dick", "Richard", "Dickon"],
];

/** Titles a child spells out ("the doctor") that books shorten ("Dr."). */
const TITLES: readonly [RegExp, string][] = [
  [/^dr\.?$/i, "doctor"],
  [/^capt\.?$|^captain$/i, "captain"],
  [/^squire$/i, "squire"],
  [/^mrs\.?$/i, "missus"],
  [/^mr\.?$/i, "mister"],
  [/^miss$/i, "miss"],
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The other ways a child may name each character: "the doctor" for the only "Dr." in the list,
 * "Josephine" for "Jo", "Mr Toad" for "Toad". Each maps to the name as the list writes it.
 */
export function characterAliases(characterList: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  const titleCount = new Map<string, number>();
  for (const name of characterList) {
    const first = name.split(/\s+/)[0] ?? "";
    for (const [pattern, spelled] of TITLES) {
      if (pattern.test(first)) {
        titleCount.set(spelled, (titleCount.get(spelled) ?? 0) + 1);
      }
    }
  }
  for (const name of characterList) {
    const parts = name.split(/\s+/);
    const first = parts[0] ?? "";
    for (const [pattern, spelled] of TITLES) {
      if (pattern.test(first) && parts.length > 1) {
        // "Dr Livesey", "Doctor Livesey"; "the doctor" only when the list has one doctor.
        const rest = parts.slice(1).join(" ");
        aliases.set(`${first.replace(/\.$/, "")} ${rest}`, name);
        aliases.set(`${spelled} ${rest}`, name);
        if (titleCount.get(spelled) === 1 && !["mister", "missus", "miss"].includes(spelled)) {
          aliases.set(`the ${spelled}`, name);
        }
      }
    }
    for (const group of NICKNAMES) {
      if (group.includes(first)) {
        for (const other of group) {
          if (other !== first && !characterList.some((listed) => listed.split(/\s+/)[0] === other)) {
            aliases.set([other, ...parts.slice(1)].join(" "), name);
            aliases.set(other, name);
          }
        }
      }
    }
  }
  return aliases;
}

/** The question with each alias replaced by the name the book's character list uses. */
export function resolveAliases(text: string, aliases: ReadonlyMap<string, string>): string {
  const keys = [...aliases.keys()].sort((a, b) => b.length - a.length);
  if (keys.length === 0) {
    return text;
  }
  const pattern = new RegExp(`\\b(?:${keys.map(escapeRegExp).join("|")})(?![\\p{L}])`, "giu");
  return text.replace(pattern, (match) => {
    const key = keys.find((candidate) => candidate.toLowerCase() === match.toLowerCase());
    return key ? (aliases.get(key) ?? match) : match;
  });
}

/** In a character chat "you" is the character: "why did you go to prison" → "why did Toad go to prison". */
export function youAreTheCharacter(text: string, mode: ChatMode): string {
  if (mode.kind !== "character") {
    return text;
  }
  const name = mode.name;
  return text
    .replace(/\b(?:yourself)\b/gi, name)
    .replace(/\byour\b/gi, `${name}’s`)
    .replace(/\bare you\b/gi, `is ${name}`)
    .replace(/\bwere you\b/gi, `was ${name}`)
    .replace(/\byou are\b/gi, `${name} is`)
    .replace(/\byou were\b/gi, `${name} was`)
    .replace(/\byou\b/gi, name);
}

/** Reads the question (see ReadQuestion). */
export function readChildQuestion(message: string, mode: ChatMode, aliases: ReadonlyMap<string, string>): ReadQuestion {
  const normal = normaliseQuestion(message);
  const text = youAreTheCharacter(resolveAliases(normal, aliases), mode);
  const chapterMatch = CHAPTER.exec(normal);
  const chapterText = chapterMatch?.[1] ?? chapterMatch?.[2] ?? null;
  const chapter = chapterText ? chapterNumber(chapterText) : null;
  // "What happens at the end?": the last chapter; "at the start": the first.
  const end = /\b(?:at|in) the (?:very )?end\b|\bin the end\b/i.test(normal);
  const start = /\b(?:at|in) the (?:very )?(?:start|beginning)\b/i.test(normal);
  if (
    chapter === null &&
    (end || start) &&
    /\bhappen/i.test(normal) &&
    !/\b(?:to|with)\s+\p{L}/iu.test(
      normal.replace(/\b(?:at|in) the (?:very )?(?:end|start|beginning)(?: of (?:the|this) (?:book|story))?/gi, ""),
    )
  ) {
    return { kind: "chapter", chapter: end ? LAST_CHAPTER : 1, text };
  }
  if (chapter !== null && ASKS_EVENTS.test(normal)) {
    return { kind: "chapter", chapter, text };
  }
  if (SO_FAR.test(normal) && ASKS_EVENTS.test(normal)) {
    return { kind: "so-far", chapter: null, text };
  }
  return { kind: questionKind(text), chapter: null, text };
}
