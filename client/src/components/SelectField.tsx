import type { ChangeEvent, ReactNode, SelectHTMLAttributes } from "react";
import { FieldError, FieldLabel } from "./FieldParts";
import styles from "./FormField.module.css";

type SelectFieldProps = {
  label: string;
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value" | "name" | "id" | "className" | "children">;

/** A labelled select with the same required asterisk and inline error as FormField. */
export function SelectField({
  label,
  id,
  name,
  value,
  onChange,
  error,
  required,
  disabled,
  className,
  children,
  ...rest
}: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        required={required}
        aria-required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={[styles.input, error ? styles.invalid : null].filter(Boolean).join(" ")}
        {...rest}
      >
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
