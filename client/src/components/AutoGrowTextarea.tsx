import { type TextareaHTMLAttributes, useLayoutEffect, useRef } from "react";
import styles from "./FormField.module.css";

/** A textarea that grows with its content instead of scrolling (the spec's auto-growing textarea). */
export function AutoGrowTextarea({ className, value, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) {
      return;
    }
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      rows={3}
      value={value}
      aria-required={props.required || undefined}
      className={[styles.textarea, className].filter(Boolean).join(" ")}
      {...props}
    />
  );
}
