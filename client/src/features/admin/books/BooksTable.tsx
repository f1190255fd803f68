import { useId } from "react";
import { Button } from "../../../components/Button";
import type { AdminBooksBookFieldsFragment } from "../../../gql/graphql";
import { BookStatusBadge } from "./BookStatusBadge";
import { CATEGORY_LABELS, publishBlocker } from "./format";
import styles from "./BooksTable.module.css";

type Book = AdminBooksBookFieldsFragment;

/**
 * Manage Books' list: title, author, category, genre, year, status (with what it still needs) and the
 * actions. A table on wide screens; on a phone or a tablet each book is a card, so nothing scrolls
 * sideways. The table's roles are written out because browsers drop them from a table laid out as
 * blocks, and screen readers then lose it (as SchoolsTable).
 */
export function BooksTable({
  books,
  caption,
  busy,
  busyId,
  rowErrors,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  books: readonly Book[];
  caption: string;
  busy: boolean;
  /** The book being published or unpublished. */
  busyId: string | null;
  /** A refusal to show under a book's actions, by book id. */
  rowErrors: Readonly<Record<string, string>>;
  onEdit: (book: Book) => void;
  onTogglePublished: (book: Book) => void;
  onDelete: (book: Book) => void;
}) {
  const captionId = useId();
  return (
    <table className={styles.table} role="table" aria-labelledby={captionId} aria-busy={busy || undefined}>
      <caption id={captionId} className="visually-hidden">
        {caption}
      </caption>
      <thead role="rowgroup" className={styles.head}>
        <tr role="row">
          <th role="columnheader" scope="col">
            Title
          </th>
          <th role="columnheader" scope="col">
            Author
          </th>
          <th role="columnheader" scope="col">
            Category
          </th>
          <th role="columnheader" scope="col">
            Genre
          </th>
          <th role="columnheader" scope="col">
            Published
          </th>
          <th role="columnheader" scope="col">
            Status
          </th>
          <th role="columnheader" scope="col">
            Actions
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {books.map((book) => (
          <BookRow
            key={book.id}
            book={book}
            busy={busyId === book.id}
            refusal={rowErrors[book.id] ?? null}
            onEdit={() => onEdit(book)}
            onTogglePublished={() => onTogglePublished(book)}
            onDelete={() => onDelete(book)}
          />
        ))}
      </tbody>
    </table>
  );
}

/** A cell's column name, shown only on the cards (where the column headers are not). */
function Label({ children }: { children: string }) {
  return (
    <span className={styles.label} aria-hidden="true">
      {children}
    </span>
  );
}

/** One book's row: its details, status (with what it still needs) and actions. */
function BookRow({
  book,
  busy,
  refusal,
  onEdit,
  onTogglePublished,
  onDelete,
}: {
  book: Book;
  busy: boolean;
  refusal: string | null;
  onEdit: () => void;
  onTogglePublished: () => void;
  onDelete: () => void;
}) {
  const hintId = useId();
  const blocker = book.status === "published" ? null : publishBlocker(book);
  const named = <span className="visually-hidden">: {book.title}</span>;
  return (
    <tr role="row" className={styles.row}>
      <th role="rowheader" scope="row" className={styles.bookTitle}>
        {book.title}
      </th>
      <td role="cell" className={styles.field}>
        <Label>Author</Label>
        <span className={styles.value}>{book.author}</span>
      </td>
      <td role="cell" className={styles.field}>
        <Label>Category</Label>
        <span className={styles.value}>{CATEGORY_LABELS[book.category]}</span>
      </td>
      <td role="cell" className={styles.field}>
        <Label>Genre</Label>
        <span className={`${styles.value} ${styles.genre}`}>{book.genre}</span>
      </td>
      <td role="cell" className={styles.field}>
        {/* Not 'Published', which on a card reads as the status. */}
        <Label>Published in</Label>
        <span className={styles.value}>
          {book.publishedYear ?? (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">Not given</span>
            </>
          )}
        </span>
      </td>
      <td role="cell" className={styles.field}>
        <Label>Status</Label>
        <span className={styles.value}>
          <BookStatusBadge book={book} />
        </span>
      </td>
      <td role="cell" className={styles.actionsCell}>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onEdit}>
            Edit{named}
          </Button>
          {book.status === "published" ? (
            <Button variant="secondary" onClick={onTogglePublished} disabled={busy}>
              {busy ? "Unpublishing…" : "Unpublish"}
              {named}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={onTogglePublished}
              disabled={busy || blocker !== null}
              aria-describedby={blocker ? hintId : undefined}
            >
              {busy ? "Publishing…" : "Publish"}
              {named}
            </Button>
          )}
          <Button variant="secondary" className={styles.delete} onClick={onDelete}>
            {book.status === "archived" ? "Delete permanently" : "Delete"}
            {named}
          </Button>
        </div>
        {blocker ? (
          <p id={hintId} className={styles.hint}>
            {blocker}.
          </p>
        ) : null}
        {refusal ? (
          <p className={`notice notice--error ${styles.refusal}`} role="alert">
            {refusal}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
