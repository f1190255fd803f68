import { useMutation } from "@apollo/client/react";
import { useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import type { AdminBooksBookFieldsFragment, AdminBooksDeleteMutation } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { counted, isUsed, quoted } from "./format";
import { AdminBooksDeleteDocument } from "./graphql";
import styles from "./BookDialogs.module.css";
import { useModalDialog } from "../../../lib/useModalDialog";

export const DELETE_FAILED = "Failed to delete the book";

type DeleteResult = AdminBooksDeleteMutation["deleteBook"];

/** What Delete will do to this book: the server decides the same way from the same counts. */
export type DeleteKind = "delete" | "archive" | "permanent";

export function deleteKindOf(book: Pick<AdminBooksBookFieldsFragment, "status" | "usage">): DeleteKind {
  if (book.status === "archived") {
    return "permanent";
  }
  return isUsed(book) ? "archive" : "delete";
}

/** What happened, from the server's outcome (students may have opened the book since the list loaded). */
export function deleteOutcomeMessage(title: string, result: Pick<DeleteResult, "outcome">, permanently: boolean) {
  if (result.outcome === "archived") {
    return `Archived ${quoted(title)}: it is hidden from students, and their reading, reviews and chats are kept.`;
  }
  return permanently
    ? `Deleted ${quoted(title)} permanently, with its reading records, reviews and chats.`
    : `Deleted ${quoted(title)}.`;
}

function usageText({ usage }: Pick<AdminBooksBookFieldsFragment, "usage">) {
  return `${counted(usage.readers, "reader")}, ${counted(usage.reviews, "review")}, ${counted(usage.chats, "chat")}`;
}

/**
 * The Delete confirmation. It says which will happen: an unused book is deleted; one students have
 * used is archived (hidden, their records kept); an archived one can be deleted permanently, with a
 * stronger warning, which removes what students did with it.
 */
export function DeleteBookDialog({
  book,
  onClose,
  onDone,
}: {
  book: AdminBooksBookFieldsFragment;
  onClose: () => void;
  /** After the server answered: the message to show and what it did. */
  onDone: (message: string, result: DeleteResult) => void;
}) {
  const headingId = useId();
  const bodyId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const dialogProps = useModalDialog({ onClose });
  const [deleteBook, { loading }] = useMutation(AdminBooksDeleteDocument, {
    update(cache, { data }) {
      if (data?.deleteBook.outcome === "deleted") {
        cache.evict({ id: cache.identify({ __typename: "AdminBook", id: data.deleteBook.bookId }) });
        cache.gc();
      }
    },
  });
  const kind = deleteKindOf(book);
  const permanently = kind === "permanent";

  async function confirm() {
    setFailure(null);
    try {
      const { data } = await deleteBook({ variables: { id: book.id, permanently: permanently || null } });
      if (!data) {
        setFailure(DELETE_FAILED);
        return;
      }
      onDone(deleteOutcomeMessage(book.title, data.deleteBook, permanently), data.deleteBook);
    } catch (error) {
      setFailure(errorMessage(error, DELETE_FAILED));
    }
  }

  const heading = permanently ? "Delete book permanently" : kind === "archive" ? "Archive book" : "Delete book";
  const confirmLabel = permanently ? "Delete permanently" : kind === "archive" ? "Archive book" : "Delete book";

  return (
    <dialog
      {...dialogProps}
      className={`${frame.dialog} ${styles.dialog} ${styles.narrow}`}
      aria-labelledby={headingId}
      aria-describedby={bodyId}
    >
      <h2 id={headingId} className={frame.heading}>
        {heading}
      </h2>
      <div id={bodyId} className={frame.body}>
        {kind === "delete" ? <p>Delete {quoted(book.title)}? This cannot be undone.</p> : null}
        {kind === "archive" ? (
          <>
            <p className={styles.bookName}>{book.title}</p>
            <p>
              Students have used this book ({usageText(book)}). It will be archived: hidden from students, and their
              reading, reviews and chats are kept.
            </p>
          </>
        ) : null}
        {permanently ? (
          <>
            <p className={styles.warning}>
              Delete {quoted(book.title)} permanently? This also removes everything students did with it: its reading
              records, reviews and chats ({usageText(book)}). Teachers will no longer see them.
            </p>
            <p>This cannot be undone.</p>
          </>
        ) : null}
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
        <Button
          className={kind === "archive" ? undefined : styles.danger}
          onClick={() => void confirm()}
          disabled={loading}
        >
          {loading ? (kind === "archive" ? "Archiving…" : "Deleting…") : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
