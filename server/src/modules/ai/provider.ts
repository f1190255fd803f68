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
};

export type RetrievedPassage = Passage & { score: number };

/** The book's passages, split once per book and searchable. */
export type PassageIndex = {
  readonly passages: readonly Passage[];
  /** The passages that best answer the query, best first; empty when nothing in the book matches. */
  search(query: string, limit: number): RetrievedPassage[];
};

export type AiBook = {
  id: string;
  title: string;
  author: string;
  description: string | null;
  characterList: string[];
  passages: PassageIndex;
};

export type AiRequest = {
  book: AiBook;
  mode: ChatMode;
  /** Earlier turns of this chat, oldest first (already cleaned: starts with a user turn). */
  history: AiTurn[];
  /** The student's new message (already moderated). */
  message: string;
  /** Aborted when the caller gives up (time-out, shutdown). */
  signal?: AbortSignal;
};

export type AiProvider = {
  /** "gemini" or "offline": shown in logs and the health endpoint. */
  readonly name: string;
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
