import { type InputHTMLAttributes, useLayoutEffect, useRef, useState } from "react";

export const AUTO_WIDTH_PADDING_PX = 20;
export const AUTO_WIDTH_MIN_PX = 40;

/**
 * An input that widens with its content: the text's width plus 20 px, at least 40 px (spec 9).
 * The text is measured in a hidden span with the input's font.
 */
export function AutoWidthInput({ value, placeholder, style, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  const measure = useRef<HTMLSpanElement>(null);
  const [width, setWidth] = useState(AUTO_WIDTH_MIN_PX);
  const text = String(value ?? "") || placeholder || "";
  useLayoutEffect(() => {
    const measured = measure.current?.getBoundingClientRect().width ?? 0;
    setWidth(Math.max(AUTO_WIDTH_MIN_PX, Math.ceil(measured) + AUTO_WIDTH_PADDING_PX));
  }, [text]);
  return (
    <>
      <span
        ref={measure}
        aria-hidden="true"
        style={{ position: "absolute", visibility: "hidden", whiteSpace: "pre", font: "inherit" }}
      >
        {text}
      </span>
      <input value={value} placeholder={placeholder} style={{ ...style, width }} {...props} />
    </>
  );
}
