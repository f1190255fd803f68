import { useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { AdminBooksBookFieldsFragment, BookStatus } from "../../../gql/graphql";
import { BookFormDialog } from "../books/BookFormDialog";
import { BooksTable } from "../books/BooksTable";
import { DeleteBookDialog } from "../books/DeleteBookDialog";
import { quoted, STATUS_LABELS } from "../books/format";
import { AdminBooksListDocument } from "../books/graphql";
import { usePublishBook } from "../books/usePublishBook";
import styles from "./AdminBooksPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const BOOKS_LOAD_ERROR = "Failed to load books.";
export const NO_BOOKS = "No books yet.";
export const NO_MATCHES = "No books match your search.";
export const BOOKS_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

const STATUS_FILTERS: { value: BookStatus | ""; label: string }[] = [
  { value: "", label: "All" },
  { value: "draft", label: STATUS_LABELS.draft },
  { value: "published", label: STATUS_LABELS.published },
  { value: "archived", label: STATUS_LABELS.archived },
];

type Book = AdminBooksBookFieldsFragment;
type Dialog = { kind: "form"; book: Book | null } | { kind: "delete"; book: Book } | null;

/** The search as typed, and as sent (a moment after typing stops). */
function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Manage Books (spec: Admin books), on real data: every book in any status, searched by title or
 * author and filtered by status on the server, 20 to a page; 'Add New Book' and Edit in one modal
 * (with the cover and text uploads), Publish / Unpublish, and Delete (or archive, when students have
 * used the book).
 */
export default function AdminBooksPage() {
  useDocumentTitle("Manage Books");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<BookStatus | "">("");
  const settledSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  // A new search or filter starts again at the first page.
  const filterKey = `${status}\n${settledSearch}`;
  const [paging, setPaging] = useState({ filterKey, offset: 0 });
  const offset = paging.filterKey === filterKey ? paging.offset : 0;
  const variables = {
    search: settledSearch || null,
    status: status || null,
    offset,
    limit: BOOKS_PAGE_SIZE,
  };
  const { data, previousData, error, loading, refetch } = useQuery(AdminBooksListDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const page = (data ?? previousData)?.adminBooks ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState("");
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const { setPublished, busyId } = usePublishBook();

  // The last page emptied (its books deleted): show the page before it.
  if (data && offset > 0 && data.adminBooks.items.length === 0 && data.adminBooks.totalCount > 0) {
    const last = Math.floor((data.adminBooks.totalCount - 1) / BOOKS_PAGE_SIZE) * BOOKS_PAGE_SIZE;
    setPaging({ filterKey, offset: Math.min(last, offset - BOOKS_PAGE_SIZE) });
  }

  // After a book was deleted its row (and the button that opened the dialog) is gone: focus the heading.
  useEffect(() => {
    if (focusHeading.current && dialog === null) {
      focusHeading.current = false;
      headingRef.current?.focus();
    }
  });

  const knownGenres = useMemo(() => [...new Set(page?.items.map((book) => book.genre) ?? [])], [page]);
  const closeDialog = useCallback(() => setDialog(null), []);
  const refresh = () => void refetch().catch(() => undefined);

  async function togglePublished(book: Book) {
    setMessage("");
    setRowErrors(({ [book.id]: _gone, ...rest }) => rest);
    const publish = book.status !== "published";
    const outcome = await setPublished(book.id, publish);
    if (!outcome.ok) {
      setRowErrors((errors) => ({ ...errors, [book.id]: outcome.message }));
      return;
    }
    setMessage(
      publish
        ? `Published ${quoted(book.title)}: students can now see it.`
        : `Moved ${quoted(book.title)} back to draft: students no longer see it.`,
    );
  }

  const filtered = Boolean(settledSearch) || status !== "";
  const searching = loading && data === undefined;
  let results;
  if (error && !searching) {
    results = (
      <div className={styles.error}>
        <p className="notice notice--error" role="alert">
          {BOOKS_LOAD_ERROR}
        </p>
        <Button onClick={refresh}>Try Again</Button>
      </div>
    );
  } else if (!page) {
    results = <Spinner label="Loading books…" />;
  } else if (page.totalCount > 0 && page.items.length > 0) {
    const first = offset + 1;
    const last = offset + page.items.length;
    results = (
      <>
        <BooksTable
          books={page.items}
          caption={`Books, ${first} to ${last} of ${page.totalCount}`}
          busy={searching}
          busyId={busyId}
          rowErrors={rowErrors}
          onEdit={(book) => setDialog({ kind: "form", book })}
          onTogglePublished={(book) => void togglePublished(book)}
          onDelete={(book) => setDialog({ kind: "delete", book })}
        />
        {page.totalCount > BOOKS_PAGE_SIZE ? (
          <nav className={styles.pager} aria-label="Pages of books">
            {/* aria-disabled, not disabled: the button keeps focus when its end of the list is reached. */}
            <Button
              variant="secondary"
              aria-disabled={offset === 0 || undefined}
              className={offset === 0 ? styles.unavailable : undefined}
              onClick={() => offset > 0 && setPaging({ filterKey, offset: Math.max(0, offset - BOOKS_PAGE_SIZE) })}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              aria-disabled={page.nextOffset === null || undefined}
              className={page.nextOffset === null ? styles.unavailable : undefined}
              onClick={() => page.nextOffset !== null && setPaging({ filterKey, offset: page.nextOffset })}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </>
    );
  } else {
    results = null;
  }

  let summary = "";
  if (searching && page) {
    summary = "Loading books…";
  } else if (page && !error) {
    summary =
      page.totalCount === 0 || page.items.length === 0
        ? filtered
          ? NO_MATCHES
          : NO_BOOKS
        : `Showing ${offset + 1}–${offset + page.items.length} of ${page.totalCount}`;
  }

  return (
    <section className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          Manage Books
        </h1>
        <Button onClick={() => setDialog({ kind: "form", book: null })}>Add New Book</Button>
      </div>
      <p className={message ? "notice notice--success" : styles.quiet} role="status">
        {message}
      </p>
      <div className="filter-bar" role="search">
        <div className="filter-field">
          <label htmlFor={searchId}>Search books</label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            placeholder="Title or author"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="filter-field">
          <label htmlFor={statusId}>Status</label>
          <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value as BookStatus | "")}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className={summary ? "filter-summary" : styles.quiet} role="status" aria-live="polite">
        {summary}
      </p>
      {results}
      {dialog?.kind === "form" ? (
        <BookFormDialog
          key={dialog.book?.id ?? "new"}
          book={dialog.book}
          knownGenres={knownGenres}
          onClose={closeDialog}
          onCreated={(book) => {
            setMessage(`Added ${quoted(book.title)} as a draft.`);
            refresh();
          }}
          onSaved={(book) => {
            setDialog(null);
            setMessage(`Saved changes to ${quoted(book.title)}.`);
          }}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteBookDialog
          key={dialog.book.id}
          book={dialog.book}
          onClose={closeDialog}
          onDone={(done, result) => {
            setDialog(null);
            setMessage(done);
            if (result.outcome === "deleted") {
              focusHeading.current = true;
              refresh();
            }
          }}
        />
      ) : null}
    </section>
  );
}
