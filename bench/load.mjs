#!/usr/bin/env node
// Load at 50 concurrent users (issue 9), on PostgreSQL, and the server's memory at rest and under it.
// The built server runs as its own process, as `npm start` runs it in production; 50 students each
// have their own token, and 50 closed-loop workers (one per student, the next request as soon as the
// last answered) drive, for BENCH_SECONDS each, the client's own operations, read from the generated
// client documents: the Login mutation, the Explore screen's first page (Books, first: 24) and the
// student dashboard (Dashboard). Baseline: GET /healthz at the same concurrency, in the same run
// (ratio = req/s of the operation / req/s of /healthz).
// Memory: VmRSS of the server process from /proc at rest and its peak while each case runs, and its
// JavaScript heap (through the inspector); baseline: the RSS of a bare `node` process.
// Usage: npm run bench -- load   (or node bench/load.mjs).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { print } from "graphql";
import pg from "pg";
import WebSocket from "ws";
import { ADMIN_URL, printTable, root } from "./lib.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BOOKS_READ = 5;
const PASSWORD = "bench-password-42";
const SCHOOL = "Pimlico Academy";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The client's own operation (document + fragments), as the browser sends it. */
function clientDocument(name) {
  const source = fs.readFileSync(path.join(root, "client/src/gql/graphql.ts"), "utf8");
  const match = new RegExp(`^export const ${name} = (\\{.*\\}) as unknown as`, "m").exec(source);
  if (!match) {
    throw new Error(`${name} not found in client/src/gql/graphql.ts (run npm run build)`);
  }
  return print(JSON.parse(match[1]));
}
const LOGIN = clientDocument("LoginDocument");
const EXPLORE = clientDocument("BooksDocument");
const DASHBOARD = clientDocument("DashboardDocument");

async function adminQuery(sql, params = [], database) {
  const url = new URL(ADMIN_URL);
  if (database) {
    url.pathname = `/${database}`;
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory (MB) of a process, from /proc: now and its peak so far. */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** The RSS of a bare Node process (same binary), the floor of any Node server. */
async function bareNodeRss() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await sleep(1000);
  const { rss } = rssOf(child.pid);
  child.kill();
  return rss;
}

/** A connection to the server's inspector (loopback only), to read its JavaScript heap. */
async function inspector(inspectPort) {
  const [target] = await fetch(`http://127.0.0.1:${inspectPort}/json/list`).then((r) => r.json());
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const call = (method) =>
    new Promise((resolve, reject) => {
      const mine = ++id;
      const onMessage = (raw) => {
        const reply = JSON.parse(String(raw));
        if (reply.id === mine) {
          socket.off("message", onMessage);
          return reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result);
        }
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  return {
    /** Heap in use (MB); after a full collection when `collect`, else as it is (garbage included). */
    async heap(collect) {
      if (collect) {
        await call("HeapProfiler.collectGarbage");
      }
      return (await call("Runtime.getHeapUsage")).usedSize / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}

/** The built server in its own process on a fresh PostgreSQL database, as `npm start` runs it. */
async function startServerProcess(env) {
  const dbName = `rr_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
  const port = await freePort();
  const inspectPort = await freePort();
  const child = spawn(
    process.execPath,
    [`--inspect=127.0.0.1:${inspectPort}`, path.join(root, "dist", "server", "main.js")],
    {
      cwd: dataDir, // no stray .env is read
      stdio: ["ignore", "inherit", "pipe"],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        JWT_SECRET: randomBytes(32).toString("hex"),
        SEED_DEMO: "false",
        ...env,
      },
    },
  );
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    const lines = chunk
      .split("\n")
      .filter((l) => l && !/^(Debugger (listening|attached|ending)|For help, see)/.test(l));
    if (lines.length) {
      process.stderr.write(`[server] ${lines.join("\n[server] ")}\n`);
    }
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if ((await Promise.race([exited, sleep(15_000).then(() => "timeout")])) === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start within 90 s");
    }
    await sleep(100);
  }
  return { pid: child.pid, url, dbName, inspectPort, stop };
}

/**
 * Closed loop: `workers` workers, worker i calling fn(i) again as soon as it answers, for `seconds`.
 * Returns req/s, latency percentiles (ms) and failures; samples the server's RSS meanwhile.
 */
async function closedLoop(fn, { workers, seconds, pid }) {
  const latencies = [];
  let failures = 0;
  let firstError;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(pid).rss);
  }, 200);
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await fn(i);
          latencies.push(performance.now() - t);
        } catch (error) {
          failures += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssOf(pid).rss);
  if (firstError) {
    console.log(`  first failure: ${String(firstError.message ?? firstError).slice(0, 300)}`);
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    failures,
    peakRss,
  };
}

const bareRss = await bareNodeRss();
const server = await startServerProcess({
  // 50 students sign in from one address, over and over: the limits are not what is measured.
  LOGIN_ATTEMPTS_PER_MINUTE: "100000",
  LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS: "100000",
});
const { url, pid } = server;
const probe = await inspector(server.inspectPort);
try {
  await sleep(2000);
  const rest = { ...rssOf(pid), heap: await probe.heap(true) };

  async function graphql(query, variables, token) {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (!res.ok || body.errors) {
      throw new Error(`HTTP ${res.status}: ${JSON.stringify(body.errors)}`);
    }
    return body.data;
  }

  // 50 students of one school (registered 4 at a time: argon2), each having read 5 of the books.
  const students = new Array(USERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < USERS) {
        const i = next++;
        const email = `load${i}@bench.readingroom.local`;
        const res = await fetch(`${url}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD, displayName: `Load ${i}`, school: SCHOOL }),
        });
        if (res.status !== 201) {
          throw new Error(`register: HTTP ${res.status} ${await res.text()}`);
        }
        students[i] = { email, token: (await res.json()).token };
      }
    }),
  );
  const { books } = await graphql(EXPLORE, { first: 24 }, students[0].token);
  for (const [i, student] of students.entries()) {
    for (let k = 0; k < BOOKS_READ; k++) {
      const book = books.items[(i + k) % books.items.length];
      await graphql(`mutation { setBookRead(bookId: "${book.id}", read: true) { id } }`, {}, student.token);
    }
  }
  const afterSetup = { ...rssOf(pid), heap: await probe.heap(true) };

  const health = async () => {
    const res = await fetch(`${url}/healthz`);
    if (!res.ok) {
      throw new Error(`HTTP ${res.status}`);
    }
    await res.arrayBuffer();
  };
  const login = async (i) => {
    const { login: session } = await graphql(LOGIN, { input: { email: students[i].email, password: PASSWORD } });
    if (!session.token) {
      throw new Error("no token");
    }
  };
  const explore = (i) => graphql(EXPLORE, { first: 24 }, students[i].token);
  const dashboard = (i) => graphql(DASHBOARD, {}, students[i].token);

  const options = { workers: USERS, seconds: SECONDS, pid };
  // Warm-up: the connections, the JIT, the database's caches.
  await closedLoop(explore, { ...options, seconds: 3 });
  await closedLoop(dashboard, { ...options, seconds: 3 });

  const baseline = await closedLoop(health, options);
  const cases = [
    ["Login mutation (argon2id)", login],
    ["Explore: Books(first: 24)", explore],
    ["Dashboard", dashboard],
  ];
  const rows = [{ name: `GET /healthz (baseline, ${baseline.requests} req)`, ...baseline }];
  const heapUnderLoad = [];
  for (const [name, fn] of cases) {
    // The heap as it is halfway through the case (garbage included: no collection under load).
    const sample = sleep((SECONDS * 1000) / 2).then(() => probe.heap(false));
    const result = await closedLoop(fn, options);
    heapUnderLoad.push([name, await sample]);
    rows.push({ name: `${name} (${result.requests} req)`, ...result, ratio: result.rps / baseline.rps });
  }
  const after = { ...rssOf(pid), heap: await probe.heap(true) };

  printTable(
    `Load on PostgreSQL: ${USERS} students, ${USERS} closed-loop workers, ${SECONDS} s per case ` +
      `(ratio = req/s / req/s of /healthz)`,
    rows,
  );
  const memRows = [
    ["bare node process (baseline)", bareRss, undefined],
    ["server at rest, after start", rest.rss, rest.heap, "after GC"],
    [`after setup (${USERS} accounts, reads)`, afterSetup.rss, afterSetup.heap, "after GC"],
    [`under load: /healthz, peak`, baseline.peakRss, undefined],
    ...heapUnderLoad.map(([name, heap], i) => [`under load: ${name}, peak`, rows[i + 1].peakRss, heap, "mid-run"]),
    ["after the load", after.rss, after.heap, "after GC"],
    ["peak over the run (VmHWM)", after.peak, undefined],
  ].map(([name, rss, heap, when]) => [
    name,
    rss.toFixed(1),
    `${(rss / bareRss).toFixed(1)}x`,
    heap === undefined ? "" : `${heap.toFixed(1)} (${when})`,
  ]);
  const header = ["server process memory", "RSS MB", "vs bare node", "JS heap in use MB"];
  const widths = header.map((h, i) => Math.max(h.length, ...memRows.map((r) => r[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(`\nServer memory (pid ${pid}): VmRSS from /proc; heap through the inspector`);
  console.log(fmt(header));
  memRows.forEach((r) => console.log(fmt(r)));
} finally {
  probe.close();
  await server.stop();
}
