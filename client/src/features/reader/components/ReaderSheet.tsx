import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "../../../components/Button";
import styles from "./Reader.module.css";

/**
 * A panel of the reader (text settings, read-along) as a sheet over the page: it never takes room
 * from the page, so the pages stay as they are laid out. It stays mounted while closed (hidden), so
 * what it holds keeps going. Opening moves focus to its heading; 'Close' (and Escape, handled by the
 * reader) give focus back to the button that opened it.
 */
export function ReaderSheet({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (open) {
      headingRef.current?.focus();
    }
  }, [open]);

  return (
    <section className={styles.sheet} aria-labelledby={headingId} hidden={!open}>
      <div className={styles.sheetTop}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </section>
  );
}
