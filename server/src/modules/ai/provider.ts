// The AI behind the chat, called only by the server. Two providers implement it: Gemini (Google's
// Gen AI SDK, on the Developer API or Vertex AI) and an offline one that answers from the book's own
// text. Both are grounded on passages retrieved from the book (see passages.ts), so neither needs the
// whole book in a prompt.

/** Book chat, or a chat with one of the book's characters. */
export type ChatMode = { kind: "book" } | { kind: "character"; name: string };

export type AiTurn = { role: "user" | "assistant"; content: string };

/** A passage of the book's text, with the chapter it sits in when the text has chapters. */
export type Passage = {
  /** Position of the passage in the book, from 0. */
  index: number;
  /** Chapter heading as written in the text (e.g. "CHAPTER VII. A Mad Tea-Party"), or null. */
  chapter: string | null;
  text: string;
  /** Where it sits in the reader's chapters (splitSections): the section and its paragraphs. */
  place: { section: number; firstParagraph: number; lastParagraph: number };
};

export type RetrievedPassage = Passage & { score: number };

/** The book's passages, split once per book and searchable. */
export type PassageIndex = {
  /** In reading order; `passages[i].index === i`. A limited view holds a prefix of the book's. */
  readonly passages: readonly Passage[];
  /** The passages that best answer the query, best first; empty when nothing in the book matches. */
  search(query: string, limit: number): RetrievedPassage[];
  /**
   * Set on a view limited to a reader's place (limitPassageIndex): the whole book, so that callers can
   * tell what lies beyond the place. Never shown to the child.
   */
  readonly full?: PassageIndex;
};

/** A place in the reader: the section of splitSections and the paragraph in it. */
export type ReadingPlace = { chapter: number; paragraph: number };

/** How far the student has read, when the chat must not go further (see limitPassageIndex). */
export type ReadingLimit = ReadingPlace & {
  /** The heading of the chapter they have reached as written, or null before the first heading. */
  chapterTitle: string | null;
};

export type AiBook = {
  id: string;
  title: string;
  author: string;
  description: string | null;
  characterList: string[];
  /** The whole book, or only the part the student has read (then `limit` says how far that is). */
  passages: PassageIndex;
  /** Set when the chat answers only from the text up to the student's furthest place. */
  limit?: ReadingLimit | null;
  /** Set when the student asks from the reader about the page on their screen ('Ask about this page'). */
  page?: AiPage | null;
};

/** The page on the student's screen in the reader, within the text they may be told about. */
export type AiPage = {
  /** The heading of the page's chapter as written, or null before the first heading. */
  chapterTitle: string | null;
  /** The section of splitSections and the paragraphs in it that the page shows. */
  place: { section: number; paragraph: number; lastParagraph: number };
  /** The passages with text on the page, in reading order, whole (they may start or end off the page). */
  passages: readonly Passage[];
};

/**
 * Who is asking, for answers at their level: the phase of the child's school, primary (ages about 7 to
 * 11) or secondary (about 11 to 16); null when it is not known or the school is all-through.
 */
export type AiLearner = { phase: "primary" | "secondary" | null };

/** The learner a school's phase (School.phase) stands for: all-through and unknown are neither. */
export function learnerOf(schoolPhase: string | null | undefined): AiLearner {
  return { phase: schoolPhase === "primary" || schoolPhase === "secondary" ? schoolPhase : null };
}

export type AiRequest = {
  book: AiBook;
  mode: ChatMode;
  /** The child's level (their school's phase); without it, replies suit ages about 7 to 14. */
  learner?: AiLearner;
  /** Earlier turns of this chat, oldest first (already cleaned: starts with a user turn). */
  history: AiTurn[];
  /** The student's new message (already moderated). */
  message: string;
  /** Aborted when the caller gives up (time-out, shutdown). */
  signal?: AbortSignal;
};

/** What a teacher's one-line summary of a chat is made from (chat/summary.ts makes it offline). */
export type AiSummaryRequest = {
  book: { title: string; author: string };
  mode: ChatMode;
  /** The student's own messages, oldest first; never one safeguarding refused or withheld. */
  questions: string[];
  /** The offline summary: the answer whenever the provider fails or takes too long. */
  fallback: string;
  signal?: AbortSignal;
};

export type AiProvider = {
  /** "gemini" or "offline": shown in logs and the health endpoint. */
  readonly name: string;
  /**
   * Optional: a one-line summary of what the student asked, for their teacher's chat list (at most
   * about 120 characters). Never throws: on any failure or time-out it answers `request.fallback`.
   */
  summarize?(request: AiSummaryRequest): Promise<string>;
  /**
   * Streams the reply as it is written: each yielded string is the next piece of text (a delta).
   * Throws AiProviderError when the provider fails; the caller decides about retries.
   */
  reply(request: AiRequest): AsyncIterable<string>;
};

export class AiProviderError extends Error {
  override name = "AiProviderError";
  constructor(
    message: string,
    /** True when trying again may help (time-out, 429, 5xx, network). */
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
