import { useMutation } from "@apollo/client/react";
import { type ChangeEvent, useState } from "react";
import type { BookReadingFieldsFragment, SetBookReadMutation } from "../../../gql/graphql";
import { useAuth } from "../../auth/AuthProvider";
import { BookReadingFields, SetBookReadDocument } from "../graphql/books";
import styles from "./ReadToggle.module.css";

export const READ_STATUS_ERROR = "Failed to update read status. Please try again.";
const AUTH_REQUIRED = "Authentication required. Please log in again.";
// Spec 3: readingTime defaults to 10 minutes.
const DEFAULT_READING_TIME = 10;

/**
 * The 'Mark as read' checkbox. It flips at once (optimistic); if the server refuses, Apollo rolls
 * the cache back, so the box returns to its old state, and the error shows.
 */
export function ReadToggle({ book }: { book: BookReadingFieldsFragment }) {
  const { user } = useAuth();
  const [setBookRead] = useMutation(SetBookReadDocument);
  const [error, setError] = useState<string | null>(null);
  const read = book.reading?.read ?? false;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.checked;
    setError(null);
    if (!user?.uid) {
      setError(AUTH_REQUIRED);
      return;
    }
    const optimistic = {
      __typename: "Reading",
      id: book.reading?.id ?? `${user.uid}_${book.id}`,
      bookId: book.id,
      read: next,
      // Spec 4: checking sets lastReadAt to now, unchecking clears it.
      lastReadAt: next ? new Date().toISOString() : null,
      readingTime: book.reading?.readingTime ?? DEFAULT_READING_TIME,
    } as SetBookReadMutation["setBookRead"];
    try {
      await setBookRead({
        variables: { bookId: book.id, read: next },
        optimisticResponse: { setBookRead: optimistic },
        update(cache, { data }) {
          if (!data) {
            return;
          }
          // A book never read before has no reading record to update: link the new one to it.
          cache.writeFragment({
            id: cache.identify({ __typename: "Book", id: book.id }),
            fragment: BookReadingFields,
            data: { id: book.id, reading: data.setBookRead },
          });
        },
      });
    } catch {
      setError(READ_STATUS_ERROR);
    }
  };

  return (
    <div className={styles.toggle}>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={read} onChange={onChange} />
        Mark as read
      </label>
      {error ? (
        <p className={`notice notice--error ${styles.error}`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
