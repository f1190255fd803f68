import type { Actor } from "../../auth/actor.js";
import { AppError, badInput, ErrorCode, forbidden, Messages, notFound } from "../../errors/app-error.js";
import { type BookCategory, Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import { coverUrl } from "../covers/cover.service.js";
import { type ModerationService, REPEAT_WARNING, SUPPORT_REPLY } from "../moderation/moderation.service.js";
import { BOOK_NOT_FOUND_MESSAGE, BOOK_NOT_READY_MESSAGE, bookAccess, visibleBooksWhere } from "./book.policy.js";

export const CATEGORIES: readonly BookCategory[] = ["primary", "secondary", "college"];
export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_REVIEW_LENGTH = 2000;
export const DEFAULT_READING_TIME = 10;
export const REVIEW_TEXT_REQUIRED_MESSAGE = "Review text is required";
export const REVIEW_TOO_LONG_MESSAGE = `Review must be at most ${MAX_REVIEW_LENGTH} characters`;
export const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";
export const STUDENTS_ONLY_REVIEW_MESSAGE = "Only students can write reviews";
export const REVIEW_FLAGGED_MESSAGE =
  "Your review could not be posted because it contains content that is not allowed. Please change it and try again.";

// Only these columns are read for lists: never the text or the cover bytes.
export const bookSelect = {
  id: true,
  title: true,
  author: true,
  category: true,
  genre: true,
  description: true,
  characterList: true,
  publishedYear: true,
  pages: true,
  status: true,
  hasText: true,
  hasCover: true,
  coverVersion: true,
  coverColor: true,
  ratingSum: true,
  ratingCount: true,
  createdAt: true,
} satisfies Prisma.BookSelect;

export type BookRow = Prisma.BookGetPayload<{ select: typeof bookSelect }>;

export type ReadingPayload = {
  id: string;
  bookId: string;
  read: boolean;
  lastReadAt: Date | null;
  readingTime: number;
};

export type BookPayload = Omit<BookRow, "ratingSum" | "ratingCount" | "coverVersion"> & {
  averageRating: number | null;
  reviewCount: number;
  coverUrl: string | null;
  coverLowUrl: string | null;
  coverImageUrl: string | null;
  coverImagePath: string | null;
  reading: ReadingPayload | null;
};

export type ReviewPayload = {
  id: string;
  bookId: string;
  rating: number;
  reviewText: string;
  studentDisplayName: string;
  createdAt: Date;
  updatedAt: Date;
  isMine: boolean;
};

export type BookPagePayload = { items: BookPayload[]; nextCursor: string | null; totalCount: number };

export type DashboardPayload = {
  booksRead: number;
  readingTime: number;
  recentBooks: (ReadingPayload & { book: BookPayload })[];
  recommendations: BookPayload[];
};

export function presentBook(row: BookRow, reading: ReadingPayload | null = null): BookPayload {
  const { ratingSum, ratingCount, coverVersion, ...rest } = row;
  const cover = { id: row.id, hasCover: row.hasCover, coverVersion };
  return {
    ...rest,
    averageRating: ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : null,
    reviewCount: ratingCount,
    coverUrl: coverUrl(cover, "medium"),
    coverLowUrl: coverUrl(cover, "low"),
    coverImageUrl: coverUrl(cover, "large"),
    coverImagePath: row.hasCover ? `covers/${row.id}` : null,
    reading,
  };
}

const readingId = (userId: string, bookId: string) => `${userId}_${bookId}`;

/** Whose reviews a reader sees: their school's students (an admin without a school: everyone's). */
const reviewerScope = (actor: Actor): Prisma.UserWhereInput =>
  actor.role === "admin" && !actor.schoolId ? {} : { schoolId: actor.schoolId };

const presentReading = (row: {
  id: string;
  bookId: string;
  read: boolean;
  lastReadAt: Date | null;
  readingTime: number;
}): ReadingPayload => ({
  id: row.id,
  bookId: row.bookId,
  read: row.read,
  lastReadAt: row.lastReadAt,
  readingTime: row.readingTime ?? DEFAULT_READING_TIME,
});

/** Keyset cursor over (title, id): stable under inserts, one indexed range scan per page. */
function encodeCursor(row: { title: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.title, row.id])).toString("base64url");
}
function decodeCursor(cursor: string): { title: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      return { title: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw badInput("Invalid cursor");
}

export function createBookService(deps: { prisma: PrismaClient; moderation: Pick<ModerationService, "screen"> }) {
  const { prisma } = deps;

  /** The book if the actor may open it, else the spec's "not found" or "not fully uploaded". */
  async function openBook(actor: Actor, bookId: unknown) {
    if (typeof bookId !== "string" || !bookId || bookId.length > 100) {
      throw notFound(BOOK_NOT_FOUND_MESSAGE);
    }
    const row = await prisma.book.findUnique({
      where: { id: bookId },
      select: {
        ...bookSelect,
        allSchools: true,
        schools: { where: { schoolId: actor.schoolId ?? "" }, select: { schoolId: true } },
      },
    });
    if (!row) {
      throw notFound(BOOK_NOT_FOUND_MESSAGE);
    }
    const { schools, allSchools, ...book } = row;
    const access = bookAccess(actor, { ...book, allSchools, heldByActorSchool: schools.length > 0 });
    if (access === "not-found") {
      throw notFound(BOOK_NOT_FOUND_MESSAGE);
    }
    if (access === "not-ready") {
      throw notFound(BOOK_NOT_READY_MESSAGE);
    }
    return book;
  }

  return {
    openBook,

    /** Explore Books: search, category and genre together, a page at a time, in two statements. */
    async listBooks(props: {
      actor: Actor;
      search?: string | null;
      category?: string | null;
      genre?: string | null;
      first?: number | null;
      after?: string | null;
    }): Promise<BookPagePayload> {
      const search = (props.search ?? "").trim();
      if (search.length > MAX_SEARCH_LENGTH) {
        throw badInput(`Search must be at most ${MAX_SEARCH_LENGTH} characters`);
      }
      if (props.category && !CATEGORIES.includes(props.category as BookCategory)) {
        throw badInput("Unknown category");
      }
      const first = props.first ?? DEFAULT_PAGE_SIZE;
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
        throw badInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
      }
      const filters: Prisma.BookWhereInput[] = [visibleBooksWhere(props.actor)];
      if (search) {
        // A literal substring: % and _ are not wildcards to a reader.
        const pattern = search.replace(/[\\%_]/g, "\\$&");
        filters.push({
          OR: [
            { title: { contains: pattern, mode: "insensitive" } },
            { author: { contains: pattern, mode: "insensitive" } },
          ],
        });
      }
      if (props.category) {
        filters.push({ category: props.category as BookCategory });
      }
      if (props.genre) {
        filters.push({ genre: props.genre.trim().toLowerCase() });
      }
      const where: Prisma.BookWhereInput = { AND: filters };
      const after = props.after ? decodeCursor(props.after) : null;
      const pageWhere: Prisma.BookWhereInput = after
        ? { AND: [where, { OR: [{ title: { gt: after.title } }, { title: after.title, id: { gt: after.id } }] }] }
        : where;
      const [rows, totalCount] = await Promise.all([
        prisma.book.findMany({
          where: pageWhere,
          select: bookSelect,
          orderBy: [{ title: "asc" }, { id: "asc" }],
          take: first + 1,
        }),
        prisma.book.count({ where }),
      ]);
      const items = rows.slice(0, first);
      const last = items[items.length - 1];
      return {
        items: items.map((row) => presentBook(row)),
        nextCursor: rows.length > first && last ? encodeCursor(last) : null,
        totalCount,
      };
    },

    /** The genres that exist among the books the actor can see. */
    async listGenres(actor: Actor): Promise<string[]> {
      const rows = await prisma.book.findMany({
        where: visibleBooksWhere(actor),
        distinct: ["genre"],
        select: { genre: true },
        orderBy: { genre: "asc" },
      });
      return rows.map((row) => row.genre);
    },

    /**
     * One book with the reader's reading record. Its rating and review count are those of the
     * reviews the reader can see (their school's students), so the page's numbers match its list.
     */
    async getBook(props: { actor: Actor; bookId: unknown }): Promise<BookPayload> {
      const book = await openBook(props.actor, props.bookId);
      const [reading, ratings] = await Promise.all([
        prisma.userBook.findUnique({ where: { id: readingId(props.actor.id, book.id) } }),
        prisma.review.aggregate({
          where: { bookId: book.id, user: { role: "student", ...reviewerScope(props.actor) } },
          _sum: { rating: true },
          _count: { _all: true },
        }),
      ]);
      return presentBook(
        { ...book, ratingSum: ratings._sum.rating ?? 0, ratingCount: ratings._count._all },
        reading ? presentReading(reading) : null,
      );
    },

    /** Check: read, lastReadAt now. Uncheck: not read, lastReadAt null. readingTime is kept. */
    async setRead(props: { actor: Actor; bookId: unknown; read: unknown }): Promise<ReadingPayload> {
      if (typeof props.read !== "boolean") {
        throw badInput("read must be true or false");
      }
      const book = await openBook(props.actor, props.bookId);
      const lastReadAt = props.read ? new Date() : null;
      const row = await prisma.userBook.upsert({
        where: { id: readingId(props.actor.id, book.id) },
        create: {
          id: readingId(props.actor.id, book.id),
          userId: props.actor.id,
          bookId: book.id,
          read: props.read,
          lastReadAt,
        },
        update: { read: props.read, lastReadAt },
      });
      return presentReading(row);
    },

    /** The reviews of a book by students of the actor's school (every school for an admin), newest first. */
    async listReviews(props: { actor: Actor; bookId: unknown }): Promise<ReviewPayload[]> {
      const book = await openBook(props.actor, props.bookId);
      const rows = await prisma.review.findMany({
        where: { bookId: book.id, user: { role: "student", ...reviewerScope(props.actor) } },
        orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
        take: 200,
        select: {
          id: true,
          bookId: true,
          rating: true,
          reviewText: true,
          createdAt: true,
          updatedAt: true,
          userId: true,
          user: { select: { displayName: true } },
        },
      });
      return rows.map(({ user, userId, ...review }) => ({
        ...review,
        studentDisplayName: user.displayName,
        isMine: userId === props.actor.id,
      }));
    },

    async myReview(props: { actor: Actor; bookId: unknown }): Promise<ReviewPayload | null> {
      const book = await openBook(props.actor, props.bookId);
      const row = await prisma.review.findUnique({
        where: { userId_bookId: { userId: props.actor.id, bookId: book.id } },
      });
      if (!row) {
        return null;
      }
      const { userId: _userId, ...review } = row;
      return { ...review, studentDisplayName: props.actor.displayName, isMine: true };
    },

    /**
     * One review per student per book: a second submission replaces the first. The book's rating
     * totals change in the same transaction, with the book row locked so concurrent reviews add up.
     */
    async submitReview(props: { actor: Actor; bookId: unknown; input: unknown }): Promise<ReviewPayload> {
      const { actor } = props;
      if (actor.role !== "student") {
        throw forbidden(STUDENTS_ONLY_REVIEW_MESSAGE);
      }
      // The block as it is now (a WebSocket's session was read when it connected).
      const current = await prisma.user.findUnique({ where: { id: actor.id }, select: { blocked: true } });
      if (actor.blocked || current?.blocked) {
        throw new AppError(ErrorCode.AccountRestricted, Messages.accountRestricted);
      }
      const check = new FieldCheck(asRecord(props.input));
      const reviewText = check.string("reviewText", { label: "Review text" });
      if (!check.has("reviewText")) {
        if (!reviewText) {
          check.fail("reviewText", REVIEW_TEXT_REQUIRED_MESSAGE);
        } else if (reviewText.length > MAX_REVIEW_LENGTH) {
          check.fail("reviewText", REVIEW_TOO_LONG_MESSAGE);
        }
      }
      const rawRating = asRecord(props.input).rating ?? 5;
      const rating = typeof rawRating === "string" && /^\d$/.test(rawRating) ? Number(rawRating) : rawRating;
      if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) {
        check.fail("rating", RATING_MESSAGE);
      }
      check.done();
      const book = await openBook(actor, props.bookId);
      // Screened like a chat message: a strike (or a block) for harmful text, an urgent alert for risk.
      const outcome = await deps.moderation.screen({ actor, text: reviewText, context: "review", bookId: book.id });
      if ((outcome.kind === "strike" && outcome.blocked) || outcome.kind === "refused") {
        // Blocked by this review, or by another text a moment ago (only students write reviews).
        throw new AppError(ErrorCode.AccountRestricted, Messages.accountRestricted);
      }
      if (outcome.kind === "risk") {
        throw new AppError(ErrorCode.ContentFlagged, SUPPORT_REPLY, { fields: { reviewText: SUPPORT_REPLY } });
      }
      if (outcome.kind !== "clear") {
        const message = REVIEW_FLAGGED_MESSAGE + (outcome.kind === "strike" ? REPEAT_WARNING : "");
        throw new AppError(ErrorCode.ContentFlagged, message, { fields: { reviewText: message } });
      }
      const stars = rating as number;
      const row = await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Book" WHERE id = ${book.id} FOR UPDATE`;
        const previous = await tx.review.findUnique({
          where: { userId_bookId: { userId: actor.id, bookId: book.id } },
          select: { rating: true },
        });
        const saved = await tx.review.upsert({
          where: { userId_bookId: { userId: actor.id, bookId: book.id } },
          create: { userId: actor.id, bookId: book.id, rating: stars, reviewText },
          update: { rating: stars, reviewText },
        });
        await tx.book.update({
          where: { id: book.id },
          data: previous
            ? { ratingSum: { increment: stars - previous.rating } }
            : { ratingSum: { increment: stars }, ratingCount: { increment: 1 } },
          select: { id: true },
        });
        return saved;
      });
      const { userId: _userId, ...review } = row;
      return { ...review, studentDisplayName: actor.displayName, isMine: true };
    },

    /** The whole student dashboard in a fixed handful of statements, whatever the size of the catalogue. */
    async dashboard(actor: Actor): Promise<DashboardPayload> {
      const visible = visibleBooksWhere(actor);
      const readRows = await prisma.userBook.findMany({
        where: { userId: actor.id, read: true, book: visible },
        orderBy: [{ lastReadAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
        select: {
          id: true,
          bookId: true,
          read: true,
          lastReadAt: true,
          readingTime: true,
          book: { select: bookSelect },
        },
      });
      const recentBooks = readRows.slice(0, 3).map(({ book, ...reading }) => ({
        ...presentReading(reading),
        book: presentBook(book, presentReading(reading)),
      }));
      return {
        booksRead: readRows.length,
        readingTime: readRows.reduce((sum, row) => sum + (row.readingTime ?? DEFAULT_READING_TIME), 0),
        recentBooks,
        recommendations: await recommend(actor, 3, {
          readIds: readRows.map((row) => row.bookId),
          kinds: [...new Set(readRows.map((row) => `${row.book.genre}|${row.book.category}`))],
        }),
      };
    },
  };

  /**
   * Up to `limit` books the student has not read: first those sharing a genre and category with a
   * book they read, then the best rated; never a book already read. The read books come from the
   * caller, so the ranking is one pass over the catalogue without a subquery per book.
   */
  async function recommend(
    actor: Actor,
    limit: number,
    history: { readIds: string[]; kinds: string[] },
  ): Promise<BookPayload[]> {
    const held =
      actor.role === "admin"
        ? Prisma.sql`TRUE`
        : Prisma.sql`b.status = 'published' AND b."hasText" AND b."hasCover" AND (b."allSchools" OR EXISTS (
            SELECT 1 FROM "BookSchool" bs WHERE bs."bookId" = b.id AND bs."schoolId" = ${actor.schoolId ?? ""}))`;
    const ids = await prisma.$queryRaw<{ id: string }[]>`
      SELECT b.id FROM "Book" b
      WHERE ${held} AND NOT (b.id = ANY(${history.readIds}::text[]))
      ORDER BY
        (b.genre || '|' || b.category::text) = ANY(${history.kinds}::text[]) DESC,
        (b."ratingSum"::float / NULLIF(b."ratingCount", 0)) DESC NULLS LAST,
        b."ratingCount" DESC,
        b.title ASC
      LIMIT ${limit}`;
    if (ids.length === 0) {
      return [];
    }
    const rows = await prisma.book.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: bookSelect });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap(({ id }) => {
      const row = byId.get(id);
      return row ? [presentBook(row)] : [];
    });
  }
}

export type BookService = ReturnType<typeof createBookService>;
