import type { AdminBooksBookFieldsFragment, BookCategory, BookStatus } from "../../../gql/graphql";

// Words and small rules the admin's book screens share. Messages that the server also sends use the
// server's wording (server/src/modules/admin/admin-books.service.ts), so both read the same.

export const STATUS_LABELS: Record<BookStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

export const CATEGORY_LABELS: Record<BookCategory, string> = {
  primary: "Primary",
  secondary: "Secondary",
  college: "College",
};

export const CATEGORIES: BookCategory[] = ["primary", "secondary", "college"];

/** The spec's genres; the form also offers any genre already in use, or free text. */
export const STANDARD_GENRES = ["fiction", "non-fiction", "science", "history", "literature"];

export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;
export const COVER_TOO_LARGE = "The cover image must be at most 5 MB";
export const COVER_FORMAT = "The cover must be a PNG, JPEG or WebP image";
export const TEXT_TOO_LARGE = "The text must be at most 10 MB";
export const TEXT_EMPTY = "The text is empty";
export const COVER_TYPES = ["image/png", "image/jpeg", "image/webp"];

/** Why the book cannot be published yet (the server's words), or null when it can. */
export function publishBlocker(book: Pick<AdminBooksBookFieldsFragment, "hasCover" | "hasText">): string | null {
  if (!book.hasCover && !book.hasText) {
    return "Add a cover image and the book's text before publishing";
  }
  if (!book.hasCover) {
    return "Add a cover image before publishing";
  }
  return book.hasText ? null : "Add the book's text before publishing";
}

/** "1 reader", "3 reviews". */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export function isUsed(book: Pick<AdminBooksBookFieldsFragment, "usage">): boolean {
  return book.usage.readers + book.usage.reviews + book.usage.chats > 0;
}

/** "240 KB" below a megabyte, "1.0 MB" from there (1 KB = 1024 bytes, as the server counts). */
export function formatSize(bytes: number): string {
  const megabyte = 1024 * 1024;
  if (bytes < megabyte) {
    return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  }
  return `${(bytes / megabyte).toFixed(1)} MB`;
}

/** Characters typed one per line or separated by commas, each once, in the order given. */
export function parseCharacters(text: string): string[] {
  const names = text
    .split(/[\n,]/)
    .map((name) => name.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  return [...new Set(names)];
}

/** 'Title', as the dialogs and status messages name a book. */
export const quoted = (title: string) => `'${title}'`;
