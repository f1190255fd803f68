import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { badInput } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";

// Covers live in the database (any instance can serve them). The original is kept as uploaded, to
// render sizes from, and is never served: pages get the spec's smaller sizes, produced on first
// request, stored, and reused.

export const COVER_SIZES = {
  low: { width: 150, height: 200 },
  medium: { width: 300, height: 400 },
  // Twice medium, for high-density screens: the largest picture a page is given (coverImageUrl).
  large: { width: 600, height: 800 },
} as const;
export type CoverSize = keyof typeof COVER_SIZES;
// Own keys only: "toString" is `in` every object.
export const isCoverSize = (value: string): value is CoverSize => Object.hasOwn(COVER_SIZES, value);

export const MAX_COVER_BYTES = 5 * 1024 * 1024;
// A few hundred KB of PNG can declare a picture that takes gigabytes to decode: the size is capped
// by pixels too, well above any real cover scan.
export const MAX_COVER_SIDE = 6000;
export const MAX_COVER_PIXELS = 24_000_000;
export const COVER_TOO_LARGE_MESSAGE = "The cover image must be at most 5 MB";
export const COVER_FORMAT_MESSAGE = "The cover must be a PNG, JPEG or WebP image";
export const coverDimensionsMessage = (width: number, height: number) =>
  `The cover image is too large: at most ${MAX_COVER_SIDE} pixels on a side and ${MAX_COVER_PIXELS / 1_000_000} megapixels. This one is ${width} x ${height}.`;
const ACCEPTED_FORMATS: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

export type CoverImage = { data: Uint8Array; contentType: string; etag: string; version: string };

type Db = PrismaClient | Prisma.TransactionClient;

export const coverVersionOf = (sha256: string) => sha256.slice(0, 16);

export function coverUrl(book: { id: string; hasCover: boolean; coverVersion: string | null }, size: CoverSize) {
  return book.hasCover && book.coverVersion ? `/covers/${book.id}/${size}?v=${book.coverVersion}` : null;
}

/**
 * Stores an image as the book's cover, checked by its content (PNG, JPEG or WebP, at most 5 MB,
 * MAX_COVER_SIDE and MAX_COVER_PIXELS), and drops the renditions of the previous one.
 */
export async function storeCover(db: Db, bookId: string, image: Uint8Array): Promise<{ version: string }> {
  if (image.byteLength > MAX_COVER_BYTES) {
    throw badInput(COVER_TOO_LARGE_MESSAGE);
  }
  let metadata: Metadata;
  try {
    // Only the header is read. sharp's own pixel limit is lifted here so that an oversized picture
    // gets the dimensions message below rather than "not an image".
    metadata = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    throw badInput(COVER_FORMAT_MESSAGE);
  }
  const contentType = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!contentType || !metadata.width || !metadata.height) {
    throw badInput(COVER_FORMAT_MESSAGE);
  }
  const { width, height } = metadata;
  if (width > MAX_COVER_SIDE || height > MAX_COVER_SIDE || width * height > MAX_COVER_PIXELS) {
    throw badInput(coverDimensionsMessage(width, height));
  }
  const sha256 = createHash("sha256").update(image).digest("hex");
  const data = { contentType, data: new Uint8Array(image), width, height, sha256 };
  await db.bookCoverRendition.deleteMany({ where: { bookId } });
  await db.bookCover.upsert({ where: { bookId }, create: { bookId, ...data }, update: data });
  const version = coverVersionOf(sha256);
  await db.book.update({
    where: { id: bookId },
    data: { hasCover: true, coverVersion: version },
    select: { id: true },
  });
  return { version };
}

export function createCoverService(deps: { prisma: PrismaClient }) {
  const { prisma } = deps;
  return {
    /** The cover at a size, or null when the book has none. Each size is made once. */
    async coverImage(bookId: string, size: CoverSize): Promise<CoverImage | null> {
      const original = await prisma.bookCover.findUnique({
        where: { bookId },
        select: { data: true, contentType: true, sha256: true },
      });
      if (!original) {
        return null;
      }
      const version = coverVersionOf(original.sha256);
      const stored = await prisma.bookCoverRendition.findUnique({
        where: { bookId_size: { bookId, size } },
        select: { data: true, contentType: true, etag: true },
      });
      if (stored) {
        return { ...stored, version };
      }
      const { width, height } = COVER_SIZES[size];
      // The same pixel cap as uploads: a picture stored before it existed fails here instead of
      // being decoded whole.
      const resized = await sharp(original.data, { limitInputPixels: MAX_COVER_PIXELS })
        .resize({ width, height, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      const data = new Uint8Array(resized);
      const rendition = { bookId, size, contentType: "image/webp", data, etag: `"${version}-${size}"` };
      // Two first requests at once both render; the first stored copy wins, the other is dropped.
      await prisma.bookCoverRendition.createMany({ data: [rendition], skipDuplicates: true });
      return { data, contentType: rendition.contentType, etag: rendition.etag, version };
    },
  };
}

export type CoverService = ReturnType<typeof createCoverService>;
