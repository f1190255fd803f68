#!/usr/bin/env node
// Cold Largest Contentful Paint (issue 21) on a slow school link: 1.6 Mbit/s down, 750 kbit/s up,
// 150 ms latency (Chromium's own throttling, through CDP), the browser cache off, a fresh browser
// context for every open. Pages: the landing page, sign-in, Explore (/books), a book page and the
// dashboard as a demo student, and the teacher dashboard as the demo teacher. LCP is the last
// 'largest-contentful-paint' entry once the page is loaded and the network idle. Also per page: when
// the page's first GraphQL request started and when its last JavaScript file arrived (page clock,
// from navigation start), the JavaScript files fetched, and any GraphQL operation sent twice (an
// early query that Apollo did not take up).
//
// The built server (dist/server, or BENCH_SERVER_DIR) on its embedded defaults (PGlite, the demo
// accounts) serves the client build under test (dist/client, or --client DIR). Baseline in the same
// run: the client as it was before issue 21's early data (commit BEFORE), rebuilt from git into a
// temporary folder (skip with --no-baseline, or give a build with --baseline-client DIR); the same
// server and database serve both, one after the other.
// Usage: npm run bench -- lcp   (or node bench/lcp.mjs [--client DIR] [--runs N] [--no-baseline]).
/* global window -- the init scripts run in the page */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  freePort,
  printColumns,
  root,
  sleep,
  spawnServer,
  TOKEN_KEY,
  USER_KEY,
  VIEWPORT,
} from "./lib.mjs";

// The client before issue 21's early data: the page's data waited for every route chunk.
const BEFORE = "428755c9d8aa35476855807d2627096359861c33";
const TARGET_MS = 2500;
// Lighthouse's "slow 4G": 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
const LINK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const DEMO_PASSWORD = "reading-room-demo";

const { values: args } = parseArgs({
  options: {
    client: { type: "string", default: path.join(root, "dist", "client") },
    "baseline-client": { type: "string" },
    "no-baseline": { type: "boolean", default: false },
    runs: { type: "string", default: process.env.BENCH_LCP_RUNS ?? "3" },
  },
});
const RUNS = Number(args.runs);
const JWT_SECRET = randomBytes(32).toString("hex");
const serverDir = process.env.BENCH_SERVER_DIR ?? path.join(root, "dist", "server");

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** The client of commit `commit`, built from git into `outDir`; false without that commit here. */
function buildClientAt(commit, outDir) {
  try {
    execFileSync("git", ["cat-file", "-e", `${commit}^{commit}`], { cwd: root, stdio: "ignore" });
  } catch {
    return false;
  }
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-lcp-src-"));
  try {
    const tar = execFileSync("git", ["archive", commit, "client", "codegen.ts", "schema.graphql", "tsconfig.json"], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync("tar", ["-x", "-C", tree], { input: tar });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"));
    fs.copyFileSync(path.join(root, "package.json"), path.join(tree, "package.json"));
    const bin = (name) => path.join(root, "node_modules", ".bin", name);
    execFileSync(bin("graphql-codegen"), ["--config", "codegen.ts", "--silent"], { cwd: tree, stdio: "inherit" });
    execFileSync(
      bin("vite"),
      ["build", "--config", "client/vite.config.ts", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"],
      { cwd: tree, stdio: "inherit" },
    );
    return true;
  } finally {
    fs.rmSync(tree, { recursive: true, force: true });
  }
}

/** The built server on PGlite in `dataDir` (demo accounts seeded), serving `clientDir`. */
async function startServer(dataDir, clientDir) {
  const port = await freePort();
  const child = spawnServer(
    port,
    { DATA_DIR: dataDir, CLIENT_DIR: clientDir, SEED_DEMO: "true", JWT_SECRET },
    { stdio: ["ignore", "ignore", "inherit"], serverDir },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error("the server did not start");
    }
    await sleep(100);
  }
  return { url, stop };
}

async function signIn(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) {
    throw new Error(`login ${email}: HTTP ${res.status}: ${await res.text()}`);
  }
  return res.json();
}

/** Runs in the page before its scripts: keeps the latest LCP candidate. */
function watchLcp() {
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__lcp = {
        at: entry.startTime,
        element: el
          ? `${el.tagName.toLowerCase()}${el.tagName === "IMG" ? "" : ` "${(el.textContent ?? "").trim().slice(0, 24)}"`}`
          : "?",
      };
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/** One cold open of `pagePath` on the slow link; its LCP and timings. */
async function open(browser, url, pagePath, session, throttled) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (session) {
      await context.addInitScript(
        ({ tokenKey, userKey, token, user }) => {
          window.localStorage.setItem(tokenKey, token);
          window.localStorage.setItem(userKey, JSON.stringify(user));
        },
        { tokenKey: TOKEN_KEY, userKey: USER_KEY, token: session.token, user: session.user },
      );
    }
    await context.addInitScript(watchLcp);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (throttled) {
      await cdp.send("Network.emulateNetworkConditions", LINK);
    }
    // The page's GraphQL operations by name: one asked for twice is a request the early data wasted.
    const operations = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/graphql" && request.method() === "POST") {
        operations.push(request.postDataJSON()?.operationName ?? "?");
      }
    });
    await page.goto(`${url}${pagePath}`, { waitUntil: "load", timeout: 60_000 });
    await page.locator("h1").first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    if (new URL(page.url()).pathname !== pagePath.split("?")[0]) {
      throw new Error(`${pagePath} ended on ${page.url()}`);
    }
    const repeated = [...new Set(operations.filter((name, i) => operations.indexOf(name) !== i))];
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource");
      const scripts = resources.filter((e) => new URL(e.name).pathname.endsWith(".js"));
      const graphql = resources.filter((e) => new URL(e.name).pathname === "/graphql");
      return {
        lcp: window.__lcp?.at ?? NaN,
        element: window.__lcp?.element ?? "none",
        scripts: scripts.length,
        lastScriptEnd: Math.max(0, ...scripts.map((e) => e.responseEnd)),
        graphqlStart: graphql.length ? Math.min(...graphql.map((e) => e.startTime)) : NaN,
      };
    });
    return { ...timings, repeated };
  } finally {
    await context.close();
  }
}

/** Every page, RUNS cold opens each, on the server at `url`. */
async function measure(browser, url, pages) {
  // The server's code paths warmed up once, unthrottled: what is measured is the link, not the JIT.
  for (const p of pages) {
    await open(browser, url, p.path, p.session, false);
  }
  const results = new Map();
  for (let run = 0; run < RUNS; run++) {
    for (const p of pages) {
      const list = results.get(p.name) ?? [];
      list.push(await open(browser, url, p.path, p.session, true));
      results.set(p.name, list);
    }
  }
  return results;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-lcp-"));
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-lcp-build-"));
let browser;
let server;
try {
  if (!fs.existsSync(path.join(args.client, "index.html"))) {
    throw new Error(`no client build in ${args.client} (npm run build)`);
  }
  let baselineClient = args["baseline-client"];
  if (!baselineClient && !args["no-baseline"]) {
    console.log(`building the client of ${BEFORE.slice(0, 7)} (baseline)…`);
    baselineClient = buildClientAt(BEFORE, buildDir) ? buildDir : undefined;
    if (!baselineClient) {
      console.log(`(commit ${BEFORE.slice(0, 7)} not in this clone: no baseline)`);
    }
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const builds = [...(baselineClient ? [["before", baselineClient]] : []), ["now", args.client]];
  const measured = new Map();
  for (const [label, clientDir] of builds) {
    server = await startServer(dataDir, clientDir);
    const { url } = server;
    const student = await signIn(url, "ada@demo.readingroom.local");
    const teacher = await signIn(url, "teacher@demo.readingroom.local");
    const books = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      body: JSON.stringify({ query: "{ books(first: 1) { items { id } } }" }),
    }).then((r) => r.json());
    const bookId = books.data.books.items[0].id;
    const pages = [
      { name: "landing page /", path: "/" },
      { name: "sign-in /login", path: "/login" },
      { name: "Explore /books (student)", path: "/books", session: student },
      { name: "book page /books/{id} (student)", path: `/books/${bookId}`, session: student },
      { name: "dashboard /dashboard (student)", path: "/dashboard", session: student },
      { name: "teacher /teacher/dashboard", path: "/teacher/dashboard", session: teacher },
    ];
    measured.set(label, { pages, results: await measure(browser, url, pages) });
    await server.stop();
    server = undefined;
  }

  const ms = (x) => (Number.isFinite(x) ? x.toFixed(0) : "-");
  const now = measured.get("now");
  const before = measured.get("before");
  const rows = now.pages.map((p) => {
    const list = now.results.get(p.name);
    const lcp = median(list.map((r) => r.lcp));
    const last = list[list.length - 1];
    const beforeLcp = before ? median(before.results.get(p.name).map((r) => r.lcp)) : NaN;
    return [
      p.name,
      ms(beforeLcp),
      ms(lcp),
      ms(Math.max(...list.map((r) => r.lcp))),
      lcp < TARGET_MS ? "yes" : "NO",
      ms(median(list.map((r) => r.graphqlStart))),
      ms(median(list.map((r) => r.lastScriptEnd))),
      String(last.scripts),
      [...new Set(list.flatMap((r) => r.repeated))].join(", ") || "none",
      last.element,
    ];
  });
  printColumns(
    `Cold LCP, ms from navigation start, median of ${RUNS} (1.6 Mbit/s down, 750 kbit/s up, 150 ms, no cache); ` +
      `before = ${before ? `client of ${BEFORE.slice(0, 7)}` : "not measured"}; target ${TARGET_MS} ms`,
    [
      "page",
      "before",
      "LCP now",
      "worst",
      "< 2.5 s",
      "1st GraphQL",
      "last JS",
      "JS files",
      "sent twice",
      "LCP element",
    ],
    rows,
  );
  if (rows.some((r) => r[4] !== "yes")) {
    process.exitCode = 1;
  }
} finally {
  await browser?.close().catch(() => {});
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
}
