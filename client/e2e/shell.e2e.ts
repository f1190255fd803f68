/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, startBrowserHarness } from "./browser.js";

describe("the app shell in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("shows the 404 page for an unknown path", async () => {
    const page = await h.newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(200); // the app answers; the page says not found
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("answers a missing asset with a real 404", async () => {
    const page = await h.newPage();
    const response = await page.goto("/assets/missing-file.js");
    expect(response?.status()).toBe(404);
  });

  it("opens and closes the mobile menu at a phone width", async () => {
    const page = await h.newPage({ width: 360, height: 740 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await mobileNav.waitFor();
    await mobileNav.getByRole("link", { name: "About" }).click();
    await page.waitForURL("**/about");
    expect(await mobileNav.count()).toBe(0);
    // Escape closes it too, and the page does not scroll sideways at this width.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    expect(await page.getByRole("navigation", { name: "Mobile" }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("loads the landing page without the teacher or admin screens' code", async () => {
    const page = await h.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") {
        scripts.push(new URL(request.url()).pathname);
      }
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "Every Child Deserves A Great Book" }).waitFor();
    expect(scripts.some((s) => /Admin|Teacher/.test(s))).toBe(false);
  });

  it("serves a GraphQL IDE that works with no internet", async () => {
    const page = await h.newPage();
    const external: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) {
        external.push(request.url());
      }
    });
    await page.goto("/graphql");
    // Altair renders its editor once its scripts have run.
    await page.locator("app-root .app-wrapper, app-root altair-app, app-root [class*='app']").first().waitFor();
    expect(external).toEqual([]);
  });
});
