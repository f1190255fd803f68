import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { AutoGrowTextarea } from "../../../components/AutoGrowTextarea";
import { Button, ButtonLink } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { Spinner } from "../../../components/Spinner";
import {
  errorMessage,
  fieldErrors,
  isAccountRestricted,
  isContentFlagged,
  RESTRICTED_NOTICE,
} from "../../../lib/errors";
import { useAuth } from "../../auth/AuthProvider";
import { BookError } from "../components/BookError";
import { bookLoadErrorMessage } from "../components/bookErrors";
import { StarRatingInput } from "../components/StarRatingInput";
import { BookDetailDocument, ReviewFormDocument, SubmitReviewDocument } from "../graphql/books";
import styles from "./ReviewPage.module.css";
import { Notice } from "../../../components/Notice";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

/** Spec 9: rating 1-5, default 5. The server takes at most 2000 characters of text. */
export const DEFAULT_RATING = 5;
export const MAX_REVIEW_LENGTH = 2000;
export const REVIEW_TEXT_REQUIRED = "Review text is required";
export const SUBMIT_REVIEW_FALLBACK = "Failed to submit review";

export default function ReviewPage() {
  useDocumentTitle("Write a Review");
  const { status } = useAuth();
  if (status === "loading") {
    return <Spinner label="Checking your sign-in…" />;
  }
  if (status !== "authenticated") {
    return (
      <section className="container" style={{ paddingBlock: "2rem" }}>
        <h1>Write a Review</h1>
        <p>You must be logged in to write a review.</p>
        <ButtonLink to="/login">Login</ButtonLink>
      </section>
    );
  }
  return <ReviewScreen />;
}

function ReviewScreen() {
  const { bookId = "" } = useParams();
  // Always asked afresh: the form starts from the student's saved review, if any.
  const { data, error } = useQuery(ReviewFormDocument, { variables: { bookId }, fetchPolicy: "network-only" });

  if (!data) {
    if (error) {
      return <BookError message={bookLoadErrorMessage(error)} />;
    }
    return <Spinner label="Loading…" />;
  }
  return (
    <ReviewForm
      bookId={data.book.id}
      title={data.book.title}
      author={data.book.author}
      initialRating={data.myReview?.rating ?? DEFAULT_RATING}
      initialText={data.myReview?.reviewText ?? ""}
      editing={Boolean(data.myReview)}
    />
  );
}

type ReviewFormProps = {
  bookId: string;
  title: string;
  author: string;
  initialRating: number;
  initialText: string;
  editing: boolean;
};

function ReviewForm({ bookId, title, author, initialRating, initialText, editing }: ReviewFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [submitReview] = useMutation(SubmitReviewDocument);
  const [rating, setRating] = useState(initialRating);
  const [text, setText] = useState(initialText);
  const [textError, setTextError] = useState<string | null>(null);
  // Why safeguarding refused the last review: it stays while the student writes another one.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [restricted, setRestricted] = useState(user?.moderation?.blocked === true);
  const [busy, setBusy] = useState(false);
  const bookPath = `/books/${bookId}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setRefusal(null);
    const reviewText = text.trim();
    if (!reviewText) {
      setTextError(REVIEW_TEXT_REQUIRED);
      return;
    }
    setTextError(null);
    setBusy(true);
    try {
      await submitReview({ variables: { bookId, rating, reviewText } });
    } catch (error) {
      setBusy(false);
      if (isAccountRestricted(error)) {
        setRestricted(true);
        return;
      }
      if (isContentFlagged(error)) {
        // Not kept anywhere: one more 'Submit Review' would send it again and earn another strike.
        setText("");
        setRefusal(errorMessage(error, SUBMIT_REVIEW_FALLBACK));
        return;
      }
      const fields = fieldErrors(error);
      if (fields.reviewText) {
        setTextError(fields.reviewText);
      }
      if (!fields.reviewText || fields.reviewText !== errorMessage(error, "")) {
        setFormError(fields.rating ?? errorMessage(error, SUBMIT_REVIEW_FALLBACK));
      }
      return;
    }
    // The book page then shows the new average and the review at once. Should this refresh fail,
    // the book page asks the server again anyway.
    await client
      .query({ query: BookDetailDocument, variables: { bookId }, fetchPolicy: "network-only" })
      .catch(() => undefined);
    navigate(bookPath);
  };

  const fieldMessage = textError ?? refusal;
  const describedBy = ["review-text-count", fieldMessage ? "review-text-error" : null].filter(Boolean).join(" ");
  return (
    <section className={`container ${styles.page}`}>
      <Card className={styles.card}>
        <h1 className={styles.heading}>{editing ? "Edit your review" : "Write a Review"}</h1>
        <p className={styles.book}>
          <span className={styles.bookTitle}>{title}</span> <span className={styles.author}>by {author}</span>
        </p>
        <div aria-live="polite">
          {restricted ? <Notice tone="error">{RESTRICTED_NOTICE}</Notice> : null}
          {formError ? <Notice tone="error">{formError}</Notice> : null}
        </div>
        <form onSubmit={onSubmit} noValidate>
          <StarRatingInput name="rating" value={rating} onChange={setRating} disabled={busy} />
          <div className={styles.field}>
            <label htmlFor="review-text" className={styles.label}>
              Your review
              <span className={styles.required} aria-hidden="true">
                {" "}
                *
              </span>
            </label>
            <AutoGrowTextarea
              id="review-text"
              name="reviewText"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (textError) {
                  setTextError(null);
                }
              }}
              placeholder="Share your thoughts about this book..."
              maxLength={MAX_REVIEW_LENGTH}
              required
              aria-required="true"
              aria-invalid={textError ? true : undefined}
              aria-describedby={describedBy}
              className={[styles.textarea, textError ? styles.invalid : null].filter(Boolean).join(" ")}
            />
            <p id="review-text-count" className={styles.counter}>
              {text.length}/{MAX_REVIEW_LENGTH} characters
            </p>
            {fieldMessage ? (
              <p id="review-text-error" className={styles.error} role="alert">
                {fieldMessage}
              </p>
            ) : null}
          </div>
          <div className={styles.actions}>
            <Button type="submit" disabled={busy}>
              {busy ? "Submitting..." : "Submit Review"}
            </Button>
            <ButtonLink to={bookPath} variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </Card>
    </section>
  );
}
