import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AutoGrowTextarea } from "./AutoGrowTextarea";

// jsdom has no layout: the content height is taken as 24 px per line plus 16 px of padding, but
// only while the height is "auto" (as a browser reports it once the old height is released).
function contentHeight(el: HTMLTextAreaElement) {
  return el.value.split("\n").length * 24 + 16;
}

function Controlled({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AutoGrowTextarea
      aria-label="Message"
      className="chat-input"
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

describe("AutoGrowTextarea", () => {
  const heightsSeen: string[] = [];
  beforeEach(() => {
    heightsSeen.length = 0;
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      if (!(this instanceof HTMLTextAreaElement)) {
        return 0;
      }
      heightsSeen.push(this.style.height);
      return this.style.height === "auto"
        ? contentHeight(this)
        : Math.max(contentHeight(this), parseInt(this.style.height, 10) || 0);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sets its height from the content's scrollHeight", () => {
    render(<Controlled initial={"one\ntwo\nthree"} />);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).style.height).toBe("88px");
  });

  it("grows as lines are added and shrinks when they are removed", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const textarea = screen.getByLabelText("Message") as HTMLTextAreaElement;
    expect(textarea.style.height).toBe("40px");
    await user.type(textarea, "first{Enter}second{Enter}third");
    expect(textarea.style.height).toBe("88px");
    await user.clear(textarea);
    expect(textarea.style.height).toBe("40px");
  });

  it("releases the old height before measuring, so it can shrink", async () => {
    const user = userEvent.setup();
    render(<Controlled initial={"a\nb\nc\nd"} />);
    const textarea = screen.getByLabelText("Message") as HTMLTextAreaElement;
    await user.clear(textarea);
    expect(heightsSeen.at(-1)).toBe("auto");
  });

  it("starts with 3 rows and keeps its class and other attributes", () => {
    render(<Controlled />);
    const textarea = screen.getByLabelText("Message") as HTMLTextAreaElement;
    expect(textarea.rows).toBe(3);
    expect(textarea.className.split(" ")).toContain("chat-input");
  });

  it("measures again when its width changes: a placeholder wrapped while it was narrow unwraps", () => {
    const observers: { callback: ResizeObserverCallback; disconnected: boolean }[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        entry: { callback: ResizeObserverCallback; disconnected: boolean };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    let width = 258;
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(() => width);
    // Narrow, the one line wraps to two.
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.style.height === "auto" ? (width < 300 ? 2 : 1) * 24 + 16 : parseInt(this.style.height, 10);
    });
    const { unmount } = render(<Controlled />);
    const textarea = screen.getByLabelText("Message") as HTMLTextAreaElement;
    expect(textarea.style.height).toBe("64px");
    const live = observers.filter((observer) => !observer.disconnected);
    expect(live).toHaveLength(1);
    // The same width again (its own height changed): nothing to do.
    live[0]?.callback([], {} as ResizeObserver);
    expect(textarea.style.height).toBe("64px");
    width = 400;
    live[0]?.callback([], {} as ResizeObserver);
    expect(textarea.style.height).toBe("40px");
    unmount();
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
    vi.unstubAllGlobals();
  });

  it("says it is required, to screen readers too, when it is", () => {
    render(<AutoGrowTextarea aria-label="Review" required value="" onChange={vi.fn()} />);
    const textarea = screen.getByRole("textbox", { name: "Review" }) as HTMLTextAreaElement;
    expect(textarea.required).toBe(true);
    expect(textarea.getAttribute("aria-required")).toBe("true");
  });
});
