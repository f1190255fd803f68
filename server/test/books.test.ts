import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { BOOK_NOT_FOUND_MESSAGE, BOOK_NOT_READY_MESSAGE } from "../src/modules/books/book.policy.js";
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from "../src/modules/books/book.service.js";
import { upload } from "./helpers/admin-kit.js";
import { gqlError } from "./helpers/auth-kit.js";
import {
  BOOK,
  BOOK_GENRES,
  BOOKS,
  buildBook,
  type BuiltBook,
  DASHBOARD,
  otherSchool,
  SET_READ,
  uniqueTag,
} from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// Explore Books (books, bookGenres), book detail (book) and the read checkbox (setBookRead):
// who sees which book (spec 3: only books with both cover and text; held by the user's school),
// search and filters (spec 5), keyset pagination, and a fixed number of SQL statements per request.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

type BookPage = {
  items: {
    id: string;
    title: string;
    category: string;
    pages: number | null;
    wordCount: number | null;
    reading: { read: boolean } | null;
  }[];
  nextCursor: string | null;
  totalCount: number;
};

describe("books", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  async function explore(user: TestUser | null, variables: Record<string, unknown>): Promise<BookPage> {
    const res = await app.gql(BOOKS, variables, user?.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.data.books;
  }
  const idsOf = (page: BookPage) => page.items.map((b) => b.id).sort();
  const sortedIds = (...books: BuiltBook[]) => books.map((b) => b.id).sort();

  /** One book of every kind the visibility rule tells apart, all found by searching `tag`. */
  async function catalogueOfEveryKind(school: string, elsewhere: string) {
    const tag = uniqueTag();
    const [visible, ownSchoolOnly, draft, noText, noCover, otherSchoolOnly, archived] = await Promise.all([
      buildBook(app, { title: `${tag} Visible` }),
      buildBook(app, { title: `${tag} Own school`, schools: [school] }),
      buildBook(app, { title: `${tag} Draft`, status: "draft" }),
      buildBook(app, { title: `${tag} No text`, hasText: false }),
      buildBook(app, { title: `${tag} No cover`, withCover: false }),
      buildBook(app, { title: `${tag} Other school`, schools: [elsewhere] }),
      buildBook(app, { title: `${tag} Archived`, status: "archived" }),
    ]);
    return { tag, visible, ownSchoolOnly, draft, noText, noCover, otherSchoolOnly, archived };
  }

  describe("visibility", () => {
    it.each(["student", "teacher"] as const)(
      "a %s sees published books with cover and text held by every school or by their own",
      async (role) => {
        const school = otherSchool();
        const elsewhere = otherSchool(school);
        const books = await catalogueOfEveryKind(school, elsewhere);
        const user = await app.createUser({ role, school });

        const page = await explore(user, { search: books.tag });

        expect(idsOf(page)).toEqual(sortedIds(books.visible, books.ownSchoolOnly));
        expect(page.totalCount).toBe(2);
        expect(page.nextCursor).toBeNull();
      },
    );

    it("a student of the other school sees that school's book and not the first school's", async () => {
      const school = otherSchool();
      const elsewhere = otherSchool(school);
      const books = await catalogueOfEveryKind(school, elsewhere);
      const student = await app.createUser({ school: elsewhere });

      const page = await explore(student, { search: books.tag });

      expect(idsOf(page)).toEqual(sortedIds(books.visible, books.otherSchoolOnly));
    });

    it("a user without a school sees only books held by every school", async () => {
      const school = otherSchool();
      const books = await catalogueOfEveryKind(school, otherSchool(school));
      const student = await app.createUser({ school: null });

      expect(idsOf(await explore(student, { search: books.tag }))).toEqual([books.visible.id]);
    });

    it("an admin sees every book, drafts and incomplete ones included", async () => {
      const school = otherSchool();
      const books = await catalogueOfEveryKind(school, otherSchool(school));
      const admin = await app.createUser({ role: "admin" });

      const page = await explore(admin, { search: books.tag });

      expect(idsOf(page)).toEqual(
        sortedIds(
          books.visible,
          books.ownSchoolOnly,
          books.draft,
          books.noText,
          books.noCover,
          books.otherSchoolOnly,
          books.archived,
        ),
      );
      expect(page.totalCount).toBe(7);
    });

    it.each(["student", "teacher"] as const)(
      "book(id) for a %s: the book, 'Book not found' or 'not fully uploaded' as the spec says",
      async (role) => {
        const school = otherSchool();
        const books = await catalogueOfEveryKind(school, otherSchool(school));
        const user = await app.createUser({ role, school });
        const open = (id: string) => app.gql(BOOK, { id }, user.token);

        for (const book of [books.visible, books.ownSchoolOnly]) {
          const res = await open(book.id);
          expect(res.body.errors).toBeUndefined();
          expect(res.body.data.book.id).toBe(book.id);
        }
        for (const id of [books.draft.id, books.archived.id, books.otherSchoolOnly.id, UNKNOWN_ID, "not-a-uuid"]) {
          const res = await open(id);
          expect(res.status).toBe(200);
          expect(res.body.data).toBeNull();
          expect(gqlError(res.body)).toEqual({ message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
        }
        for (const id of [books.noText.id, books.noCover.id]) {
          const res = await open(id);
          expect(gqlError(res.body)).toEqual({ message: BOOK_NOT_READY_MESSAGE, code: "NOT_FOUND" });
        }
      },
    );

    it("a draft without text is 'Book not found', never 'not fully uploaded' (drafts stay secret)", async () => {
      const book = await buildBook(app, { status: "draft", hasText: false, withCover: false });
      const student = await app.createUser();
      const res = await app.gql(BOOK, { id: book.id }, student.token);
      expect(gqlError(res.body)).toEqual({ message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
    });

    it("an admin opens a draft and a book without text", async () => {
      const admin = await app.createUser({ role: "admin" });
      for (const book of [
        await buildBook(app, { status: "draft" }),
        await buildBook(app, { hasText: false, withCover: false }),
      ]) {
        const res = await app.gql(BOOK, { id: book.id }, admin.token);
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data.book).toMatchObject({ id: book.id, status: book.status });
      }
    });

    it("book(id) shows the detail fields: cover URLs by version, no rating yet, no reading record", async () => {
      const tag = uniqueTag();
      const book = await buildBook(app, {
        title: `${tag} Detail`,
        author: "Dora Detail",
        category: "secondary",
        genre: "history",
        characterList: ["Dora", "Max"],
        description: "A book about details.",
      });
      const student = await app.createUser();

      const res = await app.gql(BOOK, { id: book.id }, student.token);

      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.book).toEqual({
        id: book.id,
        title: book.title,
        author: "Dora Detail",
        category: "secondary",
        genre: "history",
        description: "A book about details.",
        characterList: ["Dora", "Max"],
        publishedYear: null,
        pages: null,
        status: "published",
        hasText: true,
        hasCover: true,
        coverColor: null,
        coverUrl: `/covers/${book.id}/medium?v=${book.coverVersion}`,
        coverLowUrl: `/covers/${book.id}/low?v=${book.coverVersion}`,
        coverImageUrl: `/covers/${book.id}/large?v=${book.coverVersion}`,
        coverImagePath: `covers/${book.id}`,
        averageRating: null,
        reviewCount: 0,
        reading: null,
      });
    });

    it.each([
      ["books", BOOKS, {}],
      ["book", BOOK, { id: UNKNOWN_ID }],
      ["bookGenres", BOOK_GENRES, {}],
      ["dashboard", DASHBOARD, {}],
      ["setBookRead", SET_READ, { bookId: UNKNOWN_ID, read: true }],
    ])("%s without a token: HTTP 401 and UNAUTHENTICATED", async (_name, query, variables) => {
      const res = await app.gql(query, variables);
      expect(res.status).toBe(401);
      expect(gqlError(res.body)).toEqual({ message: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
    });

    it("a bad token: HTTP 401 with the invalid-session message", async () => {
      const res = await app.gql(BOOKS, {}, "not.a.token");
      expect(res.status).toBe(401);
      expect(gqlError(res.body)).toEqual({ message: Messages.invalidToken, code: "UNAUTHENTICATED" });
    });
  });

  describe("Explore: search and filters", () => {
    it("search is a case-insensitive substring of the title or the author", async () => {
      const word = uniqueTag();
      const [byTitle, byAuthor, neither] = await Promise.all([
        buildBook(app, { title: `The ${word}ling Garden`, author: "Ann Smith" }),
        buildBook(app, { title: `River ${word}`, author: `Anna ${word}ling` }),
        buildBook(app, { title: `Stone ${word}`, author: "Bob Jones" }),
      ]);
      const student = await app.createUser();

      const upper = await explore(student, { search: `${word}LING`.toUpperCase() });
      expect(idsOf(upper)).toEqual(sortedIds(byTitle, byAuthor));

      const middle = await explore(student, { search: `${word.slice(2)}LiN` });
      expect(idsOf(middle)).toEqual(sortedIds(byTitle, byAuthor));

      const padded = await explore(student, { search: `   ${word}  ` });
      expect(idsOf(padded)).toEqual(sortedIds(byTitle, byAuthor, neither));
    });

    it("search finds a catalogue book by part of its author, in any case", async () => {
      const student = await app.createUser();
      const page = await explore(student, { search: "beatrix POT", first: MAX_PAGE_SIZE });
      expect(page.items.map((b) => b.title)).toContain("The Tale of Peter Rabbit");
    });

    it("search treats % and _ as plain characters, not as wildcards", async () => {
      const tag = uniqueTag();
      const [percent, underscore, other] = await Promise.all([
        buildBook(app, { title: `${tag}%off Sale` }),
        buildBook(app, { title: `${tag}_x Underscore` }),
        buildBook(app, { title: `${tag}--off Zx Dashes` }),
      ]);
      const student = await app.createUser();

      expect(idsOf(await explore(student, { search: `${tag}%off` }))).toEqual([percent.id]);
      expect(idsOf(await explore(student, { search: `${tag}_x` }))).toEqual([underscore.id]);
      expect(idsOf(await explore(student, { search: `${tag}%` }))).toEqual([percent.id]);
      expect(other.id).toBeTruthy();
    });

    it("category and genre filters combine with the search", async () => {
      const tag = uniqueTag();
      const [primaryFiction, primaryHistory, secondaryFiction, secondaryHistory] = await Promise.all([
        buildBook(app, { title: `${tag} A`, category: "primary", genre: "fiction" }),
        buildBook(app, { title: `${tag} B`, category: "primary", genre: "history" }),
        buildBook(app, { title: `${tag} C`, category: "secondary", genre: "fiction" }),
        buildBook(app, { title: `${tag} D`, category: "secondary", genre: "history" }),
      ]);
      const student = await app.createUser();

      expect(idsOf(await explore(student, { search: tag, category: "primary" }))).toEqual(
        sortedIds(primaryFiction, primaryHistory),
      );
      expect(idsOf(await explore(student, { search: tag, genre: "history" }))).toEqual(
        sortedIds(primaryHistory, secondaryHistory),
      );
      const both = await explore(student, { search: tag, category: "secondary", genre: "fiction" });
      expect(idsOf(both)).toEqual([secondaryFiction.id]);
      expect(both.totalCount).toBe(1);
      expect(idsOf(await explore(student, { search: tag, category: "college" }))).toEqual([]);
    });

    it("a genre filter alone matches exactly that genre, whatever its case", async () => {
      const genre = `g${uniqueTag()}`;
      const [one, two] = await Promise.all([
        buildBook(app, { genre, category: "primary" }),
        buildBook(app, { genre, category: "secondary" }),
        buildBook(app, { genre: `${genre}x` }),
      ]);
      const student = await app.createUser();

      expect(idsOf(await explore(student, { genre: genre.toUpperCase() }))).toEqual(sortedIds(one, two));
    });

    it("an empty result is an empty page", async () => {
      const student = await app.createUser();
      expect(await explore(student, { search: uniqueTag() })).toEqual({ items: [], nextCursor: null, totalCount: 0 });
    });

    it("bookGenres lists the genres of visible books only, each once", async () => {
      const tag = uniqueTag();
      const school = otherSchool();
      const genre = (kind: string) => `g${tag}${kind}`;
      await Promise.all([
        buildBook(app, { genre: genre("visible") }),
        buildBook(app, { genre: genre("visible") }),
        buildBook(app, { genre: genre("own"), schools: [school] }),
        buildBook(app, { genre: genre("draft"), status: "draft" }),
        buildBook(app, { genre: genre("notext"), hasText: false }),
        buildBook(app, { genre: genre("nocover"), withCover: false }),
        buildBook(app, { genre: genre("elsewhere"), schools: [otherSchool(school)] }),
      ]);
      const genresOf = async (user: TestUser) => {
        const res = await app.gql(BOOK_GENRES, {}, user.token);
        expect(res.body.errors).toBeUndefined();
        const genres: string[] = res.body.data.bookGenres;
        expect(new Set(genres).size).toBe(genres.length);
        return genres;
      };
      const ours = (genres: string[]) => genres.filter((g) => g.startsWith(`g${tag}`)).sort();

      const student = await genresOf(await app.createUser({ school }));
      expect(ours(student)).toEqual([genre("own"), genre("visible")]);
      expect(student).toEqual(expect.arrayContaining(["fiction", "history", "literature", "science", "non-fiction"]));

      const admin = await genresOf(await app.createUser({ role: "admin" }));
      expect(ours(admin)).toEqual(
        ["draft", "elsewhere", "nocover", "notext", "own", "visible"].map((kind) => genre(kind)).sort(),
      );
    });
  });

  describe("Explore: pagination", () => {
    it("first/after walks every matching book exactly once, in title order, with the total on every page", async () => {
      const tag = uniqueTag();
      const books: BuiltBook[] = [];
      for (const n of [5, 1, 7, 3, 2, 6, 4]) {
        books.push(await buildBook(app, { title: `${tag} Volume ${n}` }));
      }
      await buildBook(app, { title: `${tag} Volume 8`, status: "draft" });
      const student = await app.createUser();

      const seen: string[] = [];
      const sizes: number[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages += 1) {
        const page: BookPage = await explore(student, { search: tag, first: 3, ...(after ? { after } : {}) });
        expect(page.totalCount).toBe(7);
        seen.push(...page.items.map((b) => b.title));
        sizes.push(page.items.length);
        after = page.nextCursor;
        if (!after) {
          break;
        }
      }

      expect(sizes).toEqual([3, 3, 1]);
      expect(seen).toEqual(
        [1, 2, 3, 4, 5, 6, 7].map((n) => books.find((b) => b.title.includes(`Volume ${n} `))?.title),
      );
    });

    it("books with the same title are neither skipped nor repeated across pages", async () => {
      const tag = uniqueTag();
      const books = await Promise.all([1, 2, 3, 4].map(() => buildBook(app, { title: tag })));
      const sameTitle = `${tag} Twins`;
      await app.db.prisma.book.updateMany({
        where: { id: { in: books.slice(0, 3).map((b) => b.id) } },
        data: { title: sameTitle },
      });
      const student = await app.createUser();

      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages += 1) {
        const page: BookPage = await explore(student, { search: tag, first: 1, ...(after ? { after } : {}) });
        expect(page.items).toHaveLength(1);
        seen.push(page.items[0]?.id as string);
        after = page.nextCursor;
        if (!after) {
          break;
        }
      }

      expect([...seen].sort()).toEqual(sortedIds(...books));
      const titles = await app.db.prisma.book.findMany({
        where: { id: { in: seen } },
        select: { id: true, title: true },
      });
      const titleOf = new Map(titles.map((b) => [b.id, b.title]));
      const ordered = seen.map((id) => titleOf.get(id));
      expect(ordered.filter((t) => t === sameTitle)).toHaveLength(3);
      // Keyset order: equal titles are adjacent.
      const firstTwin = ordered.indexOf(sameTitle);
      expect(ordered.slice(firstTwin, firstTwin + 3)).toEqual([sameTitle, sameTitle, sameTitle]);
    });

    it("without first a page holds 24 books; first may be as large as 60", async () => {
      const student = await app.createUser();
      const page = await explore(student, {});
      expect(page.items).toHaveLength(24);
      expect(page.totalCount).toBeGreaterThanOrEqual(24);
      const big = await explore(student, { first: MAX_PAGE_SIZE });
      expect(big.items.length).toBe(Math.min(MAX_PAGE_SIZE, big.totalCount));
    });

    it("a search of exactly 100 characters is accepted", async () => {
      const student = await app.createUser();
      const page = await explore(student, { search: "x".repeat(MAX_SEARCH_LENGTH) });
      expect(page.totalCount).toBe(0);
    });

    const badInputs: [string, Record<string, unknown>, string][] = [
      ["first = 0", { first: 0 }, `first must be between 1 and ${MAX_PAGE_SIZE}`],
      ["first = -1", { first: -1 }, `first must be between 1 and ${MAX_PAGE_SIZE}`],
      ["first = 1000", { first: 1000 }, `first must be between 1 and ${MAX_PAGE_SIZE}`],
      [
        "a 101-character search",
        { search: "x".repeat(MAX_SEARCH_LENGTH + 1) },
        "Search must be at most 100 characters",
      ],
      ["a garbage cursor", { after: "garbage!!" }, "Invalid cursor"],
      ["a cursor of the wrong shape", { after: Buffer.from('{"title":"a"}').toString("base64url") }, "Invalid cursor"],
    ];
    it.each(badInputs)("refuses %s with BAD_USER_INPUT", async (_case, variables, message) => {
      const student = await app.createUser();
      const res = await app.gql(BOOKS, variables, student.token);
      expect(res.body.data).toBeNull();
      expect(gqlError(res.body)).toEqual({ message, code: "BAD_USER_INPUT" });
    });

    it("refuses an unknown category with HTTP 400 and BAD_USER_INPUT", async () => {
      const student = await app.createUser();
      const res = await app.gql(BOOKS, { category: "tertiary" }, student.token);
      expect(res.status).toBe(400);
      const error = gqlError(res.body);
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.message).toContain('"tertiary" does not exist in "BookCategory" enum');
    });
  });

  describe("Explore: orders (sort)", () => {
    /** Every page of a search in the order, `first` at a time: titles without the search tag. */
    async function walk(user: TestUser, variables: Record<string, unknown>, first: number): Promise<string[]> {
      const titles: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 20; pages += 1) {
        const page: BookPage = await explore(user, { ...variables, first, ...(after ? { after } : {}) });
        titles.push(...page.items.map((b) => b.title.split(" ")[1] as string));
        after = page.nextCursor;
        if (!after) {
          return titles;
        }
      }
      throw new Error("more than 20 pages");
    }

    /** Books titled `${tag} ${name}`, found by searching the tag. */
    const booksNamed = (tag: string, names: string[], options: Parameters<typeof buildBook>[1] = {}) =>
      Promise.all(names.map((name) => buildBook(app, { ...options, title: `${tag} ${name}` })));

    it("title (the default): A to Z, as without a sort", async () => {
      const tag = uniqueTag();
      await booksNamed(tag, ["Cedar", "Alder", "Birch"]);
      const student = await app.createUser();
      expect(await walk(student, { search: tag, sort: "title" }, 2)).toEqual(["Alder", "Birch", "Cedar"]);
      expect(await walk(student, { search: tag }, 2)).toEqual(["Alder", "Birch", "Cedar"]);
    });

    it("newest: latest added first, equal times by id, every book once across pages", async () => {
      const tag = uniqueTag();
      const books = await booksNamed(tag, ["Old", "Middle", "TwinA", "TwinB", "New"]);
      const day = (n: number) => new Date(Date.UTC(2025, 0, n));
      const added = [day(1), day(2), day(3), day(3), day(4)];
      for (const [i, book] of books.entries()) {
        await app.db.prisma.book.update({ where: { id: book.id }, data: { createdAt: added[i] } });
      }
      const [twinA, twinB] = [books[2], books[3]] as [BuiltBook, BuiltBook];
      const twins = twinA.id < twinB.id ? ["TwinA", "TwinB"] : ["TwinB", "TwinA"];
      const student = await app.createUser();

      expect(await walk(student, { search: tag, sort: "newest" }, 2)).toEqual(["New", ...twins, "Middle", "Old"]);
    });

    it("mostRead: most readers at the student's school first, then the rest A to Z", async () => {
      const tag = uniqueTag();
      const school = otherSchool();
      const [one, three, elsewhere, two] = await booksNamed(tag, ["One", "Three", "Elsewhere", "Two", "Zero"]);
      await booksNamed(tag, ["Draft"], { status: "draft" });
      const readBy = async (book: BuiltBook | undefined, count: number, at: string) => {
        for (let i = 0; i < count; i += 1) {
          const reader = await app.createUser({ school: at });
          await app.gql(SET_READ, { bookId: book?.id, read: true }, reader.token);
        }
      };
      await readBy(three, 3, school);
      await readBy(two, 2, school);
      await readBy(one, 1, school);
      await readBy(elsewhere, 4, otherSchool(school));
      // Unchecked and teachers' reads do not count.
      const unchecked = await app.createUser({ school });
      await app.gql(SET_READ, { bookId: one?.id, read: true }, unchecked.token);
      await app.gql(SET_READ, { bookId: one?.id, read: false }, unchecked.token);
      const teacher = await app.createUser({ school, role: "teacher" });
      await app.gql(SET_READ, { bookId: elsewhere?.id, read: true }, teacher.token);
      const student = await app.createUser({ school });

      const order = ["Three", "Two", "One", "Elsewhere", "Zero"];
      for (const first of [1, 2, 3, 5]) {
        expect(await walk(student, { search: tag, sort: "mostRead" }, first)).toEqual(order);
      }
      expect(await walk(teacher, { search: tag, sort: "mostRead" }, 2)).toEqual(order);
      const page = await explore(student, { search: tag, sort: "mostRead", first: 2 });
      expect(page.totalCount).toBe(5);
    });

    it("highestRated: the school's best average first, then more ratings; unrated books A to Z", async () => {
      const tag = uniqueTag();
      const school = otherSchool();
      const books = await booksNamed(tag, ["FiveTwice", "FiveOnce", "Three", "Panned", "Away", "Unrated"]);
      const [fiveTwice, fiveOnce, three, panned, away] = books as BuiltBook[];
      const rate = async (book: BuiltBook | undefined, ratings: number[], at: string) => {
        for (const rating of ratings) {
          const reviewer = await app.createUser({ school: at });
          await app.db.prisma.review.create({
            data: { userId: reviewer.id, bookId: book?.id as string, rating, reviewText: "ok" },
          });
        }
      };
      await rate(fiveTwice, [5, 5], school);
      await rate(fiveOnce, [5], school);
      await rate(three, [2, 3, 4], school);
      await rate(panned, [1], school);
      await rate(away, [5, 5, 5], otherSchool(school));
      const student = await app.createUser({ school });

      const order = ["FiveTwice", "FiveOnce", "Three", "Panned", "Away", "Unrated"];
      for (const first of [1, 2, 4]) {
        expect(await walk(student, { search: tag, sort: "highestRated" }, first)).toEqual(order);
      }
      // A filter keeps only its books, in the same order.
      await app.db.prisma.book.update({ where: { id: fiveOnce?.id }, data: { category: "secondary" } });
      expect(await walk(student, { search: tag, sort: "highestRated", category: "primary" }, 2)).toEqual(
        order.filter((name) => name !== "FiveOnce"),
      );
    });

    it("a student without a school: the school orders are A to Z", async () => {
      const tag = uniqueTag();
      await booksNamed(tag, ["Beta", "Alpha"]);
      const student = await app.createUser({ school: null });
      expect(await walk(student, { search: tag, sort: "mostRead" }, 1)).toEqual(["Alpha", "Beta"]);
      expect(await walk(student, { search: tag, sort: "highestRated" }, 1)).toEqual(["Alpha", "Beta"]);
    });

    it("a cursor of another order is refused; an unknown sort is a bad request", async () => {
      const tag = uniqueTag();
      await booksNamed(tag, ["A", "B"]);
      const student = await app.createUser();
      const byTitle = await explore(student, { search: tag, first: 1 });
      const res = await app.gql(BOOKS, { search: tag, sort: "newest", after: byTitle.nextCursor }, student.token);
      expect(gqlError(res.body)).toEqual({ message: "Invalid cursor", code: "BAD_USER_INPUT" });
      const unknown = await app.gql(BOOKS, { sort: "random" }, student.token);
      expect(unknown.status).toBe(400);
      expect(gqlError(unknown.body).code).toBe("BAD_USER_INPUT");
    });
  });

  describe("Explore: what a card shows", () => {
    it("the student's own read mark, the level, the pages and the words of the text", async () => {
      const tag = uniqueTag();
      const [read, unread, unchecked] = await Promise.all([
        buildBook(app, { title: `${tag} Read`, text: "one two  three\n\nfour" }),
        buildBook(app, { title: `${tag} Unread`, category: "secondary" }),
        buildBook(app, { title: `${tag} Unchecked` }),
      ]);
      await app.db.prisma.book.update({ where: { id: unread.id }, data: { pages: 212 } });
      const student = await app.createUser();
      const classmate = await app.createUser();
      await app.gql(SET_READ, { bookId: read.id, read: true }, student.token);
      await app.gql(SET_READ, { bookId: unchecked.id, read: true }, student.token);
      await app.gql(SET_READ, { bookId: unchecked.id, read: false }, student.token);
      await app.gql(SET_READ, { bookId: unread.id, read: true }, classmate.token);

      const page = await explore(student, { search: tag });

      const card = (book: BuiltBook) => page.items.find((item) => item.id === book.id);
      expect(card(read)).toMatchObject({ category: "primary", reading: { read: true }, wordCount: 4, pages: null });
      expect(card(unread)).toMatchObject({ category: "secondary", reading: null, pages: 212 });
      expect(card(unchecked)?.reading).toEqual({ read: false });
    });

    it("a catalogue book has its pages and the words of its text", async () => {
      const student = await app.createUser();
      const page = await explore(student, { search: "Peter Rabbit" });
      expect(page.items[0]).toMatchObject({ title: "The Tale of Peter Rabbit", pages: 56, wordCount: 1011 });
    });

    it("an admin's new text counts its words", async () => {
      const tag = uniqueTag();
      const book = await buildBook(app, { title: `${tag} Retold` });
      const admin = await app.createUser({ role: "admin" });
      const res = await upload(app, "text", book.id, Buffer.from("A new text\nof six words."), {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      const page = await explore(admin, { search: tag });
      expect(page.items[0]?.wordCount).toBe(6);
    });
  });

  describe("the read checkbox (setBookRead)", () => {
    const reading = (app: TestApp, userId: string, bookId: string) =>
      app.db.prisma.userBook.findUnique({ where: { id: `${userId}_${bookId}` } });

    it("checking sets read and lastReadAt now, on the record userId_bookId with the default 10 minutes", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      const before = Date.now();

      const res = await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);

      expect(res.body.errors).toBeUndefined();
      const record = res.body.data.setBookRead;
      expect(record).toEqual({
        id: `${student.id}_${book.id}`,
        bookId: book.id,
        read: true,
        lastReadAt: expect.any(String),
        readingTime: 10,
      });
      const at = Date.parse(record.lastReadAt);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await reading(app, student.id, book.id)).toMatchObject({
        userId: student.id,
        bookId: book.id,
        read: true,
        lastReadAt: new Date(record.lastReadAt),
      });
    });

    it("unchecking sets read false and lastReadAt null; the book shows the record", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);

      const res = await app.gql(SET_READ, { bookId: book.id, read: false }, student.token);

      expect(res.body.data.setBookRead).toEqual({
        id: `${student.id}_${book.id}`,
        bookId: book.id,
        read: false,
        lastReadAt: null,
        readingTime: 10,
      });
      expect(await reading(app, student.id, book.id)).toMatchObject({ read: false, lastReadAt: null });
      const detail = await app.gql(BOOK, { id: book.id }, student.token);
      expect(detail.body.data.book.reading).toMatchObject({ read: false, lastReadAt: null });
    });

    it("never loses readingTime: 37 minutes survive checking and unchecking", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
      await app.db.prisma.userBook.update({
        where: { id: `${student.id}_${book.id}` },
        data: { readingTime: 37 },
      });

      const off = await app.gql(SET_READ, { bookId: book.id, read: false }, student.token);
      const on = await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);

      expect(off.body.data.setBookRead.readingTime).toBe(37);
      expect(on.body.data.setBookRead).toMatchObject({ read: true, readingTime: 37 });
      expect((await reading(app, student.id, book.id))?.readingTime).toBe(37);
      const detail = await app.gql(BOOK, { id: book.id }, student.token);
      expect(detail.body.data.book.reading).toMatchObject({ read: true, readingTime: 37 });
    });

    it("one record per user and book, however often it is toggled", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      for (const read of [true, true, false, true]) {
        await app.gql(SET_READ, { bookId: book.id, read }, student.token);
      }
      expect(await app.db.prisma.userBook.count({ where: { userId: student.id, bookId: book.id } })).toBe(1);
    });

    it("cannot mark a hidden or incomplete book, and writes nothing", async () => {
      const school = otherSchool();
      const student = await app.createUser({ school });
      const cases: [BuiltBook, string][] = [
        [await buildBook(app, { status: "draft" }), BOOK_NOT_FOUND_MESSAGE],
        [await buildBook(app, { schools: [otherSchool(school)] }), BOOK_NOT_FOUND_MESSAGE],
        [await buildBook(app, { hasText: false }), BOOK_NOT_READY_MESSAGE],
        [await buildBook(app, { withCover: false }), BOOK_NOT_READY_MESSAGE],
      ];
      for (const [book, message] of cases) {
        const res = await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
        expect(gqlError(res.body)).toEqual({ message, code: "NOT_FOUND" });
      }
      const unknown = await app.gql(SET_READ, { bookId: UNKNOWN_ID, read: true }, student.token);
      expect(gqlError(unknown.body)).toEqual({ message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
      expect(await app.db.prisma.userBook.count({ where: { userId: student.id } })).toBe(0);
    });
  });
});

// The statement counts need an app of their own: LOG_QUERIES counts every statement of that app.
describe("books and dashboard: a fixed number of SQL statements (no N+1)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOG_QUERIES: "true" });
  });
  afterAll(() => app.stop());

  const booksIn = (sort: string) => `query { books(first: ${MAX_PAGE_SIZE}, sort: ${sort}) {
    items { id title author category genre pages wordCount coverUrl coverLowUrl averageRating reviewCount reading { id } }
    nextCursor totalCount
  } }`;
  const BIG_BOOKS = booksIn("title");
  const SORTS = ["newest", "mostRead", "highestRated"] as const;

  /** Statements run by one request: the token's user lookup plus the operation's own. */
  async function statementsOf(query: string, token: string): Promise<number> {
    const before = app.db.queryCount();
    const res = await app.gql(query, {}, token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return app.db.queryCount() - before;
  }

  it("books(first: 60) in every order and dashboard run the same few statements with 30 or 60 extra books", async () => {
    const school = otherSchool();
    const addBooks = (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          buildBook(app, {
            title: `Counted ${i}`,
            schools: i % 2 ? [school] : "all",
            genre: i % 3 ? "fiction" : "history",
          }),
        ),
      );
    const student = await app.createUser({ school });
    // Sessions write lastActiveAt in the background when it is stale: make it fresh, so the
    // measured requests run only their own statements.
    await app.db.prisma.user.update({ where: { id: student.id }, data: { lastActiveAt: new Date() } });
    const extra = await addBooks(30);
    const read = extra.slice(0, 5);
    for (const book of read) {
      await app.gql(SET_READ, { bookId: book.id, read: true }, student.token);
    }

    // Schoolmates read and rate some books, so the school's orders have books to rank.
    for (const book of extra.slice(5, 10)) {
      const mate = await app.createUser({ school });
      await app.gql(SET_READ, { bookId: book.id, read: true }, mate.token);
      await app.db.prisma.review.create({ data: { userId: mate.id, bookId: book.id, rating: 4, reviewText: "ok" } });
    }

    const measure = async () => {
      const counts: Record<string, number> = {
        books: await statementsOf(BIG_BOOKS, student.token),
        dashboard: await statementsOf(DASHBOARD, student.token),
      };
      for (const sort of SORTS) {
        counts[sort] = await statementsOf(booksIn(sort), student.token);
      }
      return counts;
    };
    const small = await measure();
    await addBooks(30);
    const large = await measure();

    // The page really held the extra books, and the dashboard the five read ones.
    const page = await app.gql(BIG_BOOKS, {}, student.token);
    expect(page.body.data.books.items).toHaveLength(MAX_PAGE_SIZE);
    const dashboard = await app.gql(DASHBOARD, {}, student.token);
    expect(dashboard.body.data.dashboard.booksRead).toBe(5);

    // The same few statements however many books: no statement per book. A held session (1 s) or
    // count (2 s) saves one more now and then, so each case is bounded rather than counted exactly.
    for (const counts of [small, large]) {
      // Relations load in the same statement (the reader's records joined to a page of books):
      // books: session (user with school) + page + count = 3.
      // dashboard: session + read records with their books + recommended ids + those books = 4.
      expect(counts.books).toBeLessThanOrEqual(3);
      expect(counts.dashboard).toBeLessThanOrEqual(4);
      // newest: as books. The school's orders: session + the school's ranked books with their rows +
      // the rest A to Z + count = 4.
      expect(counts.newest).toBeLessThanOrEqual(3);
      expect(counts.mostRead).toBeLessThanOrEqual(4);
      expect(counts.highestRated).toBeLessThanOrEqual(4);
    }
  });
});
