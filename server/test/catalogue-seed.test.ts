import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_DIR, readCatalogue, seedCatalogue } from "../src/db/seed-catalogue.js";
import { renderCover } from "../src/modules/covers/cover-art.js";
import { coverVersionOf, storeCover } from "../src/modules/covers/cover.service.js";
import { BOOKS } from "./helpers/book-factory.js";
import { createThrowawayDatabase } from "./helpers/global-setup.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// The public-domain catalogue (prisma/seed/catalogue): 24 books with generated covers and their
// texts, seeded once per run (global-setup) and at every start. Seeding is idempotent; a changed
// entry updates only its book. Other files rely on the shared PostgreSQL catalogue, so the tests
// that change it run on PGlite only, where every app has its own copy of the database.

const sha256 = (value: string | Buffer | Uint8Array) => createHash("sha256").update(value).digest("hex");
const entries = readCatalogue();
const onPglite = process.env.TEST_DATABASE === "pglite";
const onPostgres = process.env.TEST_DATABASE === "postgres";

type Entry = (typeof entries)[number];

/** A temporary catalogue folder: books.json changed by `edit`, texts linked (or replaced). */
function catalogueCopy(edit: (entries: Entry[]) => Entry[], texts: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-catalogue-"));
  fs.writeFileSync(path.join(dir, "books.json"), JSON.stringify(edit(structuredClone(entries)), null, 2));
  fs.mkdirSync(path.join(dir, "texts"));
  for (const file of fs.readdirSync(path.join(CATALOGUE_DIR, "texts"))) {
    fs.symlinkSync(path.join(CATALOGUE_DIR, "texts", file), path.join(dir, "texts", file));
  }
  for (const [textFile, content] of Object.entries(texts)) {
    fs.rmSync(path.join(dir, textFile));
    fs.writeFileSync(path.join(dir, textFile), content);
  }
  return dir;
}

/** What a seed run may change, per slug. */
async function snapshot(app: TestApp) {
  const books = await app.db.prisma.book.findMany({
    where: { slug: { not: null } },
    select: {
      slug: true,
      title: true,
      description: true,
      coverVersion: true,
      seedHash: true,
      // Not the book's updatedAt: reviews elsewhere update a book's rating totals. Only seeding
      // writes the text and the cover.
      text: { select: { sha256: true, updatedAt: true } },
      cover: { select: { sha256: true, createdAt: true } },
    },
  });
  return new Map(books.map((b) => [b.slug as string, b]));
}

describe("catalogue seed", () => {
  let app: TestApp;
  beforeAll(async () => {
    // SEED_CATALOGUE is left at its default (on): this start seeds over the already seeded database.
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it("the catalogue has 24 books", () => {
    expect(entries).toHaveLength(24);
    expect(new Set(entries.map((e) => e.slug)).size).toBe(24);
  });

  it("a start over a seeded database changes nothing", () => {
    expect(app.seed.catalogue).toEqual({ created: 0, updated: 0, unchanged: 24 });
  });

  it("every entry is a published book with its fields, its text and a 600x800 PNG cover", async () => {
    const books = await app.db.prisma.book.findMany({
      where: { slug: { in: entries.map((e) => e.slug) } },
      include: { text: true, cover: { select: { contentType: true, width: true, height: true, sha256: true } } },
    });
    expect(books).toHaveLength(24);
    const bySlug = new Map(books.map((b) => [b.slug, b]));
    for (const entry of entries) {
      const book = bySlug.get(entry.slug);
      const text = fs.readFileSync(path.join(CATALOGUE_DIR, entry.textFile), "utf8");
      expect(book, entry.slug).toMatchObject({
        title: entry.title,
        author: entry.author,
        category: entry.category,
        genre: entry.genre.toLowerCase(),
        description: entry.description,
        characterList: entry.characterList,
        publishedYear: entry.publishedYear,
        pages: entry.pages,
        coverColor: entry.coverColor,
        status: "published",
        allSchools: true,
        hasText: true,
        hasCover: true,
      });
      expect(book?.text).toMatchObject({ content: text, sizeBytes: Buffer.byteLength(text), sha256: sha256(text) });
      expect(book?.cover).toMatchObject({ contentType: "image/png", width: 600, height: 800 });
      expect(book?.coverVersion).toBe(coverVersionOf(book?.cover?.sha256 as string));
    }
  });

  it("a student finds every catalogue book by its title", async () => {
    const student = await app.createUser();
    for (const entry of entries) {
      const res = await app.gql(BOOKS, { search: entry.title, first: 60 }, student.token);
      expect(res.body.errors).toBeUndefined();
      expect(
        res.body.data.books.items.map((b: { title: string }) => b.title),
        entry.slug,
      ).toContain(entry.title);
    }
  });

  it("seeding again reports 24 unchanged and touches no book", async () => {
    const before = await snapshot(app);

    const report = await seedCatalogue(app.db.prisma);

    expect(report).toEqual({ created: 0, updated: 0, unchanged: 24 });
    expect(await snapshot(app)).toEqual(before);
  });
});

// These change the catalogue: PGlite only, on an app (and database copy) of their own.
describe.runIf(onPglite)("catalogue seed after a change (PGlite: a database of its own)", () => {
  let app: TestApp;
  const dirs: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
    for (const dir of dirs) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  const copy = (...args: Parameters<typeof catalogueCopy>) => {
    const dir = catalogueCopy(...args);
    dirs.push(dir);
    return dir;
  };
  /** Slugs whose snapshot differs between two runs. */
  const changed = (a: Awaited<ReturnType<typeof snapshot>>, b: Awaited<ReturnType<typeof snapshot>>) =>
    [...b.keys()].filter((slug) => JSON.stringify(a.get(slug)) !== JSON.stringify(b.get(slug)));

  it("a changed title updates exactly that book, with a new cover; the original restores it", async () => {
    const slug = "black-beauty";
    const before = await snapshot(app);
    const dir = copy((list) =>
      list.map((e) => (e.slug === slug ? { ...e, title: "Black Beauty: The Autobiography of a Horse" } : e)),
    );

    expect(await seedCatalogue(app.db.prisma, dir)).toEqual({ created: 0, updated: 1, unchanged: 23 });

    const after = await snapshot(app);
    expect(changed(before, after)).toEqual([slug]);
    expect(after.get(slug)?.title).toBe("Black Beauty: The Autobiography of a Horse");
    expect(after.get(slug)?.coverVersion).not.toBe(before.get(slug)?.coverVersion);
    const book = await app.db.prisma.book.findUniqueOrThrow({ where: { slug }, include: { cover: true } });
    expect(book.coverVersion).toBe(coverVersionOf(book.cover?.sha256 as string));

    // Seeding the real catalogue puts the book back, the same cover included (rendering is deterministic).
    expect(await seedCatalogue(app.db.prisma)).toEqual({ created: 0, updated: 1, unchanged: 23 });
    const restored = await snapshot(app);
    expect(restored.get(slug)).toMatchObject({
      title: before.get(slug)?.title,
      coverVersion: before.get(slug)?.coverVersion,
      seedHash: before.get(slug)?.seedHash,
    });
  });

  it("a changed description updates the book but keeps its cover", async () => {
    const slug = "little-women";
    const before = await snapshot(app);
    const dir = copy((list) => list.map((e) => (e.slug === slug ? { ...e, description: "Four sisters." } : e)));

    expect(await seedCatalogue(app.db.prisma, dir)).toEqual({ created: 0, updated: 1, unchanged: 23 });

    const after = await snapshot(app);
    expect(changed(before, after)).toEqual([slug]);
    expect(after.get(slug)).toMatchObject({
      description: "Four sisters.",
      coverVersion: before.get(slug)?.coverVersion,
    });
    expect(await seedCatalogue(app.db.prisma)).toEqual({ created: 0, updated: 1, unchanged: 23 });
  });

  it("a changed text updates that book's text only", async () => {
    const entry = entries.find((e) => e.slug === "frankenstein") as Entry;
    const before = await snapshot(app);
    const dir = copy((list) => list, { [entry.textFile]: "A shorter Frankenstein." });

    expect(await seedCatalogue(app.db.prisma, dir)).toEqual({ created: 0, updated: 1, unchanged: 23 });

    const after = await snapshot(app);
    expect(changed(before, after)).toEqual([entry.slug]);
    expect(after.get(entry.slug)?.coverVersion).toBe(before.get(entry.slug)?.coverVersion);
    const text = await app.db.prisma.bookText.findFirstOrThrow({ where: { book: { slug: entry.slug } } });
    expect(text).toMatchObject({
      content: "A shorter Frankenstein.",
      sizeBytes: 23,
      sha256: sha256("A shorter Frankenstein."),
    });
    expect(await seedCatalogue(app.db.prisma)).toEqual({ created: 0, updated: 1, unchanged: 23 });
  });

  it("a database seeded before the cover art changed gets every seed cover redrawn", { timeout: 60_000 }, async () => {
    const before = await snapshot(app);
    const slug = "the-secret-garden";
    // As version 1 left it: seed hashes without the cover-art version, and this cover cut off
    // mid-title by the NaN in its path data.
    for (const [bookSlug, book] of before) {
      await app.db.prisma.book.update({
        where: { slug: bookSlug },
        data: { seedHash: (book.seedHash as string).replace(/^\d+:/, "") },
      });
    }
    const broken = await app.db.prisma.book.findUniqueOrThrow({ where: { slug } });
    await storeCover(
      app.db.prisma,
      broken.id,
      await renderCover({ title: "The Se", author: "Frances Hod", color: broken.coverColor }),
    );
    expect((await snapshot(app)).get(slug)?.coverVersion).not.toBe(before.get(slug)?.coverVersion);

    expect(await seedCatalogue(app.db.prisma)).toEqual({ created: 0, updated: 24, unchanged: 0 });

    const after = await snapshot(app);
    for (const [bookSlug, book] of before) {
      expect(after.get(bookSlug), bookSlug).toMatchObject({
        title: book.title,
        seedHash: book.seedHash,
        coverVersion: book.coverVersion,
      });
    }
    expect(await seedCatalogue(app.db.prisma)).toEqual({ created: 0, updated: 0, unchanged: 24 });
  });

  it("a new entry creates one book with its cover and text", async () => {
    const source = entries[0] as Entry;
    const dir = copy((list) => [
      ...list,
      { ...source, slug: "a-new-book", title: "A New Book", coverColor: "#224466" },
    ]);

    expect(await seedCatalogue(app.db.prisma, dir)).toEqual({ created: 1, updated: 0, unchanged: 24 });

    const book = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "a-new-book" },
      include: { text: { select: { sha256: true } }, cover: { select: { width: true, height: true } } },
    });
    expect(book).toMatchObject({ title: "A New Book", status: "published", hasText: true, hasCover: true });
    expect(book.cover).toEqual({ width: 600, height: 800 });
    expect(book.text?.sha256).toBe(sha256(fs.readFileSync(path.join(CATALOGUE_DIR, source.textFile))));
  });
});

// Several instances starting together on a new PostgreSQL database (the README's deployment): the
// migrator takes an advisory lock, and the catalogue seed must be just as safe. A database of its
// own, dropped afterwards; the shared catalogue is not touched.
describe.runIf(onPostgres)("two instances starting together on a fresh PostgreSQL database", () => {
  it("both start, with one copy of each book", { timeout: 120_000 }, async () => {
    const database = await createThrowawayDatabase("rr_test_seed");
    const started = await Promise.allSettled(
      [1, 2].map(() => startTestApp({ DATABASE_URL: database.url, SEED_CATALOGUE: "true" })),
    );
    const apps = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    try {
      // e.g. "P2002: Unique constraint failed on the constraint: `Book_slug_key`" from the second one.
      const failures = started.flatMap((r) =>
        r.status === "rejected"
          ? [
              `${(r.reason as { code?: string }).code}: ${String((r.reason as Error).message)
                .trim()
                .split("\n")
                .at(-1)}`,
            ]
          : [],
      );
      expect(failures).toEqual([]);
      const [first] = apps as [TestApp];
      expect(await first.db.prisma.book.count()).toBe(24);
      expect(await seedCatalogue(first.db.prisma)).toEqual({ created: 0, updated: 0, unchanged: 24 });
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
      await database.drop();
    }
  });
});
