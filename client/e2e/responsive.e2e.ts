/// <reference lib="dom" />
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestUser } from "../../server/test/helpers/test-app.js";
import { TOKEN_KEY, USER_KEY } from "../src/lib/session.js";
import { type BrowserHarness, startBrowserHarness } from "./browser.js";

// Every route of the app, as the user it is for, on a phone (390x844, a touch screen) and a desktop
// (1280x900): nothing wider than the screen and no axe violations. The table of screens below has a
// row for every path in routes.tsx: a new route without one fails the first test.
//
// One server and one browser; each user has one page per screen size, signed in once by putting
// their session in storage (as 'Remember me' does), and reused from screen to screen. Each row waits
// for the content a person waits for, then for the entrance animations to end (axe judges colours
// as they end up).

type Role = "visitor" | "student" | "teacher" | "admin";
type SignedIn = TestUser & { role: Exclude<Role, "visitor">; displayName: string };
type Fixtures = {
  bookId: string;
  bookTitle: string;
  chatId: string;
  alertId: string;
  student: SignedIn;
};
type Screen = {
  /** The path as routes.tsx writes it. */
  route: string;
  /** What the row checks, when a route has more than one state (a dialog open, say). */
  state?: string;
  as: Role;
  path: (f: Fixtures) => string;
  /** Waits for what a person waits for: the page's content, then any dialog this row opens. */
  ready: (page: Page, f: Fixtures) => Promise<void>;
};

const heading = (page: Page, name: string | RegExp, level = 1) =>
  page.getByRole("heading", { name, level }).first().waitFor();

const SCREENS: Screen[] = [
  // Public pages, signed out.
  { route: "/", as: "visitor", path: () => "/", ready: (p) => heading(p, "Every Child Deserves A Great Book") },
  { route: "/about", as: "visitor", path: () => "/about", ready: (p) => heading(p, "About Reading Room") },
  {
    route: "/privacy-policy",
    as: "visitor",
    path: () => "/privacy-policy",
    ready: (p) => p.locator("main h1").first().waitFor(),
  },
  { route: "/howto", as: "visitor", path: () => "/howto", ready: (p) => heading(p, "How to Use Reading Room") },
  {
    route: "/login",
    as: "visitor",
    path: () => "/login",
    ready: async (p) => {
      await heading(p, "Welcome Back");
      await p.getByRole("button", { name: "Sign In" }).waitFor();
    },
  },
  {
    route: "/register",
    as: "visitor",
    path: () => "/register",
    ready: async (p) => {
      await heading(p, "Create Account");
      // The schools come from the server.
      await p.getByRole("option", { name: "Chelsea Academy" }).waitFor({ state: "attached" });
    },
  },
  {
    route: "/forgot-password",
    as: "visitor",
    path: () => "/forgot-password",
    ready: (p) => heading(p, "Reset Password"),
  },
  {
    route: "/reset-password",
    as: "visitor",
    path: () => "/reset-password?token=x",
    ready: (p) => heading(p, "Choose a New Password"),
  },
  {
    route: "/books/:bookId/review",
    state: "signed out",
    as: "visitor",
    path: (f) => `/books/${f.bookId}/review`,
    // It explains itself and offers the sign-in (spec): no form.
    ready: (p) =>
      p
        .getByRole("main")
        .getByRole("link", { name: /^log ?in$/i })
        .waitFor(),
  },
  { route: "*", as: "visitor", path: () => "/no/such/page", ready: (p) => heading(p, "Page Not Found") },

  // A student's pages.
  {
    route: "/dashboard",
    as: "student",
    path: () => "/dashboard",
    ready: async (p, f) => {
      await heading(p, /^Welcome, /);
      await p.getByRole("heading", { name: "Your Recent Books" }).waitFor();
      await p.getByRole("main").getByText(f.bookTitle).first().waitFor();
      await p.getByRole("heading", { name: "Recommended for You" }).waitFor();
    },
  },
  {
    route: "/books",
    as: "student",
    path: () => "/books",
    ready: async (p) => {
      await heading(p, "Explore Books");
      await p.getByRole("list", { name: "Books" }).getByRole("heading").first().waitFor();
    },
  },
  {
    route: "/books/:bookId",
    state: "with its chat",
    as: "student",
    path: (f) => `/books/${f.bookId}`,
    ready: async (p, f) => {
      await heading(p, f.bookTitle);
      await p.getByRole("log", { name: "Chat about the book" }).getByText("Who is Badger?").waitFor();
      await p.getByRole("button", { name: "Send" }).waitFor();
    },
  },
  {
    route: "/books/:bookId/review",
    as: "student",
    path: (f) => `/books/${f.bookId}/review`,
    ready: async (p) => {
      await heading(p, /^(Write a Review|Edit your review)$/);
      await p
        .getByRole("button", { name: /Submit Review|Save/ })
        .first()
        .waitFor();
    },
  },
  {
    route: "/books/:bookId/read",
    as: "student",
    path: (f) => `/books/${f.bookId}/read`,
    ready: (p) =>
      p
        .getByText(/^Page \d+ of \d+/)
        .first()
        .waitFor(),
  },

  // A teacher's.
  {
    route: "/teacher/dashboard",
    as: "teacher",
    path: () => "/teacher/dashboard",
    ready: async (p, f) => {
      await heading(p, "Teacher Dashboard");
      await p.getByRole("article", { name: f.student.displayName }).waitFor();
      await p.getByRole("region", { name: /Safeguarding/ }).waitFor();
    },
  },
  {
    route: "/teacher/dashboard",
    state: "chats dialog open",
    as: "teacher",
    path: () => "/teacher/dashboard",
    ready: async (p, f) => {
      const name = f.student.displayName;
      await p
        .getByRole("article", { name })
        .getByRole("button", { name: `See Chats of ${name}` })
        .click();
      const dialog = p.getByRole("dialog", { name: `${name}'s chats` });
      await dialog
        .getByRole("button", { name: /^View Chat/ })
        .first()
        .click();
      await dialog.getByRole("log").getByText("Who is Badger?").waitFor();
    },
  },
  {
    route: "/teacher/chats/:chatId",
    as: "teacher",
    path: (f) => `/teacher/chats/${f.chatId}`,
    ready: async (p, f) => {
      await heading(p, f.student.displayName);
      await p.getByRole("log").getByText("Who is Badger?").waitFor();
    },
  },

  {
    route: "/teacher/alerts/:alertId",
    as: "teacher",
    path: (f) => `/teacher/alerts/${f.alertId}`,
    ready: async (p) => {
      await heading(p, /Suicide or self-harm/);
      await p.getByText("nobody would care if I was gone").first().waitFor();
    },
  },

  // An admin's.
  {
    route: "/admin",
    as: "admin",
    path: () => "/admin",
    ready: async (p) => {
      await heading(p, "Admin Dashboard");
      await p.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first().waitFor();
    },
  },
  {
    route: "/admin/dashboard",
    as: "admin",
    path: () => "/admin/dashboard",
    ready: async (p) => {
      await heading(p, "Admin Dashboard");
      await p.getByRole("list", { name: "Recent activity" }).getByRole("listitem").first().waitFor();
    },
  },
  {
    route: "/admin/books",
    as: "admin",
    path: () => "/admin/books",
    ready: async (p) => {
      await heading(p, "Manage Books");
      await p.getByText(/^Showing 1–20 of \d+$/).waitFor();
    },
  },
  {
    route: "/admin/books",
    state: "add dialog open",
    as: "admin",
    path: () => "/admin/books",
    ready: async (p) => {
      await p.getByText(/^Showing 1–20 of \d+$/).waitFor();
      await p.getByRole("button", { name: "Add New Book" }).click();
      await p.getByRole("dialog", { name: "Add New Book" }).getByLabel("Title").waitFor();
    },
  },
  {
    route: "/admin/books",
    state: "edit dialog open",
    as: "admin",
    path: () => "/admin/books",
    ready: async (p) => {
      await p
        .getByRole("button", { name: /^Edit\W/ })
        .first()
        .click();
      const dialog = p.getByRole("dialog", { name: "Edit book" });
      await dialog.getByLabel("Title").waitFor();
      await dialog.getByText(/^Text: /).waitFor();
    },
  },
  {
    route: "/admin/users",
    as: "admin",
    path: () => "/admin/users",
    ready: async (p, f) => {
      await heading(p, "Manage Users");
      await p.getByRole("button", { name: `Edit ${f.student.displayName}` }).waitFor();
    },
  },
  {
    route: "/admin/users",
    state: "edit dialog open",
    as: "admin",
    path: () => "/admin/users",
    ready: async (p, f) => {
      await p.getByRole("button", { name: `Edit ${f.student.displayName}` }).click();
      await p.getByRole("dialog", { name: "Edit user" }).getByLabel("Status").waitFor();
    },
  },
  {
    route: "/admin/schools",
    as: "admin",
    path: () => "/admin/schools",
    ready: async (p) => {
      await heading(p, "Schools");
      await p.getByRole("button", { name: "Safeguarding contacts for Chelsea Academy" }).waitFor();
    },
  },
  {
    route: "/admin/reports",
    as: "admin",
    path: () => "/admin/reports",
    ready: async (p) => {
      await heading(p, "Reports");
      await p.getByRole("img", { name: "Books read per week" }).waitFor();
    },
  },
];

// The phone is emulated as one (isMobile): like a real phone, it widens its layout viewport to fit a
// page that is too wide, which moved the fixed header's buttons off-screen on Manage Books.
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: "desktop", width: 1280, height: 900, isMobile: false, hasTouch: false },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
// A folder to save every screen in, to look at them: RESPONSIVE_SCREENSHOTS=/tmp/shots.
const SCREENSHOTS = process.env.RESPONSIVE_SCREENSHOTS;

/** The paths routes.tsx declares, read from its text (the route table is the source of truth). */
function declaredRoutes(): string[] {
  const source = fs.readFileSync(new URL("../src/routes.tsx", import.meta.url), "utf8");
  return [...source.matchAll(/\bpath:\s*"([^"]+)"/g)].map((match) => match[1] as string);
}

/**
 * What is wider than the screen, as a person would see it: the page scrolling sideways; a visible
 * element whose shown part reaches past the screen's right edge (which catches what the page's own
 * scroll width misses: a fixed header, content cut off by overflow hidden on the page); and a box of
 * the page that scrolls sideways inside itself (a table in a scrolling region). An element's shown
 * part is its box cut by the ancestors that clip it, so a visually hidden label or the reader's
 * pages beyond the one on screen do not count. Measured against the window the test set as well as
 * the browser's, since a phone widens its layout viewport to fit a page that is too wide.
 */
function measureOverflow(screenWidth: number) {
  const limit = Math.min(screenWidth, window.innerWidth) + 1;
  const nameOf = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const classes = [...el.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("");
    const label = el.getAttribute("aria-label") ?? el.getAttribute("role");
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${classes}${label ? `[${label}]` : ""}${text ? ` "${text}"` : ""}`;
  };
  const isRoot = (el: Element) => el === document.documentElement || el === document.body;

  /** The element's box as shown: cut by every ancestor that clips it (its containing blocks'). */
  function shownBox(el: Element): { left: number; right: number; width: number; height: number } | null {
    const rect = el.getBoundingClientRect();
    let { left, right, top, bottom } = rect;
    let position = getComputedStyle(el).position;
    for (let a = el.parentElement; a && !isRoot(a); a = a.parentElement) {
      const style = getComputedStyle(a);
      // What makes an ancestor the containing block of a fixed element (and so able to clip it).
      const containsFixed =
        style.transform !== "none" ||
        style.filter !== "none" ||
        /paint|content|strict/.test(style.contain) ||
        /transform|filter/.test(style.willChange);
      if (position === "fixed" && !containsFixed) {
        continue;
      }
      if (position === "absolute" && style.position === "static" && !containsFixed) {
        continue;
      }
      position = style.position;
      const clipsX = style.overflowX !== "visible";
      const clipsY = style.overflowY !== "visible";
      if (style.clip !== "auto" || style.clipPath !== "none") {
        return null;
      }
      if (clipsX || clipsY) {
        const box = a.getBoundingClientRect();
        if (clipsX) {
          left = Math.max(left, box.left);
          right = Math.min(right, box.right);
        }
        if (clipsY) {
          top = Math.max(top, box.top);
          bottom = Math.min(bottom, box.bottom);
        }
      }
    }
    const width = right - left;
    const height = bottom - top;
    return width > 1 && height > 1 ? { left, right, width, height } : null;
  }

  const beyond: string[] = [];
  const scrollers: string[] = [];
  const reported = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      continue;
    }
    const style = getComputedStyle(el);
    if (style.clip !== "auto" || style.clipPath !== "none") {
      continue;
    }
    // Report the outermost element only: its descendants overflow with it.
    let parent = el.parentElement;
    while (parent && !reported.has(parent)) {
      parent = parent.parentElement;
    }
    if (parent) {
      reported.add(el);
      continue;
    }
    const scrollsX = style.overflowX === "auto" || style.overflowX === "scroll";
    const isField =
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
    if (scrollsX && !isField && el.scrollWidth > el.clientWidth + 1) {
      scrollers.push(`${nameOf(el)}: ${el.scrollWidth}px of content in ${el.clientWidth}px`);
    }
    // Only a box that reaches past the edge can show a part past it: the rest need no clipping walk.
    const box = el.getBoundingClientRect().right > limit ? shownBox(el) : null;
    if (box && box.right > limit) {
      beyond.push(`${nameOf(el)}: ${Math.round(box.left)}–${Math.round(box.right)}px`);
      reported.add(el);
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, beyond, scrollers };
}

/** Colours are judged as they end up: entrances and fades first run to their end (not endless ones). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

describe("every screen fits a phone and a desktop, and passes axe", () => {
  let h: BrowserHarness;
  let f: Fixtures;
  const users = new Map<Role, SignedIn>();
  const pages = new Map<string, Page>();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "1" });
    const prisma = h.app.db.prisma;
    const signUp = async (role: SignedIn["role"], displayName: string, school?: string | null) => {
      const user: SignedIn = { ...(await h.app.createUser({ role, displayName, school })), role, displayName };
      users.set(role, user);
      return user;
    };
    const student = await signUp("student", "Ava Responsive");
    await signUp("teacher", "Mr Lane", student.school);
    await signUp("admin", "Ada Admin", null);

    const book = await prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true, title: true },
    });
    // The student has read the book, reviewed it and chatted about it; something to show everywhere.
    await prisma.userBook.create({
      data: {
        id: `${student.id}_${book.id}`,
        userId: student.id,
        bookId: book.id,
        read: true,
        lastReadAt: new Date(),
        readingSeconds: 1200,
      },
    });
    const review = await h.app.gql(
      `mutation Review($bookId: ID!, $text: String!) { submitReview(bookId: $bookId, rating: 4, reviewText: $text) { id } }`,
      { bookId: book.id, text: "Ratty and Mole on the river were my favourite part of the whole book." },
      student.token,
    );
    expect(review.body.errors).toBeUndefined();
    const chat = await h.app.gql(
      `mutation Open($bookId: ID!) { openChat(bookId: $bookId) { id } }`,
      { bookId: book.id },
      student.token,
    );
    const chatId = chat.body.data.openChat.id as string;
    const sent = await h.app.gql(
      `mutation Send($input: SendChatMessageInput!) { sendChatMessage(input: $input) { assistantMessage { id } } }`,
      { input: { chatId, message: "Who is Badger?" } },
      student.token,
    );
    expect(sent.body.errors).toBeUndefined();
    // An open safeguarding alert for the teacher's panel and the admin's dashboard.
    const { schoolId } = await prisma.user.findUniqueOrThrow({ where: { id: student.id }, select: { schoolId: true } });
    const alert = await prisma.moderationEvent.create({
      data: {
        type: "alert",
        severity: "urgent",
        userId: student.id,
        schoolId,
        reason: "Suicide or self-harm in a chat message",
        category: "risk_self_harm",
        messageExcerpt: "nobody would care if I was gone",
        bookId: book.id,
        chatId,
      },
    });
    f = { bookId: book.id, bookTitle: book.title, chatId, alertId: alert.id, student };
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await h?.close();
  });

  /** One page per user and screen size, signed in once (its session put in storage) and reused. */
  async function pageFor(as: Role, viewport: Viewport): Promise<Page> {
    const key = `${as} ${viewport.name}`;
    const known = pages.get(key);
    if (known) {
      return known;
    }
    const user = users.get(as);
    const context = await h.browser.newContext({
      baseURL: h.app.url,
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.isMobile,
      hasTouch: viewport.hasTouch,
      storageState: user
        ? {
            cookies: [],
            origins: [
              {
                origin: h.app.url,
                localStorage: [
                  { name: TOKEN_KEY, value: user.token },
                  {
                    name: USER_KEY,
                    value: JSON.stringify({
                      uid: user.id,
                      displayName: user.displayName,
                      email: user.email,
                      role: user.role,
                      school: user.school,
                    }),
                  },
                ],
              },
            ],
          }
        : undefined,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pages.set(key, page);
    return page;
  }

  it("has a row for every route in routes.tsx, and no row for a route that is gone", () => {
    const declared = declaredRoutes();
    expect(declared.length).toBeGreaterThan(10);
    expect([...new Set(SCREENS.map((screen) => screen.route))].sort()).toEqual([...new Set(declared)].sort());
  });

  describe.each(VIEWPORTS)("at $width x $height", (viewport) => {
    it.each(
      SCREENS.map(
        (screen) => [`${screen.route}${screen.state ? ` (${screen.state})` : ""} as ${screen.as}`, screen] as const,
      ),
    )("%s: no sideways overflow, no axe violations", async (_name, screen) => {
      const page = await pageFor(screen.as, viewport);
      await page.goto(screen.path(f));
      try {
        await screen.ready(page, f);
      } catch (error) {
        // Say what the page showed instead, not only which text never came.
        const shown = await page.locator("body").innerText();
        throw new Error(`${String(error)}\n\nThe page showed:\n${shown.slice(0, 1500)}`, { cause: error });
      }
      await settled(page);

      if (SCREENSHOTS) {
        const file = `${viewport.width}${screen.route}${screen.state ? `-${screen.state}` : ""}-${screen.as}`;
        // A modal dialog is drawn over the screen, not the whole page.
        const fullPage = (await page.locator("dialog[open]").count()) === 0;
        await page.screenshot({ path: `${SCREENSHOTS}/${file.replace(/[^\w-]+/g, "_")}.png`, fullPage });
      }
      const overflow = await page.evaluate(measureOverflow, viewport.width);
      const results = await new AxeBuilder({ page }).analyze();
      const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect({
        scrollWidth: overflow.scrollWidth <= viewport.width ? "fits" : overflow.scrollWidth,
        beyondTheRightEdge: overflow.beyond,
        scrollingSideways: overflow.scrollers,
        axe: violations,
      }).toEqual({ scrollWidth: "fits", beyondTheRightEdge: [], scrollingSideways: [], axe: [] });
      expect(results.passes.length).toBeGreaterThan(0); // axe really ran its rules
    });
  });
});
