import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNPUBLISH_BOOK } from "./helpers/admin-kit.js";
import { buildBook, type BuiltBook, DASHBOARD, SET_READ, uniqueTag } from "./helpers/book-factory.js";
import { twoInstancesOverRedis } from "./helpers/redis-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// A student's recommendations are held (RECOMMENDATIONS_CACHE_MS), keyed by what they read and liked,
// and dropped on every instance when the catalogue changes. Here they are held for a minute, longer
// than any test waits: what a test sees change, it sees because the change was seen, never because
// the minute passed. What schoolmates read and rate is the one thing a held list does not show until
// it is worked out again.

const HELD_FOR_A_MINUTE = { RECOMMENDATIONS_CACHE_MS: "60000" };
const REVIEW = `mutation($bookId: ID!, $rating: Int!) { submitReview(bookId: $bookId, rating: $rating, reviewText: "My view") { id } }`;

type Recommendation = { book: { id: string }; reason: string };

async function ok(app: TestApp, query: string, variables: Record<string, unknown>, token: string) {
  const res = await app.gql(query, variables, token);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

async function recommended(app: TestApp, student: TestUser): Promise<Recommendation[]> {
  return (await ok(app, DASHBOARD, {}, student.token)).dashboard.recommendations;
}
const ids = (list: Recommendation[]) => list.map((r) => r.book.id);

/**
 * A student who read and loved a book, and four more books by its author: the recommendations are
 * the first three of the four (by id, as their scores tie).
 */
async function lovedAuthor(app: TestApp, school = "Pimlico Academy") {
  // An author and a genre of their own: no other test's books are like these.
  const [author, genre] = [`Author ${uniqueTag()}`, uniqueTag()];
  const student = await app.createUser({ school });
  const liked = await buildBook(app, { author, genre, category: "secondary" });
  await ok(app, SET_READ, { bookId: liked.id, read: true }, student.token);
  await ok(app, REVIEW, { bookId: liked.id, rating: 5 }, student.token);
  const more: BuiltBook[] = [];
  for (let i = 0; i < 4; i += 1) {
    more.push(await buildBook(app, { author, genre, category: "secondary" }));
  }
  const books = more.map((book) => book.id).sort();
  expect(ids(await recommended(app, student))).toEqual(books.slice(0, 3));
  return { student, liked, books, school };
}

describe("held recommendations", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(HELD_FOR_A_MINUTE);
  });
  afterAll(() => app.stop());

  it("are held: schoolmates' reading and ratings show when the list is worked out again", async () => {
    const { student, books, school } = await lovedAuthor(app);
    // Three schoolmates read and love the fourth book: worked out afresh, it would come first.
    for (let i = 0; i < 3; i += 1) {
      const mate = await app.createUser({ school });
      await ok(app, SET_READ, { bookId: books[3], read: true }, mate.token);
      await ok(app, REVIEW, { bookId: books[3], rating: 5 }, mate.token);
    }
    // Their ratings add to the book's running totals, which is not a change to the catalogue.
    expect(ids(await recommended(app, student))).toEqual(books.slice(0, 3));

    app.services.catalogue.changed(null);
    expect(ids(await recommended(app, student))).toEqual([books[3], books[0], books[1]]);
  });

  it("show the student's own reading at once", async () => {
    const { student, books } = await lovedAuthor(app);
    await ok(app, SET_READ, { bookId: books[0], read: true }, student.token);
    expect(ids(await recommended(app, student))).toEqual(books.slice(1, 4));
  });

  it("show the student's own rating at once: a book rated 2 is no longer liked", async () => {
    const { student, liked } = await lovedAuthor(app);
    expect((await recommended(app, student)).map((r) => r.reason)).toEqual(["liked", "liked", "liked"]);
    await ok(app, REVIEW, { bookId: liked.id, rating: 2 }, student.token);
    const now = await recommended(app, student);
    expect(now).toHaveLength(3);
    expect(now.filter((r) => r.reason === "liked")).toEqual([]);
  });

  it("drop a book an admin unpublishes, and are worked out again to fill its place", async () => {
    const { student, books } = await lovedAuthor(app);
    const admin = await app.createUser({ role: "admin" });
    await ok(app, UNPUBLISH_BOOK, { id: books[1] }, admin.token);
    expect(ids(await recommended(app, student))).toEqual([books[0], books[2], books[3]]);
  });

  it("see any write to a book through Prisma (a script's, a seed's) at once", async () => {
    const { student, books } = await lovedAuthor(app);
    await app.db.prisma.book.update({ where: { id: books[0] }, data: { status: "archived" } });
    expect(ids(await recommended(app, student))).toEqual(books.slice(1, 4));
  });

  it("never show a book the student may no longer open, even when a change was not announced", async () => {
    const { student, books } = await lovedAuthor(app);
    // Raw SQL is not seen (db/watched-writes.ts): the held list is used, less the hidden book.
    await app.db.prisma.$executeRaw`UPDATE "Book" SET status = 'archived' WHERE id = ${books[0]}`;
    expect(ids(await recommended(app, student))).toEqual([books[1], books[2]]);
    // Announced, the list is worked out again and full.
    app.services.catalogue.changed(null);
    expect(ids(await recommended(app, student))).toEqual(books.slice(1, 4));
  });
});

// Two instances on one PostgreSQL and one Redis: a change to the catalogue through one drops the
// recommendations the other holds. PGlite serves one process, so this runs on PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE === "postgres")("held recommendations on two instances", () => {
  const instances = twoInstancesOverRedis(HELD_FOR_A_MINUTE);

  it("a book unpublished through one instance is replaced on the other within moments", async () => {
    const { student, books } = await lovedAuthor(instances.b);
    const admin = await instances.a.createUser({ role: "admin" });
    await ok(instances.a, UNPUBLISH_BOOK, { id: books[1] }, admin.token);
    // Three books, not two: the other instance worked its list out again rather than filtering it.
    await expect
      .poll(async () => ids(await recommended(instances.b, student)), { timeout: 10_000, interval: 50 })
      .toEqual([books[0], books[2], books[3]]);
  });
});
