import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOL_PHASES } from "../src/db/schools.js";
import { DEFAULT_READING_TIME } from "../src/modules/books/book.service.js";
import { buildBook, type BuiltBook, DASHBOARD, otherSchool, SET_READ, uniqueTag } from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// The student dashboard (spec 2 and 9): books read, reading time (10 minutes for a book without
// one), up to 3 recent books by lastReadAt, up to 3 recommendations, each with its reason: never a
// book marked read, of the school's phase, like the books the student liked (same author, genre and
// level, liked by schoolmates who liked them), read and rated well at the school. Other test files
// build books at the same time, so each test gives its own books a signal no other book has (a
// unique author or genre, a school's reviews) and the school activity stays at a school of its own.

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
  recommendations: {
    book: {
      id: string;
      title: string;
      author: string;
      genre: string;
      category: string;
      status: string;
      reading: { read: boolean } | null;
    };
    reason: string;
    reasonText: string;
  }[];
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

  /** A review written straight to the database (the review tests cover moderation). */
  const rate = (user: TestUser, book: BuiltBook, rating: number) =>
    app.db.prisma.review.create({
      data: { userId: user.id, bookId: book.id, rating, reviewText: `${rating} stars` },
    });

  /** A student who read the book and rated it (read and not rated when no rating is given). */
  async function readAndRate(user: TestUser, book: BuiltBook, rating?: number) {
    await recordReading(user, book);
    if (rating !== undefined) {
      await rate(user, book, rating);
    }
  }

  const schoolOfItsOwn = () => otherSchool("Pimlico Academy");

  const recommendedIds = (dashboard: Dashboard) => dashboard.recommendations.map((r) => r.book.id);

  // The tests that give a school reading and reviews each have a school of their own, kept out of
  // the random picks: Newman and Paddington Academy, Phoenix Academy and Chelsea Academy, WLFS.
  const ACTIVE_SCHOOLS = ["Newman", "Paddington Academy", "Phoenix Academy", "Chelsea Academy", "WLFS"];

  /** A school of the phase, picked at random among the rest, so that tests spread their activity. */
  const schoolOfPhase = (phase: "primary" | "secondary", ...not: string[]) => {
    const names = Object.entries(SCHOOL_PHASES)
      .filter(([name, value]) => value === phase && ![...ACTIVE_SCHOOLS, "Pimlico Academy", ...not].includes(name))
      .map(([name]) => name);
    return names[Math.floor(Math.random() * names.length)] as string;
  };

  it("a fresh student: zero counts, no recent books, three recommendations", async () => {
    const student = await app.createUser();

    const dashboard = await dashboardOf(student);

    expect(dashboard.booksRead).toBe(0);
    expect(dashboard.readingTime).toBe(0);
    expect(dashboard.recentBooks).toEqual([]);
    expect(dashboard.recommendations).toHaveLength(3);
    expect(new Set(recommendedIds(dashboard)).size).toBe(3);
    for (const { book, reasonText } of dashboard.recommendations) {
      expect(book.status).toBe("published");
      expect(book.reading).toBeNull();
      expect(reasonText).not.toBe("");
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

  describe("recommendations", () => {
    it("a secondary school's pupil gets secondary or college books, a primary school's primary ones", async () => {
      const secondary = await app.createUser({ school: schoolOfPhase("secondary") });
      const primary = await app.createUser({ school: schoolOfPhase("primary") });

      const older = await dashboardOf(secondary);
      const younger = await dashboardOf(primary);

      expect(older.recommendations).toHaveLength(3);
      expect(younger.recommendations).toHaveLength(3);
      for (const { book } of older.recommendations) {
        expect(["secondary", "college"]).toContain(book.category);
      }
      for (const { book } of younger.recommendations) {
        expect(book.category).toBe("primary");
      }
    });

    it("'Because you liked': another book by the author of a book the student rated 5", async () => {
      const school = schoolOfPhase("secondary");
      const author = `Author ${uniqueTag()}`;
      const genre = `g${uniqueTag()}`;
      const student = await app.createUser({ school });
      const liked = await buildBook(app, { author, genre, category: "secondary", title: "Liked" });
      const next = await buildBook(app, { author, genre: "history", category: "secondary", title: "Next" });
      await readAndRate(student, liked, 5);

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations[0]).toMatchObject({
        book: { id: next.id, author },
        reason: "liked",
        reasonText: `Because you liked ${liked.title}`,
      });
      expect(recommendedIds(dashboard)).not.toContain(liked.id);
    });

    it("a book like one the student liked may be of the book's level, not only the school's phase", async () => {
      const school = schoolOfPhase("secondary");
      const author = `Author ${uniqueTag()}`;
      const student = await app.createUser({ school });
      const liked = await buildBook(app, { author, category: "primary", title: "Picture book" });
      const sequel = await buildBook(app, { author, category: "primary", title: "Sequel" });
      await readAndRate(student, liked, 4);

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations[0]).toMatchObject({ book: { id: sequel.id }, reason: "liked" });
      // Only a book like the liked one is of its level: the others are the phase's.
      for (const { book } of dashboard.recommendations.slice(1)) {
        expect(["secondary", "college"]).toContain(book.category);
      }
    });

    it("a book rated 1 to 3 is not 'liked': its author's other books get no 'Because you liked'", async () => {
      const school = schoolOfPhase("secondary");
      const author = `Author ${uniqueTag()}`;
      const student = await app.createUser({ school });
      const disliked = await buildBook(app, { author, category: "secondary" });
      const other = await buildBook(app, { author, category: "secondary" });
      await readAndRate(student, disliked, 2);

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations.filter((r) => r.reason === "liked")).toEqual([]);
      expect(dashboard.recommendations.find((r) => r.book.id === other.id)?.reason).not.toBe("liked");
    });

    it("books rated 4-5 by schoolmates who liked the same book come first, for that book", async () => {
      const school = "Newman";
      const student = await app.createUser({ school });
      const [shared, alsoLiked, likedByOthers] = await Promise.all([
        buildBook(app, { category: "secondary", genre: `g${uniqueTag()}`, title: "Shared" }),
        buildBook(app, { category: "secondary", genre: `g${uniqueTag()}`, title: "Also liked" }),
        buildBook(app, { category: "secondary", genre: `g${uniqueTag()}`, title: "Liked by others" }),
      ]);
      await readAndRate(student, shared, 5);
      // Two schoolmates loved the shared book and another one; two who did not read it loved a third.
      for (const mate of [await app.createUser({ school }), await app.createUser({ school })]) {
        await rate(mate, shared, 5);
        await rate(mate, alsoLiked, 4);
      }
      for (const stranger of [await app.createUser({ school }), await app.createUser({ school })]) {
        await rate(stranger, likedByOthers, 5);
      }
      // A student of another school loving it too changes nothing.
      const elsewhere = await app.createUser({ school: "Paddington Academy" });
      await rate(elsewhere, shared, 5);

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations[0]).toMatchObject({
        book: { id: alsoLiked.id },
        reason: "liked",
        reasonText: `Because you liked ${shared.title}`,
      });
      expect(dashboard.recommendations[1]).toMatchObject({
        book: { id: likedByOthers.id },
        reason: "popularAtSchool",
        reasonText: `Popular at ${school}`,
      });
    });

    it("'Popular at <school>': read by most schoolmates and rated well there; a poorly rated one is not", async () => {
      const school = "Phoenix Academy";
      const student = await app.createUser({ school });
      const [popular, panned] = await Promise.all([
        buildBook(app, { category: "secondary", schools: [school], title: "Popular" }),
        buildBook(app, { category: "secondary", schools: [school], title: "Panned" }),
      ]);
      for (let i = 0; i < 5; i += 1) {
        const mate = await app.createUser({ school });
        await readAndRate(mate, popular, 5);
        await readAndRate(mate, panned, 1);
      }

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations[0]).toMatchObject({
        book: { id: popular.id },
        reason: "popularAtSchool",
        reasonText: `Popular at ${school}`,
      });
      expect(recommendedIds(dashboard)).not.toContain(panned.id);
      // Another school's pupil does not see this school's favourite as popular.
      const elsewhere = await app.createUser({ school: "Chelsea Academy" });
      expect(recommendedIds(await dashboardOf(elsewhere))).not.toContain(popular.id);
    });

    it("never a book the student marked read, however well it matches and however popular", async () => {
      const school = "WLFS";
      const author = `Author ${uniqueTag()}`;
      const student = await app.createUser({ school });
      const books = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => buildBook(app, { author, category: "secondary", title: `Series ${n}` })),
      );
      const [first, ...rest] = books as [BuiltBook, ...BuiltBook[]];
      await readAndRate(student, first, 5);
      for (const book of rest.slice(0, 2)) {
        await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
      }
      for (let i = 0; i < 3; i += 1) {
        const mate = await app.createUser({ school });
        for (const book of books) {
          await readAndRate(mate, book, 5);
        }
      }

      const dashboard = await dashboardOf(student);

      const readIds = books.slice(0, 3).map((b) => b.id);
      expect(recommendedIds(dashboard).filter((id) => readIds.includes(id))).toEqual([]);
      expect(recommendedIds(dashboard).slice(0, 2).sort()).toEqual(
        rest
          .slice(2)
          .map((b) => b.id)
          .sort(),
      );
      // Unchecking a book makes it a candidate again.
      await app.gql(SET_READ, { bookId: rest[0]?.id, read: false }, student.token);
      expect(recommendedIds(await dashboardOf(student))).toContain(rest[0]?.id);
    });

    it("equal scores are broken by id, and the same dashboard comes back twice alike", async () => {
      const school = schoolOfPhase("secondary");
      const author = `Author ${uniqueTag()}`;
      const student = await app.createUser({ school });
      const liked = await buildBook(app, { author, category: "secondary" });
      const alike = await Promise.all([1, 2, 3, 4].map(() => buildBook(app, { author, category: "secondary" })));
      await readAndRate(student, liked, 5);

      const once = await dashboardOf(student);
      const twice = await dashboardOf(student);

      const byId = alike.map((b) => b.id).sort();
      expect(recommendedIds(once)).toEqual(byId.slice(0, 3));
      expect(twice.recommendations).toEqual(once.recommendations);
    });

    it("hidden books are never recommended, however well they match", async () => {
      const school = schoolOfPhase("secondary");
      const author = `Author ${uniqueTag()}`;
      const student = await app.createUser({ school });
      const liked = await buildBook(app, { author, category: "secondary", schools: [school] });
      const hidden = await Promise.all([
        buildBook(app, { author, category: "secondary", status: "draft", schools: [school] }),
        buildBook(app, { author, category: "secondary", hasText: false, schools: [school] }),
        buildBook(app, { author, category: "secondary", withCover: false, schools: [school] }),
        buildBook(app, { author, category: "secondary", schools: [schoolOfPhase("secondary", school)] }),
      ]);
      const visible = await buildBook(app, { author, category: "secondary", schools: [school] });
      await readAndRate(student, liked);

      const dashboard = await dashboardOf(student);

      expect(dashboard.recommendations[0]).toMatchObject({ book: { id: visible.id }, reason: "liked" });
      const hiddenIds = new Set(hidden.map((b) => b.id));
      expect(recommendedIds(dashboard).filter((id) => hiddenIds.has(id))).toEqual([]);
    });
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
