// Shared parts of the benchmarks: start the built server, drive load from this process, summarise.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "..");
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Starts the built server (dist/) on a throwaway database: "pglite" or "postgres". */
export async function startServer(kind, env = {}) {
  const { loadConfig } = await import(path.join(root, "dist/server/config/config.js"));
  const { startApp } = await import(path.join(root, "dist/server/app.js"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
  let dbName;
  const base = { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir };
  if (kind === "postgres") {
    dbName = `rr_bench_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${dbName}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    Object.assign(base, { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString("hex") });
  }
  const app = await startApp(loadConfig({ ...base, SEED_DEMO: "false", ...env }));
  return {
    app,
    async stop() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      }
    },
  };
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs `total` calls of `fn` with `concurrency` in flight, stopping early after `seconds`; returns
 * req/s over the calls actually made and latency percentiles.
 */
export async function load(fn, { total, concurrency, seconds = Infinity }) {
  const latencies = [];
  let started = 0;
  let failures = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const worker = async () => {
    while (started < total && performance.now() < deadline) {
      started += 1;
      const t = performance.now();
      try {
        await fn();
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), failures };
}

export async function expectOk(res) {
  if (!res.ok) {
    throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  }
  await res.arrayBuffer();
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  const header = ["case", "req/s", "p50 ms", "p99 ms", "vs baseline", "failures"];
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.ratio === undefined ? "baseline" : `${r.ratio.toFixed(2)}x`,
    String(r.failures),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(fmt(header));
  lines.forEach((l) => console.log(fmt(l)));
}
