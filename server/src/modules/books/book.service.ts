import { createHash } from "node:crypto";
import type { Actor } from "../../auth/actor.js";
import { AppError, badInput, ErrorCode, forbidden, Messages, notFound } from "../../errors/app-error.js";
import { type BookCategory, Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import { coverUrl } from "../covers/cover.service.js";
import { flaggedMessage, type ModerationService, SUPPORT_REPLY } from "../moderation/moderation.service.js";
import {
  MAX_SEEDS,
  NEW_BOOK_DAYS,
  type Ranked,
  rankRecommendations,
  type ReadingLevels,
  type RecommendationReason,
  readingLevels,
  reasonText,
  recommendationCandidates,
  type Seed,
} from "./book-recommendations.js";
import { type Cursor, decodeCursor, encodeCursor, type RankedOrder } from "./book-cursor.js";
import { type BookFilters, filtersSql, filtersWhere } from "./book-filters.js";
import {
  type CatalogueCache,
  catalogueScope,
  createCatalogueCache,
  RECOMMENDATIONS_TTL_MS,
} from "./catalogue-cache.js";
import {
  BOOK_NOT_FOUND_MESSAGE,
  BOOK_NOT_READY_MESSAGE,
  bookAccess,
  visibleBooksSql,
  visibleBooksWhere,
} from "./book.policy.js";

export const CATEGORIES: readonly BookCategory[] = ["primary", "secondary", "college"];
/** Explore's orders: A to Z (the default), newest in the library, and two by the school's activity. */
export const BOOK_SORTS = ["title", "newest", "highestRated", "mostRead"] as const;
export type BookSort = (typeof BOOK_SORTS)[number];
export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_REVIEW_LENGTH = 2000;
export const DEFAULT_READING_TIME = 10;
export const REVIEW_TEXT_REQUIRED_MESSAGE = "Review text is required";
export const REVIEW_TOO_LONG_MESSAGE = `Review must be at most ${MAX_REVIEW_LENGTH} characters`;
export const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";
export const STUDENTS_ONLY_REVIEW_MESSAGE = "Only students can write reviews";

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
  wordCount: true,
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

export type RecommendationPayload = { book: BookPayload; reason: RecommendationReason; reasonText: string };

export type DashboardPayload = {
  booksRead: number;
  readingTime: number;
  recentBooks: (ReadingPayload & { book: BookPayload })[];
  recommendations: RecommendationPayload[];
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
  readingTime: number | null;
}): ReadingPayload => ({
  id: row.id,
  bookId: row.bookId,
  read: row.read,
  lastReadAt: row.lastReadAt,
  readingTime: row.readingTime ?? DEFAULT_READING_TIME,
});

/** A book of a list, with the reader's own reading record of it. */
type ListRow = BookRow & { reading: ReadingPayload | null };

const presentListRow = ({ reading, ...row }: ListRow): BookPayload => presentBook(row, reading);

export function createBookService(deps: {
  prisma: PrismaClient;
  moderation: Pick<ModerationService, "screen">;
  /** Shared with the services that change the catalogue (one per instance); a private one otherwise. */
  catalogue?: CatalogueCache;
  /** How long a student's recommendations are held (RECOMMENDATIONS_TTL_MS unless said; 0: never). */
  recommendationsTtlMs?: number;
}) {
  const { prisma } = deps;
  const catalogue = deps.catalogue ?? createCatalogueCache();
  const recommendationsTtl = deps.recommendationsTtlMs ?? RECOMMENDATIONS_TTL_MS;

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

  type Page = { rows: ListRow[]; nextCursor: string | null };

  /**
   * A list's books with the reader's own reading record of each, joined by its key: one plain
   * statement over the book aliased `b` (and the reading `r`). `tail` is its WHERE, ORDER BY and LIMIT;
   * `with` a query named `t`, `join` and `columns` (from ", ...") what the list adds to each row.
   */
  async function listRows<Extra extends object = object>(
    actor: Actor,
    query: { tail: Prisma.Sql; with?: Prisma.Sql; join?: Prisma.Sql; columns?: Prisma.Sql },
  ): Promise<(ListRow & Extra)[]> {
    type Row = Omit<BookRow, "category" | "status"> & {
      category: BookCategory;
      status: BookRow["status"];
      readingId: string | null;
      read: boolean | null;
      lastReadAt: Date | null;
      readingTime: number | null;
    } & Extra;
    const rows = await prisma.$queryRaw<Row[]>`
      ${query.with ? Prisma.sql`WITH t AS (${query.with})` : Prisma.empty}
      SELECT b.id, b.title, b.author, b.category::text AS category, b.genre, b.description, b."characterList",
        b."publishedYear", b.pages, b."wordCount", b.status::text AS status, b."hasText", b."hasCover",
        b."coverVersion", b."coverColor", b."ratingSum", b."ratingCount", b."createdAt",
        r.id AS "readingId", r.read, r."lastReadAt", r."readingTime" ${query.columns ?? Prisma.empty}
      FROM "Book" b LEFT JOIN "UserBook" r ON r."userId" = ${actor.id} AND r."bookId" = b.id
      ${query.join ?? Prisma.empty}
      ${query.tail}`;
    return rows.map(({ readingId, read, lastReadAt, readingTime, ...row }) => ({
      ...row,
      reading:
        readingId === null
          ? null
          : presentReading({
              id: readingId,
              bookId: row.id,
              read: read ?? false,
              lastReadAt,
              readingTime,
            }),
    })) as (ListRow & Extra)[];
  }

  /** The books after (title, id) in A to Z order, over the book aliased `b`. */
  const afterTitle = (title: string, id: string) =>
    Prisma.sql`(b.title > ${title} OR (b.title = ${title} AND b.id > ${id}))`;

  /** A to Z (title, id) or newest first (createdAt, id): one indexed range scan per page. */
  async function keysetPage(props: {
    actor: Actor;
    filters: BookFilters;
    first: number;
    order: "title" | "newest";
    after: Cursor | null;
  }): Promise<Page> {
    const { after, first } = props;
    const from =
      after?.order === "title"
        ? Prisma.sql`AND ${afterTitle(after.title, after.id)}`
        : after?.order === "newest"
          ? Prisma.sql`AND (b."createdAt" < ${after.createdAt} OR (b."createdAt" = ${after.createdAt} AND b.id > ${after.id}))`
          : Prisma.empty;
    const rows = await listRows(props.actor, {
      tail: Prisma.sql`WHERE ${filtersSql(props.actor, props.filters)} ${from}
        ORDER BY ${props.order === "newest" ? Prisma.sql`b."createdAt" DESC, b.id` : Prisma.sql`b.title, b.id`}
        LIMIT ${first + 1}`,
    });
    const items = rows.slice(0, first);
    const last = items[items.length - 1];
    const cursor: Cursor | null =
      rows.length > first && last
        ? props.order === "newest"
          ? { order: "newest", createdAt: last.createdAt, id: last.id }
          : { order: "title", title: last.title, id: last.id }
        : null;
    return { rows: items, nextCursor: cursor ? encodeCursor(cursor) : null };
  }

  /**
   * The school's orders: first the books its students read (mostRead) or reviewed (highestRated),
   * ranked by those totals, then every other book A to Z. The totals and their ranking cover the
   * school's activity only (one statement), so the work is bounded by what the school did, not by
   * the catalogue; the rest is a range of the title index.
   */
  async function schoolOrderPage(props: {
    actor: Actor;
    filters: BookFilters;
    first: number;
    order: RankedOrder;
    after: Cursor | null;
  }): Promise<Page> {
    const { actor, first, order } = props;
    const after = props.after?.order === order ? props.after : null;
    // An admin without a school ranks by every school's students; anyone else without one has no
    // school activity, so every book comes A to Z.
    const everySchool = actor.role === "admin" && !actor.schoolId;
    const ranksSchoolActivity = everySchool || Boolean(actor.schoolId);
    // The school's students' readers and ratings per book, kept by triggers (SchoolBookStat): the
    // school's best come from its indexes on (school, readers) and (school, average, ratings), best
    // first, and the statement stops once the page is full.
    const stats = everySchool
      ? Prisma.sql`SELECT st."bookId", sum(st.readers)::int AS readers, sum(st."ratingSum")::int AS "ratingSum",
            sum(st."ratingCount")::int AS "ratingCount",
            CASE WHEN sum(st."ratingCount") > 0 THEN sum(st."ratingSum")::float8 / sum(st."ratingCount") ELSE 0 END
              AS average
          FROM "SchoolBookStat" st GROUP BY st."bookId"`
      : Prisma.sql`SELECT st."bookId", st.readers, st."ratingSum", st."ratingCount", st.average
          FROM "SchoolBookStat" st WHERE st."schoolId" = ${actor.schoolId ?? ""}`;
    const totals =
      order === "mostRead"
        ? Prisma.sql`SELECT s."bookId" AS id, s.readers AS a, 0 AS b FROM (${stats}) s WHERE s.readers > 0`
        : Prisma.sql`SELECT s."bookId" AS id, s."ratingSum" AS a, s."ratingCount" AS b, s.average FROM (${stats}) s
            WHERE s."ratingCount" > 0`;
    // Most readers first; or the best average (sum / count as a float, stored and in the cursor alike),
    // then the most ratings; then A to Z.
    const orderBy =
      order === "mostRead" ? Prisma.sql`t.a DESC, b.title, b.id` : Prisma.sql`t.average DESC, t.b DESC, b.title, b.id`;
    const from =
      after?.part === "ranked"
        ? order === "mostRead"
          ? Prisma.sql`AND (t.a < ${after.a} OR (t.a = ${after.a} AND ${afterTitle(after.title, after.id)}))`
          : Prisma.sql`AND (t.average < ${after.a}::float8 / ${after.b} OR (t.average = ${after.a}::float8 / ${after.b}
              AND (t.b < ${after.b} OR (t.b = ${after.b} AND ${afterTitle(after.title, after.id)}))))`
        : Prisma.empty;
    const filtered = filtersSql(actor, props.filters);
    const ranked =
      !ranksSchoolActivity || after?.part === "rest"
        ? []
        : await listRows<{ rankA: number; rankB: number }>(actor, {
            with: totals,
            columns: Prisma.sql`, t.a AS "rankA", t.b AS "rankB"`,
            join: Prisma.sql`JOIN t ON t.id = b.id`,
            tail: Prisma.sql`WHERE ${filtered} ${from} ORDER BY ${orderBy} LIMIT ${first + 1}`,
          });
    // Then every book the school did not read (or rate), A to Z.
    const need = first + 1 - ranked.length;
    const rest =
      need > 0
        ? await listRows(actor, {
            with: ranksSchoolActivity ? totals : undefined,
            tail: Prisma.sql`WHERE ${filtered}
              ${ranksSchoolActivity ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM t WHERE t.id = b.id)` : Prisma.empty}
              ${after?.part === "rest" ? Prisma.sql`AND ${afterTitle(after.title, after.id)}` : Prisma.empty}
              ORDER BY b.title, b.id LIMIT ${need}`,
          })
        : [];
    const rows: ListRow[] = [...ranked.map(({ rankA: _a, rankB: _b, ...row }) => row), ...rest];
    const items = rows.slice(0, first);
    const last = items[items.length - 1];
    if (rows.length <= first || !last) {
      return { rows: items, nextCursor: null };
    }
    const lastKey = ranked.find((key) => key.id === last.id);
    const cursor: Cursor = lastKey
      ? { order, part: "ranked", a: lastKey.rankA, b: lastKey.rankB, title: lastKey.title, id: lastKey.id }
      : { order, part: "rest", title: last.title, id: last.id };
    return { rows: items, nextCursor: encodeCursor(cursor) };
  }

  return {
    openBook,

    /**
     * Explore Books: search, category and genre together, in the chosen order, a page at a time.
     * Keyset pages: A to Z on the title index, newest on the createdAt index; the school's orders
     * rank only the books its students read or reviewed (bounded by the school's activity, not the
     * catalogue), then go on A to Z. Each book carries the reader's own reading record.
     */
    async listBooks(props: {
      actor: Actor;
      search?: string | null;
      category?: string | null;
      genre?: string | null;
      sort?: string | null;
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
      const sort = props.sort ?? "title";
      if (!BOOK_SORTS.includes(sort as BookSort)) {
        throw badInput(`sort must be one of ${BOOK_SORTS.join(", ")}`);
      }
      const first = props.first ?? DEFAULT_PAGE_SIZE;
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
        throw badInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
      }
      const filters: BookFilters = {
        search,
        category: (props.category as BookCategory | null | undefined) ?? null,
        genre: props.genre ? props.genre.trim().toLowerCase() : null,
      };
      const where = filtersWhere(props.actor, filters);
      const order = sort as BookSort;
      const after = props.after ? decodeCursor(props.after, order) : null;
      const page = { actor: props.actor, filters, first };
      const [{ rows, nextCursor }, totalCount] = await Promise.all([
        order === "highestRated" || order === "mostRead"
          ? schoolOrderPage({ ...page, order, after })
          : keysetPage({ ...page, order, after }),
        // The same for every page and every reader of the school: counted once per TTL, not per page.
        catalogue.count(catalogueScope(props.actor), JSON.stringify(filters), () => prisma.book.count({ where })),
      ]);
      return { items: rows.map(presentListRow), nextCursor, totalCount };
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
        const category = outcome.verdict.category ?? "bullying_hate";
        const message = flaggedMessage(category, outcome.kind === "strike", "review");
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

    /**
     * The whole student dashboard in a fixed handful of statements, whatever the size of the catalogue
     * or of the student's reading: what they read (a few columns of each book), the recommendations
     * when they are not held, and the cards of the 3 latest read and the 3 recommended books together.
     */
    async dashboard(actor: Actor): Promise<DashboardPayload> {
      // Every book the student read and may still open, latest first, with a few of its columns and
      // the student's own rating of it: one plain statement.
      const readRows = await prisma.$queryRaw<
        (ReadingPayload & {
          title: string;
          author: string;
          genre: string;
          category: BookCategory;
          rating: number | null;
        })[]
      >`
        SELECT r.id, r."bookId", r.read, r."lastReadAt", r."readingTime", b.title, b.author, b.genre,
          b.category::text AS category, v.rating
        FROM "UserBook" r JOIN "Book" b ON b.id = r."bookId"
        LEFT JOIN "Review" v ON v."userId" = r."userId" AND v."bookId" = r."bookId"
        WHERE r."userId" = ${actor.id} AND r.read AND ${visibleBooksSql(actor)}
        ORDER BY r."lastReadAt" DESC NULLS LAST, r.id`;
      // What the student liked: books read and rated 4 or 5, or read and not rated; the best rated
      // first, then the latest read (the order of readRows).
      const likes = (rating: number | null) => (rating === null ? 0 : rating >= 4 ? rating - 3 : -1);
      const seeds: Seed[] = readRows
        .map((row) => ({ row, like: likes(row.rating) }))
        .filter(({ like }) => like >= 0)
        .sort((x, y) => y.like - x.like)
        .slice(0, MAX_SEEDS)
        .map(({ row }) => ({
          bookId: row.bookId,
          title: row.title,
          author: row.author,
          genre: row.genre,
          category: row.category,
        }));
      const recent = readRows.slice(0, 3);
      const { ranked, levels } = await recommended(actor, 3, { readIds: readRows.map((row) => row.bookId), seeds });
      // Only books the student may still open (a held list may predate a change nothing announced).
      const cardIds = [...recent.map((row) => row.bookId), ...ranked.map((r) => r.id)];
      const cards = await listRows(actor, {
        tail: Prisma.sql`WHERE b.id = ANY(${cardIds}) AND ${visibleBooksSql(actor)}`,
      });
      const cardOf = new Map(cards.map((row) => [row.id, presentListRow(row)]));
      const titleOf = new Map(seeds.map((seed) => [seed.bookId, seed.title]));
      return {
        booksRead: readRows.length,
        readingTime: readRows.reduce((sum, row) => sum + (row.readingTime ?? DEFAULT_READING_TIME), 0),
        recentBooks: recent.flatMap((reading) => {
          const book = cardOf.get(reading.bookId);
          return book ? [{ ...presentReading(reading), book }] : [];
        }),
        recommendations: ranked.flatMap(({ id, reason, likedBookId }) => {
          const book = cardOf.get(id);
          if (!book) {
            return [];
          }
          const text = reasonText(reason, {
            likedTitle: likedBookId ? (titleOf.get(likedBookId) ?? null) : null,
            schoolName: actor.school?.name ?? null,
            levelKnown: levels.main !== null,
          });
          return [{ book, reason, reasonText: text }];
        }),
      };
    },
  };

  /**
   * Up to `limit` books the student has not marked read, best first, each with why
   * (book-recommendations.ts): like the books they liked, read and rated well at their school, new,
   * or of their level. Held per student and what they read and liked (so marking a book read or rating
   * one is seen at once), dropped with the catalogue's other held values when it changes; what
   * schoolmates do is seen within the TTL.
   */
  async function recommended(
    actor: Actor,
    limit: number,
    history: { readIds: string[]; seeds: Seed[] },
  ): Promise<{ ranked: Ranked[]; levels: ReadingLevels }> {
    const levels = readingLevels(actor.school?.phase, history.seeds);
    const key = createHash("sha256")
      .update(
        JSON.stringify([
          "recommendations",
          actor.id,
          actor.role,
          actor.school?.phase ?? null,
          limit,
          history.readIds,
          history.seeds.map((seed) => seed.bookId),
        ]),
      )
      .digest("base64url");
    const ranked = await catalogue.remember(catalogueScope(actor), key, recommendationsTtl, async () => {
      const newSince = new Date(Date.now() - NEW_BOOK_DAYS * 24 * 60 * 60 * 1000);
      const candidates = await recommendationCandidates(prisma, { actor, ...history, levels });
      return rankRecommendations(candidates, { seeds: history.seeds, levels, newSince, limit });
    });
    return { ranked, levels };
  }
}

export type BookService = ReturnType<typeof createBookService>;
