import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/Button";
import { Notice } from "../../../components/Notice";
import { Spinner } from "../../../components/Spinner";
import type { SafeguardingAlertDetailFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { formatDateTime } from "../../teacher/format";
import { AlertExcerpt, UrgentTag } from "../components/AlertParts";
import { ReviewDialog } from "../components/ReviewDialog";
import { SafeguardingAlertDocument } from "../graphql";
import styles from "./TeacherAlertPage.module.css";

export const ALERT_LOAD_ERROR = "Failed to load the alert";
export const NO_NOTES = "No notes yet.";

/**
 * One safeguarding alert, where the e-mail to the school's safeguarding contacts links: what happened,
 * to whom, when, whether it has been reviewed, and its notes (who, when, what was done), oldest first.
 * A teacher reviews it here with a note, or adds a later note to a reviewed one.
 */
export default function TeacherAlertPage() {
  const { alertId = "" } = useParams();
  const { data, error } = useQuery(SafeguardingAlertDocument, {
    variables: { id: alertId },
    fetchPolicy: "network-only",
  });
  // The review's answer: the query's copy has no id of its own to be merged on.
  const [latest, setLatest] = useState<SafeguardingAlertDetailFieldsFragment | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const detail = latest ?? data?.safeguardingAlert ?? null;
  useDocumentTitle(detail ? `Safeguarding alert: ${detail.alert.label}` : "Safeguarding alert");

  if (!detail) {
    if (error) {
      return (
        <div className={`container ${styles.page}`}>
          <Notice tone="error">{errorMessage(error, ALERT_LOAD_ERROR)}</Notice>
          <ButtonLink to="/teacher/dashboard" variant="secondary">
            Back to Dashboard
          </ButtonLink>
        </div>
      );
    }
    return <Spinner label="Loading the alert…" />;
  }

  const { alert, notes } = detail;
  const reviewed = alert.reviewedAt !== null;
  return (
    <article className={`container ${styles.page}`} aria-labelledby="alert-title">
      <ButtonLink to="/teacher/dashboard" variant="secondary" className={styles.back}>
        Back to Dashboard
      </ButtonLink>
      <div className={styles.head}>
        {alert.severity === "urgent" ? <UrgentTag /> : null}
        <h1 id="alert-title" className={styles.title}>
          {alert.label}: {alert.studentDisplayName}
        </h1>
      </div>
      <dl className={styles.facts}>
        <dt>Raised</dt>
        <dd>
          <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
        </dd>
        {detail.schoolName ? (
          <>
            <dt>School</dt>
            <dd>{detail.schoolName}</dd>
          </>
        ) : null}
        {alert.bookTitle ? (
          <>
            <dt>Book</dt>
            <dd>{alert.bookTitle}</dd>
          </>
        ) : null}
        <dt>Why</dt>
        <dd>{alert.reason}</dd>
        <dt>Status</dt>
        <dd className={`${styles.status} ${reviewed ? "" : styles.open}`}>
          {reviewed
            ? `Reviewed by ${alert.reviewedByName ?? "a former member of staff"} on ${formatDateTime(alert.reviewedAt)}`
            : "Not reviewed yet"}
        </dd>
        {detail.emailsSent > 0 ? (
          <>
            <dt>E-mailed</dt>
            <dd>
              To the safeguarding contacts {detail.emailsSent === 1 ? "once" : `${detail.emailsSent} times`}, last on{" "}
              {formatDateTime(detail.lastEmailedAt)}
            </dd>
          </>
        ) : null}
      </dl>
      {alert.messageExcerpt ? (
        <>
          <h2>What {alert.studentDisplayName} wrote</h2>
          <AlertExcerpt text={alert.messageExcerpt} />
        </>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => setReviewing(true)}>{reviewed ? "Add a note" : "Mark as reviewed"}</Button>
        {alert.chatId ? (
          <ButtonLink to={`/teacher/chats/${encodeURIComponent(alert.chatId)}`} variant="secondary">
            View Chat
          </ButtonLink>
        ) : null}
      </div>
      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">Notes</h2>
        {notes.length === 0 ? (
          <p>{NO_NOTES}</p>
        ) : (
          <ol className={styles.notes}>
            {notes.map((note) => (
              <li key={note.id} className={styles.note}>
                <p className={styles.noteHead}>
                  <strong>{note.authorName}</strong>,{" "}
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                </p>
                <p className={styles.noteText}>{note.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      {reviewing ? (
        <ReviewDialog
          alerts={[alert]}
          alreadyReviewed={reviewed}
          onClose={() => setReviewing(false)}
          onReviewed={([updated]) => {
            if (updated) {
              setLatest(updated);
            }
            setReviewing(false);
          }}
        />
      ) : null}
    </article>
  );
}
