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
import {
  clientDocument,
  benchName,
  connectInspector,
  fetch,
  graphqlRequest,
  latencyStats,
  printColumns,
  printTable,
  runPool,
  serverRss,
  sleep,
  startServerProcess,
} from "./lib.mjs";

const USERS = Number(process.env.BENCH_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BOOKS_READ = 5;
const PASSWORD = "bench-password-42";
const SCHOOL = "Pimlico Academy";

const LOGIN = clientDocument("LoginDocument");
const EXPLORE = clientDocument("BooksDocument");
const DASHBOARD = clientDocument("DashboardDocument");

/** The RSS of a bare Node process (same binary), the floor of any Node server. */
async function bareNodeRss() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await sleep(1000);
  const { rss } = serverRss(child.pid);
  child.kill();
  return rss;
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
    peakRss = Math.max(peakRss, serverRss(pid).rss);
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
  peakRss = Math.max(peakRss, serverRss(pid).rss);
  if (firstError) {
    console.log(`  first failure: ${String(firstError.message ?? firstError).slice(0, 300)}`);
  }
  return { ...latencyStats(latencies, elapsed), failures, peakRss };
}

const bareRss = await bareNodeRss();
const server = await startServerProcess({}, { inspect: true });
const { url, pid } = server;
const probe = await connectInspector(server.inspectPort);
try {
  await sleep(2000);
  const rest = { ...serverRss(pid), heap: await probe.heap(true) };

  const graphql = (query, variables, token) => graphqlRequest(url, query, variables, token);

  // 50 students of one school (registered 4 at a time: argon2), each having read 5 of the books.
  const students = new Array(USERS);
  await runPool(USERS, 4, async (i) => {
    const email = `load${i}@bench.readingroom.local`;
    const res = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, displayName: benchName("Load", i), school: SCHOOL }),
    });
    if (res.status !== 201) {
      throw new Error(`register: HTTP ${res.status} ${await res.text()}`);
    }
    students[i] = { email, token: (await res.json()).token };
  });
  const { books } = await graphql(EXPLORE, { first: 24 }, students[0].token);
  for (const [i, student] of students.entries()) {
    for (let k = 0; k < BOOKS_READ; k++) {
      const book = books.items[(i + k) % books.items.length];
      await graphql(`mutation { setBookRead(bookId: "${book.id}", read: true) { id } }`, {}, student.token);
    }
  }
  const afterSetup = { ...serverRss(pid), heap: await probe.heap(true) };

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
  const after = { ...serverRss(pid), heap: await probe.heap(true) };

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
  printColumns(
    `Server memory (pid ${pid}): VmRSS from /proc; heap through the inspector`,
    ["server process memory", "RSS MB", "vs bare node", "JS heap in use MB"],
    memRows,
  );
} finally {
  probe.close();
  await server.stop();
}
