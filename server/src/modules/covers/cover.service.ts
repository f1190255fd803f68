import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { badInput } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";

// Covers live in the database (any instance can serve them). The original is kept as uploaded;
// the spec's smaller sizes are produced on first request, stored, and reused.

export const COVER_SIZES = {
  low: { width: 150, height: 200 },
  medium: { width: 300, height: 400 },
} as const;
export type CoverSize = keyof typeof COVER_SIZES | "original";
export const isCoverSize = (value: string): value is CoverSize => value === "original" || value in COVER_SIZES;

export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export const COVER_TOO_LARGE_MESSAGE = "The cover image must be at most 5 MB";
export const COVER_FORMAT_MESSAGE = "The cover must be a PNG, JPEG or WebP image";
const ACCEPTED_FORMATS: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

export type CoverImage = { data: Uint8Array; contentType: string; etag: string; version: string };

type Db = PrismaClient | Prisma.TransactionClient;

export const coverVersionOf = (sha256: string) => sha256.slice(0, 16);

export function coverUrl(book: { id: string; hasCover: boolean; coverVersion: string | null }, size: CoverSize) {
  return book.hasCover && book.coverVersion ? `/covers/${book.id}/${size}?v=${book.coverVersion}` : null;
}

/**
 * Stores an image as the book's cover, checked by its content (PNG, JPEG or WebP, at most 5 MB),
 * and drops the renditions of the previous one.
 */
export async function storeCover(db: Db, bookId: string, image: Uint8Array): Promise<{ version: string }> {
  if (image.byteLength > MAX_COVER_BYTES) {
    throw badInput(COVER_TOO_LARGE_MESSAGE);
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(image).metadata();
  } catch {
    throw badInput(COVER_FORMAT_MESSAGE);
  }
  const contentType = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!contentType || !metadata.width || !metadata.height) {
    throw badInput(COVER_FORMAT_MESSAGE);
  }
  const sha256 = createHash("sha256").update(image).digest("hex");
  const data = { contentType, data: new Uint8Array(image), width: metadata.width, height: metadata.height, sha256 };
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
      if (size === "original") {
        return { data: original.data, contentType: original.contentType, etag: `"${version}-original"`, version };
      }
      const stored = await prisma.bookCoverRendition.findUnique({
        where: { bookId_size: { bookId, size } },
        select: { data: true, contentType: true, etag: true },
      });
      if (stored) {
        return { ...stored, version };
      }
      const { width, height } = COVER_SIZES[size];
      const resized = await sharp(original.data)
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
