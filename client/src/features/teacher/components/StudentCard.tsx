import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { useMutation } from "@apollo/client/react";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/Button";
import type { StudentCardFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { formatDate } from "../../books/components/formatDate";
import { formatDateTime } from "../format";
import { UnblockStudentDocument } from "../graphql";
import styles from "./StudentCard.module.css";

export const UNBLOCK_FAILED = "Failed to unblock user";
/** Books listed on a card before 'Show all'. */
export const BOOKS_SHOWN = 5;

/**
 * Spec 8: the server's error, else 'Failed to unblock user'. A request that got no answer (or failed
 * in the client) has no server error to show, so it gets the fallback too, never a raw message.
 */
function unblockFailure(error: unknown): string {
  return CombinedGraphQLErrors.is(error) || ServerError.is(error)
    ? errorMessage(error, UNBLOCK_FAILED)
    : UNBLOCK_FAILED;
}

/**
 * One student of the school (spec: Teacher dashboard): who they are, their safeguarding state, what
 * they have read and chatted about, 'See Chats', and 'Unblock & Reset Strikes' when there is anything
 * to reset.
 */
export function StudentCard({
  student,
  onSeeChats,
}: {
  student: StudentCardFieldsFragment;
  onSeeChats: (student: StudentCardFieldsFragment) => void;
}) {
  const [unblock, { loading }] = useMutation(UnblockStudentDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const [allBooks, setAllBooks] = useState(false);
  const headingId = useId();
  const { moderation } = student;
  const books = allBooks ? student.booksRead : student.booksRead.slice(0, BOOKS_SHOWN);

  async function resetStrikes() {
    setFailure(null);
    try {
      // The answer updates this card through the cache (SchoolStudent's moderation merges).
      const { data } = await unblock({
        variables: { userId: student.id },
        update(cache, { data: result }) {
          if (result) {
            cache.modify({
              id: cache.identify({ __typename: "SchoolStudent", id: student.id }),
              fields: { moderation: (current: object) => ({ ...current, ...result.unblockStudent.moderation }) },
            });
          }
        },
      });
      if (!data) {
        setFailure(UNBLOCK_FAILED);
      }
    } catch (error) {
      setFailure(unblockFailure(error));
    }
  }

  return (
    <article className={`${styles.card} ${moderation.blocked ? styles.blockedCard : ""}`} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h3 id={headingId} className={styles.name}>
          {student.displayName}
        </h3>
        <p className={styles.email}>{student.email}</p>
        <p className={styles.badges}>
          {moderation.blocked ? <span className={`${styles.badge} ${styles.blocked}`}>Blocked</span> : null}
          {moderation.strikeCount > 0 ? (
            <span className={`${styles.badge} ${styles.strikes}`}>Strikes: {moderation.strikeCount}</span>
          ) : null}
          {student.status === "inactive" ? <span className={styles.badge}>Inactive</span> : null}
        </p>
      </header>

      <dl className={styles.stats}>
        <div>
          <dt>Books read</dt>
          <dd>{student.booksReadCount}</dd>
        </div>
        <div>
          <dt>Reading time</dt>
          <dd>{student.readingMinutes} min</dd>
        </div>
        <div>
          <dt>Chats</dt>
          <dd>
            {student.chatCount}
            <span className={styles.sub}> · {student.messageCount} messages</span>
          </dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>{formatDateTime(student.lastActiveAt) ?? "Never"}</dd>
        </div>
      </dl>
      {student.lastChatAt ? <p className={styles.lastChat}>Last chat: {formatDateTime(student.lastChatAt)}</p> : null}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onSeeChats(student)}>
          See Chats<span className="visually-hidden"> of {student.displayName}</span>
        </Button>
        {moderation.blocked || moderation.strikeCount > 0 ? (
          <Button onClick={() => void resetStrikes()} disabled={loading}>
            {loading ? "Unblocking…" : "Unblock & Reset Strikes"}
            <span className="visually-hidden"> for {student.displayName}</span>
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}

      <section className={styles.books} aria-label={`Books read by ${student.displayName}`}>
        {student.booksRead.length === 0 ? (
          <p className={styles.noBooks}>No books read yet</p>
        ) : (
          <>
            <ul className={styles.bookList}>
              {books.map((book) => (
                <li key={book.bookId} className={styles.book}>
                  <Link to={`/books/${book.bookId}`} className={styles.bookTitle}>
                    {book.title}
                  </Link>
                  <span className={styles.author}>{book.author}</span>
                  <span className={styles.lastRead}>Last read: {formatDate(book.lastReadAt) ?? "Unknown"}</span>
                </li>
              ))}
            </ul>
            {student.booksRead.length > BOOKS_SHOWN ? (
              <Button variant="text" onClick={() => setAllBooks(!allBooks)} aria-expanded={allBooks}>
                {allBooks ? "Show fewer books" : `Show all ${student.booksRead.length} books`}
              </Button>
            ) : null}
          </>
        )}
      </section>
    </article>
  );
}
