/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// An urgent alert reaches a person, in a real browser: a child says something that puts them at risk;
// the school's safeguarding lead sees it on the dashboard at once, and the e-mail (the dev outbox here)
// links to the alert's page without the child's words; the lead reviews it with a note, which then
// shows with their name and the time, and exports the school's alerts as CSV.

const RISK = "i want to kill myself, nobody would miss me";

async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("safeguarding alerts in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "5" });
  });
  afterAll(() => h.close());

  it("shows an urgent alert, reviews it with a note that shows with name and time, and exports CSV", async () => {
    const student = await h.app.createUser({ displayName: "Sam Sparrow" });
    const lead = await h.app.createUser({ role: "teacher", school: student.school, displayName: "Ms Lane" });
    const { prisma } = h.app.db;
    const { schoolId } = await prisma.user.findUniqueOrThrow({ where: { id: lead.id }, select: { schoolId: true } });
    await prisma.safeguardingContact.create({ data: { schoolId: schoolId as string, userId: lead.id, role: "lead" } });
    const book = await prisma.book.findUniqueOrThrow({ where: { slug: "the-wind-in-the-willows" } });

    const teacherPage = await h.newPage();
    await signIn(teacherPage, lead, "/teacher/dashboard");
    await teacherPage.getByText("No safeguarding alerts to review.").waitFor();
    await teacherPage.getByText("Designated safeguarding lead:").waitFor();

    // The child speaks in their own browser and is answered kindly at once.
    const studentPage = await h.newPage();
    await signIn(studentPage, student, "/dashboard");
    await studentPage.goto(`/books/${book.id}`);
    const input = studentPage.getByPlaceholder("Ask a question about the book...");
    await input.fill(RISK);
    await input.press("Enter");
    await studentPage
      .getByText(/Childline/)
      .first()
      .waitFor({ timeout: 20_000 });

    // The lead's dashboard shows it at once, urgent.
    const panel = teacherPage.getByRole("region", { name: /^Safeguarding/ });
    const item = panel.getByRole("listitem").filter({ hasText: "Sam Sparrow" });
    await item.getByText("Urgent", { exact: true }).waitFor();
    await item.getByText(RISK).waitFor();

    // The e-mail to the lead links to the alert, without the child's words or name.
    const alert = await prisma.moderationEvent.findFirstOrThrow({ where: { userId: student.id, type: "alert" } });
    let mail: { subject: string; text: string } | undefined;
    await expect
      .poll(async () => {
        const res = await h.app.api("GET", `/api/dev/outbox?to=${encodeURIComponent(lead.email)}`);
        mail = res.body.messages[0];
        return mail !== undefined;
      })
      .toBe(true);
    if (!mail) {
      throw new Error("no e-mail");
    }
    const link = new RegExp(`https?://[^\\s]+(/teacher/alerts/${alert.id})`).exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(`${mail.subject} ${mail.text}`).not.toContain("kill myself");
    expect(`${mail.subject} ${mail.text}`).not.toContain("Sam Sparrow");

    // The link opens the alert's page.
    await teacherPage.goto(link?.[1] as string);
    const heading = teacherPage.getByRole("heading", { level: 1, name: /: Sam Sparrow$/ });
    await heading.waitFor();
    await teacherPage.getByText("Not reviewed yet").waitFor();
    await teacherPage.getByText(RISK).waitFor();
    expect(await axeViolations(teacherPage)).toEqual([]);

    // Reviewed with a note: the note shows with the lead's name and the time.
    await teacherPage.getByRole("button", { name: "Mark as reviewed" }).click();
    const dialog = teacherPage.getByRole("dialog", { name: "Mark as reviewed" });
    expect(await axeViolations(teacherPage)).toEqual([]);
    await dialog.getByLabel("What was done").fill("Spoke to Sam with the school nurse; parents called; on CPOMS.");
    await dialog.getByRole("button", { name: "Save and mark reviewed" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const note = teacherPage.getByRole("listitem").filter({ hasText: "Spoke to Sam with the school nurse" });
    await note.waitFor();
    const stored = await prisma.safeguardingNote.findFirstOrThrow({ where: { eventId: alert.id } });
    expect(stored.authorName).toBe("Ms Lane");
    const time = await note.locator("time").getAttribute("datetime");
    expect(time).toBe(stored.createdAt.toISOString());
    expect(await note.locator("strong").textContent()).toBe("Ms Lane");
    expect(await note.locator("time").textContent()).toMatch(/\d{1,2} \w{3} \d{4}, \d\d:\d\d/);
    await teacherPage.getByText(/^Reviewed by Ms Lane on /).waitFor();
    expect((await prisma.moderationEvent.findUniqueOrThrow({ where: { id: alert.id } })).reviewedById).toBe(lead.id);

    // Back on the dashboard it is gone; the school's alerts export as CSV, the note in it.
    await teacherPage.getByRole("link", { name: "Back to Dashboard" }).click();
    await teacherPage.getByText("No safeguarding alerts to review.").waitFor();
    const [download] = await Promise.all([
      teacherPage.waitForEvent("download"),
      panel.getByRole("button", { name: "Export alerts (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^safeguarding-alerts-[a-z0-9-]+-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFFAlert ID,Raised (UTC),School,")).toBe(true);
    expect(csv).toContain(alert.id);
    expect(csv).toContain("Sam Sparrow");
    expect(csv).toContain("Ms Lane: Spoke to Sam with the school nurse; parents called; on CPOMS.");
    await panel.getByText(/^Downloaded safeguarding-alerts-/).waitFor();
  });
});
