import { Link, useLocation } from "react-router-dom";
import { graphql } from "../../../gql";
import type { BookCardFieldsFragment } from "../../../gql/graphql";
import { CoverImage } from "../../../components/CoverImage";
import styles from "./BookCard.module.css";

export const BookCardFields = graphql(`
  fragment BookCardFields on Book {
    id
    title
    author
    coverUrl
    coverLowUrl
    coverColor
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

/** One book of the Explore grid: the whole card links to /books/{id}, with cover, title and author. */
export function BookCard({ book, headingLevel = 3, lazy = false }: BookCardProps) {
  const location = useLocation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const state: BooksReturnState = { booksSearch: location.search };
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
      </div>
    </Link>
  );
}
