import styles from "./FormField.module.css";

// The parts every labelled control shares: the label with its required asterisk, and the inline error.

/**
 * The label, and after it an asterisk when the field is required. The asterisk stays outside the
 * <label> (and hidden): the label names the control, so its name is "Password" whatever a browser or
 * screen reader makes of hidden text inside a label. They learn that the field is required from its
 * `required` and `aria-required`.
 */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <div className={styles.labelLine}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
      </label>
      {required ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={id} className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}
