import styles from "./AlertParts.module.css";

/** The 'Urgent' tag beside an alert's title: a risk to the child. */
export function UrgentTag() {
  return <span className={styles.urgentTag}>Urgent</span>;
}

/** What the student wrote, quoted as written (line breaks kept, long words broken). */
export function AlertExcerpt({ text }: { text: string }) {
  return (
    <blockquote className={styles.excerpt}>
      <p>{text}</p>
    </blockquote>
  );
}
