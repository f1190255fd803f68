import { useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { BooksQueryVariables } from "../../../gql/graphql";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { BookFilters, isCategoryFilter, isSortChoice } from "../components/BookFilters";
import { BookGrid } from "../components/BookGrid";
import { BOOKS_PAGE_SIZE } from "../early-data";
import { BookGenresDocument, BooksDocument } from "../graphql/books";
import styles from "./BooksPage.module.css";

export { BOOKS_PAGE_SIZE };
/** The pause in typing after which the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export const BOOKS_ERROR = "Error loading books. Please try again later.";

const countText = (count: number) => `${count} ${count === 1 ? "book" : "books"}`;

export default function BooksPage() {
  useDocumentTitle("Explore books");
  const [searchParams, setSearchParams] = useSearchParams();
  // The filters live in the URL, so back/forward and reload keep them.
  const q = (searchParams.get("q") ?? "").trim();
  const rawCategory = searchParams.get("category");
  const category = isCategoryFilter(rawCategory) ? rawCategory : "";
  const genre = searchParams.get("genre") ?? "";
  const rawSort = searchParams.get("sort");
  const sort = isSortChoice(rawSort) ? rawSort : "";

  const setParam = useCallback(
    (name: "q" | "category" | "genre" | "sort", value: string, replace = false) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (value) {
            next.set(name, value);
          } else {
            next.delete(name);
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  // What is typed; it reaches the URL (and so the server) after a pause in typing.
  const [searchText, setSearchText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  const [writtenQ, setWrittenQ] = useState<string | null>(null);
  if (seenQ !== q) {
    setSeenQ(q);
    // Back/forward brought another search: show it. Our own write is left alone, as the student may
    // have typed on since.
    if (q !== writtenQ) {
      setSearchText(q);
    }
  }
  const commitSearch = useCallback(
    (value: string) => {
      setWrittenQ(value);
      // Replace, not push: one history entry per search, not one per pause in typing.
      setParam("q", value, true);
    },
    [setParam],
  );
  useEffect(() => {
    const wanted = searchText.trim();
    if (wanted === q) {
      return;
    }
    const timer = window.setTimeout(() => commitSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, q, commitSearch]);

  const variables: BooksQueryVariables = { first: BOOKS_PAGE_SIZE };
  if (q) {
    variables.search = q;
  }
  if (category) {
    variables.category = category;
  }
  if (genre) {
    variables.genre = genre;
  }
  if (sort) {
    variables.sort = sort;
  }
  const filtered = Boolean(q || category || genre);

  const { data, error, fetchMore } = useQuery(BooksDocument, { variables });
  const genres = useQuery(BookGenresDocument);

  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const gridRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const items = data?.books.items ?? [];

  // After 'Load more books', focus goes to the first new book so keyboard users carry on from there.
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || items.length <= index) {
      return;
    }
    focusIndex.current = null;
    gridRef.current?.querySelectorAll<HTMLAnchorElement>("a")[index]?.focus();
  }, [items.length]);

  const loadMore = async () => {
    const after = data?.books.nextCursor;
    if (!after) {
      return;
    }
    setLoadingMore(true);
    setLoadMoreFailed(false);
    focusIndex.current = items.length;
    try {
      await fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          books: {
            ...fetchMoreResult.books,
            items: [...previous.books.items, ...fetchMoreResult.books.items],
          },
        }),
      });
    } catch {
      focusIndex.current = null;
      setLoadMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className={`container ${styles.page}`}>
      <ButtonLink to="/dashboard" variant="secondary" className={styles.back}>
        Back to Dashboard
      </ButtonLink>
      <h1>Explore Books</h1>
      <p className={styles.intro}>
        Find a book from your school&apos;s collection, mark it read and share a review. Every book comes with
        AI-powered conversations: ask about the story, or talk with the book&apos;s characters.
      </p>

      <BookFilters
        search={searchText}
        category={category}
        genre={genre}
        sort={sort}
        genres={genres.data?.bookGenres ?? []}
        onSearchChange={setSearchText}
        onSearchSubmit={() => commitSearch(searchText.trim())}
        onCategoryChange={(value) => setParam("category", value)}
        onGenreChange={(value) => setParam("genre", value)}
        onSortChange={(value) => setParam("sort", value)}
      />

      {!data ? (
        error ? (
          <div className={styles.message} role="alert">
            <p className={styles.messageTitle}>{BOOKS_ERROR}</p>
            <p>Please try again later</p>
          </div>
        ) : (
          <Spinner label="Loading books…" />
        )
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {countText(data.books.totalCount)}
          </p>
          {items.length === 0 ? (
            filtered ? (
              <div className={styles.message}>
                <p className={styles.messageTitle}>No books found</p>
                <p>Try adjusting your search criteria</p>
              </div>
            ) : (
              <div className={styles.message}>
                <p className={styles.messageTitle}>No books available yet</p>
              </div>
            )
          ) : (
            <BookGrid books={items} ref={gridRef} />
          )}
          {loadMoreFailed ? (
            <p className={`notice notice--error ${styles.moreError}`} role="alert">
              {BOOKS_ERROR}
            </p>
          ) : null}
          {data.books.nextCursor ? (
            <div className={styles.more}>
              <Button variant="secondary" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
                {loadingMore ? "Loading more books..." : "Load more books"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
