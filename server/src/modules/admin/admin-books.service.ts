import type { Actor } from "../../auth/actor.js";
import { badInput, conflict, notFound } from "../../errors/app-error.js";
import type { BookCategory, BookStatus, Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { asRecord, FieldCheck, withoutControlCharacters } from "../../validation/fields.js";
import { type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import { BOOK_NOT_FOUND_MESSAGE } from "../books/book.policy.js";
import type { CatalogueCache } from "../books/catalogue-cache.js";
import { type BookPayload, bookSelect, CATEGORIES, presentBook } from "../books/book.service.js";
import { countWords } from "../books/book-length.js";
import { storeCover } from "../covers/cover.service.js";
import { type AdminActionKind, type Db, quoted, recordAdminAction, requireAdmin } from "./audit.js";
import { createHash } from "node:crypto";

// The catalogue as an admin runs it (spec: Admin books): every book in any state, added as a draft,
// edited, given a cover and its text, published only when both are there, and deleted (or archived
// when students have used it, so their reading, reviews and chats are kept).

export const MAX_TITLE_LENGTH = 200;
export const MAX_AUTHOR_LENGTH = 200;
export const MAX_GENRE_LENGTH = 40;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_CHARACTERS = 50;
export const MAX_CHARACTER_NAME_LENGTH = 100;
export const MAX_PAGES = 100_000;
export const MIN_PUBLISHED_YEAR = -3000;
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;
export const ADMIN_BOOKS_PAGE_SIZE = 20;
export const MAX_ADMIN_BOOKS_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;
const MAX_SIMILAR_BOOKS = 5;
const MAX_ID_LENGTH = 100;

export const TITLE_REQUIRED_MESSAGE = "Title is required";
export const AUTHOR_REQUIRED_MESSAGE = "Author is required";
export const CATEGORY_MESSAGE = "Category must be primary, secondary or college";
export const PAGES_MESSAGE = `Pages must be a whole number from 1 to ${MAX_PAGES}`;
export const SCHOOLS_REQUIRED_MESSAGE = "Choose at least one school, or all schools";
export const UNKNOWN_SCHOOL_MESSAGE = "Unknown school";
export const TEXT_NOT_UTF8_MESSAGE = "The text must be a plain text file in UTF-8";
export const TEXT_EMPTY_MESSAGE = "The text is empty";
export const TEXT_TOO_LARGE_MESSAGE = "The text must be at most 10 MB";
export const DELETE_PERMANENTLY_MESSAGE = "Only an archived book can be deleted permanently";
export const DEFAULT_GENRE = "fiction";

export function publishedYearMessage(now = new Date()): string {
  return `Published year must be a whole number up to ${now.getFullYear() + 1}`;
}

/** Why a book cannot be published yet, or null when it can. */
export function publishRefusal(book: { hasCover: boolean; hasText: boolean }): string | null {
  if (!book.hasCover && !book.hasText) {
    return "Add a cover image and the book's text before publishing";
  }
  if (!book.hasCover) {
    return "Add a cover image before publishing";
  }
  return book.hasText ? null : "Add the book's text before publishing";
}

const adminBookSelect = {
  ...bookSelect,
  allSchools: true,
  updatedAt: true,
  schools: { select: { schoolId: true } },
  text: { select: { sizeBytes: true } },
  _count: { select: { userBooks: true, reviews: true, chats: true } },
} satisfies Prisma.BookSelect;

type AdminBookRow = Prisma.BookGetPayload<{ select: typeof adminBookSelect }>;

export type BookUsage = { readers: number; reviews: number; chats: number };

export type AdminBookPayload = BookPayload & {
  allSchools: boolean;
  schoolIds: string[];
  textSizeBytes: number | null;
  updatedAt: Date;
  usage: BookUsage;
};

export type AdminBookPagePayload = { items: AdminBookPayload[]; totalCount: number; nextOffset: number | null };

export type DeleteBookPayload = { outcome: "deleted" | "archived"; bookId: string; book: AdminBookPayload | null };

function presentAdminBook(row: AdminBookRow): AdminBookPayload {
  const { schools, text, _count, allSchools, updatedAt, ...book } = row;
  return {
    ...presentBook(book),
    allSchools,
    updatedAt,
    schoolIds: schools.map((school) => school.schoolId).sort(),
    textSizeBytes: text?.sizeBytes ?? null,
    usage: { readers: _count.userBooks, reviews: _count.reviews, chats: _count.chats },
  };
}

const isUsed = (usage: BookUsage) => usage.readers + usage.reviews + usage.chats > 0;

type BookFields = {
  title: string;
  author: string;
  category: BookCategory;
  genre: string;
  description: string;
  characterList: string[];
  publishedYear: number | null;
  pages: number | null;
  allSchools: boolean;
  schoolIds: string[];
};

function optionalWholeNumber(
  check: FieldCheck,
  source: Record<string, unknown>,
  field: string,
  ok: (n: number) => boolean,
  message: string,
) {
  const value = source[field];
  if (value === undefined || value === null || value === "") {
    return null;
  }
  const number = typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || !ok(number)) {
    check.fail(field, message);
    return null;
  }
  return number;
}

/** The Add / Edit form's fields, checked; the first problem is the error's message. */
export function readBookFields(raw: unknown, now = new Date()): BookFields {
  const source = asRecord(raw);
  const check = new FieldCheck(source);
  const title = check.string("title", { label: "Title" });
  if (!check.has("title") && !title) {
    check.fail("title", TITLE_REQUIRED_MESSAGE);
  } else if (title.length > MAX_TITLE_LENGTH) {
    check.fail("title", `Title must be at most ${MAX_TITLE_LENGTH} characters`);
  }
  const author = check.string("author", { label: "Author" });
  if (!check.has("author") && !author) {
    check.fail("author", AUTHOR_REQUIRED_MESSAGE);
  } else if (author.length > MAX_AUTHOR_LENGTH) {
    check.fail("author", `Author must be at most ${MAX_AUTHOR_LENGTH} characters`);
  }
  const publishedYear = optionalWholeNumber(
    check,
    source,
    "publishedYear",
    (n) => n >= MIN_PUBLISHED_YEAR && n <= now.getFullYear() + 1,
    publishedYearMessage(now),
  );
  const pages = optionalWholeNumber(check, source, "pages", (n) => n >= 1 && n <= MAX_PAGES, PAGES_MESSAGE);
  const categoryText = check.string("category", { label: "Category" }).toLowerCase() || "primary";
  if (!check.has("category") && !CATEGORIES.includes(categoryText as BookCategory)) {
    check.fail("category", CATEGORY_MESSAGE);
  }
  const genre = check.string("genre", { label: "Genre" }).toLowerCase().replace(/\s+/g, " ") || DEFAULT_GENRE;
  if (genre.length > MAX_GENRE_LENGTH) {
    check.fail("genre", `Genre must be at most ${MAX_GENRE_LENGTH} characters`);
  }
  const description = check.string("description", { label: "Description" });
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    check.fail("description", `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  }
  const characterList = readNames(check, source.characterList);
  const allSchools = source.allSchools === undefined || source.allSchools === null ? true : source.allSchools;
  if (typeof allSchools !== "boolean") {
    check.fail("allSchools", "allSchools must be true or false");
  }
  const schoolIds = readIds(check, source.schoolIds);
  if (allSchools === false && schoolIds.length === 0 && !check.has("schoolIds")) {
    check.fail("schoolIds", SCHOOLS_REQUIRED_MESSAGE);
  }
  check.done();
  return {
    title,
    author,
    category: categoryText as BookCategory,
    genre,
    description,
    characterList,
    publishedYear,
    pages,
    allSchools: allSchools === true,
    schoolIds: allSchools === true ? [] : schoolIds,
  };
}

function readNames(check: FieldCheck, value: unknown): string[] {
  if (value === undefined || value === null) {
    return [];
  }
  if (!Array.isArray(value) || value.some((name) => typeof name !== "string")) {
    check.fail("characterList", "Characters must be a list of names");
    return [];
  }
  const names = [
    ...new Set(value.map((name: string) => withoutControlCharacters(name).trim().replace(/\s+/g, " "))),
  ].filter(Boolean);
  if (names.length > MAX_CHARACTERS) {
    check.fail("characterList", `At most ${MAX_CHARACTERS} characters`);
  } else if (names.some((name) => name.length > MAX_CHARACTER_NAME_LENGTH)) {
    check.fail("characterList", `A character's name must be at most ${MAX_CHARACTER_NAME_LENGTH} characters`);
  }
  return names;
}

function readIds(check: FieldCheck, value: unknown): string[] {
  if (value === undefined || value === null) {
    return [];
  }
  if (!Array.isArray(value) || value.some((id) => typeof id !== "string" || id.length > MAX_ID_LENGTH)) {
    check.fail("schoolIds", "schoolIds must be a list of school ids");
    return [];
  }
  return [...new Set(value as string[])];
}

function bookIdOf(value: unknown): string {
  if (typeof value !== "string" || !value || value.length > MAX_ID_LENGTH) {
    throw notFound(BOOK_NOT_FOUND_MESSAGE);
  }
  return value;
}

/** The text of an upload or a paste: UTF-8 (checked, not guessed), without a BOM, NULs or CRs. */
export function readBookText(content: unknown): { text: string; sizeBytes: number; sha256: string } {
  let text: string;
  if (typeof content === "string") {
    text = content;
  } else if (content instanceof Uint8Array) {
    if (content.byteLength > MAX_TEXT_BYTES) {
      throw badInput(TEXT_TOO_LARGE_MESSAGE);
    }
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    } catch {
      throw badInput(TEXT_NOT_UTF8_MESSAGE);
    }
  } else {
    throw badInput(TEXT_EMPTY_MESSAGE);
  }
  // UTF-16 text decodes as "valid" UTF-8 full of NULs; no plain text has them.
  if (text.includes("\u0000")) {
    throw badInput(TEXT_NOT_UTF8_MESSAGE);
  }
  text = withoutControlCharacters(text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n"));
  if (!text.trim()) {
    throw badInput(TEXT_EMPTY_MESSAGE);
  }
  const sizeBytes = Buffer.byteLength(text);
  if (sizeBytes > MAX_TEXT_BYTES) {
    throw badInput(TEXT_TOO_LARGE_MESSAGE);
  }
  return { text, sizeBytes, sha256: createHash("sha256").update(text).digest("hex") };
}

export function createAdminBookService(deps: {
  prisma: PrismaClient;
  /** Explore's cached counts (and recommendations) are dropped after each change to the catalogue. */
  catalogue?: Pick<CatalogueCache, "changed">;
  pubsub?: AppPubSub;
}) {
  const { prisma } = deps;
  // Without the instance's own cache, other instances (and this one's subscribers) still hear of it.
  const catalogueChanged = () =>
    deps.catalogue ? deps.catalogue.changed(null) : deps.pubsub?.publish(Topics.catalogueChanged, { schoolId: null });

  /** Runs a change to the catalogue, then announces it (after the commit: readers see the new rows). */
  async function announced<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    catalogueChanged();
    return result;
  }

  async function loadBook(db: Db, bookId: string): Promise<AdminBookRow> {
    const row = await db.book.findUnique({ where: { id: bookId }, select: adminBookSelect });
    if (!row) {
      throw notFound(BOOK_NOT_FOUND_MESSAGE);
    }
    return row;
  }

  async function checkSchools(db: Db, schoolIds: string[]): Promise<void> {
    if (schoolIds.length === 0) {
      return;
    }
    const found = await db.school.count({ where: { id: { in: schoolIds } } });
    if (found !== schoolIds.length) {
      throw badInput(UNKNOWN_SCHOOL_MESSAGE, { schoolIds: UNKNOWN_SCHOOL_MESSAGE });
    }
  }

  /** Runs a change to one book and its audit record in one transaction; answers the book as it is now. */
  async function change(
    actor: Actor,
    rawBookId: unknown,
    work: (
      tx: Prisma.TransactionClient,
      book: AdminBookRow,
    ) => Promise<{ action: AdminActionKind; summary: string } | null>,
  ): Promise<AdminBookPayload> {
    requireAdmin(actor);
    const bookId = bookIdOf(rawBookId);
    return announced(
      prisma.$transaction(async (tx) => {
        // Lock the row: two admins changing one book at once run one after the other.
        const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Book" WHERE id = ${bookId} FOR UPDATE`;
        if (locked.length === 0) {
          throw notFound(BOOK_NOT_FOUND_MESSAGE);
        }
        const audit = await work(tx, await loadBook(tx, bookId));
        if (audit) {
          await recordAdminAction(tx, actor, { ...audit, targetType: "book", targetId: bookId });
        }
        return presentAdminBook(await loadBook(tx, bookId));
      }),
    );
  }

  function fieldsData(fields: BookFields) {
    const { schoolIds: _schoolIds, ...data } = fields;
    return data;
  }

  async function setStatus(actor: Actor, rawBookId: unknown, status: BookStatus) {
    return change(actor, rawBookId, async (tx, book) => {
      if (book.status === status) {
        return null;
      }
      if (status === "published") {
        const refusal = publishRefusal(book);
        if (refusal) {
          throw conflict(refusal);
        }
      }
      await tx.book.update({ where: { id: book.id }, data: { status }, select: { id: true } });
      return {
        action: status === "published" ? "book.published" : "book.unpublished",
        summary: `${status === "published" ? "Published" : "Moved to draft"} ${quoted(book.title)}`,
      };
    });
  }

  return {
    /** Every book in any state, searched by title or author, a page at a time. */
    async listBooks(props: {
      actor: Actor;
      search?: string | null;
      status?: BookStatus | null;
      offset?: number | null;
      limit?: number | null;
    }): Promise<AdminBookPagePayload> {
      requireAdmin(props.actor);
      const search = (props.search ?? "").trim();
      if (search.length > MAX_SEARCH_LENGTH) {
        throw badInput(`Search must be at most ${MAX_SEARCH_LENGTH} characters`);
      }
      const offset = props.offset ?? 0;
      const limit = props.limit ?? ADMIN_BOOKS_PAGE_SIZE;
      if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) {
        throw badInput("offset must be a whole number from 0");
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ADMIN_BOOKS_PAGE_SIZE) {
        throw badInput(`limit must be between 1 and ${MAX_ADMIN_BOOKS_PAGE_SIZE}`);
      }
      const filters: Prisma.BookWhereInput[] = [];
      if (search) {
        const pattern = search.replace(/[\\%_]/g, "\\$&");
        filters.push({
          OR: [
            { title: { contains: pattern, mode: "insensitive" } },
            { author: { contains: pattern, mode: "insensitive" } },
          ],
        });
      }
      if (props.status) {
        filters.push({ status: props.status });
      }
      const where: Prisma.BookWhereInput = { AND: filters };
      const [rows, totalCount] = await Promise.all([
        prisma.book.findMany({
          where,
          select: adminBookSelect,
          orderBy: [{ title: "asc" }, { id: "asc" }],
          skip: offset,
          take: limit,
        }),
        prisma.book.count({ where }),
      ]);
      return {
        items: rows.map(presentAdminBook),
        totalCount,
        nextOffset: offset + rows.length < totalCount ? offset + rows.length : null,
      };
    },

    async getBook(props: { actor: Actor; bookId: unknown }): Promise<AdminBookPayload> {
      requireAdmin(props.actor);
      return presentAdminBook(await loadBook(prisma, bookIdOf(props.bookId)));
    },

    /**
     * The books, in any status, that 'Add New Book' would repeat: the same title and author, whatever
     * their letter case and spaces ("C.S. Lewis" is "C. S. Lewis"). Published first, at most a few.
     */
    async findSimilarBooks(props: { actor: Actor; title: string; author: string }): Promise<AdminBookPayload[]> {
      requireAdmin(props.actor);
      const title = props.title.trim();
      const author = props.author.trim();
      // As createBook: a longer one could not be added anyway.
      if (title.length > MAX_TITLE_LENGTH) {
        const message = `Title must be at most ${MAX_TITLE_LENGTH} characters`;
        throw badInput(message, { title: message });
      }
      if (author.length > MAX_AUTHOR_LENGTH) {
        const message = `Author must be at most ${MAX_AUTHOR_LENGTH} characters`;
        throw badInput(message, { author: message });
      }
      if (!title || !author) {
        return [];
      }
      // Both sides through the same SQL functions, so that the book's and the form's text compare alike.
      const found = await prisma.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Book"
        WHERE lower(regexp_replace(title, '[[:space:]]+', '', 'g')) = lower(regexp_replace(${title}::text, '[[:space:]]+', '', 'g'))
          AND lower(regexp_replace(author, '[[:space:]]+', '', 'g')) = lower(regexp_replace(${author}::text, '[[:space:]]+', '', 'g'))
        ORDER BY CASE status WHEN 'published' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END, "createdAt", id
        LIMIT ${MAX_SIMILAR_BOOKS}`;
      const ids = found.map((row) => row.id);
      const rows = await prisma.book.findMany({ where: { id: { in: ids } }, select: adminBookSelect });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentAdminBook(row)] : [];
      });
    },

    /** 'Add New Book': a draft until it has a cover and its text and is published. */
    async createBook(props: { actor: Actor; input: unknown }): Promise<AdminBookPayload> {
      requireAdmin(props.actor);
      const fields = readBookFields(props.input);
      return announced(
        prisma.$transaction(async (tx) => {
          await checkSchools(tx, fields.schoolIds);
          const book = await tx.book.create({
            data: {
              ...fieldsData(fields),
              status: "draft",
              schools: { create: fields.schoolIds.map((schoolId) => ({ schoolId })) },
            },
            select: { id: true },
          });
          await recordAdminAction(tx, props.actor, {
            action: "book.created",
            targetType: "book",
            targetId: book.id,
            summary: `Added ${quoted(fields.title)} by ${fields.author}`,
          });
          return presentAdminBook(await loadBook(tx, book.id));
        }),
      );
    },

    async updateBook(props: { actor: Actor; bookId: unknown; input: unknown }): Promise<AdminBookPayload> {
      requireAdmin(props.actor);
      const fields = readBookFields(props.input);
      return change(props.actor, props.bookId, async (tx, book) => {
        await checkSchools(tx, fields.schoolIds);
        await tx.bookSchool.deleteMany({ where: { bookId: book.id } });
        await tx.book.update({
          where: { id: book.id },
          data: {
            ...fieldsData(fields),
            schools: { create: fields.schoolIds.map((schoolId) => ({ schoolId })) },
          },
          select: { id: true },
        });
        return { action: "book.updated", summary: `Edited ${quoted(fields.title)}` };
      });
    },

    /** A cover, checked by its content (PNG, JPEG or WebP, at most 5 MB); nothing stored otherwise. */
    async setCover(props: { actor: Actor; bookId: unknown; image: Uint8Array }): Promise<AdminBookPayload> {
      return change(props.actor, props.bookId, async (tx, book) => {
        await storeCover(tx, book.id, props.image);
        return { action: "book.coverChanged", summary: `New cover for ${quoted(book.title)}` };
      });
    },

    /** The book's text from a .txt upload (bytes, UTF-8 checked) or a paste (a string). */
    async setText(props: { actor: Actor; bookId: unknown; content: unknown }): Promise<AdminBookPayload> {
      requireAdmin(props.actor);
      const { text, sizeBytes, sha256 } = readBookText(props.content);
      return change(props.actor, props.bookId, async (tx, book) => {
        const data = { content: text, sizeBytes, sha256 };
        await tx.bookText.upsert({ where: { bookId: book.id }, create: { bookId: book.id, ...data }, update: data });
        await tx.book.update({
          where: { id: book.id },
          data: { hasText: true, wordCount: countWords(text) },
          select: { id: true },
        });
        return {
          action: "book.textChanged",
          summary: `New text for ${quoted(book.title)} (${Math.max(1, Math.round(sizeBytes / 1024))} KB)`,
        };
      });
    },

    publishBook(props: { actor: Actor; bookId: unknown }): Promise<AdminBookPayload> {
      return setStatus(props.actor, props.bookId, "published");
    },

    unpublishBook(props: { actor: Actor; bookId: unknown }): Promise<AdminBookPayload> {
      return setStatus(props.actor, props.bookId, "draft");
    },

    /**
     * Delete: a book no student has used goes, with its text, cover and school list. A used one is
     * archived instead (hidden from students; their reading, reviews and chats are kept for teachers).
     * `permanently` removes an archived book with everything students did with it, in one transaction.
     */
    async deleteBook(props: {
      actor: Actor;
      bookId: unknown;
      permanently?: boolean | null;
    }): Promise<DeleteBookPayload> {
      requireAdmin(props.actor);
      const bookId = bookIdOf(props.bookId);
      return announced(
        prisma.$transaction(async (tx) => {
          const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Book" WHERE id = ${bookId} FOR UPDATE`;
          if (locked.length === 0) {
            throw notFound(BOOK_NOT_FOUND_MESSAGE);
          }
          const book = presentAdminBook(await loadBook(tx, bookId));
          if (props.permanently && book.status !== "archived") {
            throw conflict(DELETE_PERMANENTLY_MESSAGE);
          }
          if (!props.permanently && isUsed(book.usage)) {
            await tx.book.update({ where: { id: bookId }, data: { status: "archived" }, select: { id: true } });
            await recordAdminAction(tx, props.actor, {
              action: "book.archived",
              targetType: "book",
              targetId: bookId,
              summary: `Archived ${quoted(book.title)} (used by students)`,
            });
            return { outcome: "archived", bookId, book: presentAdminBook(await loadBook(tx, bookId)) };
          }
          // Children first: the schema cascades, but one explicit order keeps the transaction's story plain.
          // Safeguarding events stay (they are about the student), without pointing at rows that are gone.
          await tx.moderationEvent.updateMany({ where: { bookId }, data: { bookId: null, chatId: null } });
          await tx.chatMessage.deleteMany({ where: { chat: { bookId } } });
          await tx.chat.deleteMany({ where: { bookId } });
          await tx.review.deleteMany({ where: { bookId } });
          await tx.userBook.deleteMany({ where: { bookId } });
          await tx.book.delete({ where: { id: bookId }, select: { id: true } });
          await recordAdminAction(tx, props.actor, {
            action: "book.deleted",
            targetType: "book",
            targetId: bookId,
            summary: `Deleted ${quoted(book.title)}`,
          });
          return { outcome: "deleted", bookId, book: null };
        }),
      );
    },
  };
}

export type AdminBookService = ReturnType<typeof createAdminBookService>;
