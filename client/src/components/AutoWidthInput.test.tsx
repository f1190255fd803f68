import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTO_WIDTH_MIN_PX, AUTO_WIDTH_PADDING_PX, AutoWidthInput } from "./AutoWidthInput";

// jsdom has no layout: each character of the measuring span is taken as 7.5 px wide.
const CHAR_PX = 7.5;

function Controlled({ initial = "", placeholder }: { initial?: string; placeholder?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AutoWidthInput
      aria-label="Character"
      value={value}
      placeholder={placeholder}
      onChange={(event) => setValue(event.target.value)}
      style={{ color: "rebeccapurple" }}
    />
  );
}

const widthOf = (input: HTMLElement) => input.style.width;

describe("AutoWidthInput", () => {
  beforeEach(() => {
    vi.spyOn(HTMLSpanElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLSpanElement) {
      const width = (this.textContent ?? "").length * CHAR_PX;
      return {
        width,
        height: 16,
        top: 0,
        left: 0,
        right: width,
        bottom: 16,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      } as DOMRect;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("uses 20 px of padding and a 40 px minimum", () => {
    expect(AUTO_WIDTH_PADDING_PX).toBe(20);
    expect(AUTO_WIDTH_MIN_PX).toBe(40);
  });

  it("is the measured text width plus 20 px, rounded up", () => {
    // "Hermione" is 8 characters: 60 px measured, 80 px wide.
    render(<Controlled initial="Hermione" />);
    expect(widthOf(screen.getByLabelText("Character"))).toBe("80px");
  });

  it("rounds a fractional measurement up before adding the padding", () => {
    // 5 characters: 37.5 px measured, ceil to 38, plus 20.
    render(<Controlled initial="Harry" />);
    expect(widthOf(screen.getByLabelText("Character"))).toBe("58px");
  });

  it("is at least 40 px when empty or short", () => {
    render(<Controlled />);
    const input = screen.getByLabelText("Character");
    expect(widthOf(input)).toBe("40px");
  });

  it("is 40 px for text measuring up to 20 px", () => {
    // 2 characters: 15 px measured, 35 px, so the minimum applies.
    render(<Controlled initial="Al" />);
    expect(widthOf(screen.getByLabelText("Character"))).toBe("40px");
  });

  it("measures the placeholder while there is no value", () => {
    // "Who are you?" is 12 characters: 90 px measured, 110 px wide.
    render(<Controlled placeholder="Who are you?" />);
    expect(widthOf(screen.getByLabelText("Character"))).toBe("110px");
  });

  it("widens and narrows as the user types", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText("Character") as HTMLInputElement;
    await user.type(input, "Gandalf the Grey");
    // 16 characters: 120 px measured, 140 px wide.
    expect(widthOf(input)).toBe("140px");
    await user.clear(input);
    expect(widthOf(input)).toBe("40px");
  });

  it("keeps the given style beside the width, and hides the measuring span", () => {
    render(<Controlled initial="Hermione" />);
    const input = screen.getByLabelText("Character");
    expect(input.style.color).toBe("rebeccapurple");
    const span = input.previousElementSibling as HTMLSpanElement;
    expect(span.tagName).toBe("SPAN");
    expect(span.getAttribute("aria-hidden")).toBe("true");
    expect(span.style.visibility).toBe("hidden");
    expect(span.textContent).toBe("Hermione");
  });
});
