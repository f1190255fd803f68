import type { Actor } from "../../auth/actor.js";
import { Prisma } from "../../generated/prisma/client.js";

// Which books a user may see. Students and teachers see a book only when it is published, has both
// a cover and its text, and is held by their school; admins see every book.

export const BOOK_NOT_FOUND_MESSAGE = "Book not found";
export const BOOK_NOT_READY_MESSAGE = "This book is not fully uploaded yet. Please try again later.";

export function heldBySchool(schoolId: string | null): Prisma.BookWhereInput {
  return schoolId ? { OR: [{ allSchools: true }, { schools: { some: { schoolId } } }] } : { allSchools: true };
}

export function visibleBooksWhere(actor: Actor): Prisma.BookWhereInput {
  if (actor.role === "admin") {
    return {};
  }
  return { status: "published", hasText: true, hasCover: true, ...heldBySchool(actor.schoolId) };
}

/** The same rule in SQL, for the statements Prisma cannot write (the book's alias is `b`). */
export function visibleBooksSql(actor: Actor): Prisma.Sql {
  if (actor.role === "admin") {
    return Prisma.sql`TRUE`;
  }
  return Prisma.sql`b.status = 'published' AND b."hasText" AND b."hasCover" AND (b."allSchools" OR EXISTS (
    SELECT 1 FROM "BookSchool" bs WHERE bs."bookId" = b.id AND bs."schoolId" = ${actor.schoolId ?? ""}))`;
}

export type BookAccess = "visible" | "not-ready" | "not-found";

/** Why a user may or may not open one book (the spec's two messages). */
export function bookAccess(
  actor: Actor,
  book: { status: string; hasText: boolean; hasCover: boolean; allSchools: boolean; heldByActorSchool: boolean },
): BookAccess {
  if (actor.role === "admin") {
    return "visible";
  }
  if (book.status !== "published" || !(book.allSchools || book.heldByActorSchool)) {
    return "not-found";
  }
  return book.hasText && book.hasCover ? "visible" : "not-ready";
}
