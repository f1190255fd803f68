// Shared parts of the benchmarks: start the built server, drive load from this process, summarise.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { print } from "graphql";
import pg from "pg";
import { Agent, request } from "undici";
import WebSocket from "ws";
import CHROMIUM_FLAGS from "../client/e2e/chromium-flags.json" with { type: "json" };

export const root = path.resolve(import.meta.dirname, "..");
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * The benches' HTTP client: fetch's shape (ok, status, headers.get, json, text, arrayBuffer) over
 * undici's `request` on one keep-alive pool. Node's global fetch caps a single client at about
 * 1-2k requests a second, under what the server answers: ratios against GET /healthz measured
 * with it understated the server's gap by about 2x. Read or discard every body: an unread one
 * holds its connection.
 */
const pool = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

export async function fetch(url, { method = "GET", headers, body } = {}) {
  const res = await request(url, { method, headers, body, dispatcher: pool });
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    headers: { get: (name) => [res.headers[name.toLowerCase()]].flat()[0] ?? null },
    json: () => res.body.json(),
    text: () => res.body.text(),
    arrayBuffer: () => res.body.arrayBuffer(),
  };
}

// The display names of bench accounts: registration checks a name with the safeguarding classifier,
// which refuses some numbers in one ("Pupil 18"), so the number is spelt in syllables ("Pupil Defi"
// for 12). Checked against the classifier for 0-999 with every prefix the benches use.
const SYLLABLES = ["ba", "de", "fi", "go", "ju", "su", "li", "mo", "ne", "wy"];

export function benchName(prefix, i) {
  const word = [...String(i)].map((digit) => SYLLABLES[Number(digit)]).join("");
  return `${prefix} ${word[0].toUpperCase()}${word.slice(1)}`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value at `p` percent of an ascending list (NaN when empty, so a table shows it, not a crash). */
export function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** Runs `sql` on the admin connection, or on `database` of the same server. */
export async function adminQuery(sql, params = [], database) {
  const client = new pg.Client({ connectionString: database ? databaseUrl(database) : ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** The connection URL of `name` on the admin connection's server. */
export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, empty database for one run; its name. */
export async function createDatabase() {
  const name = `rr_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return name;
}

export async function dropDatabase(name) {
  // FORCE: a server being stopped may still hold connections.
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** A TCP port free on loopback just now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The client's own operation (document + fragments), as the browser sends it. */
export function clientDocument(name) {
  const source = fs.readFileSync(path.join(root, "client/src/gql/graphql.ts"), "utf8");
  const match = new RegExp(`^export const ${name} = (\\{.*\\}) as unknown as`, "m").exec(source);
  if (!match) {
    throw new Error(`${name} not found in client/src/gql/graphql.ts (run npm run build)`);
  }
  return print(JSON.parse(match[1]));
}

/**
 * Starts the built server (dist/) in this process on a throwaway database: "pglite" or "postgres".
 * `reuse` (postgres): a second instance on another's database and token secret (from its
 * `databaseUrl` and `jwtSecret`), left in place when this one stops.
 */
// The benches sign up, and sign in, many accounts from one address: the limits are not what is measured.
const BENCH_LIMITS = {
  REGISTRATIONS_PER_MINUTE_PER_ADDRESS: "100000",
  REGISTRATIONS_PER_MINUTE: "100000",
  LOGIN_ATTEMPTS_PER_MINUTE: "100000",
  LOGIN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: "100000",
  LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS: "100000",
};

export async function startServer(kind, env = {}, reuse = undefined) {
  const { loadConfig } = await import(path.join(root, "dist/server/config/config.js"));
  const { startApp } = await import(path.join(root, "dist/server/app.js"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
  let dbName;
  let url;
  let jwtSecret;
  const base = { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATA_DIR: dataDir };
  if (kind === "postgres") {
    if (reuse) {
      ({ databaseUrl: url, jwtSecret } = reuse);
    } else {
      dbName = await createDatabase();
      [url, jwtSecret] = [databaseUrl(dbName), randomBytes(32).toString("hex")];
    }
    Object.assign(base, { DATABASE_URL: url, JWT_SECRET: jwtSecret });
  }
  const app = await startApp(loadConfig({ ...base, SEED_DEMO: "false", ...BENCH_LIMITS, ...env }));
  return {
    app,
    databaseUrl: url,
    jwtSecret,
    async stop() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        await dropDatabase(dbName);
      }
    },
  };
}

/**
 * Spawns the built server (node dist/server/main.js, or `serverDir`'s main.js) in production mode on
 * `port`, with `env` over the defaults; `env.DATA_DIR` is its working folder too, so no stray .env is read.
 */
export function spawnServer(port, env, { nodeArgs = [], stdio, serverDir = path.join(root, "dist", "server") }) {
  return spawn(process.execPath, [...nodeArgs, path.join(serverDir, "main.js")], {
    cwd: env.DATA_DIR,
    stdio,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...BENCH_LIMITS,
      ...env,
    },
  });
}

/**
 * Starts the built server (dist/server/main.js) in its own process on PostgreSQL, as `npm start` runs
 * it, so its memory and start-up are its own; resolves once /healthz answers. Options:
 * - `database`, `dataDir`: shared with other starts and left for the caller to remove; by default a
 *   fresh database and data folder, removed by stop().
 * - `jwtSecret`: for tokens signed outside the server, or valid across starts; random by default.
 * - `inspect`: opens the inspector on loopback (`inspectPort`), to read the heap between timed phases.
 */
export async function startServerProcess(env = {}, { database, dataDir, jwtSecret, inspect = false } = {}) {
  const dbName = database ?? (await createDatabase());
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
  const port = await freePort();
  const inspectPort = inspect ? await freePort() : undefined;
  const t0 = performance.now();
  const child = spawnServer(
    port,
    {
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl(dbName),
      JWT_SECRET: jwtSecret ?? randomBytes(32).toString("hex"),
      ...env,
    },
    { nodeArgs: inspect ? [`--inspect=127.0.0.1:${inspectPort}`] : [], stdio: ["ignore", "inherit", "pipe"] },
  );
  // The server's warnings and errors pass through, marked; the inspector's own notices do not.
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
    if (!dataDir) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (!database) {
      await dropDatabase(dbName);
    }
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`server exited during start-up (${child.exitCode ?? child.signalCode})`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      )
    ) {
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start within 90 s");
    }
    await sleep(50);
  }
  return {
    pid: child.pid,
    url,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    dbName,
    inspectPort,
    startSeconds: (performance.now() - t0) / 1000,
    stop,
  };
}

/** Resident memory (MB) of a process, from /proc (the process as the OS sees it): now and its peak so far. */
export function serverRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** A connection to a server's inspector (loopback only), to read its JavaScript heap. */
export async function connectInspector(inspectPort) {
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

/**
 * A server's JavaScript heap in use after a full garbage collection, in MB: what it actually holds
 * on to (RSS also counts garbage not yet collected and pages V8 keeps).
 */
export async function heapAfterGc(inspectPort) {
  const inspector = await connectInspector(inspectPort);
  try {
    return await inspector.heap(true);
  } finally {
    inspector.close();
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
  return { ...latencyStats(latencies, (performance.now() - t0) / 1000), failures };
}

/** Count, rate over `seconds` and p50/p99 of latencies in ms (sorts `latencies` in place). */
export function latencyStats(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Calls task(i) for i from 0 to count - 1, `concurrency` at a time. */
export async function runPool(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        await task(next++);
      }
    }),
  );
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

/** Prints `rows` (arrays of strings) under `header`: the first column left-aligned, the rest right. */
export function printColumns(title, header, rows) {
  console.log(`\n${title}`);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(fmt(header));
  rows.forEach((r) => console.log(fmt(r)));
}

/** One GraphQL request to the server at `url`, as `token`'s user (or anonymous); throws on an HTTP or GraphQL error. */
export async function graphqlRequest(url, query, variables = {}, token = undefined) {
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

// Debian's Chromium for the browser benches, launched as client/e2e/browser.ts launches it (the same
// flags): off the network, and able to run as root.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export { CHROMIUM_FLAGS };
export const VIEWPORT = { width: 1280, height: 800 };
// Where the client keeps its session (client/src/lib/session.ts): a bench signs in by writing them.
export const TOKEN_KEY = "readingRoom.authToken";
export const USER_KEY = "readingRoom.user";
