import { afterEach, describe, expect, inject, it } from "vitest";
import { hashPassword } from "../src/auth/passwords.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../src/db/seed.js";
import { schoolIdOf } from "../src/db/schools.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// The demo accounts' password is published in the README. A probe signed in as the demo admin on a
// production server: they must never exist in production unless SEED_DEMO=true asks for them, and
// those left in a database that is now served in production are made inactive at start.

// One signing secret for every app here, so that a token refused later is refused for its account.
const JWT_SECRET = "j".repeat(40);
const PRODUCTION = { NODE_ENV: "production", JWT_SECRET, SEED_DEMO: "" };
const DEMO_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === "admin")?.email as string;
const onPostgres = Boolean(inject("databaseUrl"));

describe("demo accounts", () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop()));
  });
  const start = async (...args: Parameters<typeof startTestApp>) => {
    const app = await startTestApp(...args);
    apps.push(app);
    return app;
  };
  const demoLogin = (app: TestApp) =>
    app.api("POST", "/api/auth/login", { body: { email: DEMO_ADMIN, password: DEMO_PASSWORD } });

  it("are not created in production when SEED_DEMO is unset", async () => {
    const app = await start(PRODUCTION);
    expect(app.seed.demoAccounts).toEqual([]);
    expect((await demoLogin(app)).status).toBe(401);
  });

  it.skipIf(onPostgres)("are created in production only when SEED_DEMO=true says so", async () => {
    const app = await start({ ...PRODUCTION, SEED_DEMO: "true" });
    expect(app.seed.demoAccounts.map((a) => a.email)).toContain(DEMO_ADMIN);
    expect((await demoLogin(app)).status).toBe(200);
  });

  it.runIf(onPostgres)("are never created on PostgreSQL, even with SEED_DEMO=true", async () => {
    const app = await start({ SEED_DEMO: "true" });
    expect(app.seed.demoAccounts).toEqual([]);
    expect((await demoLogin(app)).status).toBe(401);
  });

  it("left in a database now served in production are made inactive at start, sessions and all", async () => {
    let first: TestApp;
    if (onPostgres) {
      // A database that once had them (an old release created them on any database).
      first = await start({ JWT_SECRET });
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      for (const account of DEMO_ACCOUNTS) {
        await first.db.prisma.user.upsert({
          where: { email: account.email },
          update: { status: "active" },
          create: {
            email: account.email,
            displayName: account.displayName,
            role: account.role,
            schoolId: account.school ? schoolIdOf(account.school) : null,
            passwordHash,
          },
        });
      }
    } else {
      first = await startTestApp({ SEED_DEMO: "true", JWT_SECRET });
    }
    const signedIn = await demoLogin(first);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    if (!onPostgres) {
      // Stopped, not removed: the next app starts on the same embedded database.
      await first.close();
    }

    const production = await start(PRODUCTION, onPostgres ? {} : { dataDir: first.dataDir });
    expect([...production.seed.demoAccountsDisabled].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const refused = await demoLogin(production);
    expect(refused.status).toBe(403);
    expect((await production.api("GET", "/api/auth/user", { token })).status).toBe(401);

    // A second production start finds nothing left to do.
    if (onPostgres) {
      const again = await start(PRODUCTION);
      expect(again.seed.demoAccountsDisabled).toEqual([]);
    }
  });
});
