import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../config/paths.js";
import type { SqlConnection, SqlRunner } from "./database.js";

// Applies prisma/migrations in order and records each in Prisma Migrate's own `_prisma_migrations`
// table with Prisma's checksum (SHA-256 of migration.sql), so `prisma migrate deploy|status` on a
// machine with the native engine sees exactly the same history. Running again applies nothing.

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "migrations");

export type Migration = { name: string; sql: string; checksum: string };

export type MigrationResult = { applied: string[]; alreadyApplied: number };

export class MigrationError extends Error {
  override name = "MigrationError";
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) {
    throw new MigrationError(`No migrations folder at ${dir}`);
  }
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

type AppliedRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
};

/** Applies every migration not yet recorded, each in its own transaction. */
export async function migrate(runner: SqlRunner, migrations = readMigrations()): Promise<MigrationResult> {
  return runner.withMigrationLock((sql) => applyPending(sql, migrations));
}

async function applyPending(sql: SqlConnection, migrations: Migration[]): Promise<MigrationResult> {
  await sql.exec(CREATE_TABLE);
  const rows = await sql.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((row) => [row.migration_name, row]));
  const failed = rows.find((row) => row.finished_at === null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} failed earlier and needs attention (prisma migrate resolve) before the server can start`,
    );
  }
  const known = new Set(migrations.map((m) => m.name));
  const unknown = rows.filter((row) => !known.has(row.migration_name));
  if (unknown.length) {
    throw new MigrationError(
      `The database has migrations this code does not know: ${unknown.map((r) => r.migration_name).join(", ")}. Is the server older than the database?`,
    );
  }
  const applied: string[] = [];
  for (const migration of migrations) {
    const previous = done.get(migration.name);
    if (previous) {
      if (previous.checksum !== migration.checksum) {
        throw new MigrationError(`Migration ${migration.name} was changed after it was applied`);
      }
      continue;
    }
    const id = randomUUID();
    // One transaction per migration: a failure leaves neither half a schema nor a record.
    await sql.exec("BEGIN");
    try {
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
        [id, migration.checksum, migration.name],
      );
      await sql.exec(migration.sql);
      await sql.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
        id,
      ]);
      await sql.exec("COMMIT");
    } catch (error) {
      await sql.exec("ROLLBACK").catch(() => {});
      throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
    applied.push(migration.name);
  }
  return { applied, alreadyApplied: migrations.length - applied.length };
}
