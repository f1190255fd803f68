import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_READING_TIME } from "../src/modules/books/book.service.js";
import { buildBook, type BuiltBook, DASHBOARD, otherSchool, SET_READ, uniqueTag } from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// The student dashboard (spec 2 and 9): books read, reading time (10 minutes for a book without
// one), up to 3 recent books by lastReadAt, up to 3 unread recommendations preferring the genre and
// category of books read. Books with high ratings are held by one school (not Pimlico Academy, the
// default of other tests) so that they never reorder other files' recommendations.

type Dashboard = {
  booksRead: number;
  readingTime: number;
  recentBooks: {
    id: string;
    bookId: string;
    read: boolean;
    lastReadAt: string | null;
    readingTime: number;
    book: { id: string; title: string; reading: { read: boolean } | null };
  }[];
  recommendations: { id: string; title: string; genre: string; category: string; status: string }[];
};

describe("dashboard", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  async function dashboardOf(user: TestUser): Promise<Dashboard> {
    const res = await app.gql(DASHBOARD, {}, user.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.dashboard;
  }

  /** A reading record written directly, with the dates and minutes a test needs. */
  function recordReading(
    user: TestUser,
    book: BuiltBook,
    fields: { read?: boolean; lastReadAt?: Date | null; readingTime?: number } = {},
  ) {
    return app.db.prisma.userBook.create({
      data: {
        id: `${user.id}_${book.id}`,
        userId: user.id,
        bookId: book.id,
        read: fields.read ?? true,
        lastReadAt: fields.lastReadAt === undefined ? new Date() : fields.lastReadAt,
        ...(fields.readingTime === undefined ? {} : { readingTime: fields.readingTime }),
      },
    });
  }

  /** Gives a book an average of 5.0 from many reviews, so it would top any "best rated" order. */
  const topRated = (book: BuiltBook) =>
    app.db.prisma.book.update({ where: { id: book.id }, data: { ratingSum: 5000, ratingCount: 1000 } });

  const schoolOfItsOwn = () => otherSchool("Pimlico Academy");

  it("a fresh student: zero counts, no recent books, three recommendations", async () => {
    const student = await app.createUser();

    const dashboard = await dashboardOf(student);

    expect(dashboard.booksRead).toBe(0);
    expect(dashboard.readingTime).toBe(0);
    expect(dashboard.recentBooks).toEqual([]);
    expect(dashboard.recommendations).toHaveLength(3);
    expect(new Set(dashboard.recommendations.map((b) => b.id)).size).toBe(3);
    for (const book of dashboard.recommendations) {
      expect(book.status).toBe("published");
    }
  });

  it("counts read books and their minutes (10 by default), not unread ones", async () => {
    const school = schoolOfItsOwn();
    const student = await app.createUser({ school });
    const books = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => buildBook(app, { title: `Read ${n}` })));
    // Five checked through the API (default minutes), two of them with minutes of their own.
    for (const book of books.slice(0, 5)) {
      const res = await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
      expect(res.body.data.setBookRead.readingTime).toBe(DEFAULT_READING_TIME);
    }
    for (const [book, minutes] of [
      [books[3], 25],
      [books[4], 40],
    ] as const) {
      await app.db.prisma.userBook.update({
        where: { id: `${student.id}_${book?.id}` },
        data: { readingTime: minutes },
      });
    }
    // An unchecked book's minutes do not count.
    await recordReading(student, books[5] as BuiltBook, { read: false, lastReadAt: null, readingTime: 99 });

    const dashboard = await dashboardOf(student);

    expect(dashboard.booksRead).toBe(5);
    expect(dashboard.readingTime).toBe(10 + 10 + 10 + 25 + 40);
  });

  it("five books checked through the API read 50 minutes", async () => {
    const student = await app.createUser();
    const books = await Promise.all([1, 2, 3, 4, 5].map(() => buildBook(app)));
    for (const book of books) {
      await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
    }
    const dashboard = await dashboardOf(student);
    expect(dashboard).toMatchObject({ booksRead: 5, readingTime: 5 * DEFAULT_READING_TIME });
  });

  it("unchecking a book takes it off the counts and the recent books", async () => {
    const student = await app.createUser();
    const book = await buildBook(app);
    await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
    await app.gql(SET_READ, { bookId: book.id, read: false }, student.token);

    const dashboard = await dashboardOf(student);

    expect(dashboard).toMatchObject({ booksRead: 0, readingTime: 0, recentBooks: [] });
  });

  it("recent books: at most 3, last read first, each a read record with its book", async () => {
    const student = await app.createUser();
    const books = await Promise.all([1, 2, 3, 4, 5].map((n) => buildBook(app, { title: `Recent ${n}` })));
    const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));
    // Read on days 3, 1, 5, 2 and 4: the last three read are books[2], books[4], books[0].
    await recordReading(student, books[0] as BuiltBook, { lastReadAt: day(3), readingTime: 12 });
    await recordReading(student, books[1] as BuiltBook, { lastReadAt: day(1) });
    await recordReading(student, books[2] as BuiltBook, { lastReadAt: day(5) });
    await recordReading(student, books[3] as BuiltBook, { lastReadAt: day(2) });
    await recordReading(student, books[4] as BuiltBook, { lastReadAt: day(4) });

    const dashboard = await dashboardOf(student);

    expect(dashboard.recentBooks.map((r) => r.book.id)).toEqual([books[2]?.id, books[4]?.id, books[0]?.id]);
    expect(dashboard.recentBooks[2]).toEqual({
      id: `${student.id}_${books[0]?.id}`,
      bookId: books[0]?.id,
      read: true,
      lastReadAt: day(3).toISOString(),
      readingTime: 12,
      book: { id: books[0]?.id, title: books[0]?.title, reading: { read: true } },
    });
    expect(dashboard.booksRead).toBe(5);
  });

  it("a read book without a date ('Unknown') comes after dated ones", async () => {
    const student = await app.createUser();
    const [undated, ...dated] = await Promise.all([1, 2, 3, 4].map(() => buildBook(app)));
    await recordReading(student, undated as BuiltBook, { lastReadAt: null });
    for (const [i, book] of dated.entries()) {
      await recordReading(student, book, { lastReadAt: new Date(Date.UTC(2024, 5, i + 1)) });
    }

    const dashboard = await dashboardOf(student);

    expect(dashboard.recentBooks.map((r) => r.bookId)).toEqual([dated[2]?.id, dated[1]?.id, dated[0]?.id]);
    expect(dashboard.booksRead).toBe(4);
  });

  it("recommendations never include a book the student read, however well rated", async () => {
    const school = schoolOfItsOwn();
    const student = await app.createUser({ school });
    const read = await Promise.all([1, 2, 3, 4, 5].map(() => buildBook(app, { schools: [school] })));
    for (const book of read) {
      await topRated(book);
      await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
    }

    const dashboard = await dashboardOf(student);

    expect(dashboard.recommendations).toHaveLength(3);
    const readIds = new Set(read.map((b) => b.id));
    expect(dashboard.recommendations.filter((b) => readIds.has(b.id))).toEqual([]);
  });

  it("recommendations prefer unread books of the genre and category of a book read", async () => {
    const school = schoolOfItsOwn();
    const genre = `g${uniqueTag()}`;
    const student = await app.createUser({ school });
    const read = await buildBook(app, { genre, category: "secondary", schools: [school] });
    const [sameGenreOtherCategory, sameCategoryOtherGenre] = await Promise.all([
      buildBook(app, { genre, category: "primary", schools: [school] }),
      buildBook(app, { genre: "fiction", category: "secondary", schools: [school] }),
    ]);
    await topRated(sameGenreOtherCategory);
    await topRated(sameCategoryOtherGenre);
    const matching = await Promise.all(
      [1, 2, 3].map(() => buildBook(app, { genre, category: "secondary", schools: [school] })),
    );
    await app.gql(SET_READ, { bookId: read.id, read: true }, student.token);

    const dashboard = await dashboardOf(student);

    expect(dashboard.recommendations.map((b) => b.id).sort()).toEqual(matching.map((b) => b.id).sort());
    for (const book of dashboard.recommendations) {
      expect(book).toMatchObject({ genre, category: "secondary" });
    }
  });

  it("after the matching books, the best rated visible ones; hidden books are never recommended", async () => {
    const school = schoolOfItsOwn();
    const student = await app.createUser({ school });
    const hidden = await Promise.all([
      buildBook(app, { status: "draft", schools: [school] }),
      buildBook(app, { hasText: false, schools: [school] }),
      buildBook(app, { withCover: false, schools: [school] }),
      buildBook(app, { schools: [otherSchool(school, "Pimlico Academy")] }),
    ]);
    const best = await buildBook(app, { schools: [school] });
    for (const book of hidden) {
      await topRated(book);
    }
    // One more five-star rating than any other test's top-rated book, so books other tests built for
    // the same (randomly chosen) school cannot tie with it.
    await app.db.prisma.book.update({ where: { id: best.id }, data: { ratingSum: 5005, ratingCount: 1001 } });

    const dashboard = await dashboardOf(student);

    expect(dashboard.recommendations[0]?.id).toBe(best.id);
    const hiddenIds = new Set(hidden.map((b) => b.id));
    expect(dashboard.recommendations.filter((b) => hiddenIds.has(b.id))).toEqual([]);
  });

  it("a read book that is no longer visible is left out, as the spec skips a missing book", async () => {
    const student = await app.createUser();
    const [kept, withdrawn] = await Promise.all([buildBook(app), buildBook(app)]);
    await recordReading(student, kept, { readingTime: 15 });
    await recordReading(student, withdrawn, { readingTime: 30 });
    await app.db.prisma.book.update({ where: { id: withdrawn.id }, data: { status: "draft" } });

    const dashboard = await dashboardOf(student);

    expect(dashboard).toMatchObject({ booksRead: 1, readingTime: 15 });
    expect(dashboard.recentBooks.map((r) => r.bookId)).toEqual([kept.id]);
  });

  it("a teacher gets a dashboard too (zero counts)", async () => {
    const teacher = await app.createUser({ role: "teacher" });
    const dashboard = await dashboardOf(teacher);
    expect(dashboard).toMatchObject({ booksRead: 0, readingTime: 0, recentBooks: [] });
    expect(dashboard.recommendations.length).toBeLessThanOrEqual(3);
  });
});
