import { type Browser, chromium, type Page } from "playwright-core";
import { startTestApp, type TestApp } from "../../server/test/helpers/test-app.js";
import CHROMIUM_FLAGS from "./chromium-flags.json" with { type: "json" };

// Debian's Chromium, driven by playwright-core: no browser download. The flags (chromium-flags.json,
// which the browser benches launch with too) keep it off the network (this machine has none) and let
// it run as root in CI.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export type BrowserHarness = {
  app: TestApp;
  browser: Browser;
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
};

/** A real server (embedded database, the built client) and a real Chromium. */
export async function startBrowserHarness(env: Record<string, string> = {}): Promise<BrowserHarness> {
  // E2E_CLIENT_DIR: a client built elsewhere than dist/client (several builds side by side).
  const clientDir = process.env.E2E_CLIENT_DIR;
  const app = await startTestApp({ ...(clientDir ? { CLIENT_DIR: clientDir } : {}), ...env });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const pages: Page[] = [];
  return {
    app,
    browser,
    async newPage({ width = 1280, height = 800 } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: app.url });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      pages.push(page);
      return page;
    },
    async close() {
      await browser.close();
      await app.stop();
    },
  };
}

/** Signs in through the login screen and waits for the role's landing page. */
export async function signIn(page: Page, user: { email: string; password: string }, landing = "/dashboard") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`**${landing}`);
}
