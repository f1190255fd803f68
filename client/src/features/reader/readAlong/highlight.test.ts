import { afterEach, describe, expect, it, vi } from "vitest";
import { highlightWord, SPOKEN_WORD_HIGHLIGHT, supportsWordHighlight, textRange } from "./highlight";

/** jsdom has no Custom Highlight API: a registry and a Highlight that keep their ranges. */
class FakeHighlight {
  readonly ranges: AbstractRange[];
  constructor(...ranges: AbstractRange[]) {
    this.ranges = ranges;
  }
}

function stubHighlightApi() {
  const registry = new Map<string, FakeHighlight>();
  vi.stubGlobal("Highlight", FakeHighlight);
  vi.stubGlobal("CSS", { ...globalThis.CSS, highlights: registry });
  return registry;
}

function sentence(html: string) {
  const element = document.createElement("span");
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

const highlightedText = (registry: Map<string, FakeHighlight>) =>
  (registry.get(SPOKEN_WORD_HIGHLIGHT)?.ranges[0] as Range | undefined)?.toString();

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("textRange", () => {
  it("spans the characters across the sentence's text nodes", () => {
    const element = sentence("The <em>very big</em> dog.");
    expect(textRange(element, 4, 8)?.toString()).toBe("very");
    expect(textRange(element, 9, 12)?.toString()).toBe("big");
    expect(textRange(element, 0, 3)?.toString()).toBe("The");
    expect(textRange(element, 6, 16)?.toString()).toBe("ry big dog");
    expect(textRange(element, 13, 17)?.toString()).toBe("dog.");
  });

  it("is null outside the text or for no characters", () => {
    const element = sentence("Hi.");
    expect(textRange(element, 2, 9)).toBeNull();
    expect(textRange(element, 1, 1)).toBeNull();
    expect(textRange(element, -1, 2)).toBeNull();
  });
});

describe("highlightWord", () => {
  it("is not supported in a browser without the Highlight API", () => {
    expect(supportsWordHighlight()).toBe(false);
    expect(() => highlightWord(sentence("A dog."), 2, 3)()).not.toThrow();
  });

  it("highlights the word under its name, and the cleanup removes it", () => {
    const registry = stubHighlightApi();
    expect(supportsWordHighlight()).toBe(true);
    const element = sentence("The <em>very big</em> dog.");

    const cleanup = highlightWord(element, 9, 3);
    expect(highlightedText(registry)).toBe("big");
    cleanup();
    expect(registry.has(SPOKEN_WORD_HIGHLIGHT)).toBe(false);
  });

  it("leaves the next word highlighted when the previous word's cleanup runs late", () => {
    const registry = stubHighlightApi();
    const element = sentence("The very big dog.");
    const first = highlightWord(element, 4, 4);
    const second = highlightWord(element, 9, 3);
    first();
    expect(highlightedText(registry)).toBe("big");
    second();
    expect(registry.size).toBe(0);
  });

  it("highlights nothing without a word", () => {
    const registry = stubHighlightApi();
    highlightWord(sentence("A dog."), 0, 0);
    highlightWord(sentence("A dog."), 4, 10);
    expect(registry.size).toBe(0);
  });
});
