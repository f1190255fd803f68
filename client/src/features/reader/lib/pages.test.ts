import { afterEach, describe, expect, it, vi } from "vitest";
import { measurePages } from "./pages";

// jsdom lays nothing out: each element here says where its boxes are, in a flow whose left edge is 0.
function placed(element: HTMLElement, lefts: number[]): HTMLElement {
  const rects = lefts.map((left) => new DOMRect(left, 0, 10, 10));
  element.getClientRects = () => rects as unknown as DOMRectList;
  return element;
}

function flowOf(...children: HTMLElement[]): HTMLElement {
  const flow = document.createElement("div");
  flow.append(...children);
  vi.spyOn(flow, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 300, 500));
  return flow;
}

function paragraph(index: number, lefts: number[]) {
  const element = document.createElement("p");
  element.dataset.paragraph = String(index);
  return placed(element, lefts);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("measurePages", () => {
  // Pages 300 px wide with a 48 px gap: page k starts at k × 348.
  it("counts the pages up to the last paragraph's last box", () => {
    const flow = flowOf(paragraph(0, [0]), paragraph(1, [0, 348]));
    expect(measurePages(flow, 300, 48)).toEqual({ pageWidth: 300, step: 348, pageCount: 2 });
  });

  it("counts the page that the end of the book's box goes on to after the last words", () => {
    const end = placed(document.createElement("div"), [696]);
    end.dataset.end = "";
    const flow = flowOf(paragraph(0, [0]), paragraph(1, [348]), end);
    expect(measurePages(flow, 300, 48).pageCount).toBe(3);
  });

  it("goes by the last paragraph while the end box has no boxes", () => {
    const end = placed(document.createElement("div"), []);
    end.dataset.end = "";
    const flow = flowOf(paragraph(0, [0, 348]), end);
    expect(measurePages(flow, 300, 48).pageCount).toBe(2);
  });
});
