/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../server/test/helpers/test-app.js";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

describe("signing up, in and out in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("registers a student, logs in, lands on /dashboard, stays signed in on reload and signs out", async () => {
    const page = await h.newPage();
    const email = uniqueEmail("e2e");
    await page.goto("/register");
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await page.getByLabel("Full name").fill("Ella Reader");
    await page.getByLabel("Email").fill(email);
    await page.locator("#register-password").fill("purple-dinosaur-42");
    await page.getByLabel("Confirm password").fill("purple-dinosaur-42");
    await page.getByLabel("School").selectOption("Ark Conway");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.waitForURL("**/login");
    await page.getByText("Registration successful! Please log in with your new account.").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("purple-dinosaur-42");
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Sign In" }).click();

    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Welcome, Ella Reader" }).waitFor();
    expect(await page.getByText("Student Dashboard").isVisible()).toBe(true);

    await page.reload();
    await page.getByRole("heading", { name: "Welcome, Ella Reader" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    await page.getByRole("button", { name: "Ella Reader" }).click();
    await page.getByText(email).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Login" }).first().waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length)).toBe(0);
  });

  it("sends a signed-out visitor of a protected page to /login, and back there after login", async () => {
    const user = await h.app.createUser({ displayName: "Tom Teacher", role: "teacher" });
    const page = await h.newPage();
    await page.goto("/teacher/dashboard");
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/teacher/dashboard");
    await page.getByRole("heading", { name: "Teacher Dashboard" }).waitFor();
  });

  it("shows the server's message for a wrong password", async () => {
    const user = await h.app.createUser();
    const page = await h.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("sends a student who opens /admin to /dashboard", async () => {
    const user = await h.app.createUser({ displayName: "Sam Student" });
    const page = await h.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
    await page.goto("/admin");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Welcome, Sam Student" }).waitFor();
  });
  it("shares a session without 'Remember me' with a new tab of the browser, and signing out in one signs out both", async () => {
    const student = await h.app.createUser({ displayName: "Tia Tabs" });
    const first = await h.newPage();
    await signIn(first, student);
    const stored = (p: Page) =>
      p.evaluate(() => ({ local: Object.keys(localStorage).length, session: Object.keys(sessionStorage).length }));
    expect(await stored(first)).toEqual({ local: 0, session: 2 });

    // A link opened in a new tab: same browser, no sessionStorage of its own.
    const second = await first.context().newPage();
    await second.goto("/books");
    await second.getByRole("button", { name: "Tia Tabs" }).waitFor();
    expect(new URL(second.url()).pathname).toBe("/books");
    // Kept in the new tab's own sessionStorage, still never in localStorage.
    expect(await stored(second)).toEqual({ local: 0, session: 2 });

    await second.getByRole("button", { name: "Tia Tabs" }).click();
    await second.getByRole("button", { name: "Sign out" }).click();
    await second.waitForURL((url) => url.pathname === "/");
    // The first tab follows: signed out, off its signed-in page, its storage empty.
    await first.waitForURL((url) => url.pathname === "/");
    await first.getByRole("link", { name: "Login" }).first().waitFor();
    expect(await stored(first)).toEqual({ local: 0, session: 0 });

    // Nobody holds the session any more: a new tab waits a moment for an answer, then asks to sign in.
    const third = await first.context().newPage();
    await third.goto("/books");
    await third.waitForURL("**/login");
  });

  it("keeps a session to its own browser: another browser's tab is not signed in", async () => {
    const student = await h.app.createUser({ displayName: "Una Alone" });
    const page = await h.newPage();
    await signIn(page, student);
    const stranger = await h.newPage();
    await stranger.goto("/books");
    await stranger.waitForURL("**/login");
  });
});

describe("page titles in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  const titleOf = async (page: Page, path: string, title: string) => {
    await page.goto(path);
    await page.waitForFunction((expected) => document.title === expected, title);
  };

  it("names the public and sign-in pages", async () => {
    const page = await h.newPage();
    await titleOf(page, "/about", "About - Reading Room");
    // Back home without a reload: the landing page names itself too.
    await page.getByRole("link", { name: "Home" }).first().click();
    await page.waitForFunction(() => document.title === "Reading Room");
    await titleOf(page, "/privacy-policy", "Privacy Policy - Reading Room");
    await titleOf(page, "/howto", "How to Use - Reading Room");
    await titleOf(page, "/login", "Sign In - Reading Room");
    await titleOf(page, "/register", "Create Account - Reading Room");
    await titleOf(page, "/forgot-password", "Reset Password - Reading Room");
    await titleOf(page, "/reset-password?token=abc", "Choose a New Password - Reading Room");
    await titleOf(page, "/no-such-page", "Page Not Found - Reading Room");
  });

  it("names the review page, the teacher's dashboard and every admin page", async () => {
    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { status: "published" }, select: { id: true } });
    const student = await h.app.createUser();
    const studentPage = await h.newPage();
    await signIn(studentPage, student);
    await titleOf(studentPage, `/books/${book.id}/review`, "Write a Review - Reading Room");

    const teacher = await h.app.createUser({ role: "teacher" });
    const teacherPage = await h.newPage();
    await signIn(teacherPage, teacher, "/teacher/dashboard");
    await teacherPage.waitForFunction(() => document.title === "Teacher Dashboard - Reading Room");

    const admin = await h.app.createUser({ role: "admin" });
    const adminPage = await h.newPage();
    await signIn(adminPage, admin, "/admin/dashboard");
    await adminPage.waitForFunction(() => document.title === "Admin Dashboard - Reading Room");
    await titleOf(adminPage, "/admin/books", "Manage Books - Reading Room");
    await titleOf(adminPage, "/admin/users", "Manage Users - Reading Room");
    await titleOf(adminPage, "/admin/reports", "Reports - Reading Room");
    await titleOf(adminPage, "/admin/schools", "Schools - Reading Room");
  });
});
