import { useEffect, useMemo } from "react";
import styles from "../components/Reader.module.css";
import { highlightWord } from "./highlight";
import { type ReadAlong, type ReadAlongSentence, useReadAlong } from "./useReadAlong";

const sentenceId = (element: HTMLElement) =>
  `${element.closest<HTMLElement>("[data-paragraph]")?.dataset.paragraph ?? "?"}:${element.dataset.start ?? "?"}`;

/**
 * Read-along for the page on screen: the browser's own voices read the page's sentences, the sentence
 * being read is marked and its word highlighted as it is spoken, and the page turns by itself. Lives
 * in the reader (not in its sheet), so that reading goes on with the sheet closed.
 */
export function usePageReadAlong({
  sentences: elements,
  atEnd,
  onPageEnd,
  onListening,
}: {
  /** The sentence elements that begin on the page (spans with data-start inside a data-paragraph). */
  sentences: readonly HTMLElement[];
  /** On the book's last page the reading stops there. */
  atEnd: boolean;
  /** Turns the page. */
  onPageEnd: () => void;
  onListening: (listening: boolean) => void;
}): ReadAlong {
  const sentences = useMemo<ReadAlongSentence[]>(
    () => elements.map((element) => ({ id: sentenceId(element), text: element.textContent ?? "" })),
    [elements],
  );
  const readAlong = useReadAlong({ sentences, onPageEnd: () => (atEnd ? readAlong.pause() : onPageEnd()) });
  const { current, playing } = readAlong;

  useEffect(() => {
    onListening(playing);
  }, [playing, onListening]);

  useEffect(() => {
    if (!current) {
      return;
    }
    const element = elements.find((candidate) => sentenceId(candidate) === current.sentenceId);
    if (!element) {
      return;
    }
    element.classList.add(styles.spoken ?? "spoken");
    const clearWord = highlightWord(element, current.charIndex, current.charLength);
    return () => {
      element.classList.remove(styles.spoken ?? "spoken");
      clearWord();
    };
  }, [current, elements]);

  return readAlong;
}
