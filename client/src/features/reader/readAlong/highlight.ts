import "./readAlongHighlight.css";

/** The name of the spoken word's highlight; readAlongHighlight.css styles ::highlight(read-along-word). */
export const SPOKEN_WORD_HIGHLIGHT = "read-along-word";

/** Whether the browser has the CSS Custom Highlight API (without it, only the sentence is highlighted). */
export function supportsWordHighlight(): boolean {
  return typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight === "function";
}

/** The range of characters [start, end) of the element's text, across its text nodes (a sentence may hold
 * an <em> or a link), or null when the text is shorter. */
export function textRange(element: Element, start: number, end: number): Range | null {
  if (start < 0 || end <= start) {
    return null;
  }
  const document = element.ownerDocument;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && start < offset + length) {
      range.setStart(node, start - offset);
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset);
      return range;
    }
    offset += length;
  }
  return null;
}

/**
 * Highlights the word at [charIndex, charIndex + charLength) of the sentence element's text, which must be
 * the sentence text the hook speaks. Returns the cleanup that removes it; does nothing (and returns a
 * no-op) without the Highlight API or a word.
 */
export function highlightWord(sentence: Element, charIndex: number, charLength: number): () => void {
  if (!supportsWordHighlight() || charLength <= 0) {
    return () => {};
  }
  const range = textRange(sentence, charIndex, charIndex + charLength);
  if (!range) {
    return () => {};
  }
  const highlight = new Highlight(range);
  CSS.highlights.set(SPOKEN_WORD_HIGHLIGHT, highlight);
  return () => {
    // A later word may already have replaced ours.
    if (CSS.highlights.get(SPOKEN_WORD_HIGHLIGHT) === highlight) {
      CSS.highlights.delete(SPOKEN_WORD_HIGHLIGHT);
    }
  };
}
