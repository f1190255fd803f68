/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

const gridTitles = (page: Page) => page.getByRole("list", { name: "Books" }).getByRole("heading").allTextContents();

describe("a student's reading loop in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("searches and filters the catalogue", async () => {
    const student = await h.app.createUser({ displayName: "Sia Searcher" });
    const page = await h.newPage();
    await signIn(page, student);
    await page.goto("/books");
    await page.getByRole("heading", { name: "Explore Books" }).waitFor();
    await page.getByText("Alice's Adventures in Wonderland").first().waitFor();
    expect((await gridTitles(page)).length).toBe(24);

    await page.getByLabel("Search by title or author").fill("ALICE");
    await expect.poll(() => gridTitles(page), { timeout: 15_000 }).toEqual(["Alice's Adventures in Wonderland"]);

    await page.getByLabel("Search by title or author").fill("");
    await page.getByLabel("Genre").selectOption("science");
    await page.getByLabel("Category").selectOption("secondary");
    await expect.poll(() => gridTitles(page), { timeout: 15_000 }).toEqual(["The Chemical History of a Candle"]);
    expect(new URL(page.url()).searchParams.get("genre")).toBe("science");

    await page.getByLabel("Search by title or author").fill("zzzz-no-such-book");
    await page.getByText("No books found").waitFor();
    await page.getByText("Try adjusting your search criteria").waitFor();
  });

  it("marks a book read, sees it on the dashboard, reviews it and sees the new average", async () => {
    const student = await h.app.createUser({ displayName: "Rory Reader" });
    const page = await h.newPage();
    await signIn(page, student);
    await page.getByText("You haven't read any books yet").waitFor();

    await page.goto("/books?q=alice");
    await page
      .getByRole("link", { name: /Alice's Adventures in Wonderland/ })
      .first()
      .click();
    await page.getByRole("heading", { name: "Alice's Adventures in Wonderland" }).waitFor();
    await page.getByText("No ratings yet").waitFor();
    await page.getByText("0 reviews").waitFor();

    const readBox = page.getByRole("checkbox", { name: "Mark as read" });
    await readBox.check();
    await expect
      .poll(() => h.app.db.prisma.userBook.count({ where: { userId: student.id, read: true } }), { timeout: 15_000 })
      .toBe(1);

    await page.goto("/dashboard");
    const stats = page.getByRole("list", { name: "Your reading" });
    await expect.poll(() => stats.textContent(), { timeout: 15_000 }).toMatch(/Books Read\s*1/);
    await page.getByRole("heading", { name: "Your Recent Books" }).waitFor();
    await page.getByText("Alice's Adventures in Wonderland").first().waitFor();

    await page
      .getByRole("link", { name: /View Book/ })
      .first()
      .click();
    await page.getByRole("heading", { name: "Alice's Adventures in Wonderland" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Mark as read" }).isChecked()).toBe(true);
    await page.getByRole("link", { name: "Write Review" }).click();
    await page.getByRole("heading", { name: "Write a Review" }).waitFor();
    await page.getByText("4 stars").click();
    await page.getByLabel("Your review").fill("The Mad Hatter's tea party made me laugh out loud.");
    await page.getByRole("button", { name: "Submit Review" }).click();

    await page.getByRole("heading", { name: "Alice's Adventures in Wonderland" }).waitFor();
    await page.getByText("4.0").waitFor();
    await page.getByText("1 review", { exact: true }).waitFor();
    await page.getByText("The Mad Hatter's tea party made me laugh out loud.").waitFor();
  });

  it("tells a student that another school's book is not found", async () => {
    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { slug: "black-beauty" } });
    await h.app.db.prisma.book.update({
      where: { id: book.id },
      data: { allSchools: false, schools: { create: { schoolId: "ark-conway" } } },
    });
    const student = await h.app.createUser({ school: "Pimlico Academy" });
    const page = await h.newPage();
    await signIn(page, student);
    await page.goto(`/books/${book.id}`);
    await page.getByText("Book not found").waitFor();
    await page.getByRole("link", { name: "Back to Books" }).waitFor();
  });
});
