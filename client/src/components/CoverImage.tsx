import { type CSSProperties, useState } from "react";
import styles from "./CoverImage.module.css";

/** Shown when a cover is missing or fails to load (spec 9). */
export const COVER_FALLBACK_SRC = "/images/book-placeholder.jpg";

// Shown behind a cover while it loads, when the book has no colour of its own.
const NEUTRAL_COLOUR = "#e6e1d8";

export type CoverState = "loading" | "loaded" | "failed";

type CoverImageProps = {
  /** The cover's URL (coverUrl, or coverLowUrl for small covers); null shows the placeholder. */
  src: string | null | undefined;
  title: string;
  /** The book's coverColor, shown while the cover loads. */
  color?: string | null | undefined;
  /** The box in CSS pixels; its ratio is kept whatever the width, so nothing shifts as covers arrive. */
  width: number;
  height: number;
  /** Below the fold: let the browser fetch it when it comes near. */
  lazy?: boolean;
  className?: string;
};

/**
 * A book cover with the spec's states: loading (a block in the book's colour, aria-busy), loaded,
 * and failed (the placeholder image, with a console warning).
 */
export function CoverImage({ src, title, color, width, height, lazy = false, className }: CoverImageProps) {
  const current = src || null;
  const [cover, setCover] = useState<{ src: string | null; state: CoverState; fallbackBroken?: boolean }>(() => ({
    src: current,
    state: current ? "loading" : "failed",
  }));
  // A new cover (another book in the same slot) starts over.
  if (cover.src !== current) {
    setCover({ src: current, state: current ? "loading" : "failed" });
  }

  const failed = cover.state === "failed";
  const shownSrc = failed || !cover.src ? COVER_FALLBACK_SRC : cover.src;

  const onError = () => {
    if (failed) {
      // Even the placeholder did not load: keep the coloured block.
      setCover((c) => ({ ...c, fallbackBroken: true }));
      return;
    }
    console.warn(`Cover image failed to load for "${title}": ${cover.src ?? ""}`);
    setCover((c) => ({ ...c, state: "failed" }));
  };

  return (
    <div
      className={[styles.frame, className].filter(Boolean).join(" ")}
      style={
        {
          "--cover-width": `${width}px`,
          aspectRatio: `${width} / ${height}`,
          backgroundColor: color || NEUTRAL_COLOUR,
        } as CSSProperties
      }
      aria-busy={cover.state === "loading" || undefined}
      data-state={cover.state}
    >
      {cover.fallbackBroken ? null : (
        <img
          key={shownSrc}
          className={[styles.image, cover.state === "loaded" || failed ? styles.visible : null]
            .filter(Boolean)
            .join(" ")}
          src={shownSrc}
          alt={`Cover of ${title}`}
          width={width}
          height={height}
          loading={lazy ? "lazy" : "eager"}
          decoding="async"
          onLoad={() => setCover((c) => (c.state === "loading" ? { ...c, state: "loaded" } : c))}
          onError={onError}
        />
      )}
    </div>
  );
}
