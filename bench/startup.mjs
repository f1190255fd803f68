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
import os from "node:os";
import path from "node:path";
import { createDatabase, databaseUrl, dropDatabase, freePort, printColumns, sleep, spawnServer } from "./lib.mjs";

const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

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
  const child = spawnServer(port, env, { stdio: ["ignore", "ignore", "inherit"] });
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
let dbName;
try {
  await measure("PGlite", { DATA_DIR: dataDir });
  dbName = await createDatabase();
  await measure("PostgreSQL", {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl(dbName),
    JWT_SECRET: randomBytes(32).toString("hex"),
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dbName) {
    await dropDatabase(dbName);
  }
}

const table = [
  ['node -e "" spawn to exit (baseline, median of 5)', baseline, NaN],
  ...rows.map(([name, start, stop]) => [name, start, stop]),
].map(([name, start, stop], i) => [
  name,
  start.toFixed(0),
  i === 0 ? "baseline" : `${(start / baseline).toFixed(1)}x`,
  Number.isNaN(stop) ? "" : stop.toFixed(0),
]);
printColumns(
  `Start-up: spawn of node dist/server/main.js (NODE_ENV=production) to the first good /healthz; ` +
    `stop: SIGTERM to exit`,
  ["case", "start ms", "vs baseline", "stop ms"],
  table,
);
