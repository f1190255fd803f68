/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { type BrowserHarness, startBrowserHarness } from "./browser.js";

// Contrast is measured on the page at rest, not halfway through its 0.3 s entry transition.
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

const PUBLIC_PAGES = [
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=x",
  "/about",
  "/privacy-policy",
  "/howto",
  "/no-such-page",
];

describe("accessibility of the public screens in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it.each(PUBLIC_PAGES)("%s has no WCAG 2 A/AA violations (axe), contrast included", async (route) => {
    const page = await h.newPage();
    await page.goto(route);
    await page.locator("main h1").first().waitFor();
    await settled(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(results.passes.length).toBeGreaterThan(0); // axe really ran its rules
    expect(violations).toEqual([]);
  });

  it.each(PUBLIC_PAGES)("%s is readable at 320 px wide without sideways scrolling", async (route) => {
    const page = await h.newPage({ width: 320, height: 640 });
    await page.goto(route);
    await page.locator("main h1").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("has no WCAG 2 A/AA violations on the signed-in student screens, at desktop and phone widths", async () => {
    const student = await h.app.createUser({ displayName: "Ava Access" });
    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { slug: "the-secret-garden" } });
    for (const width of [1280, 320]) {
      const page = await h.newPage({ width, height: 800 });
      await page.goto("/login");
      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(student.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL("**/dashboard");
      for (const [route, ready] of [
        ["/dashboard", "Books Read"],
        ["/books", "Explore Books"],
        [`/books/${book.id}`, "No ratings yet"],
        [`/books/${book.id}/review`, "Submit Review"],
      ] as const) {
        await page.goto(route);
        await page.getByText(ready).first().waitFor();
        await settled(page);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const violations = results.violations.map(
          (v) => `${width}px ${route} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(violations).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width}px ${route}`).toBeLessThanOrEqual(0);
      }
    }
  });

  it("lets a keyboard user reach the sign-in form and submit it", async () => {
    const user = await h.app.createUser({ displayName: "Kim Keys" });
    const page = await h.newPage();
    await page.goto("/login");
    await page.locator("main h1").first().waitFor();
    await page.getByLabel("Email").focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Welcome, Kim Keys" }).waitFor();
  });
});
