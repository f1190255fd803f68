#!/usr/bin/env node
// Start-up time (issue 9): from spawning the built server (node dist/server/main.js, as `npm start`
// runs it in production) to its first good GET /healthz, on the embedded database (PGlite) and on
// PostgreSQL, each fresh (an empty data folder or database: migrations, the 24 seed books with their
// covers) and warm (the same again: nothing to migrate or seed). Also the stop: SIGTERM to exit.
// Baseline: spawning `node -e ""` to its exit, in the same run (ratio = start / baseline).
// Usage: npm run bench -- startup   (or node bench/startup.mjs).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN_URL, root } from "./lib.mjs";

const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
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

/** Milliseconds from spawn to exit of `node -e ""`: the floor of starting any Node process. */
function bareNode() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - t0));
  });
}

/** Spawns the server, times it to the first good /healthz, then stops it with SIGTERM (timed too). */
async function startOnce(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/healthz`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, "dist", "server", "main.js")], {
    cwd: env.DATA_DIR, // no stray .env is read
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once("exit", () => resolve(performance.now())));
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      break;
    }
    if (performance.now() - t0 > 120_000) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 120 s");
    }
    await sleep(10);
  }
  const startMs = performance.now() - t0;
  const t1 = performance.now();
  child.kill("SIGTERM");
  const stopped = await Promise.race([exited, sleep(30_000).then(() => null)]);
  if (stopped === null) {
    child.kill("SIGKILL");
    await exited;
  }
  return { startMs, stopMs: stopped === null ? NaN : stopped - t1 };
}

const baselineRuns = [];
for (let i = 0; i < 5; i++) {
  baselineRuns.push(await bareNode());
}
const baseline = median(baselineRuns);

const rows = [];
async function measure(kind, env) {
  const fresh = await startOnce(env);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    warm.push(await startOnce(env));
  }
  rows.push([`${kind}, fresh (migrate + seed the catalogue)`, fresh.startMs, fresh.stopMs, 1]);
  rows.push([
    `${kind}, warm (median of ${WARM_RUNS})`,
    median(warm.map((r) => r.startMs)),
    median(warm.map((r) => r.stopMs)),
    WARM_RUNS,
  ]);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
const dbName = `rr_bench_${randomBytes(4).toString("hex")}`;
try {
  await measure("PGlite", { DATA_DIR: dataDir });
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  await measure("PostgreSQL", {
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: randomBytes(32).toString("hex"),
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
}

console.log(
  `\nStart-up: spawn of node dist/server/main.js (NODE_ENV=production) to the first good /healthz; ` +
    `stop: SIGTERM to exit`,
);
const table = [
  ['node -e "" spawn to exit (baseline, median of 5)', baseline, NaN],
  ...rows.map(([name, start, stop]) => [name, start, stop]),
].map(([name, start, stop], i) => [
  name,
  start.toFixed(0),
  i === 0 ? "baseline" : `${(start / baseline).toFixed(1)}x`,
  Number.isNaN(stop) ? "" : stop.toFixed(0),
]);
const header = ["case", "start ms", "vs baseline", "stop ms"];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const fmt = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
console.log(fmt(header));
table.forEach((r) => console.log(fmt(r)));
