/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// Explore Books on a phone (390x844): a grid of at least two cards a row, nothing wider than the
// screen, cards that say what was read, the level and the length; the order control; and the
// dashboard saying why each book is recommended.

/** The cards' boxes: how many share the first row, and how wide the page really is. */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('ul[aria-label="Books"] > li')];
    const tops = cards.map((card) => Math.round(card.getBoundingClientRect().top));
    const links = [...document.querySelectorAll<HTMLElement>('ul[aria-label="Books"] a')];
    return {
      cards: cards.length,
      firstRow: tops.filter((top) => top === tops[0]).length,
      smallestLink: Math.min(...links.map((link) => Math.min(link.offsetWidth, link.offsetHeight))),
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    };
  });

describe("Explore Books and the dashboard on a phone", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("shows at least two cards a row at 390 px, with no sideways scroll", async () => {
    const student = await h.app.createUser({ displayName: "Pia Phone" });
    const page = await h.newPage({ width: 390, height: 844 });
    await signIn(page, student);
    await page.goto("/books");
    await page.getByRole("heading", { name: "Explore Books" }).waitFor();
    await page.getByText("Alice's Adventures in Wonderland").first().waitFor();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("Explore books - Reading Room");

    const layout = await layoutOf(page);
    expect(layout.cards).toBe(24);
    expect(layout.firstRow).toBeGreaterThanOrEqual(2);
    expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
    // Each card is one link, far bigger than a fingertip's 44 px.
    expect(layout.smallestLink).toBeGreaterThanOrEqual(44);
  });

  it("marks a book read on its card, and sorts by the school's reading", async () => {
    const school = "Chelsea Academy";
    const student = await h.app.createUser({ displayName: "Sol Sorter", school });
    const classmates = [await h.app.createUser({ school }), await h.app.createUser({ school })];
    const bookOf = (slug: string) => h.app.db.prisma.book.findFirstOrThrow({ where: { slug: { startsWith: slug } } });
    const candle = await bookOf("the-chemical-history-of-a-candle");
    const frankenstein = await bookOf("frankenstein");
    // The student read Frankenstein; two classmates read the Candle, the school's most read book.
    for (const [user, book] of [
      [student, frankenstein],
      [classmates[0], candle],
      [classmates[1], candle],
    ] as const) {
      await h.app.db.prisma.userBook.create({
        data: { id: `${user?.id}_${book.id}`, userId: user?.id as string, bookId: book.id, read: true },
      });
    }
    const page = await h.newPage({ width: 390, height: 844 });
    await signIn(page, student);
    await page.goto("/books?category=secondary");
    // The card's name is all it says: title, author, level in words, length, and 'Read'.
    const card = page.getByRole("link", {
      name: "Cover of Frankenstein; or, The Modern Prometheus Frankenstein; or, The Modern Prometheus Mary Shelley Secondary, ages 11 to 16, 300 pages Read",
    });
    await card.waitFor();
    expect(await card.getByText("Read", { exact: true }).isVisible()).toBe(true);
    await card.getByText("Ages 11-16", { exact: true }).waitFor();
    await card.getByText("300 pages", { exact: true }).waitFor();

    await page.getByLabel("Sort by").selectOption({ label: "Most read at my school" });
    const grid = page.getByRole("list", { name: "Books" });
    await expect
      .poll(async () => (await grid.getByRole("heading").allTextContents()).slice(0, 2), { timeout: 15_000 })
      .toEqual(["The Chemical History of a Candle", "Frankenstein; or, The Modern Prometheus"]);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("mostRead");
    expect((await layoutOf(page)).pageWidth).toBeLessThanOrEqual(390);
  });

  it("says on the dashboard why each book is recommended", async () => {
    const student = await h.app.createUser({ displayName: "Rae Recommended", school: "Pimlico Academy" });
    const liked = await h.app.db.prisma.book.findFirstOrThrow({ where: { slug: "treasure-island" } });
    await h.app.db.prisma.userBook.create({
      data: {
        id: `${student.id}_${liked.id}`,
        userId: student.id,
        bookId: liked.id,
        read: true,
        lastReadAt: new Date(),
      },
    });
    await h.app.db.prisma.review.create({
      data: { userId: student.id, bookId: liked.id, rating: 5, reviewText: "Pirates!" },
    });
    const page = await h.newPage({ width: 390, height: 844 });
    await signIn(page, student);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("Dashboard - Reading Room");
    const recommended = page.getByRole("region", { name: "Recommended for You" });
    await recommended.getByText("Because you liked Treasure Island").first().waitFor();
    expect(await recommended.getByRole("listitem").count()).toBe(3);
    expect((await layoutOf(page)).pageWidth).toBeLessThanOrEqual(390);
  });
});
