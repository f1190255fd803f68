import styles from "./Spinner.module.css";

/** A loading indicator that screen readers announce as "Loading…" (or the given label). */
export function Spinner({ label = "Loading…", size = 32 }: { label?: string; size?: number }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
