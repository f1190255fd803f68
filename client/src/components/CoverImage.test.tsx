import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COVER_FALLBACK_SRC, CoverImage } from "./CoverImage";

afterEach(() => {
  vi.restoreAllMocks();
});

const frameOf = (img: HTMLElement) => img.parentElement as HTMLElement;

describe("CoverImage", () => {
  it("shows a block in the book's colour, busy, while the cover loads", () => {
    render(<CoverImage src="/covers/1.jpg" title="The Hobbit" color="#123456" width={300} height={400} />);
    const img = screen.getByRole("img", { name: "Cover of The Hobbit" });
    expect(img.getAttribute("src")).toBe("/covers/1.jpg");
    expect(img.getAttribute("width")).toBe("300");
    expect(img.getAttribute("height")).toBe("400");
    const frame = frameOf(img);
    expect(frame.getAttribute("aria-busy")).toBe("true");
    expect(frame.getAttribute("data-state")).toBe("loading");
    expect(frame.style.backgroundColor).toBe("rgb(18, 52, 86)");
    // The box keeps the cover's ratio before anything arrives, so nothing shifts.
    expect(frame.style.aspectRatio).toBe("300 / 400");
  });

  it("uses a neutral colour when the book has none", () => {
    render(<CoverImage src="/covers/1.jpg" title="Matilda" color={null} width={80} height={112} />);
    const frame = frameOf(screen.getByRole("img", { name: "Cover of Matilda" }));
    expect(frame.style.backgroundColor).not.toBe("");
    expect(frame.style.aspectRatio).toBe("80 / 112");
  });

  it("is no longer busy once loaded", () => {
    render(<CoverImage src="/covers/1.jpg" title="The Hobbit" width={300} height={400} />);
    const img = screen.getByRole("img", { name: "Cover of The Hobbit" });
    fireEvent.load(img);
    expect(frameOf(img).getAttribute("aria-busy")).toBeNull();
    expect(frameOf(img).getAttribute("data-state")).toBe("loaded");
    expect(img.getAttribute("src")).toBe("/covers/1.jpg");
  });

  it("falls back to the placeholder image and logs a warning when the cover fails", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<CoverImage src="/covers/broken.jpg" title="The Hobbit" width={300} height={400} />);
    fireEvent.error(screen.getByRole("img", { name: "Cover of The Hobbit" }));
    const img = screen.getByRole("img", { name: "Cover of The Hobbit" });
    expect(img.getAttribute("src")).toBe(COVER_FALLBACK_SRC);
    expect(COVER_FALLBACK_SRC).toBe("/images/book-placeholder.jpg");
    expect(frameOf(img).getAttribute("data-state")).toBe("failed");
    expect(frameOf(img).getAttribute("aria-busy")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("The Hobbit");
  });

  it("keeps the coloured block when even the placeholder fails, without looping", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<CoverImage src="/covers/broken.jpg" title="The Hobbit" width={300} height={400} />);
    fireEvent.error(screen.getByRole("img", { name: "Cover of The Hobbit" }));
    fireEvent.error(screen.getByRole("img", { name: "Cover of The Hobbit" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("shows the placeholder straight away for a book without a cover", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<CoverImage src={null} title="Untitled" width={300} height={400} />);
    expect(screen.getByRole("img", { name: "Cover of Untitled" }).getAttribute("src")).toBe(COVER_FALLBACK_SRC);
    expect(warn).not.toHaveBeenCalled();
  });

  it("loads lazily only when asked (below the fold)", () => {
    render(
      <>
        <CoverImage src="/a.jpg" title="Above" width={300} height={400} />
        <CoverImage src="/b.jpg" title="Below" width={300} height={400} lazy />
      </>,
    );
    expect(screen.getByRole("img", { name: "Cover of Above" }).getAttribute("loading")).toBe("eager");
    expect(screen.getByRole("img", { name: "Cover of Below" }).getAttribute("loading")).toBe("lazy");
  });

  it("starts over for a new cover in the same place", () => {
    const { rerender } = render(<CoverImage src="/a.jpg" title="A" width={300} height={400} />);
    fireEvent.load(screen.getByRole("img", { name: "Cover of A" }));
    rerender(<CoverImage src="/b.jpg" title="B" width={300} height={400} />);
    const img = screen.getByRole("img", { name: "Cover of B" });
    expect(img.getAttribute("src")).toBe("/b.jpg");
    expect(frameOf(img).getAttribute("aria-busy")).toBe("true");
  });
});
