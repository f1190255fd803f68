/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPEN_CHAT, SEND } from "../../server/test/helpers/chat-kit.js";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The summary line under each chat in the teacher's chats modal, in a real browser: whole on a
// desktop, one line with an ellipsis on a phone (the whole of it in the title and as the description
// of 'View Chat'), and the transcript one click away.

const SUMMARY =
  "Asked why Toad went to prison, where Mole lives and what 'wayfarer' means; confused about who Badger is";

describe("chat summaries in the teacher's chats modal", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "0" });
  });
  afterAll(() => h.close());

  it("shows the summary whole on a desktop and in one line on a phone, with the transcript one click away", async () => {
    const student = await h.app.createUser({ displayName: "Sally Summary" });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    const opened = await h.app.gql(OPEN_CHAT, { bookId: book.id }, student.token);
    const chatId: string = opened.body.data.openChat.id;
    for (const message of [
      "Why did Toad go to prison?",
      "Where does Mole live?",
      "What does wayfarer mean?",
      "who is Badger?",
      "I don't get who Badger is",
    ]) {
      const sent = await h.app.gql(SEND, { input: { chatId, message } }, student.token);
      expect(sent.body.errors).toBeUndefined();
    }
    await expect
      .poll(async () => (await h.app.db.prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).summary, {
        timeout: 10_000,
      })
      .toBe(SUMMARY);

    for (const width of [1280, 390]) {
      const page = await h.newPage({ width, height: 844 });
      await signIn(page, teacher, "/teacher/dashboard");
      await page
        .getByRole("article", { name: "Sally Summary" })
        .getByRole("button", { name: "See Chats of Sally Summary" })
        .click();
      const dialog = page.getByRole("dialog", { name: "Sally Summary's chats" });
      const line = dialog.getByTitle(SUMMARY);
      await line.waitFor();
      const shown = await line.evaluate((element) => ({
        text: element.textContent,
        cut: element.scrollWidth > element.clientWidth,
        lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
        overflow: getComputedStyle(element).textOverflow,
      }));
      expect(shown.text).toBe(`Summary: ${SUMMARY}`);
      if (width === 390) {
        expect(shown).toMatchObject({ cut: true, lines: 1, overflow: "ellipsis" });
      } else {
        expect(shown.cut).toBe(false);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      const view = dialog.getByRole("button", { name: /^View Chat/ });
      // The summary is cut inside the card: the card, and its buttons, stay inside the dialog, which
      // does not scroll sideways (a one-line summary once widened the card to its whole length).
      expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      const frame = await dialog.boundingBox();
      for (const inside of [line, view, dialog.getByRole("link", { name: /^View Book/ })]) {
        const box = await inside.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
      }
      expect(await view.getAttribute("aria-describedby")).toBe(await line.getAttribute("id"));
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);

      await view.click();
      await dialog.getByRole("log").getByText("Why did Toad go to prison?").waitFor();
    }
  });
});
