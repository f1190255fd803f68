#!/usr/bin/env node
// Accounts benchmark, on the embedded database and on PostgreSQL:
// - signed-in requests (GraphQL `{ __typename }` and GET /api/auth/user: token check + account) and
//   an anonymous `{ __typename }`, against GET /healthz (the same server's floor) as the baseline;
//   signed in, with the session cache (SESSION_CACHE_MS, 1 s by default) and without it (0), each
//   server measured against its own /healthz;
// - login (POST /api/auth/login) against argon2id verification alone, its unavoidable cost.
// Usage: npm run bench -- auth   (or node bench/auth.mjs). Figures depend on the machine: compare
// the ratios, which are measured in the same run.
import path from "node:path";
import { expectOk, fetch, load, printTable, root, startServer } from "./lib.mjs";

const { hashPassword, verifyPassword } = await import(path.join(root, "dist/server/auth/passwords.js"));
// Each case runs for a fixed time, the baseline too: /healthz answers thousands a second, and a count
// of requests would be over before its rate settles.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const CONCURRENCY = 50;
const PASSWORD = "bench-password-42";

// argon2id alone, the floor of any login (2 cores: at most 2 hashes at once are useful).
const hash = await hashPassword(PASSWORD);
const argon = await load(() => verifyPassword(hash, PASSWORD), { total: LOGINS, concurrency: 4 });

/** The rows of one server: its /healthz, then each case as a ratio of it. */
async function measure(url, cases) {
  const run = (fn) => load(fn, { total: Infinity, concurrency: CONCURRENCY, seconds: SECONDS });
  await load(() => fetch(`${url}/healthz`).then(expectOk), { total: 500, concurrency: 10 });
  const health = await run(() => fetch(`${url}/healthz`).then(expectOk));
  const rows = [{ name: "GET /healthz", ...health }];
  for (const [name, fn] of cases) {
    await load(fn, { total: 300, concurrency: 10 });
    const result = await run(fn);
    rows.push({ name, ...result, ratio: result.rps / health.rps });
  }
  return rows;
}

for (const kind of ["pglite", "postgres"]) {
  const rows = [];
  for (const cache of ["1000", "0"]) {
    const server = await startServer(kind, { SESSION_CACHE_MS: cache });
    const { url } = server.app;
    const held = cache === "0" ? "no session cache" : "session cache";
    try {
      // Not "bench@...": a password may not contain its email's name.
      const email = "timing@readingroom.local";
      const registered = await fetch(`${url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD, displayName: "Timing", school: "Pimlico Academy" }),
      });
      const { token, error } = await registered.json();
      if (!token) {
        throw new Error(`registration refused: ${error}`);
      }
      const graphql = (headers = {}) =>
        fetch(`${url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: '{"query":"{ __typename }"}',
        }).then(expectOk);
      const auth = { authorization: `Bearer ${token}` };
      const measured = await measure(url, [
        ...(cache === "0" ? [] : [["{ __typename }, anonymous", () => graphql()]]),
        [`{ __typename }, signed in, ${held}`, () => graphql(auth)],
        [`GET /api/auth/user, ${held}`, () => fetch(`${url}/api/auth/user`, { headers: auth }).then(expectOk)],
      ]);
      rows.push(...measured.map((r) => (r.ratio === undefined ? { ...r, name: `${r.name} (${held})` } : r)));
      if (cache !== "0") {
        const body = JSON.stringify({ email, password: PASSWORD });
        const login = await load(
          () =>
            fetch(`${url}/api/auth/login`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body,
            }).then(expectOk),
          { total: LOGINS, concurrency: 4 },
        );
        rows.push({ name: "argon2id verify alone", ...argon });
        rows.push({ name: "POST /api/auth/login", ...login, ratio: login.rps / argon.rps });
      }
    } finally {
      await server.stop();
    }
  }
  printTable(`accounts on ${kind} (${SECONDS} s per case, ${CONCURRENCY} in flight)`, rows);
}
