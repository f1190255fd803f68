import type { Actor } from "../../auth/actor.js";
import { type BookCategory, Prisma } from "../../generated/prisma/client.js";
import { visibleBooksSql, visibleBooksWhere } from "./book.policy.js";

// Explore's filters (spec 5: a case-insensitive substring of the title or author, an exact category
// and genre) over the books the reader may see, in Prisma's form and in SQL for the statements
// Prisma cannot write (the school's orders). Both are built here, side by side, from one value.

export type BookFilters = { search: string; category: BookCategory | null; genre: string | null };

// A literal substring: % and _ are not wildcards to a reader (backslash is LIKE's escape).
const likePattern = (search: string) => search.replace(/[\\%_]/g, "\\$&");

export function filtersWhere(actor: Actor, filters: BookFilters): Prisma.BookWhereInput {
  const where: Prisma.BookWhereInput[] = [visibleBooksWhere(actor)];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    where.push({
      OR: [
        { title: { contains: pattern, mode: "insensitive" } },
        { author: { contains: pattern, mode: "insensitive" } },
      ],
    });
  }
  if (filters.category) {
    where.push({ category: filters.category });
  }
  if (filters.genre) {
    where.push({ genre: filters.genre });
  }
  return { AND: where };
}

/** The same filters in SQL, over the book aliased `b`. */
export function filtersSql(actor: Actor, filters: BookFilters): Prisma.Sql {
  const where: Prisma.Sql[] = [visibleBooksSql(actor)];
  if (filters.search) {
    const pattern = `%${likePattern(filters.search)}%`;
    where.push(Prisma.sql`(b.title ILIKE ${pattern} OR b.author ILIKE ${pattern})`);
  }
  if (filters.category) {
    where.push(Prisma.sql`b.category = ${filters.category}::"BookCategory"`);
  }
  if (filters.genre) {
    where.push(Prisma.sql`b.genre = ${filters.genre}`);
  }
  return Prisma.join(where, " AND ");
}
