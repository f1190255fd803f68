import { createHash } from "node:crypto";
import { type GraphQLObjectType, getNamedType, GraphQLString } from "graphql";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../src/graphql/schema.js";
import { PLACEHOLDER_COVER } from "../src/modules/covers/cover.routes.js";
import { COVER_SIZES, MAX_COVER_PIXELS, storeCover } from "../src/modules/covers/cover.service.js";
import { createAppPubSub } from "../src/pubsub/pubsub.js";
import { BOOK, buildBook, makePng } from "./helpers/book-factory.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// GET /covers/{bookId}/{low|medium|large}?v={version}: the spec's cover sizes (low at most 150x200,
// medium at most 300x400) and large (at most 600x800), made once and stored, cached for a year under
// a versioned URL, and the placeholder image for a book without a cover. The upload itself is never
// served: a small file can declare a picture that takes gigabytes to decode.

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("covers", () => {
  let app: TestApp;
  let bigCover: Buffer;
  beforeAll(async () => {
    app = await startTestApp();
    bigCover = await makePng(900, 1200, "#aa3355");
  });
  afterAll(() => app.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  /** The cover URLs as book(id) gives them to a student. */
  async function coverUrlsOf(bookId: string) {
    const student = await app.createUser();
    const res = await app.gql(BOOK, { id: bookId }, student.token);
    expect(res.body.errors).toBeUndefined();
    const { coverUrl, coverLowUrl, coverImageUrl } = res.body.data.book;
    return { medium: coverUrl as string, low: coverLowUrl as string, large: coverImageUrl as string };
  }

  const renditionOf = (bookId: string, size: string) =>
    app.db.prisma.bookCoverRendition.findUnique({ where: { bookId_size: { bookId, size } } });

  it.each([
    ["medium", COVER_SIZES.medium],
    ["low", COVER_SIZES.low],
    ["large", COVER_SIZES.large],
  ] as const)("%s: 200 WebP within its box, cached for a year under the versioned URL", async (size, box) => {
    const book = await buildBook(app, { cover: bigCover });
    const urls = await coverUrlsOf(book.id);
    expect(urls[size]).toBe(`/covers/${book.id}/${size}?v=${book.coverVersion}`);

    const res = await get(urls[size]);

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(res.headers.get("etag")).toBe(`"${book.coverVersion}-${size}"`);
    const meta = await sharp(await bytesOf(res)).metadata();
    expect(meta.format).toBe("webp");
    // 900x1200 scaled to fit: exactly the box, aspect ratio kept.
    expect({ width: meta.width, height: meta.height }).toEqual(box);
  });

  it("keeps a wide cover's aspect ratio inside the medium box", async () => {
    const book = await buildBook(app, { cover: await makePng(1000, 500) });
    const res = await get((await coverUrlsOf(book.id)).medium);
    const meta = await sharp(await bytesOf(res)).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 150 });
  });

  it("never enlarges a small cover", async () => {
    const book = await buildBook(app, { cover: await makePng(60, 80) });
    const res = await get((await coverUrlsOf(book.id)).medium);
    const meta = await sharp(await bytesOf(res)).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 60, height: 80 });
  });

  it("every cover URL the API gives a page is a bounded WebP, never the upload", async () => {
    const upload = await makePng(2400, 3200, "#aa3355");
    const book = await buildBook(app, { cover: upload });
    // Every String field of Book named like a URL, so that a new one is checked too.
    const bookType = (await buildGraphQLSchema(createAppPubSub())).getType("Book") as GraphQLObjectType;
    const urlFields = Object.values(bookType.getFields())
      .filter((field) => /url$/i.test(field.name) && getNamedType(field.type) === GraphQLString)
      .map((field) => field.name);
    expect(urlFields.sort()).toEqual(["coverImageUrl", "coverLowUrl", "coverUrl"]);
    const student = await app.createUser();
    const res = await app.gql(
      `query Book($id: ID!) { book(id: $id) { ${urlFields.join(" ")} } }`,
      { id: book.id },
      student.token,
    );
    expect(res.body.errors).toBeUndefined();

    const served = [];
    for (const field of urlFields) {
      const url = res.body.data.book[field] as string;
      expect(url, field).toMatch(new RegExp(`^/covers/${book.id}/(low|medium|large)\\?v=${book.coverVersion}$`));
      const image = await get(url);
      expect(image.headers.get("content-type"), field).toBe("image/webp");
      const bytes = await bytesOf(image);
      const meta = await sharp(bytes).metadata();
      expect(meta.width, field).toBeLessThanOrEqual(COVER_SIZES.large.width);
      expect(meta.height, field).toBeLessThanOrEqual(COVER_SIZES.large.height);
      served.push(createHash("sha256").update(bytes).digest("hex"));
    }
    expect(served).not.toContain(createHash("sha256").update(upload).digest("hex"));
  });

  it("does not serve the upload itself", async () => {
    const book = await buildBook(app, { cover: bigCover });
    const res = await get(`/covers/${book.id}/original?v=${book.coverVersion}`);
    expect(res.status).toBe(404);
    expect((await bytesOf(res)).toString("utf8")).toBe("Not found");
  });

  it("never decodes a stored picture over the pixel cap (one stored before the cap existed)", async () => {
    const book = await buildBook(app);
    // 5000x5000: under sharp's default limit, over ours. Written past storeCover, as an old upload was.
    const oversized = await makePng(5000, 5000);
    expect(5000 * 5000).toBeGreaterThan(MAX_COVER_PIXELS);
    await app.db.prisma.bookCover.update({
      where: { bookId: book.id },
      data: { data: new Uint8Array(oversized), width: 5000, height: 5000 },
    });

    const res = await get(`/covers/${book.id}/low?v=${book.coverVersion}`);

    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).not.toMatch(/^image\//);
    expect(await renditionOf(book.id, "low")).toBeNull();
  });

  it("needs no token (an <img> sends none)", async () => {
    const book = await buildBook(app);
    const res = await get(`/covers/${book.id}/low?v=${book.coverVersion}`);
    expect(res.status).toBe(200);
  });

  it("If-None-Match with the ETag: 304 without a body", async () => {
    const book = await buildBook(app, { cover: bigCover });
    const url = (await coverUrlsOf(book.id)).medium;
    const first = await get(url);
    const etag = first.headers.get("etag") as string;

    const again = await get(url, { "if-none-match": etag });

    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await bytesOf(again)).length).toBe(0);
    const other = await get(url, { "if-none-match": '"something-else"' });
    expect(other.status).toBe(200);
  });

  it("without the current version in the URL: served, but cached for minutes only", async () => {
    const book = await buildBook(app);
    for (const path of [`/covers/${book.id}/medium`, `/covers/${book.id}/medium?v=stale`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    }
  });

  it("each size is made once, stored, and served from the store afterwards", async () => {
    const book = await buildBook(app, { cover: bigCover });
    const url = (await coverUrlsOf(book.id)).medium;
    expect(await renditionOf(book.id, "medium")).toBeNull();

    const first = await get(url);
    const firstBytes = await bytesOf(first);

    const stored = await renditionOf(book.id, "medium");
    expect(stored).toMatchObject({ contentType: "image/webp", etag: `"${book.coverVersion}-medium"` });
    expect(Buffer.from(stored?.data as Uint8Array).equals(firstBytes)).toBe(true);
    expect(await renditionOf(book.id, "low")).toBeNull();

    // Replace the stored rendition with a marker image: the next answer must be the marker.
    const marker = await sharp({ create: { width: 7, height: 9, channels: 3, background: "#00ff00" } })
      .webp()
      .toBuffer();
    await app.db.prisma.bookCoverRendition.update({
      where: { bookId_size: { bookId: book.id, size: "medium" } },
      data: { data: new Uint8Array(marker) },
    });
    const second = await get(url);
    expect(second.status).toBe(200);
    expect((await bytesOf(second)).equals(marker)).toBe(true);
    expect(await app.db.prisma.bookCoverRendition.count({ where: { bookId: book.id } })).toBe(1);
  });

  it("concurrent first requests store one rendition and all succeed", async () => {
    const book = await buildBook(app, { cover: bigCover });
    const url = (await coverUrlsOf(book.id)).low;
    const results = await Promise.all([1, 2, 3, 4].map(() => get(url)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of results) {
      const meta = await sharp(await bytesOf(res)).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(COVER_SIZES.low);
    }
    expect(await app.db.prisma.bookCoverRendition.count({ where: { bookId: book.id } })).toBe(1);
  });

  it("a new cover gets a new version and URL, and drops the old renditions", async () => {
    const book = await buildBook(app, { cover: bigCover });
    const before = await coverUrlsOf(book.id);
    await get(before.medium);
    expect(await renditionOf(book.id, "medium")).not.toBeNull();

    const replacement = await makePng(600, 800, "#114477");
    const { version } = await storeCover(app.db.prisma, book.id, replacement);

    expect(version).not.toBe(book.coverVersion);
    expect(await renditionOf(book.id, "medium")).toBeNull();
    const after = await coverUrlsOf(book.id);
    expect(after.medium).toBe(`/covers/${book.id}/medium?v=${version}`);
    const res = await get(after.large);
    // 600x800, as uploaded: a new rendition of the new picture.
    expect(res.headers.get("etag")).toBe(`"${version}-large"`);
    const meta = await sharp(await bytesOf(res)).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 600, height: 800 });
    // The old URL now answers the new picture, but no longer as immutable.
    const old = await get(before.large);
    expect(old.headers.get("etag")).toBe(`"${version}-large"`);
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("a catalogue cover (600x800 PNG) comes as 600x800, 300x400 and 150x200", async () => {
    const seeded = await app.db.prisma.book.findFirstOrThrow({
      where: { slug: "treasure-island" },
      select: { id: true, coverVersion: true },
    });
    for (const [size, box] of Object.entries(COVER_SIZES)) {
      const res = await get(`/covers/${seeded.id}/${size}?v=${seeded.coverVersion}`);
      expect(res.status).toBe(200);
      const meta = await sharp(await bytesOf(res)).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(box);
    }
  });

  it("a book without a cover, or an unknown book: 302 to the placeholder", async () => {
    const book = await buildBook(app, { withCover: false });
    for (const path of [
      `/covers/${book.id}/medium`,
      `/covers/${book.id}/large?v=abc`,
      "/covers/00000000-0000-4000-8000-000000000000/low",
    ]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/images/book-placeholder.jpg");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    expect(PLACEHOLDER_COVER).toBe("/images/book-placeholder.jpg");
  });

  it("an unknown size or a malformed id: 404", async () => {
    const book = await buildBook(app);
    for (const path of [
      `/covers/${book.id}/original`,
      `/covers/${book.id}/toString`,
      `/covers/${book.id}/constructor`,
      `/covers/${book.id}/MEDIUM`,
      `/covers/bad%20id/medium`,
      `/covers/${"a".repeat(101)}/medium`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
