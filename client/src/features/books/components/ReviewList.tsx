import { graphql } from "../../../gql";
import type { ReviewItemFieldsFragment } from "../../../gql/graphql";
import { formatDate } from "./formatDate";
import styles from "./ReviewList.module.css";
import { StarRating } from "./StarRating";

export const ReviewItemFields = graphql(`
  fragment ReviewItemFields on Review {
    id
    rating
    reviewText
    studentDisplayName
    createdAt
    updatedAt
    isMine
  }
`);

export const NO_REVIEWS_TEXT = "No reviews yet. Be the first to share your thoughts!";

const newestFirst = (a: ReviewItemFieldsFragment, b: ReviewItemFieldsFragment) =>
  Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

/** The reviews of a book, newest first: student name, stars, text and date. */
export function ReviewList({ reviews }: { reviews: readonly ReviewItemFieldsFragment[] }) {
  if (reviews.length === 0) {
    return <p className={styles.empty}>{NO_REVIEWS_TEXT}</p>;
  }
  return (
    <ul className={styles.list}>
      {[...reviews].sort(newestFirst).map((review) => {
        const date = formatDate(review.updatedAt);
        return (
          <li key={review.id} className={styles.review}>
            <div className={styles.head}>
              <h3 className={styles.name}>
                {review.studentDisplayName}
                {review.isMine ? <span className={styles.mine}> (you)</span> : null}
              </h3>
              <StarRating value={review.rating} />
            </div>
            <p className={styles.text}>{review.reviewText}</p>
            {date ? (
              <p className={styles.date}>
                <time dateTime={review.updatedAt}>{date}</time>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
