/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The admin runs the catalogue from the browser: a new book with a cover and a text file, held by
// one school, published; a student of that school finds it in Explore Books and chats about it, a
// student of another school never sees it. Then the admin's other screens, checked with axe.

const TITLE = "The Lantern Cat of Gull Rock";
const TEXT = `THE LANTERN CAT OF GULL ROCK

CHAPTER I. THE LIGHTHOUSE

Marmalade was a ginger cat who lived at the top of the Gull Rock lighthouse with old Keeper Tamsin.
Every evening Marmalade climbed the hundred and twelve spiral stairs to sit beside the great lamp and
watch the fishing boats come safely home across the grey water.

CHAPTER II. THE STORM

One winter night the wind howled and the lamp went dark. Keeper Tamsin could not find the matches in
the gloom, but Marmalade could see in the dark. The brave cat carried the little tin of matches up the
stairs in her mouth, and the light shone out again before the last boat reached the rocks.
`;

async function axeViolations(page: Page) {
  // Colours are judged as they end up: the page's entrance and any fade first run to their end
  // (mid-fade text has too little contrast). Endless ones, such as a spinner's, are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the admin screens in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "5" });
  });
  afterAll(() => h.close());

  it("adds a book with a cover and a text file, publishes it for one school, and only that school reads it", async () => {
    const admin = await h.app.createUser({ role: "admin", displayName: "Ada Admin" });
    const reader = await h.app.createUser({ school: "Ark Conway", displayName: "Rosa Reader" });
    const outsider = await h.app.createUser({ school: "Phoenix Academy", displayName: "Otto Outsider" });
    const cover = await sharp({
      create: { width: 300, height: 400, channels: 3, background: { r: 230, g: 140, b: 40 } },
    })
      .png()
      .toBuffer();

    const page = await h.newPage();
    await signIn(page, admin, "/admin/dashboard");
    await page
      .getByRole("link", { name: /Manage Books/ })
      .first()
      .click();
    await page.waitForURL("**/admin/books");
    await page.getByRole("heading", { name: "Manage Books" }).waitFor();

    await page.getByRole("button", { name: "Add New Book" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Book" });
    // Title and author are required.
    await dialog.getByRole("button", { name: "Add book" }).click();
    await dialog.getByText("Title is required").waitFor();
    await dialog.getByText("Author is required").waitFor();
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Author").fill("Nell Harbour");
    await dialog.getByLabel("Published year").fill("2024");
    await dialog.getByLabel("Pages").fill("12");
    await dialog.getByLabel("Genre").fill("fiction");
    await dialog.getByLabel("Characters").fill("Marmalade\nKeeper Tamsin");
    await dialog.getByLabel("All schools").uncheck();
    await dialog.getByRole("checkbox", { name: "Ark Conway" }).check();
    await dialog.getByRole("button", { name: "Add book" }).click();

    const edit = page.getByRole("dialog", { name: "Edit book" });
    await edit.getByText(`'${TITLE}' was added as a draft.`, { exact: false }).waitFor();
    // Publish waits for the cover and the text.
    expect(await edit.getByRole("button", { name: "Publish" }).isDisabled()).toBe(true);

    await edit
      .getByLabel("Upload a cover image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
    await edit.getByText("Cover image uploaded.").waitFor();
    // A text file that is not UTF-8 is refused with a clear error and nothing is stored.
    await edit.getByLabel("Upload a .txt file").setInputFiles({
      name: "latin1.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Caf\xe9 cr\xe8me at the lighthouse", "latin1"),
    });
    await edit.getByRole("alert").filter({ hasText: /UTF-8/ }).waitFor();
    await edit.getByText("No text yet.").waitFor();
    await edit.getByLabel("Upload a .txt file").setInputFiles({
      name: "lantern-cat.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(TEXT, "utf8"),
    });
    await edit.getByText(/^Text: /).waitFor();
    await edit.getByRole("button", { name: "Publish" }).click();
    await edit.getByText("Published: students can now see it.").waitFor();
    await edit.getByRole("button", { name: "Close" }).first().click();
    const row = page.getByRole("row").filter({ hasText: TITLE });
    await row.getByText("Published", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { title: TITLE }, select: { id: true } });

    // A student of the holding school finds it in Explore Books and chats about it.
    const readerPage = await h.newPage();
    await signIn(readerPage, reader);
    await readerPage.goto("/books");
    await readerPage.getByLabel("Search by title or author").fill("lantern cat");
    await readerPage.getByRole("link", { name: new RegExp(TITLE) }).click();
    await readerPage.getByRole("heading", { name: TITLE }).waitFor();
    const input = readerPage.getByPlaceholder("Ask a question about the book...");
    await input.fill("What did Marmalade carry up the stairs?");
    await input.press("Enter");
    const log = readerPage.getByRole("log", { name: "Chat about the book" });
    // The offline provider answers from this book's own text.
    await expect
      .poll(async () => ((await log.textContent()) ?? "").split("What did Marmalade carry up the stairs?")[1] ?? "", {
        timeout: 20_000,
      })
      .toMatch(/tin of matches/);
    await readerPage.getByLabel("Talk to a Character").selectOption("Marmalade");
    await readerPage.getByText("Talking to: Marmalade").waitFor();

    // A student of another school does not see it, by search or by its address.
    const outsiderPage = await h.newPage();
    await signIn(outsiderPage, outsider);
    await outsiderPage.goto("/books");
    await outsiderPage.getByRole("heading", { name: "Explore Books" }).waitFor();
    await outsiderPage.getByLabel("Search by title or author").fill("lantern cat");
    await outsiderPage.getByText("No books found").waitFor();
    await outsiderPage.goto(`/books/${book.id}`);
    await outsiderPage.getByText("Book not found").waitFor();

    // The dashboard counts it and its recent activity names who published it.
    await page.goto("/admin");
    await page
      .getByRole("list", { name: "Recent activity" })
      .getByRole("listitem")
      .filter({ hasText: `Published '${TITLE}'` })
      .filter({ hasText: "Ada Admin" })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("finds and edits a user, and the reports and users screens pass axe, also at phone width", async () => {
    const admin = await h.app.createUser({ role: "admin", displayName: "Second Admin" });
    const pupil = await h.app.createUser({ school: "Newman", displayName: "Petra Pupil" });
    const page = await h.newPage({ width: 360, height: 740 });
    await signIn(page, admin, "/admin/dashboard");

    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "Manage Users" }).waitFor();
    await page.getByLabel("Search users").fill("Petra");
    const row = page.getByRole("row").filter({ hasText: pupil.email });
    await row.waitFor();
    await row.getByRole("button", { name: "Edit Petra Pupil" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit user" });
    expect(await dialog.getByLabel("Email").isDisabled()).toBe(true);
    await dialog.getByLabel("Status").selectOption("inactive");
    await dialog.getByRole("button", { name: "Save" }).click();
    await row.getByText("Inactive", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Deactivated: the pupil's token no longer works.
    const me = await fetch(`${h.app.url}/api/auth/user`, { headers: { authorization: `Bearer ${pupil.token}` } });
    expect({ status: me.status, body: await me.json() }).toMatchObject({
      status: 401,
      body: { error: "Account inactive. Please contact your school or an administrator." },
    });

    await page.goto("/admin/reports");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await page.getByRole("img", { name: "Books read per week" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });

  it("generates a school's teacher sign-up code, which makes a teacher at that school and no other", async () => {
    const admin = await h.app.createUser({ role: "admin", displayName: "Code Admin" });
    const page = await h.newPage({ width: 390, height: 844 });
    await signIn(page, admin, "/admin/dashboard");
    await page.getByRole("link", { name: "Schools" }).click();
    await page.waitForURL("**/admin/schools");
    await page.getByRole("heading", { name: "Schools", level: 1 }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Chelsea Academy" });
    await row.getByText("Uses the sign-up code from the server settings").waitFor();
    // Cards at phone width: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole("button", { name: "Generate code for Chelsea Academy" }).click();
    const confirm = page.getByRole("dialog", { name: "Generate a teacher sign-up code?" });
    await confirm.getByText("stops working at Chelsea Academy", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "Generate code" }).click();
    const shown = page.getByRole("dialog", { name: "New teacher sign-up code" });
    await shown.getByText("This code will not be shown again.", { exact: false }).waitFor();
    const code = ((await shown.locator("code").textContent()) ?? "").trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await axeViolations(page)).toEqual([]);
    await shown.getByRole("button", { name: "Done" }).click();
    await row.getByText(/^Own code, rotated /).waitFor();

    // A teacher of another school cannot use it; one of Chelsea Academy can, typed in lower case.
    const visitor = await h.newPage();
    const register = async (school: string, teacherCode: string) => {
      await visitor.goto("/register");
      await visitor.getByLabel("Full name").fill("Tomas Teacher");
      await visitor.getByLabel("Email").fill(`tomas-${Date.now()}@chelsea.test`);
      await visitor.locator("#register-password").fill("velvet-harbour-lantern-9");
      await visitor.getByLabel("Confirm password").fill("velvet-harbour-lantern-9");
      await visitor.getByLabel("Teacher").check();
      await visitor.getByLabel("School").selectOption(school);
      await visitor.getByLabel("Teacher code").fill(teacherCode);
      await visitor.getByRole("button", { name: "Create Account" }).click();
    };
    await register("Paddington Academy", code);
    await visitor.getByText("Valid teacher code is required").first().waitFor();
    expect(new URL(visitor.url()).pathname).toBe("/register");
    await register("Chelsea Academy", code.toLowerCase());
    await visitor.waitForURL("**/login");
    await visitor.getByText("Registration successful! Please log in with your new account.").waitFor();
  });
});
