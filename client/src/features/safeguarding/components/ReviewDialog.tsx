import { useMutation } from "@apollo/client/react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { Notice } from "../../../components/Notice";
import type { SafeguardingAlertDetailFieldsFragment, SafeguardingAlertFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { useModalDialog } from "../../../lib/useModalDialog";
import { ReviewSafeguardingAlertsDocument } from "../graphql";
import { UrgentTag } from "./AlertParts";
import styles from "./Safeguarding.module.css";

export const REVIEW_FAILED = "Failed to mark the alert reviewed";
export const NOTE_REQUIRED = "Write what was done: the note is kept as a record.";
export const NOTE_LABEL = "What was done";
export const NOTE_HINT = "Kept with the alert as a record, with your name and the time. It cannot be changed later.";
export const MAX_NOTE_LENGTH = 4000;

type Reviewable = Pick<SafeguardingAlertFieldsFragment, "id" | "label" | "severity" | "studentDisplayName">;

/**
 * Marks one alert or several reviewed with one note (what was done): the server keeps who, when and
 * the note, which nobody can change afterwards. A failure stays in the dialog for another try.
 */
export function ReviewDialog({
  alerts,
  alreadyReviewed = false,
  onClose,
  onReviewed,
}: {
  alerts: Reviewable[];
  /** A later note on a reviewed alert: the first review (who, when) stands. */
  alreadyReviewed?: boolean;
  onClose: () => void;
  onReviewed: (reviewed: SafeguardingAlertDetailFieldsFragment[]) => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const hintId = useId();
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [review, { loading }] = useMutation(ReviewSafeguardingAlertsDocument);
  const dialogProps = useModalDialog({ onClose: () => (loading ? undefined : onClose()) });
  const several = alerts.length > 1;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) {
      return;
    }
    if (!note.trim()) {
      setFailure(NOTE_REQUIRED);
      return;
    }
    setFailure(null);
    try {
      const { data } = await review({ variables: { input: { ids: alerts.map((alert) => alert.id), note } } });
      if (!data) {
        throw new Error(REVIEW_FAILED);
      }
      onReviewed(data.reviewSafeguardingAlerts);
    } catch (error) {
      setFailure(errorMessage(error, REVIEW_FAILED));
    }
  }

  return (
    <dialog
      {...dialogProps}
      className={`${frame.dialog} ${styles.dialog}`}
      aria-labelledby={headingId}
      aria-busy={loading}
    >
      <h2 id={headingId} className={frame.heading}>
        {alreadyReviewed ? "Add a note" : several ? `Mark ${alerts.length} alerts as reviewed` : "Mark as reviewed"}
      </h2>
      <ul className={styles.titles}>
        {alerts.map((alert) => (
          <li key={alert.id}>
            {alert.severity === "urgent" ? (
              <>
                <UrgentTag />{" "}
              </>
            ) : null}
            {alert.label}: {alert.studentDisplayName}
          </li>
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={noteId}>{NOTE_LABEL}</label>
          <textarea
            id={noteId}
            className={styles.note}
            value={note}
            maxLength={MAX_NOTE_LENGTH}
            required
            aria-required="true"
            aria-describedby={hintId}
            aria-invalid={failure === NOTE_REQUIRED || undefined}
            data-autofocus
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={hintId} className={styles.hint}>
            {several ? "The same note is kept with each alert. " : ""}
            {NOTE_HINT}
          </p>
        </div>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className={frame.actions}>
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={loading}>
            {loading ? "Saving…" : alreadyReviewed ? "Save note" : "Save and mark reviewed"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
