import type { Ref } from "react";
import type { BookCardFieldsFragment } from "../../../gql/graphql";
import { BookCard } from "./BookCard";
import styles from "./BookGrid.module.css";

// The first row (at most 4 cards) is in view at once; the rest load their covers lazily.
const EAGER_CARDS = 4;

/** The Explore grid: 1 to 4 columns by width (spec 9), two on a phone. */
export function BookGrid({ books, ref }: { books: readonly BookCardFieldsFragment[]; ref?: Ref<HTMLUListElement> }) {
  return (
    <ul ref={ref} className={styles.grid} aria-label="Books">
      {books.map((book, index) => (
        <li key={book.id} className={styles.item}>
          <BookCard book={book} headingLevel={2} lazy={index >= EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
