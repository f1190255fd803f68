/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../server/test/helpers/test-app.js";
import { type BrowserHarness, startBrowserHarness } from "./browser.js";

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
});
