import type { Actor } from "../../auth/actor.js";
import { badInput, notFound } from "../../errors/app-error.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { Prisma } from "../../generated/prisma/client.js";
import { createBuildCache } from "../../lib/build-cache.js";
import { splitSections } from "../ai/passages.js";
import type { BookService } from "../books/book.service.js";

// The book reader: a book's text as chapters (the same sections the AI's passages come from, so a
// place in the reader is a place for the chat too) sent a part at a time, the student's place and
// furthest point, measured reading time, and the reader's settings.

/** A chapter is sent in parts of about this many characters, so a long chapter's first page comes fast. */
export const PART_CHARACTERS = 24_000;
/** Seconds of active reading one save may add (the client saves every 20 s and when the page hides). */
export const MAX_SECONDS_PER_SAVE = 300;
/** Slack over the wall-clock time since the last save, for clocks and network delays. */
const SECONDS_SLACK = 10;
const CACHE_SIZE = 16;

export const READER_NO_TEXT_MESSAGE = "This book has no text to read yet.";
export const CHAPTER_NOT_FOUND_MESSAGE = "Chapter not found";
export const PART_NOT_FOUND_MESSAGE = "Part not found";
export const PLACE_MESSAGE = "That place is not in this book";
export const SECONDS_MESSAGE = `activeSeconds must be a whole number from 0 to ${MAX_SECONDS_PER_SAVE}`;

export const TEXT_SIZES = [16, 18, 20, 22, 24, 28, 32] as const;
export const LINE_SPACINGS = ["normal", "relaxed", "loose"] as const;
export const THEMES = ["light", "sepia", "dark"] as const;
export const FONTS = ["serif", "sans", "dyslexic"] as const;
export type ReaderPrefs = {
  textSize: (typeof TEXT_SIZES)[number];
  lineSpacing: (typeof LINE_SPACINGS)[number];
  theme: (typeof THEMES)[number];
  font: (typeof FONTS)[number];
};
export const DEFAULT_PREFS: ReaderPrefs = { textSize: 20, lineSpacing: "relaxed", theme: "light", font: "serif" };

type Chapter = {
  title: string;
  paragraphs: string[];
  characters: number;
  /** The first paragraph of each part. */
  partStarts: number[];
};
type ReaderText = { chapters: Chapter[]; characters: number };

export type ReaderPlace = { chapter: number; paragraph: number; offset: number };
export type ReaderChapterPayload = {
  index: number;
  title: string;
  paragraphCount: number;
  characters: number;
  partStarts: number[];
};
export type ReaderPayload = {
  bookId: string;
  title: string;
  author: string;
  characters: number;
  chapters: ReaderChapterPayload[];
  place: ReaderPlace | null;
  furthest: { chapter: number; paragraph: number } | null;
  read: boolean;
  readingTime: number;
  prefs: ReaderPrefs;
};
export type ReaderPartPayload = {
  chapter: number;
  part: number;
  firstParagraph: number;
  paragraphs: string[];
};
export type ReadingProgressPayload = {
  bookId: string;
  place: ReaderPlace | null;
  furthest: { chapter: number; paragraph: number } | null;
  read: boolean;
  readingTime: number;
  readingSeconds: number;
};

/** A chapter's title for the table of contents: its heading, or what stands before the first one. */
function chapterTitle(heading: string | null, index: number, bookTitle: string, count: number): string {
  if (heading) {
    return heading;
  }
  return count === 1 ? bookTitle : index === 0 ? "Opening" : `Part ${index + 1}`;
}

function splitParts(paragraphs: readonly string[]): number[] {
  const starts = [0];
  let size = 0;
  paragraphs.forEach((paragraph, index) => {
    if (size > 0 && size + paragraph.length > PART_CHARACTERS) {
      starts.push(index);
      size = 0;
    }
    size += paragraph.length;
  });
  return starts;
}

export function buildReaderText(raw: string, bookTitle: string): ReaderText {
  const sections = splitSections(raw);
  const chapters = sections.map((section, index) => {
    const characters = section.paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
    return {
      title: chapterTitle(section.chapter, index, bookTitle, sections.length),
      paragraphs: section.paragraphs,
      characters,
      partStarts: splitParts(section.paragraphs),
    };
  });
  return { chapters, characters: chapters.reduce((sum, chapter) => sum + chapter.characters, 0) };
}

function readPrefs(stored: unknown): ReaderPrefs {
  const value = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const pick = <T>(options: readonly T[], candidate: unknown, fallback: T): T =>
    options.includes(candidate as T) ? (candidate as T) : fallback;
  return {
    textSize: pick(TEXT_SIZES, value.textSize, DEFAULT_PREFS.textSize),
    lineSpacing: pick(LINE_SPACINGS, value.lineSpacing, DEFAULT_PREFS.lineSpacing),
    theme: pick(THEMES, value.theme, DEFAULT_PREFS.theme),
    font: pick(FONTS, value.font, DEFAULT_PREFS.font),
  };
}

type ProgressRow = {
  read: boolean;
  readingTime: number;
  readingSeconds: number;
  placeChapter: number | null;
  placeParagraph: number | null;
  placeOffset: number | null;
  furthestChapter: number | null;
  furthestParagraph: number | null;
};

function presentProgress(bookId: string, row: ProgressRow | null): ReadingProgressPayload {
  return {
    bookId,
    place:
      row && row.placeChapter !== null && row.placeParagraph !== null
        ? { chapter: row.placeChapter, paragraph: row.placeParagraph, offset: row.placeOffset ?? 0 }
        : null,
    furthest:
      row && row.furthestChapter !== null && row.furthestParagraph !== null
        ? { chapter: row.furthestChapter, paragraph: row.furthestParagraph }
        : null,
    read: row?.read ?? false,
    readingTime: row?.readingTime ?? 0,
    readingSeconds: row?.readingSeconds ?? 0,
  };
}

const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

export function createReaderService(deps: { prisma: PrismaClient; books: BookService; now?: () => Date }) {
  const { prisma } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = createBuildCache<ReaderText>(CACHE_SIZE);

  /** The book (visible to the actor) and its text as chapters, split once per version of the text. */
  async function loadText(actor: Actor, bookId: unknown) {
    const book = await deps.books.openBook(actor, bookId);
    const text = await prisma.bookText.findUnique({ where: { bookId: book.id }, select: { sha256: true } });
    if (!text) {
      throw notFound(READER_NO_TEXT_MESSAGE);
    }
    const built = await cache.get(`${book.id}:${text.sha256}`, () =>
      prisma.bookText
        .findUniqueOrThrow({ where: { bookId: book.id }, select: { content: true } })
        .then((row) => buildReaderText(row.content, book.title)),
    );
    return { book, text: built };
  }

  function checkPlace(text: ReaderText, chapter: unknown, paragraph: unknown): { chapter: number; paragraph: number } {
    const found = isWhole(chapter) ? text.chapters[chapter] : undefined;
    if (!found || !isWhole(paragraph) || paragraph < 0 || paragraph >= found.paragraphs.length) {
      throw badInput(PLACE_MESSAGE);
    }
    return { chapter: chapter as number, paragraph };
  }

  return {
    /** The reader's table of contents, the student's place and settings: everything but the text. */
    async openReader(props: { actor: Actor; bookId: unknown }): Promise<ReaderPayload> {
      const { book, text } = await loadText(props.actor, props.bookId);
      const [progress, user] = await Promise.all([
        prisma.userBook.findUnique({ where: { userId_bookId: { userId: props.actor.id, bookId: book.id } } }),
        prisma.user.findUnique({ where: { id: props.actor.id }, select: { readerPrefs: true } }),
      ]);
      const { place, furthest, read, readingTime } = presentProgress(book.id, progress);
      return {
        bookId: book.id,
        title: book.title,
        author: book.author,
        characters: text.characters,
        chapters: text.chapters.map((chapter, index) => ({
          index,
          title: chapter.title,
          paragraphCount: chapter.paragraphs.length,
          characters: chapter.characters,
          partStarts: chapter.partStarts,
        })),
        // A place saved against an older version of the text may no longer exist: start again.
        place:
          place &&
          text.chapters[place.chapter] &&
          place.paragraph < (text.chapters[place.chapter]?.paragraphs.length ?? 0)
            ? place
            : null,
        furthest,
        read,
        readingTime,
        prefs: readPrefs(user?.readerPrefs),
      };
    },

    /** One part of a chapter: its paragraphs, in order. */
    async readPart(props: {
      actor: Actor;
      bookId: unknown;
      chapter: unknown;
      part: unknown;
    }): Promise<ReaderPartPayload> {
      const { text } = await loadText(props.actor, props.bookId);
      const chapter = isWhole(props.chapter) ? text.chapters[props.chapter] : undefined;
      if (!chapter) {
        throw notFound(CHAPTER_NOT_FOUND_MESSAGE);
      }
      const start = isWhole(props.part) ? chapter.partStarts[props.part] : undefined;
      if (start === undefined) {
        throw notFound(PART_NOT_FOUND_MESSAGE);
      }
      const end = chapter.partStarts[(props.part as number) + 1] ?? chapter.paragraphs.length;
      return {
        chapter: props.chapter as number,
        part: props.part as number,
        firstParagraph: start,
        paragraphs: chapter.paragraphs.slice(start, end),
      };
    },

    /**
     * Saves the place (the page's first paragraph and character), moves the furthest point on when
     * `seen` (the page's last paragraph) is past it, and adds the active reading seconds, never more
     * than the time since the last save. One statement, so two devices at once lose nothing.
     */
    async saveProgress(props: {
      actor: Actor;
      bookId: unknown;
      chapter: unknown;
      paragraph: unknown;
      offset?: unknown;
      seenChapter: unknown;
      seenParagraph: unknown;
      activeSeconds: unknown;
    }): Promise<ReadingProgressPayload> {
      const { book, text } = await loadText(props.actor, props.bookId);
      const place = checkPlace(text, props.chapter, props.paragraph);
      const seen = checkPlace(text, props.seenChapter, props.seenParagraph);
      const offset = props.offset ?? 0;
      const length = text.chapters[place.chapter]?.paragraphs[place.paragraph]?.length ?? 0;
      if (!isWhole(offset) || offset < 0 || offset > length) {
        throw badInput(PLACE_MESSAGE);
      }
      if (seen.chapter < place.chapter || (seen.chapter === place.chapter && seen.paragraph < place.paragraph)) {
        throw badInput(PLACE_MESSAGE);
      }
      const seconds = props.activeSeconds;
      if (!isWhole(seconds) || seconds < 0 || seconds > MAX_SECONDS_PER_SAVE) {
        throw badInput(SECONDS_MESSAGE);
      }
      const at = now().getTime();
      const id = `${props.actor.id}_${book.id}`;
      // Timestamps are stored as UTC without a zone (Prisma's way): compare and write them as such.
      const stamp = Prisma.sql`(to_timestamp(${at}::float8 / 1000) AT TIME ZONE 'UTC')`;
      const added = Prisma.sql`LEAST(${seconds}::int, CASE WHEN ub."placeUpdatedAt" IS NULL THEN ${seconds}::int
        ELSE GREATEST(0, CEIL(${at}::float8 / 1000 - EXTRACT(EPOCH FROM ub."placeUpdatedAt"))::int + ${SECONDS_SLACK}::int) END)`;
      const further = Prisma.sql`(ub."furthestChapter" IS NULL OR (EXCLUDED."furthestChapter", EXCLUDED."furthestParagraph")
        > (ub."furthestChapter", ub."furthestParagraph"))`;
      const rows = await prisma.$queryRaw<ProgressRow[]>(Prisma.sql`
        INSERT INTO "UserBook" AS ub (id, "userId", "bookId", "readingTime", "readingSeconds", "placeChapter",
          "placeParagraph", "placeOffset", "furthestChapter", "furthestParagraph", "placeUpdatedAt", "createdAt", "updatedAt")
        VALUES (${id}, ${props.actor.id}, ${book.id},
          CASE WHEN ${seconds}::int > 0 THEN CEIL(${seconds}::int / 60.0)::int ELSE 10 END, ${seconds}::int,
          ${place.chapter}::int, ${place.paragraph}::int, ${offset}::int, ${seen.chapter}::int, ${seen.paragraph}::int,
          ${stamp}, ${stamp}, ${stamp})
        ON CONFLICT (id) DO UPDATE SET
          "readingSeconds" = ub."readingSeconds" + ${added},
          -- The spec's default of 10 minutes stands until some reading has been measured.
          "readingTime" = CASE WHEN ub."readingSeconds" + ${added} > 0
            THEN CEIL((ub."readingSeconds" + ${added}) / 60.0)::int ELSE ub."readingTime" END,
          "placeChapter" = EXCLUDED."placeChapter",
          "placeParagraph" = EXCLUDED."placeParagraph",
          "placeOffset" = EXCLUDED."placeOffset",
          "furthestChapter" = CASE WHEN ${further} THEN EXCLUDED."furthestChapter" ELSE ub."furthestChapter" END,
          "furthestParagraph" = CASE WHEN ${further} THEN EXCLUDED."furthestParagraph" ELSE ub."furthestParagraph" END,
          "placeUpdatedAt" = EXCLUDED."placeUpdatedAt",
          "updatedAt" = EXCLUDED."updatedAt"
        RETURNING read, "readingTime", "readingSeconds", "placeChapter", "placeParagraph", "placeOffset",
          "furthestChapter", "furthestParagraph"`);
      return presentProgress(book.id, rows[0] ?? null);
    },

    async savePrefs(props: { actor: Actor; prefs: Partial<Record<keyof ReaderPrefs, unknown>> }): Promise<ReaderPrefs> {
      const { prefs } = props;
      const checks: [keyof ReaderPrefs, readonly unknown[]][] = [
        ["textSize", TEXT_SIZES],
        ["lineSpacing", LINE_SPACINGS],
        ["theme", THEMES],
        ["font", FONTS],
      ];
      for (const [field, options] of checks) {
        if (prefs[field] !== undefined && prefs[field] !== null && !options.includes(prefs[field])) {
          throw badInput(`${field} must be one of ${options.join(", ")}`, {
            [field]: `Choose one of ${options.join(", ")}`,
          });
        }
      }
      const user = await prisma.user.findUniqueOrThrow({
        where: { id: props.actor.id },
        select: { readerPrefs: true },
      });
      const merged = readPrefs({
        ...readPrefs(user.readerPrefs),
        ...Object.fromEntries(Object.entries(prefs).filter(([, value]) => value !== undefined && value !== null)),
      });
      await prisma.user.update({ where: { id: props.actor.id }, data: { readerPrefs: merged } });
      return merged;
    },
  };
}

export type ReaderService = ReturnType<typeof createReaderService>;
