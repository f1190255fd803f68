import { useId } from "react";
import type { BookReaderQuery } from "../../../gql/graphql";
import { Button } from "../../../components/Button";
import { useModalDialog } from "../../../lib/useModalDialog";
import styles from "./Reader.module.css";

type Chapter = BookReaderQuery["bookReader"]["chapters"][number];

/** The book's chapters; choosing one opens it at its first page. */
export function TableOfContents({
  chapters,
  current,
  onChoose,
  onClose,
}: {
  chapters: readonly Chapter[];
  current: number;
  onChoose: (index: number) => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const dialogProps = useModalDialog({ onClose });
  return (
    <dialog {...dialogProps} className={styles.dialog} aria-labelledby={headingId}>
      <div className={styles.dialogTop}>
        <h2 id={headingId}>Contents</h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <ol className={styles.contents}>
        {chapters.map((chapter) => (
          <li key={chapter.index}>
            <button
              type="button"
              className={styles.contentsItem}
              aria-current={chapter.index === current ? "true" : undefined}
              onClick={() => onChoose(chapter.index)}
              data-autofocus={chapter.index === current ? true : undefined}
            >
              {chapter.title}
            </button>
          </li>
        ))}
      </ol>
    </dialog>
  );
}
