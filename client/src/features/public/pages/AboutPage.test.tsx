// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import AboutPage from "./AboutPage";

afterEach(cleanup);

const PAGE_TITLES = ["Our Story", "Our Half Marathon", "Race Day in Numbers", "In Their Words", "Our Partners"];

function renderAbout() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/about"]}>
      <AboutPage />
    </MemoryRouter>,
  );
  const carousel = screen.getByRole("region", { name: "Our story" });
  return {
    user,
    carousel,
    previous: () => within(carousel).getByRole("button", { name: "Previous" }),
    next: () => within(carousel).getByRole("button", { name: "Next" }),
    dot: (n: number) => within(carousel).getByRole("button", { name: `Go to page ${n}` }),
  };
}

/** Asserts the carousel shows page n (1-based): status text, slide heading, current dot. */
function expectPage(carousel: HTMLElement, n: number) {
  expect(within(carousel).getByText(`Page ${n} of 5`)).toBeTruthy();
  const slide = within(carousel).getByRole("group", { name: PAGE_TITLES[n - 1] });
  expect(slide.getAttribute("aria-roledescription")).toBe("slide");
  const current = within(carousel)
    .getAllByRole("button", { name: /^Go to page \d$/ })
    .filter((dot) => dot.getAttribute("aria-current") === "true");
  expect(current.map((dot) => dot.getAttribute("aria-label"))).toEqual([`Go to page ${n}`]);
}

describe("AboutPage", () => {
  it("names the browser tab 'About - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderAbout();
    expect(document.title).toBe("About - Reading Room");
  });

  it("has one h1 and a labelled carousel region with a polite live slide container", () => {
    const { carousel } = renderAbout();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["About Reading Room"]);
    expect(carousel.getAttribute("aria-roledescription")).toBe("carousel");
    const live = carousel.querySelector("[aria-live]");
    expect(live?.getAttribute("aria-live")).toBe("polite");
    expect(live?.textContent).toContain("Page 1 of 5");
  });

  it("starts on page 1, Our Story, with Previous disabled", () => {
    const { carousel, previous, next } = renderAbout();
    expectPage(carousel, 1);
    expect(within(carousel).getByRole("heading", { level: 2, name: "Our Story" })).toBeTruthy();
    expect(within(carousel).getByText(/two Year 12 students from London/)).toBeTruthy();
    expect(within(carousel).getByText(/children from underprivileged backgrounds/)).toBeTruthy();
    expect(previous()).toHaveProperty("disabled", true);
    expect(next()).toHaveProperty("disabled", false);
  });

  it("steps forward with Next through all five pages, then Next is disabled", async () => {
    const { user, carousel, previous, next } = renderAbout();
    for (let n = 2; n <= 5; n++) {
      await user.click(next());
      expectPage(carousel, n);
      expect(previous()).toHaveProperty("disabled", false);
    }
    expect(next()).toHaveProperty("disabled", true);
    // A click on the disabled button changes nothing: the carousel stops at the ends rather than wrapping.
    await user.click(next());
    expectPage(carousel, 5);
  });

  it("steps back with Previous to page 1, then Previous is disabled", async () => {
    const { user, carousel, previous, next, dot } = renderAbout();
    await user.click(dot(5));
    for (let n = 4; n >= 1; n--) {
      await user.click(previous());
      expectPage(carousel, n);
      expect(next()).toHaveProperty("disabled", false);
    }
    expect(previous()).toHaveProperty("disabled", true);
    await user.click(previous());
    expectPage(carousel, 1);
  });

  it("jumps to any page with its dot", async () => {
    const { user, carousel, dot, previous, next } = renderAbout();
    expect(dot(1).tagName).toBe("BUTTON");
    await user.click(dot(3));
    expectPage(carousel, 3);
    await user.click(dot(5));
    expectPage(carousel, 5);
    expect(next()).toHaveProperty("disabled", true);
    await user.click(dot(1));
    expectPage(carousel, 1);
    expect(previous()).toHaveProperty("disabled", true);
  });

  it("moves with ArrowRight and ArrowLeft (and Home/End) from a focused control, stopping at the ends", async () => {
    const { user, carousel, dot } = renderAbout();
    dot(1).focus();
    await user.keyboard("{ArrowLeft}");
    expectPage(carousel, 1);
    await user.keyboard("{ArrowRight}");
    expectPage(carousel, 2);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expectPage(carousel, 4);
    await user.keyboard("{ArrowLeft}");
    expectPage(carousel, 3);
    await user.keyboard("{End}");
    expectPage(carousel, 5);
    await user.keyboard("{ArrowRight}");
    expectPage(carousel, 5);
    await user.keyboard("{Home}");
    expectPage(carousel, 1);
  });

  it("is operable with Tab and Enter, and keeps focus when Next becomes disabled", async () => {
    const { user, carousel, previous, next } = renderAbout();
    // Previous is disabled on page 1, so Tab reaches the five dots and then Next.
    for (let n = 1; n <= 5; n++) {
      await user.tab();
      expect(document.activeElement?.getAttribute("aria-label")).toBe(`Go to page ${n}`);
    }
    await user.tab();
    expect(document.activeElement).toBe(next());
    for (let n = 2; n <= 4; n++) {
      await user.keyboard("{Enter}");
      expectPage(carousel, n);
      expect(document.activeElement).toBe(next());
    }
    await user.keyboard("{Enter}");
    expectPage(carousel, 5);
    // Next is now disabled; focus moved to Previous instead of falling back to the page body.
    expect(document.activeElement).toBe(previous());
    await user.keyboard(" ");
    expectPage(carousel, 4);
  });

  it("hands focus to Next when Previous reaches page 1", async () => {
    const { user, carousel, previous, next, dot } = renderAbout();
    await user.click(dot(2));
    await user.click(previous());
    expectPage(carousel, 1);
    expect(document.activeElement).toBe(next());
  });

  it("ignores arrow keys with a modifier, so browser shortcuts still work", async () => {
    const { user, carousel, dot } = renderAbout();
    dot(1).focus();
    await user.keyboard("{Alt>}{ArrowRight}{/Alt}");
    expectPage(carousel, 1);
  });

  it("shows the half marathon as an illustration with a text alternative", async () => {
    const { user, carousel, dot } = renderAbout();
    await user.click(dot(2));
    const scene = within(carousel).getByRole("img", { name: /half marathon/i });
    expect(scene.tagName.toLowerCase()).toBe("svg");
  });

  it("shows the race stats on page 3", async () => {
    const { user, carousel, dot } = renderAbout();
    await user.click(dot(3));
    expect(within(carousel).getByText("21.8 km")).toBeTruthy();
    expect(within(carousel).getByText("6:07 min/km")).toBeTruthy();
    expect(within(carousel).getByText("£10,000")).toBeTruthy();
    expect(within(carousel).getByText("raised for a children's charity")).toBeTruthy();
    // Screen readers get the figures in words.
    expect(within(carousel).getByText("6 minutes 7 seconds per kilometre")).toBeTruthy();
  });

  it("shows a student testimonial on page 4", async () => {
    const { user, carousel, dot } = renderAbout();
    await user.click(dot(4));
    expect(carousel.querySelector("blockquote")?.textContent).toMatch(/read every night/);
    expect(within(carousel).getByText(/Year 6 student/)).toBeTruthy();
  });

  it("links to two partner organisations in a new tab on page 5", async () => {
    const { user, carousel, dot } = renderAbout();
    await user.click(dot(5));
    const links = [
      ["National Literacy Trust", "https://literacytrust.org.uk"],
      ["BookTrust", "https://www.booktrust.org.uk"],
    ] as const;
    for (const [name, href] of links) {
      const link = within(carousel).getByRole("link", { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("renders only the current page, so each move replaces the slide", async () => {
    const { user, carousel, next } = renderAbout();
    expect(
      within(carousel)
        .getAllByRole("group", { name: /./ })
        .filter((g) => g.getAttribute("aria-roledescription") === "slide"),
    ).toHaveLength(1);
    await user.click(next());
    expect(within(carousel).queryByRole("heading", { name: "Our Story" })).toBeNull();
    expect(within(carousel).getByRole("heading", { name: "Our Half Marathon" })).toBeTruthy();
  });
});
