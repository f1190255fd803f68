import type { BookCategory } from "../../../gql/graphql";

// What a book card says about a book's level and length, in words for children. The categories are
// the spec's (Primary, Secondary; College in the admin form), told as the ages of the school years
// they belong to.

const LEVELS: Record<BookCategory, { ages: string; spoken: string }> = {
  primary: { ages: "Ages 5-11", spoken: "Primary, ages 5 to 11" },
  secondary: { ages: "Ages 11-16", spoken: "Secondary, ages 11 to 16" },
  college: { ages: "Ages 16+", spoken: "College, ages 16 and up" },
};

/** "Ages 5-11" on the card. */
export const readingLevelLabel = (category: BookCategory) => LEVELS[category].ages;

/** "Primary, ages 5 to 11" for a screen reader (a dash between numbers is read as 'minus'). */
export const readingLevelSpoken = (category: BookCategory) => LEVELS[category].spoken;

/** The words on a printed page: the catalogue's own page counts are its word counts over 250. */
export const WORDS_PER_PAGE = 250;

/**
 * "212 pages" when the book's page count is known; else "About 212 pages" from the words of its
 * text; null when neither is known.
 */
export function lengthLabel(book: { pages?: number | null; wordCount?: number | null }): string | null {
  const plural = (count: number) => `${count} ${count === 1 ? "page" : "pages"}`;
  if (book.pages && book.pages > 0) {
    return plural(book.pages);
  }
  if (book.wordCount && book.wordCount > 0) {
    return `About ${plural(Math.max(1, Math.round(book.wordCount / WORDS_PER_PAGE)))}`;
  }
  return null;
}
