import { useQuery } from "@apollo/client/react";
import { useLocation, useParams } from "react-router-dom";
import { ButtonLink } from "../../../components/Button";
import { CoverImage } from "../../../components/CoverImage";
import { Spinner } from "../../../components/Spinner";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { ChatPane } from "../../chat/ChatPane";
import type { BooksReturnState } from "../components/BookCard";
import { BookError } from "../components/BookError";
import { bookLoadErrorMessage } from "../components/bookErrors";
import { genreLabel } from "../components/BookFilters";
import { ReadToggle } from "../components/ReadToggle";
import { ReviewList } from "../components/ReviewList";
import { StarRating } from "../components/StarRating";
import { BookDetailDocument } from "../graphql/books";
import styles from "./BookDetailPage.module.css";

export const reviewCountText = (count: number) => `${count} ${count === 1 ? "review" : "reviews"}`;

/** Back to the Explore screen, with the filters it had when the book was chosen there. */
export function useBooksPath(): string {
  const state = useLocation().state as BooksReturnState | null;
  const search = state?.booksSearch;
  return typeof search === "string" && search.startsWith("?") ? `/books${search}` : "/books";
}

export default function BookDetailPage() {
  const { bookId = "" } = useParams();
  const booksPath = useBooksPath();
  // Fresh each visit: other students' reviews and the average change between visits.
  const { data, error } = useQuery(BookDetailDocument, {
    variables: { bookId },
    fetchPolicy: "cache-and-network",
  });
  // "The Secret Garden - Reading Room"; the tab keeps its title while the book loads.
  useDocumentTitle(data?.book.title ?? null);

  if (!data) {
    if (error) {
      return <BookError message={bookLoadErrorMessage(error)} backTo={booksPath} />;
    }
    return <Spinner label="Loading book…" />;
  }

  const { book, bookReviews } = data;
  const average = book.averageRating;
  return (
    <article className={`container ${styles.page}`}>
      <ButtonLink to={booksPath} variant="secondary" className={styles.back}>
        Back to Books
      </ButtonLink>
      <div className={styles.layout}>
        <div className={styles.main}>
          <div className={styles.header}>
            <CoverImage
              src={book.coverUrl}
              title={book.title}
              color={book.coverColor}
              width={300}
              height={400}
              className={styles.cover}
            />
            <div className={styles.info}>
              <h1 className={styles.title}>{book.title}</h1>
              <p className={styles.author}>{book.author}</p>
              <ul className={styles.tags} aria-label="Category and genre">
                <li className={styles.tag}>{genreLabel(book.category)}</li>
                <li className={styles.tag}>{genreLabel(book.genre)}</li>
              </ul>
              <p className={styles.rating}>
                {average === null || average === undefined ? (
                  <span>No ratings yet</span>
                ) : (
                  <>
                    <StarRating value={average} />
                    <span className={styles.average}>{average.toFixed(1)}</span>
                  </>
                )}
                <span className={styles.count}>{reviewCountText(book.reviewCount)}</span>
              </p>
              <div className={styles.actions}>
                <ButtonLink to={`/books/${book.id}/read`}>Read</ButtonLink>
                <ButtonLink to={`/books/${book.id}/review`} variant="secondary">
                  Write Review
                </ButtonLink>
                <ReadToggle book={book} />
              </div>
            </div>
          </div>

          {book.description ? (
            <section className={styles.section} aria-labelledby="book-description-heading">
              <h2 id="book-description-heading">About this book</h2>
              <p className={styles.description}>{book.description}</p>
            </section>
          ) : null}

          <section className={styles.section} aria-labelledby="book-reviews-heading">
            <h2 id="book-reviews-heading">Reviews</h2>
            <ReviewList reviews={bookReviews} />
          </section>
        </div>

        <section className={styles.chat} aria-label="Book chat">
          <ChatPane bookId={book.id} />
        </section>
      </div>
    </article>
  );
}
