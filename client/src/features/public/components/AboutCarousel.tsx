import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "../../../components/Button";
import styles from "./AboutCarousel.module.css";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons";

export type StoryPage = {
  /** Stable key, also used for the heading id. */
  id: string;
  title: string;
  content: ReactNode;
};

type AboutCarouselProps = {
  /** The carousel's accessible name, e.g. "Our story". */
  label: string;
  pages: readonly StoryPage[];
};

/**
 * A story told page by page. Previous/Next stop at the ends (disabled there, no wrapping); the dots jump to a page;
 * ArrowLeft/ArrowRight (and Home/End) work anywhere inside the carousel. Only the current page is rendered, inside a
 * polite live region, so a screen reader hears the new page after each move.
 */
export function AboutCarousel({ label, pages }: AboutCarouselProps) {
  const [index, setIndex] = useState(0);
  const baseId = useId();
  // Button does not forward refs, so the arrows are found by id when focus has to move between them.
  const previousId = `${baseId}-previous`;
  const nextId = `${baseId}-next`;
  const lastIndex = pages.length - 1;
  const page = pages[index];

  const goTo = (target: number) => {
    const clamped = Math.min(Math.max(target, 0), lastIndex);
    if (clamped === index) {
      return;
    }
    // A focused button that becomes disabled drops keyboard focus to <body>; hand it to the other arrow instead.
    const focusedId = document.activeElement?.id;
    if (clamped === lastIndex && focusedId === nextId) {
      document.getElementById(previousId)?.focus();
    } else if (clamped === 0 && focusedId === previousId) {
      document.getElementById(nextId)?.focus();
    }
    setIndex(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const targets: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: lastIndex };
    const target = targets[event.key];
    if (target === undefined) {
      return;
    }
    event.preventDefault();
    goTo(target);
  };

  if (!page) {
    return null;
  }
  const headingId = `${baseId}-${page.id}`;

  return (
    // The region is not itself focusable: arrow keys reach it from any focused control inside it.
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={styles.carousel}
      onKeyDown={onKeyDown}
    >
      <div className={styles.controls}>
        <Button
          id={previousId}
          variant="secondary"
          className={styles.previous}
          onClick={() => goTo(index - 1)}
          disabled={index === 0}
        >
          <ArrowLeftIcon />
          Previous
        </Button>
        <div className={styles.dots} role="group" aria-label="Choose a page">
          {pages.map((dotPage, dotIndex) => (
            <button
              key={dotPage.id}
              type="button"
              className={styles.dot}
              aria-label={`Go to page ${dotIndex + 1}`}
              aria-current={dotIndex === index ? "true" : undefined}
              onClick={() => goTo(dotIndex)}
            />
          ))}
        </div>
        <Button
          id={nextId}
          variant="secondary"
          className={styles.next}
          onClick={() => goTo(index + 1)}
          disabled={index === lastIndex}
        >
          Next
          <ArrowRightIcon />
        </Button>
      </div>
      <div className={styles.viewport} aria-live="polite">
        <p className={styles.status}>
          Page {index + 1} of {pages.length}
        </p>
        <div
          key={page.id}
          role="group"
          aria-roledescription="slide"
          aria-labelledby={headingId}
          className={styles.slide}
        >
          <h2 id={headingId} className={styles.title}>
            {page.title}
          </h2>
          {page.content}
        </div>
      </div>
    </div>
  );
}
