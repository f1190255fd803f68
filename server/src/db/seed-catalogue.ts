import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../config/paths.js";
import type { BookCategory, PrismaClient } from "../generated/prisma/client.js";
import { countWords } from "../modules/books/book-length.js";
import { storeCover } from "../modules/covers/cover.service.js";

// The cover renderer (a font parser and the fonts) loads only when a book needs a new cover, so a
// warm start does not pay for it.
const renderCover = async (book: { title: string; author: string; color?: string | null }): Promise<Buffer> =>
  (await import("../modules/covers/cover-art.js")).renderCover(book);

// The seed catalogue: real public-domain books (prisma/seed/catalogue, copied from shared/). Each
// book is keyed by its slug and carries a hash of its entry and text: a second start changes nothing,
// and a changed entry (or text) updates that book, with a new cover when title, author or colour change
// or when the covers are drawn differently (COVER_ART_VERSION).

export const CATALOGUE_DIR = path.join(PROJECT_ROOT, "prisma", "seed", "catalogue");

// The drawing of the generated covers (cover-art.ts). Bump it when a cover would come out different:
// the next start then redraws every seed cover. 2: titles are no longer cut off at a glyph whose
// path data held "NaN". cover-art.test.ts fails when the drawing changes and this number does not.
export const COVER_ART_VERSION = 2;

type CatalogueEntry = {
  slug: string;
  title: string;
  author: string;
  publishedYear: number;
  category: BookCategory;
  genre: string;
  description: string;
  characterList: string[];
  pages: number;
  textFile: string;
  coverColor: string;
};

export type CatalogueReport = { created: number; updated: number; unchanged: number };

const sha256 = (value: string | Buffer) => createHash("sha256").update(value).digest("hex");

// A seed hash reads "<cover-art version>:<hash of the entry and its text>", so a start can tell a
// cover drawn by an older renderer from a changed entry. One without a version is from version 1.
const seedHashOf = (entry: CatalogueEntry, textHash: string) =>
  `${COVER_ART_VERSION}:${sha256(JSON.stringify({ entry, textHash }))}`;
const coverArtVersionOf = (seedHash: string | null) => Number(/^(\d+):/.exec(seedHash ?? "")?.[1] ?? 1);

export function readCatalogue(dir = CATALOGUE_DIR): CatalogueEntry[] {
  return JSON.parse(fs.readFileSync(path.join(dir, "books.json"), "utf8")) as CatalogueEntry[];
}

export async function seedCatalogue(prisma: PrismaClient, dir = CATALOGUE_DIR): Promise<CatalogueReport> {
  const entries = readCatalogue(dir);
  const existing = new Map(
    (
      await prisma.book.findMany({
        where: { slug: { in: entries.map((e) => e.slug) } },
        select: { id: true, slug: true, seedHash: true, title: true, author: true, coverColor: true },
      })
    ).map((book) => [book.slug as string, book]),
  );
  const report: CatalogueReport = { created: 0, updated: 0, unchanged: 0 };
  for (const entry of entries) {
    const text = fs.readFileSync(path.join(dir, entry.textFile), "utf8");
    const textHash = sha256(text);
    const seedHash = seedHashOf(entry, textHash);
    const current = existing.get(entry.slug);
    if (current?.seedHash === seedHash) {
      report.unchanged += 1;
      continue;
    }
    const fields = {
      title: entry.title,
      author: entry.author,
      category: entry.category,
      genre: entry.genre.toLowerCase(),
      description: entry.description,
      characterList: entry.characterList,
      publishedYear: entry.publishedYear,
      pages: entry.pages,
      wordCount: countWords(text),
      coverColor: entry.coverColor,
      status: "published" as const,
      hasText: true,
      seedHash,
    };
    const needsCover =
      !current ||
      coverArtVersionOf(current.seedHash) !== COVER_ART_VERSION ||
      current.title !== entry.title ||
      current.author !== entry.author ||
      current.coverColor !== entry.coverColor;
    const cover = needsCover
      ? await renderCover({ title: entry.title, author: entry.author, color: entry.coverColor })
      : null;
    await prisma.$transaction(async (tx) => {
      // An upsert by slug: two instances seeding a new database at once end with one copy.
      const book = await tx.book.upsert({
        where: { slug: entry.slug },
        create: { slug: entry.slug, ...fields },
        update: fields,
        select: { id: true },
      });
      const textData = { content: text, sizeBytes: Buffer.byteLength(text), sha256: textHash };
      await tx.bookText.upsert({
        where: { bookId: book.id },
        create: { bookId: book.id, ...textData },
        update: textData,
      });
      if (cover) {
        await storeCover(tx, book.id, cover);
      }
    });
    report[current ? "updated" : "created"] += 1;
  }
  return report;
}
