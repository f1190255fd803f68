/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The built client under the server's Content-Security-Policy, in a real browser: every page a
// student, a teacher and an admin use loads, talks GraphQL over HTTP and the WebSocket, shows covers
// and fonts, and the browser reports no violation. A violation would mean either the policy is too
// strict for the client (a broken page in production) or the client does something the policy is
// there to stop.

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const consoleReports: Violation[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      consoleReports.push({ directive: "console", blocked: message.text(), source: page.url() });
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: unknown[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations ?? [])),
    ...consoleReports,
  ];
}

describe("the Content-Security-Policy in a real browser", () => {
  let h: BrowserHarness;
  let bookId: string;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "0" });
    ({ id: bookId } = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    }));
  });
  afterAll(() => h.close());

  it("sends the policy and the security headers with the app's pages", async () => {
    const page = await h.newPage();
    const response = await page.goto("/login");
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  });

  it("reports a violation when one happens (the watch itself works)", async () => {
    const page = await h.newPage();
    const violations = await watchViolations(page);
    await page.goto("/login");
    await page.getByLabel("Email").waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).map((v) => v.directive)).toContain("script-src-elem");
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  });

  it("lets the public pages, a student's pages, the reader and the chat run with no violation", async () => {
    const student = await h.app.createUser({ displayName: "Cora Csp" });
    const page = await h.newPage();
    const violations = await watchViolations(page);

    await page.goto("/");
    await page
      .getByRole("link", { name: /student portal/i })
      .first()
      .waitFor();
    await page.goto("/about");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await signIn(page, student, "/dashboard");
    await page.getByRole("heading", { level: 1 }).waitFor();

    await page.goto("/books");
    await page.locator("img").first().waitFor();
    await page.goto(`/books/${bookId}`);
    await page.getByRole("heading", { name: "The Wind in the Willows" }).waitFor();
    // The chat: a question over HTTP, the reply streamed over the WebSocket.
    const input = page.getByPlaceholder("Ask a question about the book...");
    await input.fill("Who is Mole?");
    await input.press("Enter");
    const log = page.getByRole("log", { name: "Chat about the book" });
    await expect
      .poll(async () => ((await log.textContent()) ?? "").split("Who is Mole?")[1] ?? "", { timeout: 20_000 })
      .toMatch(/\w{3,}/);

    await page.goto(`/books/${bookId}/read`);
    await page.getByRole("heading", { name: "The Wind in the Willows" }).waitFor();
    // The reader's settings change fonts and sizes through style props (the CSSOM, allowed).
    await page.waitForLoadState("networkidle");

    expect(await violations()).toEqual([]);
  });

  it("lets the teacher's and the admin's pages run with no violation", async () => {
    const student = await h.app.createUser({ displayName: "Sam Student" });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school });
    const admin = await h.app.createUser({ role: "admin" });

    const teacherPage = await h.newPage();
    const teacherViolations = await watchViolations(teacherPage);
    await signIn(teacherPage, teacher, "/teacher/dashboard");
    await teacherPage.getByText("Sam Student").first().waitFor();
    const opened = await h.app.gql(
      `mutation Open($bookId: ID!) { openChat(bookId: $bookId) { id } }`,
      { bookId },
      student.token,
    );
    await teacherPage.goto(`/teacher/chats/${opened.body.data.openChat.id}`);
    await teacherPage.getByRole("heading", { name: "Sam Student" }).waitFor();
    await teacherPage.waitForLoadState("networkidle");
    expect(await teacherViolations()).toEqual([]);

    const adminPage = await h.newPage();
    const adminViolations = await watchViolations(adminPage);
    await signIn(adminPage, admin, "/admin/dashboard");
    for (const path of ["/admin/books", "/admin/users", "/admin/reports", "/admin/schools"]) {
      await adminPage.goto(path);
      await adminPage.getByRole("heading", { level: 1 }).waitFor();
      await adminPage.waitForLoadState("networkidle");
    }
    expect(await adminViolations()).toEqual([]);
  });
});
