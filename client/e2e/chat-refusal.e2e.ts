/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// What a child meets when safeguarding refuses their words, in a real browser: the refused text is
// gone from the input (one more Enter cannot send it again and earn another strike), the kind notice
// with its next step is on screen beside the input, and the phone's fixed header never covers the
// character picker.

const BULLYING = "you are a stupid idiot and everyone hates you";
const THREAT = "i am going to stab you tomorrow";
const TRUSTED_ADULT = "If something or someone is upsetting you, talk to a teacher or a grown-up you trust.";

/** Where an element is in the viewport, and what the page shows at its centre. */
function placeOf(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) {
      return null;
    }
    const box = element.getBoundingClientRect();
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    return {
      top: box.top,
      bottom: box.bottom,
      viewportHeight: window.innerHeight,
      headerBottom: header,
      uncovered: atCentre !== null && (atCentre === element || element.contains(atCentre)),
    };
  }, selector);
}

describe("a refused chat message in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "5" });
  });
  afterAll(() => h.close());

  async function openBook(page: Page, student: { email: string; password: string }) {
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    await signIn(page, student, "/dashboard");
    await page.goto(`/books/${book.id}`);
    await page.getByText("Start a conversation about the book").waitFor();
    return book.id;
  }

  it("clears the refused text, keeps the notice in view beside the input, and Enter does not send it again", async () => {
    const student = await h.app.createUser({ displayName: "Rory Refused" });
    const page = await h.newPage({ width: 1280, height: 900 });
    await openBook(page, student);
    const input = page.getByPlaceholder("Ask a question about the book...");

    await input.fill(BULLYING);
    await input.press("Enter");
    const notice = page.getByRole("alert").filter({ hasText: "wasn't sent" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(TRUSTED_ADULT);
    expect(await input.inputValue()).toBe("");
    // The input keeps the focus, and its description is the notice.
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    const describedBy = await input.getAttribute("aria-describedby");
    expect(await notice.getAttribute("id")).toBe(describedBy);

    // The whole notice, and the input under it, are on screen, below the fixed header.
    const shown = await placeOf(page, "[role=alert]");
    expect(shown).not.toBeNull();
    expect(shown!.top).toBeGreaterThanOrEqual(shown!.headerBottom);
    expect(shown!.bottom).toBeLessThanOrEqual(shown!.viewportHeight);
    const field = await placeOf(page, "textarea[name=message]");
    expect(field!.bottom).toBeLessThanOrEqual(field!.viewportHeight);
    expect(field!.uncovered).toBe(true);

    // Enter again sends nothing: the next question is the next thing the server sees.
    await input.press("Enter");
    await input.fill("Who is Badger?");
    await input.press("Enter");
    const log = page.getByRole("log", { name: "Chat about the book" });
    await log.getByText("Who is Badger?").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Send" }).isEnabled(), { timeout: 20_000 }).toBe(true);
    const user = await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(user.strikeCount).toBe(1);
    expect(await h.app.db.prisma.moderationEvent.count({ where: { userId: student.id } })).toBe(1);
    expect(await log.getByText(BULLYING).count()).toBe(0);
  });

  it("keeps the text when sending fails for another reason", async () => {
    const student = await h.app.createUser({ displayName: "Nell Network" });
    const page = await h.newPage({ width: 1280, height: 900 });
    await openBook(page, student);
    const input = page.getByPlaceholder("Ask a question about the book...");
    await page.route("**/graphql", async (route) => {
      if ((route.request().postData() ?? "").includes("SendChatMessage")) {
        await route.abort("internetdisconnected");
        return;
      }
      await route.continue();
    });
    await input.fill("Where does Toad live?");
    await input.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Error sending message" }).waitFor();
    expect(await input.inputValue()).toBe("Where does Toad live?");
  });

  it("on a phone: the threat's notice points to a trusted adult, and nothing covers the character picker", async () => {
    const student = await h.app.createUser({ displayName: "Tess Phone" });
    const page = await h.newPage({ width: 390, height: 844 });
    await openBook(page, student);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Brought to the top of the screen, as a link's target or a screen reader's place is: the fixed
    // header used to sit over it.
    const picker = page.getByLabel("Talk to a Character");
    await picker.evaluate((element) => element.scrollIntoView());
    const place = await placeOf(page, "select[name=character]");
    expect(place!.top).toBeGreaterThanOrEqual(place!.headerBottom);
    expect(place!.uncovered).toBe(true);
    await picker.selectOption("Toad");
    await page.getByText("Talking to: Toad").waitFor();
    // The whole picker is usable: the choice, 'Talking to' and 'Switch to Book Chat'.
    expect((await placeOf(page, "select[name=character]"))!.uncovered).toBe(true);
    await page.getByRole("button", { name: "Switch to Book Chat" }).waitFor();
    const switchBack = await page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Switch to Book Chat");
      const box = button!.getBoundingClientRect();
      const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { uncovered: at !== null && button!.contains(at), bottom: box.bottom, height: window.innerHeight };
    });
    expect(switchBack.uncovered).toBe(true);
    expect(switchBack.bottom).toBeLessThanOrEqual(switchBack.height);

    const input = page.getByPlaceholder("Ask Toad...");
    await input.fill(THREAT);
    await input.press("Enter");
    const notice = page.getByRole("alert").filter({ hasText: "wasn't sent" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(TRUSTED_ADULT);
    expect(await input.inputValue()).toBe("");
    const shown = await placeOf(page, "[role=alert]");
    expect(shown!.top).toBeGreaterThanOrEqual(shown!.headerBottom);
    expect(shown!.bottom).toBeLessThanOrEqual(shown!.viewportHeight);
  });

  it("clears a review safeguarding refused, and says why", async () => {
    const student = await h.app.createUser({ displayName: "Rhea Review" });
    const page = await h.newPage({ width: 390, height: 844 });
    const bookId = await openBook(page, student);
    await page.goto(`/books/${bookId}/review`);
    const text = page.getByRole("textbox", { name: /^Your review/ });
    await text.fill(THREAT);
    await page.getByRole("button", { name: "Submit Review" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "Your review wasn't posted" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(TRUSTED_ADULT);
    expect(await text.inputValue()).toBe("");
    const shown = await placeOf(page, "#review-text-error");
    expect(shown!.bottom).toBeLessThanOrEqual(shown!.viewportHeight);
    expect(await h.app.db.prisma.review.count({ where: { userId: student.id } })).toBe(0);
  });
});
