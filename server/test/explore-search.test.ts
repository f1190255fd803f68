import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "../src/auth/actor.js";
import { Prisma } from "../src/generated/prisma/client.js";
import { createAdminBookService } from "../src/modules/admin/admin-books.service.js";
import { type BookFilters, filtersSql, filtersWhere } from "../src/modules/books/book-filters.js";
import { createBookService } from "../src/modules/books/book.service.js";
import type { ModerationService } from "../src/modules/moderation/moderation.service.js";
import { CATALOGUE_COUNT_TTL_MS, createCatalogueCache } from "../src/modules/books/catalogue-cache.js";
import { createAppPubSub, createRedisPubSub } from "../src/pubsub/pubsub.js";
import { connectRedis, type RedisConnections } from "../src/pubsub/redis.js";
import { buildBook, uniqueTag } from "./helpers/book-factory.js";
import { TEST_REDIS_URL, uniqueRedisPrefix } from "./helpers/redis-kit.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// Explore's search on the trigram indexes (pg_trgm, GIN): the indexes exist, the planner can use
// them for both forms of the search (Prisma's and the SQL of the school's orders), and they find
// exactly what a scan finds, for wildcards, backslashes, accents and terms too short for trigrams.
// Then the cached total count: fresh after a change on the same instance at once, and on another
// instance as soon as the change's event arrives over Redis.

// Explore and the counts never screen text.
const noModeration: Pick<ModerationService, "screen"> = {
  screen: () => Promise.reject(new Error("not used")),
};

describe("Explore search on trigram indexes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const actorOf = async (id: string): Promise<Actor> =>
    app.db.prisma.user.findUniqueOrThrow({ where: { id }, include: { school: true } });

  it("has pg_trgm and a GIN trigram index on the title and on the author", async () => {
    const extensions = await app.db.sql.query<{ extname: string }>("SELECT extname FROM pg_extension");
    expect(extensions.map((row) => row.extname)).toContain("pg_trgm");
    const indexes = await app.db.sql.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Book' AND indexname LIKE '%trgm%' ORDER BY indexname`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual(["Book_author_trgm_idx", "Book_title_trgm_idx"]);
    for (const { indexdef } of indexes) {
      expect(indexdef).toMatch(/USING gin \("?(title|author)"? gin_trgm_ops\)/);
    }
  });

  describe("finds what a scan finds", () => {
    const genre = `g${uniqueTag()}`;
    const titles = [
      "100% Pure Gold",
      "1000 Pure Things",
      "snake_case tales",
      "snakeXcase tales",
      "Back\\slash and Forward/slash",
      "Émile's ÉTÉ in Paris",
      "emile ete at home",
      "Straße der Träume",
      "Ab Ovo",
      "The Tale of the Cat",
      "Über alles",
    ];
    const authors = ["Anne Ab", "O'Brien", "Zoë Zed", "Per%cent", "Under_Score", "Back\\Slash", "Ann Abb", "A B"];
    const terms = [
      "%",
      "_",
      "\\",
      "%P",
      "e_c",
      "k\\s",
      "100%",
      "é",
      "ÉTÉ",
      "été",
      "emile",
      "straße",
      "ZOË",
      "zoe",
      "a",
      "ab",
      "AB",
      "o'",
      "the",
      "tale",
      "TALE",
      "slash",
      "nothing-like-this",
    ];
    let student: Actor;
    let bookIds: string[];

    beforeAll(async () => {
      const books = await Promise.all(
        titles.map((title, i) =>
          buildBook(app, { title, author: authors[i % authors.length] as string, genre, withCover: i % 4 !== 0 }),
        ),
      );
      bookIds = books.map((book) => book.id);
      student = await actorOf((await app.createUser({ school: "Pimlico Academy" })).id);
    });

    /**
     * The ids the filters find over the whole catalogue, with the planner told to use the indexes and
     * told not to, in one snapshot (other test files add books meanwhile), in Prisma's form and in SQL.
     */
    async function found(filters: BookFilters, actor: Actor) {
      return app.db.prisma.$transaction(
        async (tx) => {
          const run = async () => {
            const viaPrisma = await tx.book.findMany({
              where: filtersWhere(actor, filters),
              select: { id: true },
              orderBy: { id: "asc" },
            });
            const viaSql = await tx.$queryRaw<{ id: string }[]>`
              SELECT b.id FROM "Book" b WHERE ${filtersSql(actor, filters)} ORDER BY b.id`;
            const plan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>`
              EXPLAIN SELECT b.id FROM "Book" b WHERE ${filtersSql(actor, filters)}`;
            return {
              prisma: viaPrisma.map((row) => row.id),
              sql: viaSql.map((row) => row.id),
              plan: plan.map((row) => row["QUERY PLAN"]).join("\n"),
            };
          };
          // Bitmap scans only: for the search, the trigram indexes are the ones that can serve it.
          await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
          await tx.$executeRawUnsafe("SET LOCAL enable_indexscan = off");
          const indexed = await run();
          await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = on");
          await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
          const scanned = await run();
          return { indexed, scanned };
        },
        { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
      );
    }

    it("the same books with and without the indexes, in both forms, for every kind of term", async () => {
      const admin = await actorOf((await app.createUser({ role: "admin" })).id);
      for (const search of terms) {
        for (const actor of [student, admin]) {
          const { indexed, scanned } = await found({ search, category: null, genre: null }, actor);
          const label = `${search} as ${actor.role}`;
          expect(indexed.prisma, label).toEqual(scanned.prisma);
          expect(indexed.sql, label).toEqual(scanned.prisma);
          expect(scanned.sql, label).toEqual(scanned.prisma);
          expect(scanned.plan, label).not.toContain("trgm");
          if (actor.role === "admin" && /^[a-z]{3,}$/.test(search)) {
            // Three letters or more: the indexes find the candidates (the rows are then checked).
            // (An admin sees every book: no other condition offers the planner another index.)
            expect(indexed.plan, label).toContain("Book_title_trgm_idx");
            expect(indexed.plan, label).toContain("Book_author_trgm_idx");
          }
        }
      }
    });

    it("a case-insensitive literal substring of the title or the author (ASCII terms)", async () => {
      const books = await app.db.prisma.book.findMany({
        where: { id: { in: bookIds } },
        select: { id: true, title: true, author: true, hasCover: true },
      });
      for (const search of terms.filter((term) => /^[\x20-\x7e]+$/.test(term))) {
        const expected = books
          .filter((book) => book.hasCover)
          .filter((book) => `${book.title}\n${book.author}`.toLowerCase().includes(search.toLowerCase()))
          .map((book) => book.id)
          .sort();
        const { indexed, scanned } = await found({ search, category: null, genre }, student);
        expect(indexed.prisma, search).toEqual(expected);
        expect(scanned.prisma, search).toEqual(expected);
      }
      // '%' is a character here, not a wildcard.
      const percent = await found({ search: "%", category: null, genre }, student);
      expect(percent.indexed.prisma.length).toBeGreaterThan(0);
      expect(percent.indexed.prisma.length).toBeLessThan(books.filter((book) => book.hasCover).length);
    });

    it("Explore answers the same through the API", async () => {
      const token = await app.tokens.issue(await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } }));
      for (const search of ["%", "_", "\\", "tale", "ab", "ÉTÉ"]) {
        const res = await app.gql(
          `query($search: String, $genre: String) { books(search: $search, genre: $genre, first: 60) { items { id } totalCount } }`,
          { search, genre },
          token,
        );
        expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
        const ids = (res.body.data.books.items as { id: string }[]).map((item) => item.id).sort();
        const { scanned } = await found({ search, category: null, genre }, student);
        expect(ids, search).toEqual(scanned.prisma);
        expect(res.body.data.books.totalCount, search).toBe(scanned.prisma.length);
      }
    });
  });

  describe("the cached total count", () => {
    const admin = () => app.createUser({ role: "admin" }).then((user) => actorOf(user.id));
    const student = () => app.createUser({ school: "Ark Conway" }).then((user) => actorOf(user.id));

    it("is counted once per TTL, and afresh at once after a change made through this instance", async () => {
      let clock = 1_000_000;
      const catalogue = createCatalogueCache({ pubsub: createAppPubSub(), now: () => clock });
      const books = createBookService({ prisma: app.db.prisma, moderation: noModeration, catalogue });
      const adminBooks = createAdminBookService({ prisma: app.db.prisma, catalogue });
      const genre = `g${uniqueTag()}`;
      const [first] = await Promise.all([buildBook(app, { genre }), buildBook(app, { genre })]);
      const reader = await student();
      const count = async () => (await books.listBooks({ actor: reader, genre })).totalCount;

      expect(await count()).toBe(2);
      // Written behind the service's back: the count is the cached one until the TTL is over.
      await buildBook(app, { genre });
      expect(await count()).toBe(2);
      clock += CATALOGUE_COUNT_TTL_MS;
      expect(await count()).toBe(3);

      await adminBooks.deleteBook({ actor: await admin(), bookId: first?.id });
      expect(await count()).toBe(2);
      await catalogue.close();
    });

    it("another instance drops its count when the change's event arrives over Redis", async () => {
      const prefix = uniqueRedisPrefix();
      const logger = pino({ level: "silent" });
      const connections: RedisConnections[] = await Promise.all([
        connectRedis(TEST_REDIS_URL, { prefix, logger }),
        connectRedis(TEST_REDIS_URL, { prefix, logger }),
      ]);
      try {
        const clock = 1_000_000;
        const [one, two] = await Promise.all(connections.map((redis) => createRedisPubSub(redis, logger)));
        const catalogues = [one, two].map((pubsub) => createCatalogueCache({ pubsub, now: () => clock }));
        const [a, b] = catalogues.map((catalogue) => ({
          books: createBookService({ prisma: app.db.prisma, moderation: noModeration, catalogue }),
          adminBooks: createAdminBookService({ prisma: app.db.prisma, catalogue }),
        }));
        const genre = `g${uniqueTag()}`;
        const [first] = await Promise.all([buildBook(app, { genre }), buildBook(app, { genre })]);
        const reader = await student();
        const countOn = async (instance: typeof a) =>
          (await instance!.books.listBooks({ actor: reader, genre })).totalCount;
        expect(await countOn(a)).toBe(2);
        expect(await countOn(b)).toBe(2);
        // The clock stands still: only the event can make instance b count again.
        await Promise.all([buildBook(app, { genre }), buildBook(app, { genre })]);
        expect(await countOn(b)).toBe(2);

        await a!.adminBooks.deleteBook({ actor: await admin(), bookId: first?.id });

        expect(await countOn(a)).toBe(3);
        await vi.waitFor(async () => expect(await countOn(b)).toBe(3), { timeout: 5000, interval: 20 });
        await Promise.all(catalogues.map((catalogue) => catalogue.close()));
      } finally {
        await Promise.all(connections.map((redis) => redis.close()));
      }
    });
  });
});
