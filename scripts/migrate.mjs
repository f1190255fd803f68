#!/usr/bin/env node
// `npm run migrate`: applies pending migrations to the configured database (DATABASE_URL, or the
// embedded one under DATA_DIR; stop the server first, PGlite serves one process) with the same
// migrator the server runs at start.
import path from "node:path";
import { root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
const { loadConfig } = await import(path.join(root, "dist/server/config/config.js"));
const { openDatabase } = await import(path.join(root, "dist/server/db/database.js"));
const { migrate } = await import(path.join(root, "dist/server/db/migrate.js"));
const config = loadConfig();
const db = await openDatabase(config.database);
try {
  const result = await migrate(db.sql);
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
      : `Nothing to apply: all ${result.alreadyApplied} migration(s) are applied.`,
  );
} finally {
  await db.close();
}
