import type { Actor } from "../../auth/actor.js";
import { type BookCategory, Prisma, type PrismaClient, type SchoolPhase } from "../../generated/prisma/client.js";
import { visibleBooksSql } from "./book.policy.js";

// The dashboard's 'Recommended for You'. Candidates come from a few small, indexed sources (books by
// the author of a book the student liked, of its genre and reading level, books that schoolmates
// who liked the same books rated well, the books read and rated well at the school (precomputed per
// school in SchoolBookStat, kept by triggers, less the student's own part), and the newest books of
// the student's reading levels), never from a sort of the whole catalogue or of the school's
// activity; they are then scored here:
//
//   similar to a liked book   same author 8; liked (4-5 stars) by schoolmates who liked it 6 + their
//                             number (up to 3); same genre and reading level 4 (the best one counts)
//   the school                0.5 for each schoolmate who read it (up to 5), plus 2 x (average rating
//                             - 3) weighed by how many rated it (full weight from 3 ratings)
//   new in the library        1 when added in the last NEW_BOOK_DAYS days
//   the school's phase        0.5 for the phase's own reading level
//
// So a book by an author the student loved outranks the school's favourite, which outranks a book
// that only shares a genre; a book the school rated poorly sinks however many read it. Books of
// another level than the phase's come only by author or through schoolmates (a keen reader may
// read up or down) and only of the level of the liked book they are like, never for a shared
// genre alone.
//
// Highest score first, ties by id, so the order is stable. A book the student marked read is never
// a candidate. The reason shown is the strongest kind of signal the book has.

/** How many liked books the recommendations look at (the most liked, then the latest read). */
export const MAX_SEEDS = 10;
export const NEW_BOOK_DAYS = 60;
// How many candidates each source gives (the school's: its best 100, of which the first 20 the
// student may be recommended).
const POOL = { author: 30, perKind: 10, schoolmates: 20, school: 20, newest: 20, coReaders: 200 };

export type RecommendationReason = "liked" | "popularAtSchool" | "newInLibrary" | "suggested";

/** A book the student read and liked (rated 4 or 5, or not rated), the most liked first. */
export type Seed = { bookId: string; title: string; author: string; genre: string; category: BookCategory };

export type Candidate = {
  id: string;
  author: string;
  genre: string;
  category: BookCategory;
  createdAt: Date;
  /** Schoolmates who marked it read. */
  readers: number;
  /** The school's reviews of it. */
  ratingSum: number;
  ratingCount: number;
  /** Schoolmates who rated a liked book 4 or 5 and this one too, and the first such liked book. */
  coReaders: number;
  coSeed: number | null;
};

export type Ranked = { id: string; score: number; reason: RecommendationReason; likedBookId: string | null };

export type ReadingLevels = {
  /** The levels any recommendation may have. */
  phase: BookCategory[];
  /**
   * The levels a book by a liked author, or liked by schoolmates who liked the same, may have (each
   * only when that liked book is of it: the ranking checks).
   */
  similar: BookCategory[];
  /** The level that scores the phase bonus, if the phase (or, without one, the liked books) says. */
  main: BookCategory | null;
};

const LEVELS: readonly BookCategory[] = ["primary", "secondary", "college"];

/**
 * A primary school's pupils get primary books, a secondary school's secondary and college books;
 * all-through schools and schools of unknown phase get primary and secondary. A book by an author
 * the student liked, or liked by schoolmates who liked the same book, may also be of a level the
 * student liked (a keen reader reads up, another re-reads a favourite's other books).
 */
export function readingLevels(phase: SchoolPhase | null | undefined, liked: readonly Seed[]): ReadingLevels {
  const likedLevels = new Set(liked.map((seed) => seed.category));
  const byPhase: BookCategory[] =
    phase === "primary" ? ["primary"] : phase === "secondary" ? ["secondary", "college"] : ["primary", "secondary"];
  let main: BookCategory | null = phase === "primary" || phase === "secondary" ? phase : null;
  if (!main && liked.length > 0) {
    const counts = LEVELS.map((level) => liked.filter((seed) => seed.category === level).length);
    main = LEVELS[counts.indexOf(Math.max(...counts))] ?? null;
  }
  return {
    phase: byPhase,
    similar: LEVELS.filter((level) => byPhase.includes(level) || likedLevels.has(level)),
    main,
  };
}

/** Scores the candidates (see the top of this file) and returns the best `limit`, best first. */
export function rankRecommendations(
  candidates: readonly Candidate[],
  context: { seeds: readonly Seed[]; levels: ReadingLevels; newSince: Date; limit: number },
): Ranked[] {
  const { seeds, levels } = context;
  const ranked: Ranked[] = [];
  for (const book of candidates) {
    let similarity = 0;
    let seedIndex = -1;
    const inPhase = levels.phase.includes(book.category);
    // Outside the phase's levels only a book of the same level as the liked book it is like.
    const consider = (points: number, index: number) => {
      if (index < 0 || (!inPhase && seeds[index]?.category !== book.category)) {
        return;
      }
      if (points > similarity || (points === similarity && index < seedIndex)) {
        similarity = points;
        seedIndex = index;
      }
    };
    consider(
      8,
      seeds.findIndex((seed) => seed.author === book.author),
    );
    if (book.coReaders > 0 && book.coSeed !== null) {
      consider(6 + Math.min(book.coReaders, 3), book.coSeed);
    }
    if (inPhase) {
      consider(
        4,
        seeds.findIndex((seed) => seed.genre === book.genre && seed.category === book.category),
      );
    }
    if (!inPhase && similarity === 0) {
      continue;
    }
    const average = book.ratingCount > 0 ? book.ratingSum / book.ratingCount : 0;
    const school =
      0.5 * Math.min(book.readers, 5) +
      (book.ratingCount > 0 ? (2 * (average - 3) * Math.min(book.ratingCount, 3)) / 3 : 0);
    const isNew = book.createdAt.getTime() >= context.newSince.getTime();
    const score = similarity + school + (isNew ? 1 : 0) + (book.category === levels.main ? 0.5 : 0);
    const popular = (book.readers > 0 || book.ratingCount > 0) && school > 0;
    const reason: RecommendationReason =
      similarity > 0 ? "liked" : popular ? "popularAtSchool" : isNew ? "newInLibrary" : "suggested";
    ranked.push({
      id: book.id,
      score,
      reason,
      likedBookId: similarity > 0 ? (seeds[seedIndex]?.bookId ?? null) : null,
    });
  }
  ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return ranked.slice(0, context.limit);
}

/** What the dashboard says about a recommendation. */
export function reasonText(
  reason: RecommendationReason,
  context: { likedTitle: string | null; schoolName: string | null; levelKnown: boolean },
): string {
  switch (reason) {
    case "liked":
      return context.likedTitle ? `Because you liked ${context.likedTitle}` : "Because of books you liked";
    case "popularAtSchool":
      return context.schoolName ? `Popular at ${context.schoolName}` : "Popular with readers";
    case "newInLibrary":
      return "New in your library";
    case "suggested":
      return context.levelKnown ? "Picked for your reading level" : "From your library";
  }
}

/**
 * The candidates, each with the school's numbers for it, in one statement. Every source is a
 * bounded, indexed lookup. The school's numbers come precomputed per school (SchoolBookStat, kept by
 * triggers): its best books are the first rows of its index, and the student's own reading and
 * reviews are taken out of them here, so they count only the schoolmates, as they always have.
 */
export async function recommendationCandidates(
  prisma: PrismaClient,
  props: { actor: Actor; readIds: string[]; seeds: readonly Seed[]; levels: ReadingLevels },
): Promise<Candidate[]> {
  const { actor, seeds, levels } = props;
  const schoolId = actor.schoolId ?? "";
  const visible = visibleBooksSql(actor);
  const eligible = (levelList: BookCategory[]) =>
    Prisma.sql`${visible} AND b.category::text = ANY(${levelList}::text[]) AND NOT (b.id = ANY(${props.readIds}::text[]))`;
  const forLiked = eligible(levels.similar);
  const forAll = eligible(levels.phase);
  // A book's numbers at the school without the student's own (st: its SchoolBookStat, o: its own row).
  const mates = Prisma.sql`(COALESCE(st.readers, 0) - COALESCE(o.readers, 0))::int AS readers,
    (COALESCE(st."ratingSum", 0) - COALESCE(o.rating_sum, 0))::int AS rating_sum,
    (COALESCE(st."ratingCount", 0) - COALESCE(o.rating_count, 0))::int AS rating_count`;
  const score = (alias: string) =>
    Prisma.raw(`"school_book_score"(${alias}.readers, ${alias}.rating_sum, ${alias}.rating_count)`);
  const rows = await prisma.$queryRaw<Candidate[]>`
    WITH seeds AS (
      SELECT s.id, s.genre, s.category, (s.n - 1)::int AS seed
      FROM unnest(${seeds.map((s) => s.bookId)}::text[], ${seeds.map((s) => s.genre)}::text[],
        ${seeds.map((s) => s.category)}::text[]) WITH ORDINALITY AS s(id, genre, category, n)
    ),
    -- The student's own part of the school's numbers (a student of the school has one).
    own AS (
      SELECT x.id, sum(x.readers)::int AS readers, sum(x.rating)::int AS rating_sum, sum(x.rated)::int AS rating_count
      FROM (
        SELECT ub."bookId" AS id, 1 AS readers, 0 AS rating, 0 AS rated
        FROM "UserBook" ub WHERE ub."userId" = ${actor.id} AND ub.read
        UNION ALL
        SELECT r."bookId", 0, r.rating, 1 FROM "Review" r WHERE r."userId" = ${actor.id}
      ) x
      WHERE EXISTS (SELECT 1 FROM "User" u WHERE u.id = ${actor.id} AND u.role = 'student' AND u."schoolId" = ${schoolId})
      GROUP BY x.id
    ),
    -- The school's best 100 by its part of the score, with the schoolmates' numbers (the school's
    -- less the student's own). The index gives the best by the school's numbers; only the books the
    -- student read or reviewed score differently without them, so the best 100 are among the
    -- index's first 100 + their number and those books.
    school AS (
      SELECT m.id, m.readers, m.rating_sum, m.rating_count
      FROM (
        SELECT k.id, ${mates}
        FROM (
          (SELECT st."bookId" AS id FROM "SchoolBookStat" st WHERE st."schoolId" = ${schoolId}
            ORDER BY st.score DESC, st."bookId" LIMIT ${POOL.school * 5} + (SELECT count(*) FROM own))
          UNION
          SELECT o.id FROM own o
        ) k
        JOIN "SchoolBookStat" st ON st."schoolId" = ${schoolId} AND st."bookId" = k.id
        LEFT JOIN own o ON o.id = k.id
      ) m
      WHERE m.readers > 0 OR m.rating_count > 0
      ORDER BY ${score("m")} DESC, m.id
      LIMIT ${POOL.school * 5}
    ),
    co_readers AS (
      SELECT r."userId" AS id, min(s.seed) AS seed
      FROM seeds s JOIN "Review" r ON r."bookId" = s.id AND r.rating >= 4
      JOIN "User" u ON u.id = r."userId"
      WHERE u."schoolId" = ${schoolId} AND u.role = 'student' AND u.id <> ${actor.id}
      GROUP BY r."userId"
      ORDER BY min(s.seed), r."userId"
      LIMIT ${POOL.coReaders}
    ),
    co_picks AS (
      SELECT r."bookId" AS id, count(*)::int AS co_readers, min(c.seed)::int AS co_seed
      FROM co_readers c JOIN "Review" r ON r."userId" = c.id AND r.rating >= 4
      GROUP BY r."bookId"
    ),
    pool AS (
      (SELECT b.id FROM "Book" b WHERE b.author = ANY(${seeds.map((s) => s.author)}::text[]) AND ${forLiked}
        ORDER BY b.id LIMIT ${POOL.author})
      UNION
      (SELECT k.id FROM (SELECT DISTINCT genre, category FROM seeds) s CROSS JOIN LATERAL (
        SELECT b.id FROM "Book" b
        WHERE b.genre = s.genre AND b.category = s.category::"BookCategory" AND ${forAll}
        ORDER BY b.id LIMIT ${POOL.perKind}) k)
      UNION
      (SELECT b.id FROM co_picks c JOIN "Book" b ON b.id = c.id WHERE ${forLiked}
        ORDER BY c.co_readers DESC, b.id LIMIT ${POOL.schoolmates})
      UNION
      -- The school's best (above), the eligible ones of them, best first. Their books are looked up
      -- by key: the planner, which cannot know how few of the catalogue they are, would otherwise
      -- join them to a scan of the whole catalogue.
      (SELECT b.id FROM school c JOIN "Book" b ON b.id = c.id
        WHERE b.id = ANY(ARRAY(SELECT s.id FROM school s)) AND ${forAll}
        ORDER BY ${score("c")} DESC, c.id LIMIT ${POOL.school})
      UNION
      -- The newest of the phase's levels: the createdAt index, read until enough are found.
      (SELECT b.id FROM "Book" b WHERE ${forAll} ORDER BY b."createdAt" DESC, b.id LIMIT ${POOL.newest})
    )
    SELECT b.id, b.author, b.genre, b.category::text AS category, b."createdAt" AS "createdAt",
      sc.readers, sc.rating_sum AS "ratingSum", sc.rating_count AS "ratingCount",
      COALESCE(cp.co_readers, 0) AS "coReaders", cp.co_seed AS "coSeed"
    FROM pool JOIN "Book" b ON b.id = pool.id
    CROSS JOIN LATERAL (
      SELECT ${mates} FROM (SELECT 1) one
      LEFT JOIN "SchoolBookStat" st ON st."schoolId" = ${schoolId} AND st."bookId" = b.id
      LEFT JOIN own o ON o.id = b.id
    ) sc
    LEFT JOIN co_picks cp ON cp.id = b.id`;
  return rows;
}
