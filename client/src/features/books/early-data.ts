import { BookDetailDocument, BookGenresDocument, BooksDocument } from "../../gql/graphql";
import { fetchEarly, preloadImage } from "../../lib/early-data";

// The Explore and book pages' first queries, started as the app starts (see lib/early-data.ts). Kept
// apart from the pages so that the app's first chunk takes these few lines, not the pages.

/** Books per page (one 'Load more books' adds as many again). */
export const BOOKS_PAGE_SIZE = 24;

/** The covers of Explore's first row, fetched with the page's data: the page paints one of them largest. */
const EARLY_COVERS = 4;

/** Explore without filters: the page's first queries (with filters in the URL it asks for itself). */
export function fetchExploreEarly(search: string): void {
  if (search !== "" && search !== "?") {
    return;
  }
  void fetchEarly(BooksDocument, { first: BOOKS_PAGE_SIZE })?.then((result) =>
    result?.data?.books.items.slice(0, EARLY_COVERS).forEach((book) => preloadImage(book.coverUrl)),
  );
  fetchEarly(BookGenresDocument, {});
}

/** The book page's book and reviews, and its cover (what the page paints largest). */
export function fetchBookEarly(bookId: string): void {
  void fetchEarly(BookDetailDocument, { bookId })?.then((result) => preloadImage(result?.data?.book.coverUrl));
}
