/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The teacher dashboard in a real browser, teacher and student in two browser contexts: the student
// chats and the teacher follows it live in the chats modal's viewer; harmful messages block the
// student and the alerts appear at once in the safeguarding panel; the teacher marks one reviewed,
// unblocks the student, and the student can send again.

describe("the teacher dashboard in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "5" });
  });
  afterAll(() => h.close());

  it("follows a student's chat live, shows the alerts, and unblocks the student", async () => {
    const student = await h.app.createUser({ displayName: "Wendy Willow" });
    const classmate = await h.app.createUser({ displayName: "Barnaby Brook", school: student.school });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school, displayName: "Mr Lane" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });
    await h.app.db.prisma.userBook.create({
      data: {
        id: `${classmate.id}_${book.id}`,
        userId: classmate.id,
        bookId: book.id,
        read: true,
        lastReadAt: new Date("2026-03-05T10:00:00Z"),
      },
    });

    const teacherPage = await h.newPage();
    await signIn(teacherPage, teacher, "/teacher/dashboard");
    await teacherPage.getByRole("heading", { name: "Teacher Dashboard" }).waitFor();
    await teacherPage.getByRole("heading", { name: `Students at ${student.school}` }).waitFor();
    const wendy = teacherPage.getByRole("article", { name: "Wendy Willow" });
    const barnaby = teacherPage.getByRole("article", { name: "Barnaby Brook" });
    await wendy.getByText("No books read yet").waitFor();
    await barnaby.getByRole("link", { name: "The Wind in the Willows" }).waitFor();
    await barnaby.getByText("Last read: 5 March 2026").waitFor();
    await teacherPage.getByText("No safeguarding alerts to review.").waitFor();

    // Search by name, on the server.
    await teacherPage.getByLabel("Search students").fill("wendy");
    await expect.poll(() => barnaby.count()).toBe(0);
    await wendy.waitFor();

    // The student asks a question in their own browser.
    const studentPage = await h.newPage();
    await signIn(studentPage, student, "/dashboard");
    await studentPage.goto(`/books/${book.id}`);
    const input = studentPage.getByPlaceholder("Ask a question about the book...");
    await input.fill("Who is Badger?");
    await input.press("Enter");
    await expect
      .poll(() => studentPage.getByRole("button", { name: "Send" }).isEnabled(), { timeout: 20_000 })
      .toBe(true);

    // The teacher opens the student's chats and the chat itself.
    await wendy.getByRole("button", { name: "See Chats of Wendy Willow" }).click();
    const dialog = teacherPage.getByRole("dialog", { name: "Wendy Willow's chats" });
    await dialog.getByText("The Wind in the Willows", { exact: true }).waitFor();
    await dialog.getByText(/2 messages/).waitFor();
    await dialog.getByRole("button", { name: /^View Chat\W+The Wind in the Willows$/ }).click();
    const viewer = dialog.getByRole("log", { name: "Wendy Willow's chat about The Wind in the Willows" });
    await viewer.getByText("Who is Badger?").waitFor();
    expect(await viewer.getByText("You", { exact: true }).count()).toBeGreaterThan(0);
    expect(await viewer.getByText("Assistant", { exact: true }).count()).toBeGreaterThan(0);

    // A new message appears in the open viewer as the student sends it.
    await input.fill("Where does Mole live?");
    await input.press("Enter");
    await viewer.getByText("Where does Mole live?").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => studentPage.getByRole("button", { name: "Send" }).isEnabled(), { timeout: 20_000 })
      .toBe(true);

    // Three harmful messages block the student; the alerts and the card change at once.
    // Each refusal is waited for by its own words (the one before may still be on screen).
    for (const [message, warning] of [
      ["you are a stupid idiot and everyone hates you", "because it could hurt someone"],
      ["this book is fucking boring", "because it has swearing in it"],
      ["i am going to stab you tomorrow", "Safeguarding notice"],
    ] as const) {
      await input.fill(message);
      await input.press("Enter");
      await studentPage.getByText(warning).first().waitFor();
    }
    await studentPage.getByText(/Safeguarding notice: Your account is currently restricted/).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    const panel = teacherPage.getByRole("region", { name: /Safeguarding/ });
    await panel.getByRole("heading", { name: "Account restricted: Wendy Willow" }).waitFor();
    await panel.getByText("i am going to stab you tomorrow").first().waitFor();
    await wendy.getByText("Blocked", { exact: true }).waitFor();
    await wendy.getByText("Strikes: 3").waitFor();

    // Marking an alert reviewed (with a note of what was done) removes it from the panel and records
    // who did it.
    const restricted = panel.getByRole("listitem").filter({ hasText: "Account restricted: Wendy Willow" });
    await restricted.getByRole("button", { name: /Mark as reviewed/ }).click();
    const review = teacherPage.getByRole("dialog", { name: "Mark as reviewed" });
    await review.getByLabel("What was done").fill("Talked with Wendy about kind words.");
    await review.getByRole("button", { name: "Save and mark reviewed" }).click();
    await expect.poll(() => restricted.count()).toBe(0);
    const reviewed = await h.app.db.prisma.moderationEvent.findFirstOrThrow({
      where: { userId: student.id, type: "block" },
    });
    expect(reviewed.reviewedById).toBe(teacher.id);
    expect(reviewed.reviewedAt).not.toBeNull();

    // Unblock, once confirmed: the card resets, and the student can send again at once.
    await wendy.getByRole("button", { name: "Unblock & Reset Strikes for Wendy Willow" }).click();
    const confirm = teacherPage.getByRole("dialog", { name: "Unblock & Reset Strikes" });
    await confirm.getByText("Unblock Wendy Willow and reset their strikes?").waitFor();
    await confirm.getByRole("button", { name: "Unblock & Reset Strikes for Wendy Willow" }).click();
    await expect.poll(() => wendy.getByText("Blocked", { exact: true }).count()).toBe(0);
    expect(await wendy.getByText(/Strikes:/).count()).toBe(0);
    const unblock = await h.app.db.prisma.moderationEvent.findFirstOrThrow({
      where: { userId: student.id, type: "unblock" },
    });
    expect(unblock.actorId).toBe(teacher.id);

    // The block closed the student's connection; it comes back (a few seconds' backoff) and reads
    // the account afresh, so an unblock made meanwhile is not missed.
    await input.waitFor({ timeout: 15_000 });
    await input.fill("Who is Ratty?");
    await input.press("Enter");
    const log = studentPage.getByRole("log", { name: "Chat about the book" });
    await log.getByText("Who is Ratty?").waitFor();
    await expect
      .poll(() => studentPage.getByRole("button", { name: "Send" }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    expect(await studentPage.getByText(/Safeguarding notice/).count()).toBe(0);
  });

  it("lists blocked students first and asks before unblocking, naming the student", async () => {
    const warned = await h.app.createUser({ displayName: "Aaron Early" });
    const blocked = await h.app.createUser({ displayName: "Zoe Later", school: warned.school });
    const teacher = await h.app.createUser({ role: "teacher", school: warned.school });
    await h.app.db.prisma.user.update({ where: { id: warned.id }, data: { strikeCount: 1 } });
    await h.app.db.prisma.user.update({
      where: { id: blocked.id },
      data: { strikeCount: 3, blocked: true, blockedAt: new Date(), blockReason: "Repeated harmful content" },
    });

    const page = await h.newPage({ width: 1280, height: 900 });
    await signIn(page, teacher, "/teacher/dashboard");
    const zoe = page.getByRole("article", { name: "Zoe Later" });
    await zoe.waitFor();
    const names = await page
      .getByRole("article")
      .evaluateAll((cards) => cards.map((card) => card.querySelector("h3")?.textContent));
    expect(names.indexOf("Zoe Later")).toBeLessThan(names.indexOf("Aaron Early"));
    // The first unblock button on the page is the blocked student's, and says so.
    const buttons = page.getByRole("button", { name: /^Unblock & Reset Strikes for / });
    expect(await buttons.first().textContent()).toBe("Unblock & Reset Strikes for Zoe Later");

    // It asks first, naming the student; Escape (or Cancel) changes nothing.
    const unblock = zoe.getByRole("button", { name: "Unblock & Reset Strikes for Zoe Later" });
    await unblock.click();
    const dialog = page.getByRole("dialog", { name: "Unblock & Reset Strikes" });
    await dialog.getByText("Unblock Zoe Later and reset their strikes?").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await unblock.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: blocked.id } })).toMatchObject({
      blocked: true,
      strikeCount: 3,
    });

    await unblock.click();
    await dialog.getByRole("button", { name: "Unblock & Reset Strikes for Zoe Later" }).click();
    await zoe.getByText("Unblocked and strikes reset").waitFor();
    expect(await zoe.getByText("Blocked", { exact: true }).count()).toBe(0);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("See Chats of Zoe Later");
    expect(await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: blocked.id } })).toMatchObject({
      blocked: false,
      strikeCount: 0,
    });
    // The student with one strike was not touched.
    expect((await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: warned.id } })).strikeCount).toBe(1);
  });

  it("fits a phone: the cards and the chats modal at 360px", async () => {
    const student = await h.app.createUser({ displayName: "Pip Narrow" });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school });
    const page = await h.newPage({ width: 360, height: 740 });
    await signIn(page, teacher, "/teacher/dashboard");
    const card = page.getByRole("article", { name: "Pip Narrow" });
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await card.getByRole("button", { name: "See Chats of Pip Narrow" }).click();
    const dialog = page.getByRole("dialog", { name: "Pip Narrow's chats" });
    await dialog.getByText("No chats yet").waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("has no WCAG 2 A/AA violations: cards, an urgent alert and the chats modal, at desktop and phone widths", async () => {
    const student = await h.app.createUser({ displayName: "Ada Access" });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({ where: { slug: "the-secret-garden" } });
    await h.app.db.prisma.userBook.create({
      data: { id: `${student.id}_${book.id}`, userId: student.id, bookId: book.id, read: true, lastReadAt: null },
    });
    await h.app.db.prisma.user.update({ where: { id: student.id }, data: { strikeCount: 1 } });
    await h.app.db.prisma.moderationEvent.create({
      data: {
        type: "alert",
        severity: "urgent",
        userId: student.id,
        schoolId: (await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } })).schoolId,
        reason: "Risk to the child in a chat message",
        category: "self_harm_risk",
        messageExcerpt: "nobody would care if I was gone",
        bookId: book.id,
      },
    });
    const scan = async (page: Page) => {
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.passes.length).toBeGreaterThan(0);
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    };
    for (const width of [1280, 320]) {
      const page = await h.newPage({ width, height: 800 });
      await signIn(page, teacher, "/teacher/dashboard");
      const card = page.getByRole("article", { name: "Ada Access" });
      await card.getByText("Last read: Unknown").waitFor();
      await card.getByText("Strikes: 1").waitFor();
      await page.getByRole("heading", { name: "Risk to the child: Ada Access" }).waitFor();
      expect(await scan(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await card.getByRole("button", { name: "See Chats of Ada Access" }).click();
      await page.getByRole("dialog", { name: "Ada Access's chats" }).getByText("No chats yet").waitFor();
      expect(await scan(page)).toEqual([]);
    }
  });
});
