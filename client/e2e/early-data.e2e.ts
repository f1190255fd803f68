import type { Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

const operationOf = (request: Request) =>
  new URL(request.url()).pathname === "/graphql" && request.method() === "POST"
    ? ((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? null)
    : null;

describe("a page's data starts before its chunks have loaded (issue 21)", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(() => h.close());

  it("asks for the book page's data while the page's chunk is still on its way, once", async () => {
    const student = await h.app.createUser({ displayName: "Eli Early" });
    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { title: "The Secret Garden" } });
    const page = await h.newPage();
    await signIn(page, student);

    // What the browser does, in order. The page's chunk (the browser has not needed it yet) is held
    // back until the book's query has gone out: before issue 21 that query waited for the chunk, so
    // the chunk goes out after a while anyway and the order below is wrong.
    const events: string[] = [];
    const bookQueries: Request[] = [];
    let sawBookQuery!: () => void;
    const bookQuerySent = new Promise<void>((resolve) => {
      sawBookQuery = resolve;
    });
    page.on("request", (request) => {
      if (operationOf(request) === "BookDetail") {
        bookQueries.push(request);
        events.push("BookDetail query sent");
        sawBookQuery();
      }
    });
    page.on("requestfinished", (request) => {
      if (/\/assets\/BookDetailPage-[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        events.push("page chunk loaded");
      }
    });
    await page.route(/\/assets\/BookDetailPage-[^/]*\.js$/, async (route) => {
      events.push("page chunk requested");
      await Promise.race([bookQuerySent, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });

    await page.goto(`/books/${book.id}`);
    await page.getByRole("heading", { name: "The Secret Garden" }).waitFor();
    await page.getByText("0 reviews").waitFor();

    expect(events).toContain("page chunk requested");
    expect(events).toContain("BookDetail query sent");
    expect(events.indexOf("BookDetail query sent")).toBeLessThan(events.indexOf("page chunk loaded"));
    // Apollo's own query was answered by the early one: the book was asked for once.
    expect(bookQueries).toHaveLength(1);
    expect(bookQueries[0]?.postDataJSON()).toMatchObject({ variables: { bookId: book.id } });
  });

  it("leaves a signed-out visitor's page alone: no early query without a session", async () => {
    const book = await h.app.db.prisma.book.findFirstOrThrow({ where: { title: "The Secret Garden" } });
    const page = await h.newPage();
    const operations: string[] = [];
    page.on("request", (request) => {
      const name = operationOf(request);
      if (name) {
        operations.push(name);
      }
    });
    await page.goto(`/books/${book.id}`);
    await page.waitForURL("**/login");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(operations).not.toContain("BookDetail");
  });
});
