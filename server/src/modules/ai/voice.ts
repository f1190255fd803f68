// The fixed things the assistant says (welcome, polite refusals, thanks) and how it names a chapter,
// shared by both AI providers and the UI so a chat sounds the same whichever provider answers.

import type { AiBook, ChatMode } from "./provider.js";

type BookInfo = Pick<AiBook, "title" | "author" | "characterList">;

/** How a character calls themself: "Toad", or "the Rat" when the book always says "the Rat". */
export type SelfName = string;

function selfName(mode: { kind: "character"; name: string }, self?: SelfName): string {
  return self ?? mode.name;
}

/** The longest reply a child should get, in words. */
export const MAX_REPLY_WORDS = 80;

/** The reply to a question about another book, another author or something unrelated. */
export function declineText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return `I only know about my own story in ${book.title}, so I can't help with that. Why don't you ask me about something that happens in it?`;
  }
  return `I can only talk about ${book.title}. Is there something about the story you'd like to know?`;
}

/** The reply to "write my essay": the work stays the child's, and the companion offers to help plan it. */
export function homeworkText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return `I can't write that for you: it should be in your own words! But I can help you plan it. Ask me about something that happened in my story, and think about what you want to say about it.`;
  }
  return `I can't write that for you: it should be in your own words! But I can help you plan it. What's the main thing you want to say about ${book.title}? Ask me about a character or a part of the story to find ideas.`;
}

/**
 * The reply when the book does not seem to say anything about the question, with where it comes
 * closest (`lookIn`, a chapter phrase) when there is such a place.
 */
export function notFoundText(book: BookInfo, mode: ChatMode, lookIn: string | null = null): string {
  // "In chapter III, The Wild Wood" (chapterPhrase): where the book comes closest, to look there.
  const where = lookIn ? ` You could look ${lookIn.replace(/^In /, "in ")}: it may be there.` : "";
  if (mode.kind === "character") {
    return `Hmm, I only know about my own story in ${book.title}, and I can't find that in it.${where} Could you ask me in a different way?`;
  }
  return `I couldn't find that in ${book.title}. I can only talk about what happens in the book.${where} Could you ask it in a different way?`;
}

/** The sentence every "no spoilers" reply contains. */
export const LATER_CHAPTER_SENTENCE = "You'll find out in a later chapter!";

/**
 * The reply when the answer lies beyond the student's place in the book: no hint of what happens, and
 * an encouragement to read on.
 */
export function laterChapterText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return `Ooh, I can't tell you that yet, or I'd spoil my story! ${LATER_CHAPTER_SENTENCE} Keep reading, and ask me again when you get there.`;
  }
  return `That's a great question, but I don't want to spoil ${book.title} for you. ${LATER_CHAPTER_SENTENCE} Keep reading, and ask me again when you get there.`;
}

/** True when a reply is one of the refusals above (either provider may word them this way). */
export function isDeclineText(reply: string, book: BookInfo, _mode: ChatMode): boolean {
  const text = reply.trim();
  // Each refusal above starts with, or holds, one of these (whatever chapter notFoundText names).
  return (
    text.startsWith(`I couldn't find that in ${book.title}.`) ||
    text.includes(`I can only talk about ${book.title}`) ||
    text.startsWith("I can't write that for you") ||
    text.includes(`I only know about my own story in ${book.title}`)
  );
}

/** A friendly welcome that suggests what to ask. */
export function greetingText(book: BookInfo, mode: ChatMode, self?: SelfName): string {
  if (mode.kind === "character") {
    return `Hello! I'm ${selfName(mode, self)} from ${book.title}. Ask me anything about my story!`;
  }
  const example = book.characterList[0];
  const suggestion = example
    ? `You could ask me about a character, like ${example}, or about something that happens in the story.`
    : "You could ask me about a person, a place or an idea in the book.";
  return `Hello! I'm here to chat about ${book.title} by ${book.author}. ${suggestion}`;
}

export function thanksText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return "You're welcome! What else would you like to ask me?";
  }
  return `You're welcome! Is there anything else you'd like to know about ${book.title}?`;
}

/** When the message has nothing to look for ("why?", "tell me more"). */
export function clarifyText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return "Could you tell me a bit more? Ask me about something that happens in my story!";
  }
  return `Could you tell me a bit more? Ask me about a character, a place or something that happens in ${book.title}.`;
}

export function authorText(book: BookInfo, mode: ChatMode): string {
  if (mode.kind === "character") {
    return `${book.title} was written by ${book.author}. It's my story! What would you like to ask me about it?`;
  }
  return `${book.title} was written by ${book.author}. Is there something about the story you'd like to know?`;
}

/** "What is this book about?", answered from the catalogue's description. */
export function summaryText(book: BookInfo & Pick<AiBook, "description">, mode: ChatMode): string | null {
  const description = book.description?.trim();
  if (!description) {
    return null;
  }
  if (mode.kind === "character") {
    return `That's my story! Here's what ${book.title} is about: ${description} What would you like to ask me?`;
  }
  return `Here's what ${book.title} is about: ${description} Would you like to know about a part of the story?`;
}

// ---------------------------------------------------------------------------------------------
// Chapters.

const SMALL_WORDS = new Set("a an and as at but by for from in into nor of on or the to up upon via with".split(" "));
const ROMAN_NUMERAL = /^(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;

/** "THE RIVER BANK" → "The River Bank"; text already in mixed case is left alone. */
export function titleCase(text: string): string {
  if (/\p{Ll}/u.test(text)) {
    return text;
  }
  let first = true;
  return text.replace(/[\p{L}\d'’.-]+/gu, (word) => {
    const bare = word.replace(/[.]+$/, "");
    const isFirst = first;
    first = false;
    if (bare.length > 1 && ROMAN_NUMERAL.test(bare)) {
      return word;
    }
    const lower = word.toLowerCase();
    if (!isFirst && SMALL_WORDS.has(lower)) {
      return lower;
    }
    // Capitalise each part of "SEA-DOG", but not the "s" of "TOAD’S".
    return lower.replace(/(^|-)(\p{L})/gu, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
  });
}

const LABELLED =
  /^((?:chapter|book|part|lecture|letter|stave|canto|section|volume)\s+[a-z0-9]+(?:-[a-z]+)?)\b\.?\s*(?:[.:—–]|--?)?\s*(.*)$/i;
const NUMBERED =
  /^(\d{1,3}|(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))(?:\.\s*|\s+|$)(.*)$/;
const NAMED = /^(introduction|introductory note|preface|foreword|prologue|epilogue|appendix|afterword|conclusion)\.?$/i;

/** A chapter title short enough to say: the part before a subtitle or a long explanation. */
function shortTitle(title: string): string {
  const clean = title.replace(/_/g, "").replace(/\s+/g, " ").trim();
  if (clean.length <= 60) {
    return clean.replace(/[.]$/, "");
  }
  const cut = clean.split(/\.\s|:\s|--|—|;\s/)[0] ?? clean;
  return cut.length <= 60 ? cut : `${cut.slice(0, 57).replace(/\s+\S*$/, "")}…`;
}

/**
 * How to say where a passage comes from: "In CHAPTER VII, A Mad Tea-Party", "In chapter 1, My Early
 * Home", "In “How the Whale Got His Throat”", "In the Preface". Null when the passage has no chapter.
 */
export function chapterPhrase(chapter: string | null): string | null {
  if (!chapter) {
    return null;
  }
  const heading = chapter.replace(/\s+/g, " ").trim();
  const named = NAMED.exec(heading);
  if (named?.[1]) {
    return `In the ${titleCase(named[1].toUpperCase())}`;
  }
  const labelled = LABELLED.exec(heading) ?? NUMBERED.exec(heading);
  if (labelled?.[1]) {
    const rawLabel = labelled[1];
    // A bare number or numeral ("I. THE RIVER BANK", "01 My Early Home") is a chapter number.
    const label = /^\d+$/.test(rawLabel)
      ? `chapter ${Number(rawLabel)}`
      : /^[IVXLCDM]+$/.test(rawLabel)
        ? `chapter ${rawLabel}`
        : rawLabel;
    const title = labelled[2] ? shortTitle(titleCase(labelled[2])) : "";
    return title ? `In ${label}, ${title}` : `In ${label}`;
  }
  return `In “${shortTitle(titleCase(heading))}”`;
}
