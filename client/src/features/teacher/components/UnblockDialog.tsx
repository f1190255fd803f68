import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { useMutation } from "@apollo/client/react";
import { useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import type { StudentCardFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { useModalDialog } from "../../../lib/useModalDialog";
import { UnblockStudentDocument } from "../graphql";
import styles from "./UnblockDialog.module.css";

export const UNBLOCK_FAILED = "Failed to unblock user";
export const UNBLOCK_LABEL = "Unblock & Reset Strikes";

/**
 * Spec 8: the server's error, else 'Failed to unblock user'. A request that got no answer (or failed
 * in the client) has no server error to show, so it gets the fallback too, never a raw message.
 */
function unblockFailure(error: unknown): string {
  return CombinedGraphQLErrors.is(error) || ServerError.is(error)
    ? errorMessage(error, UNBLOCK_FAILED)
    : UNBLOCK_FAILED;
}

/** The question the teacher answers, naming the student (an unblock cannot be taken back). */
export function unblockQuestion(student: Pick<StudentCardFieldsFragment, "displayName" | "moderation">): string {
  return student.moderation.blocked
    ? `Unblock ${student.displayName} and reset their strikes?`
    : `Reset ${student.displayName}'s strikes?`;
}

/**
 * 'Unblock & Reset Strikes' asks first (spec: Teacher dashboard; 4, Moderation): which student, what
 * it does, Cancel (focused, the safe choice) or confirm. A failure stays in the dialog for another try.
 */
export function UnblockDialog({
  student,
  onClose,
  onUnblocked,
}: {
  student: StudentCardFieldsFragment;
  onClose: () => void;
  onUnblocked: () => void;
}) {
  const headingId = useId();
  const bodyId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [unblock, { loading }] = useMutation(UnblockStudentDocument);
  // Not closed half-way through: the answer decides what the card shows.
  const dialogProps = useModalDialog({ onClose: () => (loading ? undefined : onClose()) });
  const { moderation } = student;

  async function confirm() {
    setFailure(null);
    try {
      // The answer updates the card through the cache (SchoolStudent's moderation merges).
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
        return;
      }
      onUnblocked();
    } catch (error) {
      setFailure(unblockFailure(error));
    }
  }

  return (
    <dialog
      {...dialogProps}
      className={`${frame.dialog} ${styles.dialog}`}
      aria-labelledby={headingId}
      aria-describedby={bodyId}
    >
      <h2 id={headingId} className={frame.heading}>
        {UNBLOCK_LABEL}
      </h2>
      <div id={bodyId} className={frame.body}>
        <p className={styles.question}>{unblockQuestion(student)}</p>
        <p>
          {moderation.blocked ? "They are blocked" : "They are not blocked"}
          {moderation.strikeCount > 0 ? ` and have ${strikes(moderation.strikeCount)}` : ""}.{" "}
          {moderation.blocked
            ? "They will be able to chat and write reviews again, and their strikes go back to 0."
            : "Their strikes go back to 0."}
        </p>
      </div>
      {failure ? (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className={frame.actions}>
        <Button data-autofocus variant="secondary" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={loading}>
          {loading ? "Unblocking…" : UNBLOCK_LABEL}
          <span className="visually-hidden"> for {student.displayName}</span>
        </Button>
      </div>
    </dialog>
  );
}

const strikes = (count: number) => `${count} ${count === 1 ? "strike" : "strikes"}`;
