import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAPTER_NOT_FOUND_MESSAGE,
  MAX_SECONDS_PER_SAVE,
  PART_NOT_FOUND_MESSAGE,
  PLACE_MESSAGE,
  SECONDS_MESSAGE,
} from "../src/modules/reader/reader.service.js";
import { BOOK_NOT_FOUND_MESSAGE } from "../src/modules/books/book.policy.js";
import { gqlError } from "./helpers/auth-kit.js";
import { buildBook, DASHBOARD, otherSchool, SET_READ } from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// The book reader's API (issue 8): the table of contents without the text, the text a part at a
// time, the place and the furthest point per student, measured reading time (never more than the
// clock allows) and the reader's settings; another school's book is 'Book not found'.

const READER = `query Reader($bookId: ID!) {
  bookReader(bookId: $bookId) {
    bookId title author characters read readingTime
    chapters { index title paragraphCount characters partStarts }
    place { chapter paragraph offset } furthest { chapter paragraph }
    prefs { textSize lineSpacing theme font }
  }
}`;
const PART = `query Part($bookId: ID!, $chapter: Int!, $part: Int!) {
  readerPart(bookId: $bookId, chapter: $chapter, part: $part) { chapter part firstParagraph paragraphs }
}`;
const SAVE = `mutation Save($input: ReadingProgressInput!) {
  saveReadingProgress(input: $input) {
    bookId read readingTime readingSeconds place { chapter paragraph offset } furthest { chapter paragraph }
  }
}`;
const PREFS = `mutation Prefs($input: ReaderPrefsInput!) {
  saveReaderPrefs(input: $input) { textSize lineSpacing theme font }
}`;

const STORY = [
  "CHAPTER I. THE LIGHTHOUSE",
  "",
  "Marmalade was a ginger cat who lived at the top of the lighthouse.",
  "",
  "Every evening she climbed the stairs to watch the boats come home.",
  "",
  "CHAPTER II. THE STORM",
  "",
  "One winter night the lamp went dark and the wind howled.",
  "",
  "Marmalade carried the matches up the stairs in her mouth.",
  "",
  "The light shone again before the last boat reached the rocks.",
  "",
  "CHAPTER III. MORNING",
  "",
  "In the morning the fishermen brought Marmalade a fine fish.",
].join("\n");

describe("the book reader's API", () => {
  let app: TestApp;
  let student: TestUser;
  let bookId: string;

  beforeAll(async () => {
    app = await startTestApp();
    student = await app.createUser({ displayName: "Rosa Reader" });
    bookId = (await buildBook(app, { title: "The Lantern Cat", text: STORY })).id;
  });
  afterAll(() => app.stop());

  async function ok<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, user = student) {
    const res = await app.gql(query, variables, user.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data as T;
  }
  async function refused(query: string, variables: Record<string, unknown>, user: TestUser | null = student) {
    const res = await app.gql(query, variables, user?.token);
    return gqlError(res.body);
  }
  const save = (input: Record<string, unknown>, user = student) =>
    app.gql(SAVE, { input: { bookId, offset: 0, activeSeconds: 0, ...input } }, user.token);
  const progressRow = (user: TestUser) =>
    app.db.prisma.userBook.findUnique({ where: { userId_bookId: { userId: user.id, bookId } } });

  it("opens with the table of contents and default settings, and no text", async () => {
    const reader = await newReader();
    const { bookReader } = await ok<{ bookReader: Record<string, unknown> }>(READER, { bookId }, reader);
    expect(bookReader).toMatchObject({
      bookId,
      read: false,
      readingTime: 0,
      place: null,
      furthest: null,
      prefs: { textSize: 20, lineSpacing: "relaxed", theme: "light", font: "serif" },
    });
    expect((bookReader.chapters as { title: string; paragraphCount: number }[]).map((c) => c.title)).toEqual([
      "CHAPTER I. THE LIGHTHOUSE",
      "CHAPTER II. THE STORM",
      "CHAPTER III. MORNING",
    ]);
    expect((bookReader.chapters as { paragraphCount: number }[]).map((c) => c.paragraphCount)).toEqual([2, 3, 1]);
    expect(JSON.stringify(bookReader)).not.toContain("Marmalade");
  });

  it("sends a chapter's paragraphs a part at a time, and refuses parts and chapters that do not exist", async () => {
    const { readerPart } = await ok<{ readerPart: unknown }>(PART, { bookId, chapter: 1, part: 0 });
    expect(readerPart).toEqual({
      chapter: 1,
      part: 0,
      firstParagraph: 0,
      paragraphs: [
        "One winter night the lamp went dark and the wind howled.",
        "Marmalade carried the matches up the stairs in her mouth.",
        "The light shone again before the last boat reached the rocks.",
      ],
    });
    expect(await refused(PART, { bookId, chapter: 3, part: 0 })).toEqual({
      message: CHAPTER_NOT_FOUND_MESSAGE,
      code: "NOT_FOUND",
    });
    expect(await refused(PART, { bookId, chapter: -1, part: 0 })).toEqual({
      message: CHAPTER_NOT_FOUND_MESSAGE,
      code: "NOT_FOUND",
    });
    expect(await refused(PART, { bookId, chapter: 0, part: 1 })).toEqual({
      message: PART_NOT_FOUND_MESSAGE,
      code: "NOT_FOUND",
    });
  });

  it("remembers the place, moves the furthest point only forwards, and reopens there", async () => {
    const reader = await newReader();
    const first = await save({ chapter: 1, paragraph: 1, offset: 12, seenChapter: 1, seenParagraph: 2 }, reader);
    expect(first.body.data.saveReadingProgress).toMatchObject({
      place: { chapter: 1, paragraph: 1, offset: 12 },
      furthest: { chapter: 1, paragraph: 2 },
    });
    // Back to the start: the place follows, the furthest point stays.
    await save({ chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 1 }, reader);
    const { bookReader } = await ok<{ bookReader: Record<string, unknown> }>(READER, { bookId }, reader);
    expect(bookReader).toMatchObject({
      place: { chapter: 0, paragraph: 0, offset: 0 },
      furthest: { chapter: 1, paragraph: 2 },
    });
    // Further on moves it.
    await save({ chapter: 2, paragraph: 0, seenChapter: 2, seenParagraph: 0 }, reader);
    expect(await progressRow(reader)).toMatchObject({ furthestChapter: 2, furthestParagraph: 0, read: false });
  });

  it("adds measured seconds as minutes, never more than the time since the last save", async () => {
    const reader = await newReader();
    const first = await save({ chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 1, activeSeconds: 90 }, reader);
    expect(first.body.data.saveReadingProgress).toMatchObject({ readingSeconds: 90, readingTime: 2 });
    // At once again: the clock allows only a few seconds (10 of slack), not another 200.
    const second = await save(
      { chapter: 0, paragraph: 1, seenChapter: 0, seenParagraph: 1, activeSeconds: 200 },
      reader,
    );
    const seconds = second.body.data.saveReadingProgress.readingSeconds;
    expect(seconds).toBeGreaterThan(90);
    expect(seconds).toBeLessThanOrEqual(90 + 15);

    // Marked read, the dashboard counts the measured minutes (not the default 10).
    await ok(SET_READ, { bookId, read: true }, reader);
    const { dashboard } = await ok<{ dashboard: { readingTime: number; booksRead: number } }>(DASHBOARD, {}, reader);
    expect(dashboard).toMatchObject({ booksRead: 1, readingTime: Math.ceil(seconds / 60) });
  });

  it("keeps the spec's default of 10 minutes while nothing has been measured", async () => {
    const reader = await newReader();
    await save({ chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 0, activeSeconds: 0 }, reader);
    expect(await progressRow(reader)).toMatchObject({ readingTime: 10, readingSeconds: 0 });
  });

  it("refuses places outside the book and impossible seconds, writing nothing", async () => {
    const reader = await newReader();
    const cases: [Record<string, unknown>, string][] = [
      [{ chapter: 3, paragraph: 0, seenChapter: 3, seenParagraph: 0 }, PLACE_MESSAGE],
      [{ chapter: 0, paragraph: 2, seenChapter: 0, seenParagraph: 2 }, PLACE_MESSAGE],
      [{ chapter: 0, paragraph: -1, seenChapter: 0, seenParagraph: 0 }, PLACE_MESSAGE],
      [{ chapter: 0, paragraph: 0, offset: 5000, seenChapter: 0, seenParagraph: 0 }, PLACE_MESSAGE],
      [{ chapter: 0, paragraph: 0, offset: -1, seenChapter: 0, seenParagraph: 0 }, PLACE_MESSAGE],
      [{ chapter: 1, paragraph: 0, seenChapter: 0, seenParagraph: 1 }, PLACE_MESSAGE],
      [{ chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 0, activeSeconds: -1 }, SECONDS_MESSAGE],
      [
        { chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 0, activeSeconds: MAX_SECONDS_PER_SAVE + 1 },
        SECONDS_MESSAGE,
      ],
    ];
    for (const [input, message] of cases) {
      expect(gqlError((await save(input, reader)).body), JSON.stringify(input)).toEqual({
        message,
        code: "BAD_USER_INPUT",
      });
    }
    expect(await progressRow(reader)).toBeNull();
  });

  it("hides another school's book and refuses anonymous callers everywhere", async () => {
    const hidden = await buildBook(app, { text: STORY, schools: [otherSchool(student.school)] });
    const input = { bookId: hidden.id, chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 0, activeSeconds: 5 };
    const notFound = { message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" };
    expect(await refused(READER, { bookId: hidden.id })).toEqual(notFound);
    expect(await refused(PART, { bookId: hidden.id, chapter: 0, part: 0 })).toEqual(notFound);
    expect(await refused(SAVE, { input })).toEqual(notFound);
    for (const [query, variables] of [
      [READER, { bookId }],
      [PART, { bookId, chapter: 0, part: 0 }],
      [SAVE, { input: { ...input, bookId } }],
      [PREFS, { input: { theme: "dark" } }],
    ] as const) {
      expect((await refused(query, variables, null))?.code).toBe("UNAUTHENTICATED");
    }
    expect(await app.db.prisma.userBook.count({ where: { bookId: hidden.id } })).toBe(0);
  });

  it("remembers the settings for the student, changing only those sent, and refuses others", async () => {
    const reader = await newReader();
    expect(
      (await ok<{ saveReaderPrefs: unknown }>(PREFS, { input: { theme: "sepia", textSize: 28 } }, reader))
        .saveReaderPrefs,
    ).toEqual({
      textSize: 28,
      lineSpacing: "relaxed",
      theme: "sepia",
      font: "serif",
    });
    await ok(PREFS, { input: { font: "dyslexic", lineSpacing: "loose" } }, reader);
    const { bookReader } = await ok<{ bookReader: { prefs: unknown } }>(READER, { bookId }, reader);
    expect(bookReader.prefs).toEqual({ textSize: 28, lineSpacing: "loose", theme: "sepia", font: "dyslexic" });

    expect(await refused(PREFS, { input: { textSize: 17 } }, reader)).toMatchObject({ code: "BAD_USER_INPUT" });
    expect((await app.gql(PREFS, { input: { theme: "neon" } }, reader.token)).body.errors?.length).toBe(1);
    const stored = await app.db.prisma.user.findUniqueOrThrow({
      where: { id: reader.id },
      select: { readerPrefs: true },
    });
    expect(stored.readerPrefs).toEqual({ textSize: 28, lineSpacing: "loose", theme: "sepia", font: "dyslexic" });
  });

  it("opens the largest seed book's reader without sending its text", async () => {
    const book = await app.db.prisma.book.findUniqueOrThrow({ where: { slug: "little-women" }, select: { id: true } });
    const res = await app.gql(READER, { bookId: book.id }, student.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.bookReader.characters).toBeGreaterThan(900_000);
    expect(JSON.stringify(res.body).length).toBeLessThan(20_000);
  });

  async function newReader() {
    return app.createUser({ school: student.school });
  }
});
