import type { ChangeEvent, InputHTMLAttributes } from "react";
import { FieldError, FieldLabel } from "./FieldParts";
import styles from "./FormField.module.css";

type FormFieldProps = {
  label: string;
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "name" | "id" | "type" | "className">;

/** The spec's labelled field: label, required asterisk, and an inline error tied to the input. */
export function FormField({
  label,
  id,
  name,
  value,
  onChange,
  type = "text",
  placeholder,
  error,
  required = false,
  className,
  hint,
  ...rest
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={[styles.input, error ? styles.invalid : null].filter(Boolean).join(" ")}
        {...rest}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
