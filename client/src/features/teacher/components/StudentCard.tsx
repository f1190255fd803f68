import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/Button";
import type { StudentCardFieldsFragment } from "../../../gql/graphql";
import { formatDate } from "../../books/components/formatDate";
import { formatDateTime } from "../format";
import { UNBLOCK_LABEL, UnblockDialog } from "./UnblockDialog";
import styles from "./StudentCard.module.css";

/** Books listed on a card before 'Show all'. */
export const BOOKS_SHOWN = 5;
export const UNBLOCKED = "Unblocked and strikes reset";

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
  const [confirming, setConfirming] = useState(false);
  const [unblocked, setUnblocked] = useState(false);
  const [allBooks, setAllBooks] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusAfterUnblock = useRef(false);
  const headingId = useId();
  const { moderation } = student;
  const books = allBooks ? student.booksRead : student.booksRead.slice(0, BOOKS_SHOWN);
  const needsReset = moderation.blocked || moderation.strikeCount > 0;

  // The unblock button goes with the strikes, so the dialog cannot hand focus back to it: 'See Chats'
  // beside it takes it.
  useEffect(() => {
    if (!confirming && focusAfterUnblock.current) {
      focusAfterUnblock.current = false;
      actionsRef.current?.querySelector("button")?.focus();
    }
  }, [confirming]);

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

      <div ref={actionsRef} className={styles.actions}>
        <Button variant="secondary" onClick={() => onSeeChats(student)}>
          See Chats<span className="visually-hidden"> of {student.displayName}</span>
        </Button>
        {needsReset ? (
          <Button onClick={() => setConfirming(true)} aria-haspopup="dialog">
            {UNBLOCK_LABEL}
            <span className="visually-hidden"> for {student.displayName}</span>
          </Button>
        ) : null}
        <p className={styles.done} role="status">
          {unblocked && !needsReset ? UNBLOCKED : ""}
        </p>
      </div>
      {confirming ? (
        <UnblockDialog
          student={student}
          onClose={() => setConfirming(false)}
          onUnblocked={() => {
            focusAfterUnblock.current = true;
            setUnblocked(true);
            setConfirming(false);
          }}
        />
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
