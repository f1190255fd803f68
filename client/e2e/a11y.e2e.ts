/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "./browser.js";

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
