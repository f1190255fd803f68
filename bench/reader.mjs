#!/usr/bin/env node
// Reader benchmark (issue 8) on PostgreSQL: the time to the first page of the largest seed book
// (Little Women, about 1 MB of text) at /books/{id}/read, in Debian's Chromium driven by playwright-core,
// signed in as a student. First page = the frame after "Page 1 of N" shows with the page's text laid
// out (the footer shows "Page 1 of 1" while the part is still loading; that moment is printed apart).
// Times run from navigation start (the page's performance.now()). Cold = the first open after the
// server started (the server splits the text then); warm = 10 more opens, each in a fresh browser
// context (empty cache: the client's JavaScript is fetched every time). Also the bytes of GraphQL
// response bodies that arrived before the first page, against the size of the book's text. Baseline
// from the same run: the book's detail page /books/{id} (until its heading shows), same opens.
// Server side alone, no browser: bookReader + the first readerPart over HTTP, cold (first call after a
// server start) and warm, against GET /healthz. The server is the built dist/server/main.js in a child
// process (as `npm start` runs it), started twice on one database: once for the HTTP calls, once for
// the browser, so both have a cold start.
// Usage: npm run bench -- reader   (or node bench/reader.mjs after `npm run build`).
/* global window, document, requestAnimationFrame, MutationObserver -- watchFirstPage and the init scripts run in the page */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import {
  adminQuery,
  CHROMIUM,
  CHROMIUM_FLAGS,
  createDatabase,
  dropDatabase,
  fetch,
  printColumns,
  startServerProcess,
  TOKEN_KEY,
  USER_KEY,
  VIEWPORT,
} from "./lib.mjs";

const OPENS = Number(process.env.BENCH_READER_OPENS ?? 10);
const CALLS = Number(process.env.BENCH_READER_CALLS ?? 50);

// The client's own queries (client/src/features/reader/graphql.ts), without the fragment.
const BOOK_READER = `query BookReader($bookId: ID!) {
  bookReader(bookId: $bookId) {
    bookId title author characters read readingTime
    chapters { index title paragraphCount characters partStarts }
    place { chapter paragraph offset }
    furthest { chapter paragraph }
    prefs { textSize lineSpacing theme font }
  }
}`;
const READER_PART = `query ReaderPart($bookId: ID!, $chapter: Int!, $part: Int!) {
  readerPart(bookId: $bookId, chapter: $chapter, part: $part) { chapter part firstParagraph paragraphs }
}`;
const BOOK = `query Book($bookId: ID!) { book(id: $bookId) { id title author } }`;

const sorted = (list) => [...list].sort((a, b) => a - b);
const median = (list) => {
  const s = sorted(list);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** Nearest-rank percentile. */
const pct = (list, p) => sorted(list)[Math.max(0, Math.ceil((p / 100) * list.length) - 1)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One timed GraphQL call; throws on an HTTP or GraphQL error. */
async function graphql(url, token, query, variables) {
  const t = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const ms = performance.now() - t;
  const body = JSON.parse(text);
  if (!res.ok || body.errors) {
    throw new Error(`HTTP ${res.status}: ${JSON.stringify(body.errors)}`);
  }
  return { data: body.data, ms, bytes: Buffer.byteLength(text) };
}

/** bookReader, then the part the client asks for first (where the student stopped, else 0/0). */
async function openOverHttp(url, token, bookId) {
  const reader = await graphql(url, token, BOOK_READER, { bookId });
  const { place, chapters } = reader.data.bookReader;
  const chapter = place?.chapter ?? 0;
  const starts = chapters[chapter].partStarts;
  const part = place
    ? Math.max(
        0,
        starts.findLastIndex((start) => start <= place.paragraph),
      )
    : 0;
  const first = await graphql(url, token, READER_PART, { bookId, chapter, part });
  return { reader, part: first, ms: reader.ms + first.ms };
}

/**
 * Runs in every page before the client's scripts: records (page clock, from navigation start) the
 * frame after the first page is on screen, and the GraphQL responses that had arrived by then.
 */
function watchFirstPage({ kind, title }) {
  const marks = { done: false };
  window.__bench = marks;
  let pending = false;
  const footer = () =>
    Array.from(document.querySelectorAll('p[aria-live="polite"]')).find((p) => /^Page 1 of \d+/.test(p.textContent));
  const ready = () => {
    if (kind === "detail") {
      return Array.from(document.querySelectorAll("h1")).some((h) => h.textContent.trim() === title);
    }
    const position = footer();
    if (position && marks.shell === undefined) {
      marks.shell = performance.now();
    }
    const flow = document.querySelector('[role="document"][aria-label*="page 1 of"]');
    return Boolean(position && flow?.querySelector("[data-start]"));
  };
  const check = () => {
    if (marks.done || pending || !ready()) {
      return;
    }
    pending = true;
    // The frame that paints it (layout effects and their re-render have run by then).
    requestAnimationFrame(() => {
      pending = false;
      if (!ready()) {
        return;
      }
      const at = performance.now();
      const graphqlEntries = performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname === "/graphql" && e.responseEnd > 0 && e.responseEnd <= at);
      Object.assign(marks, {
        at,
        pages: kind === "reader" ? Number(/of (\d+)/.exec(footer().textContent)[1]) : 0,
        graphqlCount: graphqlEntries.length,
        graphqlBytes: graphqlEntries.reduce((sum, e) => sum + e.decodedBodySize, 0),
        graphqlWire: graphqlEntries.reduce((sum, e) => sum + e.encodedBodySize, 0),
        done: true,
      });
      observer.disconnect();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Opens one page in a fresh browser context, signed in; the marks of its first page. */
async function open(browser, session, url, kind, title, log) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(
      ({ tokenKey, userKey, token, user }) => {
        window.localStorage.setItem(tokenKey, token);
        window.localStorage.setItem(userKey, JSON.stringify(user));
      },
      { tokenKey: TOKEN_KEY, userKey: USER_KEY, ...session },
    );
    await context.addInitScript(watchFirstPage, { kind, title });
    const page = await context.newPage();
    const finished = [];
    if (log) {
      page.on("requestfinished", async (request) => {
        if (new URL(request.url()).pathname === "/graphql") {
          const entry = { op: request.postDataJSON()?.operationName ?? "?", bytes: 0 };
          finished.push(entry);
          entry.bytes = (await request.sizes()).responseBodySize;
        }
      });
    }
    await page.goto(url, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__bench?.done, null, { timeout: 30_000, polling: 100 });
    const marks = await page.evaluate(() => window.__bench);
    return { ...marks, ops: finished.slice(0, marks.graphqlCount) };
  } finally {
    await context.close();
  }
}

const started = performance.now();
// One database, data directory and signing key for both server starts: the second start finds the
// books seeded and the student's token still good.
const dbName = await createDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
const jwtSecret = randomBytes(32).toString("hex");
let server;
let firstStopping;
let browser;
try {
  // --- Server start 1: bookReader + first readerPart over HTTP, no browser.
  server = await startServerProcess({}, { database: dbName, dataDir, jwtSecret });
  const firstStart = server.startSeconds;
  let { url } = server;
  const { rows } = await adminQuery(
    `SELECT b.id, b.slug, b.title, octet_length(t.content) AS bytes, char_length(t.content) AS chars
       FROM "Book" b JOIN "BookText" t ON t."bookId" = b.id ORDER BY octet_length(t.content) DESC LIMIT 1`,
    [],
    dbName,
  );
  const book = rows[0];
  if (!book) {
    throw new Error("no seed book with a text");
  }
  const registered = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: "reader@bench.readingroom.local",
      password: "bench-password-42",
      displayName: "Bench Reader",
      school: "Pimlico Academy",
    }),
  });
  if (registered.status !== 201) {
    throw new Error(`register: HTTP ${registered.status}: ${await registered.text()}`);
  }
  const session = await registered.json();
  const { token } = session;

  // GraphQL and auth warmed up on another query first: "cold" is the reader's own first time.
  for (let i = 0; i < 20; i++) {
    await graphql(url, token, BOOK, { bookId: book.id });
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
  }
  const httpCold = await openOverHttp(url, token, book.id);
  const httpWarm = [];
  for (let i = 0; i < CALLS; i++) {
    httpWarm.push(await openOverHttp(url, token, book.id));
  }
  // A full part beside it: the first part of the longest chapter (what a page turn into it fetches).
  const chapters = httpCold.reader.data.bookReader.chapters;
  const longest = chapters.reduce((best, c) => (c.characters > best.characters ? c : best));
  const fullPart = [];
  for (let i = 0; i < CALLS; i++) {
    fullPart.push(await graphql(url, token, READER_PART, { bookId: book.id, chapter: longest.index, part: 0 }));
  }
  const healthz = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    healthz.push(performance.now() - t);
  }
  const readerData = httpCold.reader.data.bookReader;
  // The server takes about 10 s from SIGTERM to exit: the second one starts meanwhile, and the
  // first is gone before anything the tables compare is timed.
  firstStopping = server.stop();

  // --- Server start 2: the browser. One detail page first (server and browser warmed up, the
  // reader's text not split yet), then the reader cold, then OPENS of each, alternating.
  server = await startServerProcess({}, { database: dbName, dataDir, jwtSecret });
  ({ url } = server);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const readerUrl = `${url}/books/${book.id}/read`;
  const detailUrl = `${url}/books/${book.id}`;
  await firstStopping;
  const detailFirst = await open(browser, session, detailUrl, "detail", book.title);
  const cold = await open(browser, session, readerUrl, "reader", book.title, true);
  const reader = [];
  const detail = [];
  for (let i = 0; i < OPENS; i++) {
    reader.push(await open(browser, session, readerUrl, "reader", book.title));
    detail.push(await open(browser, session, detailUrl, "detail", book.title));
  }

  // --- Report.
  const at = (list) => list.map((m) => m.at);
  const shell = (list) => list.map((m) => m.shell);
  const bytes = (list) => list.map((m) => m.graphqlBytes);
  const detailP50 = median(at(detail));
  const httpWarmMs = httpWarm.map((o) => o.ms);
  const healthP50 = median(healthz);
  const ms = (x) => x.toFixed(1);
  const ratio = (x, base) => `${(x / base).toFixed(2)}x`;

  printColumns(
    `First page in Chromium, ${book.slug} (${kb(book.bytes)} of text), ${VIEWPORT.width}x${VIEWPORT.height}, ` +
      `student signed in; ms from navigation start; GraphQL = response bodies arrived before the first page; ` +
      `vs baseline = p50 / detail page p50`,
    ["case", "opens", "p50 ms", "p90 ms", "vs baseline", "GraphQL", "GraphQL / text"],
    [
      [
        "detail page /books/{id}, heading shown (baseline)",
        String(detail.length),
        ms(detailP50),
        ms(pct(at(detail), 90)),
        "baseline",
        kb(median(bytes(detail))),
        ratio(median(bytes(detail)), book.bytes),
      ],
      [
        "detail page, first open after server start",
        "1",
        ms(detailFirst.at),
        "",
        ratio(detailFirst.at, detailP50),
        kb(detailFirst.graphqlBytes),
        ratio(detailFirst.graphqlBytes, book.bytes),
      ],
      [
        "reader, cold (text split on this open)",
        "1",
        ms(cold.at),
        "",
        ratio(cold.at, detailP50),
        kb(cold.graphqlBytes),
        ratio(cold.graphqlBytes, book.bytes),
      ],
      [
        "reader, warm (fresh context each)",
        String(reader.length),
        ms(median(at(reader))),
        ms(pct(at(reader), 90)),
        ratio(median(at(reader)), detailP50),
        kb(median(bytes(reader))),
        ratio(median(bytes(reader)), book.bytes),
      ],
      [
        '  of which "Page 1 of 1" shown, text still loading',
        String(reader.length),
        ms(median(shell(reader))),
        ms(pct(shell(reader), 90)),
        ratio(median(shell(reader)), detailP50),
        "",
        "",
      ],
    ],
  );
  console.log(
    `reader cold: "Page 1 of ${cold.pages}" at ${ms(cold.at)} ms (footer without text at ${ms(cold.shell)} ms); ` +
      `GraphQL before it: ${cold.ops.map((o) => `${o.op} ${kb(o.bytes)}`).join(", ")} ` +
      `(${kb(cold.graphqlWire)} on the wire)`,
  );
  console.log(
    `reader warm / detail warm: p50 ${ratio(median(at(reader)), detailP50)}, ` +
      `p90 ${ratio(pct(at(reader), 90), pct(at(detail), 90))}; reader cold / reader warm p50 ` +
      `${ratio(cold.at, median(at(reader)))}`,
  );

  const firstPart = httpCold.part.data.readerPart;
  printColumns(
    `Server side alone over HTTP (no browser), one at a time: bookReader + readerPart(chapter ` +
      `${firstPart.chapter}, part ${firstPart.part}); vs baseline = p50 / GET /healthz p50`,
    ["case", "calls", "p50 ms", "p90 ms", "vs baseline", "bookReader", "readerPart"],
    [
      ["GET /healthz (baseline)", String(healthz.length), ms(healthP50), ms(pct(healthz, 90)), "baseline", "", ""],
      [
        "bookReader + readerPart, cold (first after start)",
        "1",
        ms(httpCold.ms),
        "",
        ratio(httpCold.ms, healthP50),
        `${ms(httpCold.reader.ms)} ms`,
        `${ms(httpCold.part.ms)} ms`,
      ],
      [
        "bookReader + readerPart, warm",
        String(httpWarm.length),
        ms(median(httpWarmMs)),
        ms(pct(httpWarmMs, 90)),
        ratio(median(httpWarmMs), healthP50),
        `${ms(median(httpWarm.map((o) => o.reader.ms)))} ms`,
        `${ms(median(httpWarm.map((o) => o.part.ms)))} ms`,
      ],
      [
        `readerPart(chapter ${longest.index}, part 0) alone, warm (${kb(fullPart[0].bytes)})`,
        String(fullPart.length),
        ms(median(fullPart.map((o) => o.ms))),
        ms(
          pct(
            fullPart.map((o) => o.ms),
            90,
          ),
        ),
        ratio(median(fullPart.map((o) => o.ms)), healthP50),
        "",
        "",
      ],
    ],
  );
  console.log(
    `response bodies: bookReader ${kb(httpCold.reader.bytes)} (${readerData.chapters.length} chapters, ` +
      `${readerData.characters} characters), readerPart ${kb(httpCold.part.bytes)} ` +
      `(${firstPart.paragraphs.length} paragraphs); together ${ratio(httpCold.reader.bytes + httpCold.part.bytes, book.bytes)} ` +
      `of the text (${kb(book.bytes)}, ${book.chars} characters)`,
  );
  console.log(
    `cold / warm p50: ${ratio(httpCold.ms, median(httpWarmMs))}; server start-up ${firstStart.toFixed(1)} s and ` +
      `${server.startSeconds.toFixed(1)} s; total ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await browser?.close().catch(() => {});
  await firstStopping?.catch(() => {});
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(dbName);
}
