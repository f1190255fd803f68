import type { AdminBooksBookFieldsFragment } from "../../../gql/graphql";
import styles from "./BookStatusBadge.module.css";
import { STATUS_LABELS } from "./format";

/** Draft / Published / Archived, with "Needs cover" and "Needs text" while either is missing. */
export function BookStatusBadge({
  book,
}: {
  book: Pick<AdminBooksBookFieldsFragment, "status" | "hasCover" | "hasText">;
}) {
  return (
    <span className={styles.wrap}>
      <span className={`${styles.badge} ${styles[book.status]}`}>{STATUS_LABELS[book.status]}</span>
      {book.hasCover ? null : <span className={styles.need}>Needs cover</span>}
      {book.hasText ? null : <span className={styles.need}>Needs text</span>}
    </span>
  );
}
