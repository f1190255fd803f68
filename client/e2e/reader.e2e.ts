/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The book reader in a real browser: pages that fit the screen, turned by button, key, swipe and tap;
// the place kept across a reload; text settings remembered; the end of the book offers to mark it
// read, and the dashboard's Reading Time then counts the measured minutes. On a phone the page takes
// the screen (at least 20 lines), the panels open over it without changing the pages, and every
// theme's links and buttons are readable (axe).

const position = (page: Page) => page.getByText(/^Page \d+ of \d+/).textContent();
const pageNumber = async (page: Page) => Number(/Page (\d+) of/.exec((await position(page)) ?? "")?.[1] ?? 0);
const pageCount = async (page: Page) => Number(/of (\d+)/.exec((await position(page)) ?? "")?.[1] ?? 0);

/** Waits until the read-along has found its voices (or found none). */
async function readAlongSettled(page: Page) {
  const readAloud = page.getByRole("button", { name: "Read aloud" });
  const noVoices = page.getByText("Read-along is not available: this browser has no voices for reading aloud.");
  await expect
    .poll(async () => (await readAloud.count()) + (await noVoices.count()), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/** Where the reader's toolbar is: on the screen, or slid away above it. */
async function toolbarShown(page: Page): Promise<boolean> {
  const box = await page.getByRole("link", { name: "Back to the book" }).boundingBox();
  return box !== null && box.y >= 0;
}

/** Brings the toolbar back on a phone, as a child does: a click (or tap) in the middle of the page. */
async function showToolbar(page: Page) {
  if (await toolbarShown(page)) {
    return;
  }
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  await page.mouse.click(size.width / 2, size.height / 2);
  await expect.poll(() => toolbarShown(page), { timeout: 15_000 }).toBe(true);
}

/** The words at the top of the page on screen: the first sentence whose box is inside the viewport. */
function topWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const flow = document.querySelector<HTMLElement>("[data-paragraph]")?.parentElement;
    const viewport = flow?.parentElement?.getBoundingClientRect();
    if (!flow || !viewport) {
      return "";
    }
    for (const span of Array.from(flow.querySelectorAll<HTMLElement>("[data-start]"))) {
      for (const rect of Array.from(span.getClientRects())) {
        if (rect.left >= viewport.left - 1 && rect.right <= viewport.right + 1 && rect.width > 0) {
          return (span.textContent ?? "").slice(0, 40);
        }
      }
    }
    return "";
  });
}

/** The first and last paragraphs with text on the page on screen. */
function visibleParagraphs(page: Page): Promise<[number, number]> {
  return page.evaluate(() => {
    const flow = document.querySelector<HTMLElement>("[data-paragraph]")?.parentElement;
    const box = flow?.parentElement?.getBoundingClientRect();
    const shown = Array.from(document.querySelectorAll<HTMLElement>("[data-start]"))
      .filter((span) =>
        Array.from(span.getClientRects()).some(
          (rect) => box && rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.width > 0,
        ),
      )
      .map((span) => Number(span.closest<HTMLElement>("[data-paragraph]")?.dataset.paragraph ?? -1));
    return [Math.min(...shown), Math.max(...shown)] as [number, number];
  });
}

describe("the book reader in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("pages forward, keeps the place across a reload, remembers settings, and counts the minutes read", async () => {
    const student = await h.app.createUser({ displayName: "Polly Pages" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    const page = await h.newPage({ width: 900, height: 700 });
    // No sliding animation: what is on screen is the page at once.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, student);
    const stats = page.getByRole("list", { name: "Your reading" });
    await expect.poll(() => stats.textContent(), { timeout: 15_000 }).toMatch(/Reading Time\s*0/);

    await page.goto(`/books/${book.id}`);
    await page.getByRole("link", { name: "Read", exact: true }).click();
    await page.waitForURL(`**/books/${book.id}/read`);
    await page.getByRole("heading", { name: "The Wind in the Willows" }).waitFor();
    await expect.poll(() => position(page), { timeout: 15_000 }).toMatch(/^Page 1 of \d+/);
    expect(await page.title()).toBe("The Wind in the Willows - Reading Room");

    // Into the first chapter with Contents, then forward by button, arrow key and swipe.
    await page.getByRole("button", { name: "Contents" }).click();
    await page.getByRole("button", { name: "I. THE RIVER BANK" }).click();
    await page.getByText("I. THE RIVER BANK").first().waitFor();
    const pages = await pageCount(page);
    expect(pages).toBeGreaterThan(3);
    const first = await topWords(page);
    await page.getByRole("button", { name: /Next page/ }).click();
    await expect.poll(() => pageNumber(page), { timeout: 15_000 }).toBe(2);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pageNumber(page), { timeout: 15_000 }).toBe(3);
    // A finger's swipe to the left.
    await page.getByRole("document", { name: /page \d+ of/ }).evaluate((element) => {
      const box = element.getBoundingClientRect();
      const at = (type: string, x: number) =>
        element.dispatchEvent(
          new PointerEvent(type, { bubbles: true, pointerType: "touch", clientX: x, clientY: box.top + 50 }),
        );
      at("pointerdown", box.left + box.width * 0.8);
      at("pointerup", box.left + box.width * 0.2);
    });
    await expect.poll(() => pageNumber(page), { timeout: 15_000 }).toBe(4);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => pageNumber(page), { timeout: 15_000 }).toBe(3);
    const third = await topWords(page);
    expect(third).not.toBe(first);
    expect(third.length).toBeGreaterThan(0);

    // The place is saved (soon after the page turn) and a reload opens the same page.
    const before = await visibleParagraphs(page);
    await expect
      .poll(
        async () => {
          const row = await h.app.db.prisma.userBook.findFirst({ where: { userId: student.id } });
          const paragraph = row?.placeParagraph ?? -1;
          return row?.placeChapter === 1 && paragraph >= before[0] && paragraph <= before[1];
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.reload();
    await expect.poll(() => pageNumber(page), { timeout: 15_000 }).toBe(3);
    expect(await visibleParagraphs(page)).toEqual(before);
    expect(await topWords(page)).toBe(third);

    // 'Ask about this page': the book chat over the page answers from what is on screen.
    await showToolbar(page);
    await page.getByRole("button", { name: "Ask about this page" }).click();
    const panel = page.getByRole("complementary", { name: "Ask about this page" });
    await panel.getByText("Asking about: I. THE RIVER BANK, page 3").waitFor();
    const [firstShown, lastShown] = await visibleParagraphs(page);
    const input = panel.getByPlaceholder("Ask a question about the book...");
    await input.fill("What is Mole doing?");
    await input.press("Enter");
    const log = panel.getByRole("log", { name: "Chat about the book" });
    await expect.poll(() => log.textContent(), { timeout: 20_000 }).toMatch(/“[^”]{12,}”/);
    const quote = (/“([^”]+)”/.exec((await log.textContent()) ?? "")?.[1] ?? "")
      .replace(/^…\s*|\s*…$/g, "")
      .replace(/\s+/g, " ");
    const quoted = await page.evaluate(
      (text) =>
        Array.from(document.querySelectorAll<HTMLElement>("[data-paragraph]")).find((element) =>
          (element.textContent ?? "").replace(/\s+/g, " ").includes(text),
        )?.dataset.paragraph,
      quote,
    );
    expect(Number(quoted)).toBeGreaterThanOrEqual(firstShown);
    expect(Number(quoted)).toBeLessThanOrEqual(lastShown);
    await panel.getByRole("button", { name: "Close" }).click();
    // The chat opened over the page: the same page is on screen.
    expect(await visibleParagraphs(page)).toEqual([firstShown, lastShown]);
    expect(await pageNumber(page)).toBe(3);

    // Larger text: more pages, and the words on screen stay where the child was.
    await showToolbar(page);
    await page.getByRole("button", { name: "Text settings" }).click();
    await page.getByRole("button", { name: "Larger text" }).click();
    await page.getByRole("button", { name: "Larger text" }).click();
    await expect.poll(() => pageCount(page), { timeout: 15_000 }).toBeGreaterThan(pages);
    await page.getByRole("radio", { name: "Sepia" }).check();
    await page.getByRole("radio", { name: /OpenDyslexic/ }).check();
    await expect
      .poll(async () => (await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } })).readerPrefs, {
        timeout: 15_000,
      })
      .toEqual({ textSize: 24, lineSpacing: "relaxed", theme: "sepia", font: "dyslexic" });
    expect(await axeScan(page)).toEqual([]);

    // The read-along control is there, or says plainly why not.
    await page.getByRole("region", { name: "Text settings" }).getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Read-along" }).click();
    await readAlongSettled(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("region", { name: "Read-along" }).count()).toBe(0);

    // To the last chapter and its last page: the reader offers to mark the book read.
    await showToolbar(page);
    await page.getByRole("button", { name: "Contents" }).click();
    await page.getByRole("button", { name: "XII. THE RETURN OF ULYSSES" }).click();
    await page.getByText("XII. THE RETURN OF ULYSSES").first().waitFor();
    const markRead = page.getByRole("button", { name: "Mark as read" });
    for (let turn = 0; turn < 200 && (await markRead.count()) === 0; turn += 1) {
      await page.keyboard.press("ArrowRight");
    }
    await markRead.click();
    await page.getByText("Marked as read.").waitFor();

    await page.goto("/dashboard");
    await expect.poll(() => stats.textContent(), { timeout: 15_000 }).toMatch(/Books Read\s*1/);
    const row = await h.app.db.prisma.userBook.findFirstOrThrow({ where: { userId: student.id } });
    expect(row.readingSeconds).toBeGreaterThan(0);
    // Measured minutes, not the default 10 for a book marked read without reading it here.
    expect(row.readingTime).toBe(Math.ceil(row.readingSeconds / 60));
    expect(await stats.textContent()).toMatch(new RegExp(`Reading Time\\s*${row.readingTime}\\b`));
  });

  it("fits a 320 px phone without sideways scrolling", async () => {
    const student = await h.app.createUser({ displayName: "Tiny Screen" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "little-women" },
      select: { id: true },
    });
    const page = await h.newPage({ width: 320, height: 640 });
    await signIn(page, student);
    await page.goto(`/books/${book.id}/read`);
    await expect.poll(() => position(page), { timeout: 20_000 }).toMatch(/^Page 1 of \d+/);
    // The opening page is short; the next page is the next chapter's first.
    const chapterTitle = page.getByRole("heading", { name: "Little Women" }).locator("xpath=following-sibling::p");
    const opening = await chapterTitle.textContent();
    await page.getByRole("button", { name: /Next page/ }).click();
    await expect.poll(() => chapterTitle.textContent(), { timeout: 15_000 }).not.toBe(opening);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await axeScan(page)).toEqual([]);
  });
  it("on a phone the page takes the screen: 20+ lines, taps and keys, panels over the page that leave it as it is", async () => {
    const student = await h.app.createUser({ displayName: "Phone Reader" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    // A phone: a touch screen, 390 x 844.
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      baseURL: h.app.url,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(page, student);
    await page.goto(`/books/${book.id}/read`);
    await expect.poll(() => position(page), { timeout: 20_000 }).toMatch(/^Page 1 of \d+/);
    await page.getByRole("button", { name: "Contents" }).click();
    await page.getByRole("button", { name: "III. THE WILD WOOD" }).click();
    await expect.poll(() => page.getByRole("document", { name: /^III\. THE WILD WOOD, page 1 of/ }).count()).toBe(1);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pageNumber(page)).toBe(3);

    // Lines a page with the default settings: the page's height in lines of text, and the lines
    // the page on screen really shows.
    const measured = await page.evaluate(() => {
      const flow = document.querySelector<HTMLElement>("[data-paragraph]")?.parentElement;
      const viewport = flow?.parentElement;
      if (!flow || !viewport) {
        return { capacity: 0, shown: 0 };
      }
      const box = viewport.getBoundingClientRect();
      const tops = new Set<number>();
      const range = document.createRange();
      for (const paragraph of Array.from(flow.querySelectorAll("[data-paragraph]"))) {
        range.selectNodeContents(paragraph);
        for (const rect of Array.from(range.getClientRects())) {
          if (rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1) {
            tops.add(Math.round(rect.top));
          }
        }
      }
      return {
        capacity: Math.floor(viewport.clientHeight / parseFloat(getComputedStyle(flow).lineHeight)),
        shown: tops.size,
      };
    });
    console.info(
      `390x844, default settings: ${measured.capacity} lines a page, ${measured.shown} on chapter III's page 3, ${await position(page)}`,
    );
    expect(measured.capacity).toBeGreaterThanOrEqual(20);
    expect(measured.shown).toBeGreaterThan(measured.capacity - 5);
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await noSideways()).toBeLessThanOrEqual(390);

    // The page turn put the toolbar away; a tap in the middle brings it back, another puts it away.
    expect(await toolbarShown(page)).toBe(false);
    await page.touchscreen.tap(195, 420);
    await expect.poll(() => toolbarShown(page)).toBe(true);
    await page.touchscreen.tap(195, 420);
    await expect.poll(() => toolbarShown(page)).toBe(false);
    // A tap near the right edge turns the page on, near the left edge back.
    await page.touchscreen.tap(375, 420);
    await expect.poll(() => pageNumber(page)).toBe(4);
    await page.touchscreen.tap(15, 420);
    await expect.poll(() => pageNumber(page)).toBe(3);
    const where = await position(page);
    const shownBefore = await visibleParagraphs(page);

    // Every panel opens over the page and closes again: the page and the page count stay.
    const unchanged = async () => {
      expect(await position(page)).toBe(where);
      expect(await visibleParagraphs(page)).toEqual(shownBefore);
      expect(await noSideways()).toBeLessThanOrEqual(390);
    };
    await page.touchscreen.tap(195, 420);
    await expect.poll(() => toolbarShown(page)).toBe(true);
    await page.getByRole("button", { name: "Contents" }).click();
    const contents = page.getByRole("dialog", { name: "Contents" });
    await contents.waitFor();
    await unchanged();
    await contents.getByRole("button", { name: "Close" }).click();
    await contents.waitFor({ state: "detached" });
    await unchanged();
    for (const name of ["Text settings", "Read-along"]) {
      await page.getByRole("button", { name }).click();
      const sheet = page.getByRole("region", { name });
      await sheet.waitFor();
      await unchanged();
      await sheet.getByRole("button", { name: "Close" }).click();
      await sheet.waitFor({ state: "detached" });
      await unchanged();
    }
    await page.getByRole("button", { name: "Ask about this page" }).click();
    const ask = page.getByRole("complementary", { name: "Ask about this page" });
    await ask.getByText("Asking about: III. THE WILD WOOD, page 3").waitFor();
    await unchanged();
    await ask.getByRole("button", { name: "Close" }).click();
    await ask.waitFor({ state: "detached" });
    await unchanged();

    // By keyboard: Tab reaches the toolbar (and shows it), a panel opens and Escape closes it, giving
    // focus back to its button; Page Down and Page Up turn the pages.
    await page.touchscreen.tap(195, 420);
    await expect.poll(() => toolbarShown(page)).toBe(false);
    await page.getByRole("button", { name: "Previous page" }).focus();
    await page.keyboard.press("Shift+Tab");
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe("Ask about this page");
    await expect.poll(() => toolbarShown(page)).toBe(true);
    const settingsButton = page.getByRole("button", { name: "Text settings" });
    await settingsButton.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Text settings" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("region", { name: "Text settings" }).waitFor({ state: "detached" });
    expect(await settingsButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("PageDown");
    await expect.poll(() => pageNumber(page)).toBe(4);
    await page.keyboard.press("PageUp");
    await expect.poll(() => pageNumber(page)).toBe(3);

    // Turned sideways and back, the reader keeps the place.
    const firstShown = (await visibleParagraphs(page))[0];
    await page.setViewportSize({ width: 844, height: 390 });
    await expect.poll(async () => (await visibleParagraphs(page))[0]).toBeLessThanOrEqual(firstShown);
    const [fromSideways, toSideways] = await visibleParagraphs(page);
    expect(toSideways).toBeGreaterThanOrEqual(firstShown);
    expect(fromSideways).toBeLessThanOrEqual(firstShown);
    expect(await noSideways()).toBeLessThanOrEqual(844);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await visibleParagraphs(page))[0]).toBeLessThanOrEqual(firstShown);
    const [from, to] = await visibleParagraphs(page);
    expect(from).toBeLessThanOrEqual(firstShown);
    expect(to).toBeGreaterThanOrEqual(firstShown);
    await context.close();
  });

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])("shows readable links and buttons in the light, sepia and dark themes (axe) at $width x $height", async (size) => {
    const student = await h.app.createUser({ displayName: "Night Reader" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    const page = await h.newPage(size);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, student);
    await page.goto(`/books/${book.id}/read`);
    await expect.poll(() => position(page), { timeout: 20_000 }).toMatch(/^Page 1 of \d+/);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => pageNumber(page)).toBe(1);
    await showToolbar(page);
    await page.getByRole("button", { name: "Text settings" }).click();
    const settings = page.getByRole("region", { name: "Text settings" });
    // The toolbar, the page, the page's arrows and the settings, in each theme.
    for (const theme of ["Light", "Sepia", "Dark"]) {
      await settings.getByRole("radio", { name: theme }).check();
      expect(await axeScan(page), theme).toEqual([]);
    }
    await settings.getByRole("button", { name: "Close" }).click();
    // In the dark theme: the read-along, and the chat ('Ask about this page' was dark blue there).
    await page.getByRole("button", { name: "Read-along" }).click();
    await readAlongSettled(page);
    expect(await axeScan(page), "read-along").toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Ask about this page" }).click();
    const ask = page.getByRole("complementary", { name: "Ask about this page" });
    await ask.getByText(/^Asking about:/).waitFor();
    expect(await axeScan(page), "chat").toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
});

async function axeScan(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`,
  );
}
