import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schoolIdOf } from "../src/db/schools.js";
import { buildBook, type BuiltBook, DASHBOARD, SET_READ } from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// SchoolBookStat, each school's students' reading and ratings of each book, precomputed for the
// dashboard's recommendations and kept by triggers: after any write (through the API or straight
// to the database) it equals the same numbers added up from scratch; and a new rating shows in the
// next dashboard.

type Stat = {
  schoolId: string;
  bookId: string;
  readers: number;
  ratingSum: number;
  ratingCount: number;
  /** ratingSum / ratingCount, 0 when none (Explore's highestRated order). */
  average: number;
};

describe("school book stats", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Recommendations worked out on every dashboard: what is checked is that the numbers they read
    // are current (recommendations-cache.test.ts checks what holding them changes).
    app = await startTestApp({ RECOMMENDATIONS_CACHE_MS: "0" });
  });
  afterAll(() => app.stop());

  /** The stored numbers of these books (rows left at zero are no numbers). */
  async function stored(books: BuiltBook[]): Promise<Stat[]> {
    const rows = await app.db.prisma.schoolBookStat.findMany({
      where: { bookId: { in: books.map((book) => book.id) }, OR: [{ readers: { gt: 0 } }, { ratingCount: { gt: 0 } }] },
      select: { schoolId: true, bookId: true, readers: true, ratingSum: true, ratingCount: true, average: true },
    });
    return rows.sort((a, b) => `${a.schoolId}/${a.bookId}`.localeCompare(`${b.schoolId}/${b.bookId}`));
  }

  /** The same numbers added up from the reading and reviews, students only. */
  async function fromScratch(books: BuiltBook[]): Promise<Stat[]> {
    const stats = new Map<string, Stat>();
    const students = { role: "student" as const, schoolId: { not: null } };
    const bookIds = books.map((book) => book.id);
    const [reads, reviews] = await Promise.all([
      app.db.prisma.userBook.findMany({
        where: { bookId: { in: bookIds }, read: true, user: students },
        select: { bookId: true, user: { select: { schoolId: true } } },
      }),
      app.db.prisma.review.findMany({
        where: { bookId: { in: bookIds }, user: students },
        select: { bookId: true, rating: true, user: { select: { schoolId: true } } },
      }),
    ]);
    const statOf = (schoolId: string, bookId: string) => {
      const key = `${schoolId}/${bookId}`;
      const stat = stats.get(key) ?? { schoolId, bookId, readers: 0, ratingSum: 0, ratingCount: 0, average: 0 };
      stats.set(key, stat);
      return stat;
    };
    for (const read of reads) {
      statOf(read.user.schoolId as string, read.bookId).readers += 1;
    }
    for (const review of reviews) {
      const stat = statOf(review.user.schoolId as string, review.bookId);
      stat.ratingSum += review.rating;
      stat.ratingCount += 1;
      stat.average = stat.ratingSum / stat.ratingCount;
    }
    return [...stats.values()].sort((a, b) => `${a.schoolId}/${a.bookId}`.localeCompare(`${b.schoolId}/${b.bookId}`));
  }

  const read = (user: TestUser, book: BuiltBook, isRead = true) =>
    app.db.prisma.userBook.upsert({
      where: { id: `${user.id}_${book.id}` },
      create: { id: `${user.id}_${book.id}`, userId: user.id, bookId: book.id, read: isRead },
      update: { read: isRead },
    });
  const rate = (user: TestUser, book: BuiltBook, rating: number) =>
    app.db.prisma.review.upsert({
      where: { userId_bookId: { userId: user.id, bookId: book.id } },
      create: { userId: user.id, bookId: book.id, rating, reviewText: `${rating} stars` },
      update: { rating },
    });

  it("equal the numbers added up from scratch after every kind of write", async () => {
    const books = await Promise.all([buildBook(app), buildBook(app), buildBook(app)]);
    const [b1, b2, b3] = books as [BuiltBook, BuiltBook, BuiltBook];
    const [s1, s2, s3, teacher] = await Promise.all([
      app.createUser({ school: "Ark Conway" }),
      app.createUser({ school: "Ark Conway" }),
      app.createUser({ school: "Ashburnham" }),
      app.createUser({ role: "teacher", school: "Ark Conway" }),
    ]);
    const check = async (step: string) => expect(await stored(books), step).toEqual(await fromScratch(books));

    await Promise.all([read(s1, b1), read(s2, b1), read(s2, b2), read(s3, b1), read(teacher, b1), read(s1, b3, false)]);
    await Promise.all([rate(s1, b1, 5), rate(s2, b1, 2), rate(s3, b2, 4), rate(s1, b3, 3)]);
    await check("reads and ratings");
    expect(await stored([b1])).toContainEqual({
      schoolId: schoolIdOf("Ark Conway"),
      bookId: b1.id,
      readers: 2,
      ratingSum: 7,
      ratingCount: 2,
      average: 3.5,
    });

    await Promise.all([rate(s2, b1, 4), read(s1, b1, false), read(s1, b3, true)]);
    await check("a rating changed, a book unchecked, another checked");

    await app.db.prisma.user.update({ where: { id: s2.id }, data: { schoolId: schoolIdOf("Ashburnham") } });
    await check("a student moved to another school");
    await app.db.prisma.user.update({ where: { id: s1.id }, data: { role: "teacher" } });
    await check("a student made a teacher");
    await app.db.prisma.user.update({ where: { id: s1.id }, data: { role: "student" } });
    await check("and back");

    await app.db.prisma.review.delete({ where: { userId_bookId: { userId: s3.id, bookId: b2.id } } });
    await app.db.prisma.user.delete({ where: { id: s2.id } });
    await check("a review deleted, a student deleted with their reading");
    await app.db.prisma.book.delete({ where: { id: b3.id } });
    expect(await stored([b3])).toEqual([]);
  });

  it("a new rating through the API shows in the next dashboard", async () => {
    // A school no other test gives reading or reviews, and a book only it holds.
    const school = "Brentfield Primary School";
    const student = await app.createUser({ school });
    const book = await buildBook(app, { category: "primary", schools: [school], title: "Loved at Brentfield" });
    const recommendation = async () => {
      const res = await app.gql(DASHBOARD, {}, student.token);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      const list = res.body.data.dashboard.recommendations as { book: { id: string }; reason: string }[];
      return list.find((r) => r.book.id === book.id);
    };
    expect((await recommendation())?.reason).not.toBe("popularAtSchool");

    for (let i = 0; i < 3; i += 1) {
      const mate = await app.createUser({ school });
      const readIt = await app.gql(SET_READ, { bookId: book.id, read: true }, mate.token);
      expect(readIt.body.errors, JSON.stringify(readIt.body.errors)).toBeUndefined();
      const reviewed = await app.gql(
        `mutation($bookId: ID!) { submitReview(bookId: $bookId, rating: 5, reviewText: "Loved it") { id } }`,
        { bookId: book.id },
        mate.token,
      );
      expect(reviewed.body.errors, JSON.stringify(reviewed.body.errors)).toBeUndefined();
    }

    expect(await recommendation()).toMatchObject({ reason: "popularAtSchool" });
  });
});
