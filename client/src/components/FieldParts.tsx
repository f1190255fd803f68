import styles from "./FormField.module.css";

// The parts every labelled control shares: the label with its required asterisk, and the inline error.

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={id} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}
