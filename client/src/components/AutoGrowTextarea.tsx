import { type TextareaHTMLAttributes, useLayoutEffect, useRef } from "react";
import styles from "./FormField.module.css";

/**
 * A textarea that grows with its content instead of scrolling (the spec's auto-growing textarea). It
 * measures again when its width changes too: text (or a placeholder) that wrapped while a button beside
 * it was wider ('Sending…') unwraps when the button narrows, and the box shrinks back.
 */
export function AutoGrowTextarea({ className, value, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) {
      return;
    }
    const fit = () => {
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight}px`;
    };
    fit();
    if (typeof ResizeObserver === "undefined") {
      return;
    }
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      // Only a new width changes the wrapping; a new height is this effect's own doing.
      if (el.clientWidth !== width) {
        width = el.clientWidth;
        fit();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
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
