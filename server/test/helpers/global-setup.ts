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

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database of its own (named `${prefix}_<pid>_<random>`), and how to drop it. */
export async function createThrowawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DATABASE;
  if (kind === "postgres") {
    const database = await createThrowawayDatabase("rr_test");
    const db = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    await migrate(db.sql);
    // Seeded once here; each test app then finds the catalogue unchanged.
    await seedCatalogue(db.prisma);
    await db.close();
    project.provide("databaseUrl", database.url);
    project.provide("pgliteTemplate", "");
    return database.drop;
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
