import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import type { App } from "../../src/app.js";
import { SCHOOL_NAMES, schoolIdOf } from "../../src/db/schools.js";
import type { BookCategory, BookStatus } from "../../src/generated/prisma/client.js";
import { countWords } from "../../src/modules/books/book-length.js";
import { storeCover } from "../../src/modules/covers/cover.service.js";

// Books made with Prisma for the books, reviews, dashboard and cover tests. Every title carries a
// random token, so tests sharing the PostgreSQL database never find each other's books by search.

/** A short random token, lower-case letters and digits only (safe inside titles, genres, searches). */
export const uniqueTag = () => `t${randomBytes(5).toString("hex")}`;

/** A school name other than the given ones, picked at random (tests spread over the fixed list). */
export function otherSchool(...not: (string | null | undefined)[]): string {
  const choices = SCHOOL_NAMES.filter((name) => !not.includes(name));
  return choices[Math.floor(Math.random() * choices.length)] as string;
}

/** A PNG of one colour (sharp). */
export function makePng(width = 60, height = 80, background = "#336699"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

let defaultPng: Promise<Buffer> | undefined;

export type BuildBookOptions = {
  /** Prefix of the title; a random token is appended. */
  title?: string;
  author?: string;
  category?: BookCategory;
  /** Stored lower-cased, as the catalogue seed does. */
  genre?: string;
  status?: BookStatus;
  /** Stores a BookText row and sets hasText (default true). */
  hasText?: boolean;
  /** Stores a cover with storeCover (default true). */
  withCover?: boolean;
  /** The cover image; a 60x80 PNG when omitted. */
  cover?: Buffer;
  /** School names holding the book, or "all" (default). */
  schools?: string[] | "all";
  description?: string;
  characterList?: string[];
  /** The book's text (a two-line story when omitted). */
  text?: string;
};

export type BuiltBook = {
  id: string;
  title: string;
  author: string;
  category: BookCategory;
  genre: string;
  status: BookStatus;
  coverVersion: string | null;
};

/** Creates a book (published, with text and cover, held by every school unless told otherwise). */
export async function buildBook(app: Pick<App, "db">, options: BuildBookOptions = {}): Promise<BuiltBook> {
  const { prisma } = app.db;
  const token = uniqueTag();
  const title = `${options.title ?? "Book"} ${token}`;
  const author = options.author ?? `Author ${token}`;
  const category = options.category ?? "primary";
  const genre = (options.genre ?? "fiction").toLowerCase();
  const status = options.status ?? "published";
  const schools = options.schools ?? "all";
  const book = await prisma.book.create({
    data: {
      title,
      author,
      category,
      genre,
      status,
      description: options.description ?? `About ${title}.`,
      characterList: options.characterList ?? [],
      allSchools: schools === "all",
      ...(schools === "all" ? {} : { schools: { create: schools.map((name) => ({ schoolId: schoolIdOf(name) })) } }),
    },
    select: { id: true },
  });
  if (options.hasText ?? true) {
    const content = options.text ?? `The full text of ${title}.\n\nOnce upon a time...`;
    await prisma.bookText.create({
      data: {
        bookId: book.id,
        content,
        sizeBytes: Buffer.byteLength(content),
        sha256: createHash("sha256").update(content).digest("hex"),
      },
    });
    await prisma.book.update({
      where: { id: book.id },
      data: { hasText: true, wordCount: countWords(content) },
      select: { id: true },
    });
  }
  let coverVersion: string | null = null;
  if (options.withCover ?? true) {
    defaultPng ??= makePng();
    ({ version: coverVersion } = await storeCover(prisma, book.id, options.cover ?? (await defaultPng)));
  }
  return { id: book.id, title, author, category, genre, status, coverVersion };
}

// --- GraphQL documents shared by the books tests ---------------------------------------------------

export const READING_FIELDS = "id bookId read lastReadAt readingTime";
export const BOOK_FIELDS = `id title author category genre description characterList publishedYear pages status
  hasText hasCover coverColor coverUrl coverLowUrl coverImageUrl coverImagePath averageRating reviewCount
  reading { ${READING_FIELDS} }`;

export const BOOKS = `query Books(
  $search: String, $category: BookCategory, $genre: String, $sort: BookSort, $first: Int, $after: String
) {
  books(search: $search, category: $category, genre: $genre, sort: $sort, first: $first, after: $after) {
    items { id title author category genre status coverUrl pages wordCount reading { read } }
    nextCursor
    totalCount
  }
}`;
export const BOOK = `query Book($id: ID!) { book(id: $id) { ${BOOK_FIELDS} } }`;
export const BOOK_GENRES = "query BookGenres { bookGenres }";
export const SET_READ = `mutation SetRead($bookId: ID!, $read: Boolean!) {
  setBookRead(bookId: $bookId, read: $read) { ${READING_FIELDS} }
}`;
export const DASHBOARD = `query Dashboard {
  dashboard {
    booksRead
    readingTime
    recentBooks { ${READING_FIELDS} book { id title reading { read } } }
    recommendations { book { id title author genre category status reading { read } } reason reasonText }
  }
}`;
