// Server-shaped reader data for the reader's tests (with __typename, as the cache stores them), and a
// test client that serves a book's parts. Each book gets a fresh id, so tests never share data.
import type {
  BookReaderQuery,
  ReaderPrefsFieldsFragment,
  ReadingProgressInput,
  ReaderPrefsInput,
} from "../../gql/graphql";
import { createTestClient, graphqlError, type Reply, type Resolver } from "../../test/apollo";

type ReaderBook = BookReaderQuery["bookReader"];
type ReaderChapter = ReaderBook["chapters"][number];

let sequence = 0;

/** The text of a paragraph (0-based chapter and paragraph), two sentences so it reads like a book. */
export const paragraphText = (chapter: number, paragraph: number) =>
  `Chapter ${chapter + 1}, paragraph ${paragraph + 1}. The story goes on.`;

/** The texts of paragraphs `from` to `to` (exclusive) of a chapter. */
export const paragraphTexts = (chapter: number, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => paragraphText(chapter, from + i));

export function buildReaderPrefs(overrides: Partial<ReaderPrefsFieldsFragment> = {}) {
  return {
    __typename: "ReaderPrefs" as const,
    textSize: 20,
    lineSpacing: "normal" as const,
    theme: "light" as const,
    font: "serif" as const,
    ...overrides,
  } satisfies ReaderPrefsFieldsFragment & { __typename: "ReaderPrefs" };
}

/** A chapter of `parts` parts of `perPart` paragraphs each (partStarts 0, perPart, 2 × perPart…). */
export function buildChapter({
  index = 0,
  parts = 1,
  perPart = 3,
  ...overrides
}: Partial<ReaderChapter> & { parts?: number; perPart?: number } = {}): ReaderChapter & {
  __typename: "ReaderChapter";
} {
  return {
    __typename: "ReaderChapter",
    index,
    title: `Chapter ${index + 1}`,
    paragraphCount: parts * perPart,
    characters: parts * perPart * 50,
    partStarts: Array.from({ length: parts }, (_, part) => part * perPart),
    ...overrides,
  };
}

/** Chapters with these numbers of parts, indexed and titled in order. */
export const buildChapters = (...partCounts: number[]) =>
  partCounts.map((parts, index) => buildChapter({ index, parts }));

export function buildReaderBook(overrides: Partial<ReaderBook> = {}) {
  sequence += 1;
  const chapters = overrides.chapters ?? buildChapters(1);
  return {
    __typename: "BookReader" as const,
    bookId: `reader-book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    characters: chapters.reduce((sum, chapter) => sum + chapter.characters, 0),
    read: false,
    readingTime: 0,
    chapters,
    place: null,
    furthest: null,
    prefs: buildReaderPrefs(),
    ...overrides,
  } satisfies ReaderBook & { __typename: "BookReader" };
}

/** A saved place as the server sends it. */
export const buildPlace = (chapter: number, paragraph: number, offset = 0) => ({
  __typename: "ReaderPlace" as const,
  chapter,
  paragraph,
  offset,
});

/** Answers readerPart from the chapters: each part holds the paragraphs from its start to the next part's. */
export function partResolver(chapters: readonly ReaderChapter[]): (variables: Record<string, unknown>) => Reply {
  return (variables) => {
    const chapterIndex = Number(variables.chapter);
    const part = Number(variables.part);
    const chapter = chapters[chapterIndex];
    const start = chapter?.partStarts[part];
    if (!chapter || start === undefined) {
      return graphqlError("Part not found", { code: "NOT_FOUND" });
    }
    const end = chapter.partStarts[part + 1] ?? chapter.paragraphCount;
    return {
      data: {
        readerPart: {
          __typename: "ReaderPart",
          chapter: chapterIndex,
          part,
          firstParagraph: start,
          paragraphs: paragraphTexts(chapterIndex, start, end),
        },
      },
    };
  };
}

export const progressReply = (bookId: string): Reply => ({
  data: {
    saveReadingProgress: { __typename: "ReadingProgress", bookId, read: false, readingTime: 1, readingSeconds: 60 },
  },
});

/** saveReaderPrefs answering with the prefs changed as asked. */
export const prefsResolver =
  (prefs: ReaderPrefsFieldsFragment): Resolver =>
  (variables) => ({
    data: { saveReaderPrefs: { ...prefs, ...(variables.input as ReaderPrefsInput), __typename: "ReaderPrefs" } },
  });

export const setBookReadReply = (bookId: string): Reply => ({
  data: {
    setBookRead: {
      __typename: "Reading",
      id: `student-1_${bookId}`,
      bookId,
      read: true,
      lastReadAt: "2025-03-05T12:00:00.000Z",
      readingTime: 12,
    },
  },
});

/** A test client serving the book's parts and accepting its saves; `resolvers` override any of them. */
export function createReaderTestClient(book: ReturnType<typeof buildReaderBook>, resolvers: Record<string, Resolver>) {
  const test = createTestClient({
    ReaderPart: partResolver(book.chapters),
    SaveReadingProgress: progressReply(book.bookId),
    SaveReaderPrefs: prefsResolver(book.prefs),
    SetBookRead: setBookReadReply(book.bookId),
    ...resolvers,
  });
  /** The parts asked for, as [chapter, part]. */
  const partsLoaded = () =>
    test.callsOf("ReaderPart").map((call) => [Number(call.variables.chapter), Number(call.variables.part)]);
  /** The progress saves sent, as their inputs. */
  const progressSaves = () =>
    test.callsOf("SaveReadingProgress").map((call) => call.variables.input as ReadingProgressInput);
  return { ...test, partsLoaded, progressSaves };
}
