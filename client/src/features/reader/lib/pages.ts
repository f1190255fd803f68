// Pages that fit the screen: a part of a chapter is laid out in CSS columns exactly one viewport
// wide (see Reader.module.css), and a page is one column, shown by sliding the columns across.
// These helpers read that layout from the DOM: how many pages, which page holds a place, and which
// place (paragraph and character) a page starts with.

export type PageLayout = { pageWidth: number; step: number; pageCount: number };
export type Place = { paragraph: number; offset: number };

const paragraphsOf = (flow: HTMLElement) => Array.from(flow.querySelectorAll<HTMLElement>("[data-paragraph]"));

/** Left edges in the flow's own coordinates (the slide applies to the flow and its text alike). */
const leftIn = (flow: HTMLElement, rect: DOMRect) => rect.left - flow.getBoundingClientRect().left;

/** The boxes of what comes last in the flow: the end of the book's box when it has one, else the last paragraph. */
function lastRects(flow: HTMLElement): DOMRect[] {
  const end = flow.querySelector<HTMLElement>("[data-end]");
  const endRects = end ? Array.from(end.getClientRects()) : [];
  if (endRects.length > 0) {
    return endRects;
  }
  const paragraphs = paragraphsOf(flow);
  const last = paragraphs[paragraphs.length - 1];
  return last ? Array.from(last.getClientRects()) : [];
}

export function measurePages(flow: HTMLElement, pageWidth: number, gap: number): PageLayout {
  const step = pageWidth + gap;
  const rects = lastRects(flow);
  const lastRect = rects[rects.length - 1];
  const pageCount = lastRect && step > 0 ? Math.max(1, Math.floor((leftIn(flow, lastRect) + 1) / step) + 1) : 1;
  return { pageWidth, step, pageCount };
}

const pageAt = (flow: HTMLElement, rect: DOMRect, layout: PageLayout) =>
  Math.max(0, Math.min(layout.pageCount - 1, Math.floor((leftIn(flow, rect) + 1) / layout.step)));

/** The text node and offset in it for a character of a paragraph (its sentences are spans with data-start). */
function textPosition(paragraph: HTMLElement, offset: number): { node: Text; offset: number } | null {
  const spans = Array.from(paragraph.querySelectorAll<HTMLElement>("[data-start]"));
  let chosen: HTMLElement | undefined;
  for (const span of spans) {
    if (Number(span.dataset.start) <= offset) {
      chosen = span;
    }
  }
  const node = chosen?.firstChild;
  if (!chosen || !(node instanceof Text)) {
    return null;
  }
  return { node, offset: Math.min(node.length, Math.max(0, offset - Number(chosen.dataset.start))) };
}

/** The page holding a place of the part on screen (the first page when the place is not in it). */
export function pageOfPlace(flow: HTMLElement, layout: PageLayout, place: Place): number {
  const paragraph = flow.querySelector<HTMLElement>(`[data-paragraph="${place.paragraph}"]`);
  if (!paragraph) {
    return 0;
  }
  const position = place.offset > 0 ? textPosition(paragraph, place.offset) : null;
  if (position) {
    // A space at a line's end may be drawn at the end of the column before: measure the next letter.
    let at = position.offset;
    while (at < position.node.length - 1 && /\s/.test(position.node.data[at] ?? "")) {
      at += 1;
    }
    const range = document.createRange();
    range.setStart(position.node, at);
    range.setEnd(position.node, Math.min(position.node.length, at + 1));
    const rect = range.getClientRects()[0];
    if (rect) {
      return pageAt(flow, rect, layout);
    }
  }
  const first = paragraph.getClientRects()[0];
  return first ? pageAt(flow, first, layout) : 0;
}

type CaretDocument = Document & {
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
};

/** The character at a point of the screen, as a paragraph and an offset in it. */
function placeAtPoint(x: number, y: number): Place | null {
  const doc = document as CaretDocument;
  let node: Node | null = null;
  let offset = 0;
  if (doc.caretPositionFromPoint) {
    const position = doc.caretPositionFromPoint(x, y);
    node = position?.offsetNode ?? null;
    offset = position?.offset ?? 0;
  } else if (doc.caretRangeFromPoint) {
    const range = doc.caretRangeFromPoint(x, y);
    node = range?.startContainer ?? null;
    offset = range?.startOffset ?? 0;
  }
  const span = node?.parentElement?.closest<HTMLElement>("[data-start]");
  const paragraph = span?.closest<HTMLElement>("[data-paragraph]");
  if (!span || !paragraph) {
    return null;
  }
  return { paragraph: Number(paragraph.dataset.paragraph), offset: Number(span.dataset.start) + offset };
}

/**
 * What the page on screen shows: the place it starts with (the first paragraph on it, and where in
 * that paragraph when it began on an earlier page) and its last paragraph.
 */
export function describePage(
  flow: HTMLElement,
  viewport: HTMLElement,
  layout: PageLayout,
  page: number,
): { place: Place; lastParagraph: number } | null {
  const from = page * layout.step - 1;
  const to = from + layout.step;
  let place: Place | null = null;
  let lastParagraph: number | null = null;
  for (const paragraph of paragraphsOf(flow)) {
    const rects = Array.from(paragraph.getClientRects());
    const onPage = rects.some((rect) => {
      const left = leftIn(flow, rect);
      return left >= from && left < to;
    });
    if (!onPage) {
      if (place) {
        break;
      }
      continue;
    }
    const index = Number(paragraph.dataset.paragraph);
    if (!place) {
      const startsHere = rects[0] ? leftIn(flow, rects[0]) >= from : true;
      if (startsHere) {
        place = { paragraph: index, offset: 0 };
      } else {
        const box = viewport.getBoundingClientRect();
        const found = placeAtPoint(box.left + 4, box.top + 4);
        place = found && found.paragraph === index ? found : { paragraph: index, offset: 0 };
      }
    }
    lastParagraph = index;
  }
  return place && lastParagraph !== null ? { place, lastParagraph } : null;
}

/** The sentences that begin on a page (a sentence carried over from the page before was read there). */
export function sentencesOnPage(flow: HTMLElement, layout: PageLayout, page: number): HTMLElement[] {
  const from = page * layout.step - 1;
  const to = from + layout.step;
  return Array.from(flow.querySelectorAll<HTMLElement>("[data-start]")).filter((span) => {
    const rect = span.getClientRects()[0];
    if (!rect) {
      return false;
    }
    const left = leftIn(flow, rect);
    return left >= from && left < to;
  });
}
