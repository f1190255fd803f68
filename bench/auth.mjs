#!/usr/bin/env node
// Accounts benchmark, on the embedded database and on PostgreSQL:
// - an authenticated request (GET /api/auth/user: token check + user load) against GET /healthz
//   (the same server's floor) as the baseline;
// - login (POST /api/auth/login) against argon2id verification alone, its unavoidable cost.
// Usage: npm run bench -- auth   (or node bench/auth.mjs). Figures depend on the machine: compare
// the ratios, which are measured in the same run.
import path from "node:path";
import { expectOk, load, printTable, root, startServer } from "./lib.mjs";

const { hashPassword, verifyPassword } = await import(path.join(root, "dist/server/auth/passwords.js"));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 200);
const CONCURRENCY = 20;

// argon2id alone, the floor of any login (2 cores: at most 2 hashes at once are useful).
const hash = await hashPassword("bench-password-42");
const argon = await load(() => verifyPassword(hash, "bench-password-42"), { total: LOGINS, concurrency: 4 });

for (const kind of ["pglite", "postgres"]) {
  const server = await startServer(kind);
  const { url } = server.app;
  try {
    const email = "bench@readingroom.local";
    const registered = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "bench-password-42", displayName: "Bench", school: "Pimlico Academy" }),
    });
    const { token } = await registered.json();
    const auth = { authorization: `Bearer ${token}` };
    // warm-up
    await load(() => fetch(`${url}/api/auth/user`, { headers: auth }).then(expectOk), { total: 200, concurrency: 10 });

    const health = await load(() => fetch(`${url}/healthz`).then(expectOk), {
      total: REQUESTS,
      concurrency: CONCURRENCY,
    });
    const me = await load(() => fetch(`${url}/api/auth/user`, { headers: auth }).then(expectOk), {
      total: REQUESTS,
      concurrency: CONCURRENCY,
    });
    const body = JSON.stringify({ email, password: "bench-password-42" });
    const login = await load(
      () =>
        fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(
          expectOk,
        ),
      { total: LOGINS, concurrency: 4 },
    );
    printTable(`accounts on ${kind} (${REQUESTS} requests, ${CONCURRENCY} in flight)`, [
      { name: "GET /healthz", ...health },
      { name: "GET /api/auth/user", ...me, ratio: me.rps / health.rps },
      { name: "argon2id verify alone", ...argon },
      { name: "POST /api/auth/login", ...login, ratio: login.rps / argon.rps },
    ]);
  } finally {
    await server.stop();
  }
}
