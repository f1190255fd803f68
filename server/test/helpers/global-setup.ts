import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/database.js";
import { migrate } from "../../src/db/migrate.js";
import { seedCatalogue } from "../../src/db/seed-catalogue.js";

// Once per run and per project: a migrated database for the integration tests.
// - postgres: a throwaway database on the local server, dropped after the run.
// - pglite: a migrated template folder; each test app copies it (copying is much faster than migrating).

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DATABASE;
  if (kind === "postgres") {
    const name = `rr_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
    await migrate(db.sql);
    // Seeded once here; each test app then finds the catalogue unchanged.
    await seedCatalogue(db.prisma);
    await db.close();
    project.provide("databaseUrl", url.toString());
    project.provide("pgliteTemplate", "");
    return async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "rr-pglite-template-"));
  const dataDir = path.join(root, "pglite");
  const db = await openDatabase({ kind: "pglite", dataDir });
  await migrate(db.sql);
  await seedCatalogue(db.prisma);
  await db.close();
  project.provide("databaseUrl", "");
  project.provide("pgliteTemplate", dataDir);
  return async () => {
    fs.rmSync(root, { recursive: true, force: true });
  };
}
