import { Link, useLocation } from "react-router-dom";
import { graphql } from "../../../gql";
import type { BookCardFieldsFragment } from "../../../gql/graphql";
import { CoverImage } from "../../../components/CoverImage";
import styles from "./BookCard.module.css";
import { lengthLabel, readingLevelLabel, readingLevelSpoken } from "./bookLabels";

export const BookCardFields = graphql(`
  fragment BookCardFields on Book {
    id
    title
    author
    coverUrl
    coverLowUrl
    coverColor
    category
    pages
    wordCount
    reading {
      id
      read
    }
  }
`);

/** What the book page's 'Back to Books' link returns to: the Explore screen with its filters. */
export type BooksReturnState = { booksSearch?: string };

type BookCardProps = {
  book: BookCardFieldsFragment;
  headingLevel?: 2 | 3;
  /** Cards below the first row load their cover lazily. */
  lazy?: boolean;
};

/**
 * One book of the Explore grid: the whole card links to /books/{id}, with cover, title and author,
 * a 'Read' marker when the student marked it read, the reading level and the length. The link's
 * name is its content, so a screen reader says all of it, the level in words it says well
 * ("Primary, ages 5 to 11" where the card shows "Ages 5-11").
 */
export function BookCard({ book, headingLevel = 3, lazy = false }: BookCardProps) {
  const location = useLocation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const state: BooksReturnState = { booksSearch: location.search };
  const read = book.reading?.read === true;
  const length = lengthLabel(book);
  return (
    <Link to={`/books/${book.id}`} state={state} className={styles.card}>
      <div className={styles.media}>
        <CoverImage
          src={book.coverUrl}
          title={book.title}
          color={book.coverColor}
          width={300}
          height={400}
          lazy={lazy}
          className={styles.cover}
        />
      </div>
      <div className={styles.text}>
        <Heading className={styles.title}>{book.title}</Heading>
        <p className={styles.author}>{book.author}</p>
        <p className={styles.meta}>
          <span className={styles.level}>
            <span aria-hidden="true">{readingLevelLabel(book.category)}</span>
            <span className="visually-hidden">{`${readingLevelSpoken(book.category)}${length ? "," : ""}`}</span>
          </span>{" "}
          {length ? <span>{length}</span> : null}
        </p>
      </div>
      {/* Shown over the cover's corner; said after the title and author. */}
      {read ? (
        <span className={styles.readMarker}>
          <span className={styles.tick} aria-hidden="true">
            ✓
          </span>
          <span>Read</span>
        </span>
      ) : null}
    </Link>
  );
}
