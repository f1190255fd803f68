#!/usr/bin/env node
// `npm run migrate:dev -- <name>`: writes a new migration from the difference between the migrated
// database (DATABASE_URL, a development PostgreSQL) and prisma/schema.prisma, then applies it.
// This is `prisma migrate deploy` + `prisma migrate diff --script`, which work over the wasm schema
// engine; with Prisma's native engine installed, `prisma migrate dev` does the same.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { env, root, run } from "./lib.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name || !process.env.DATABASE_URL) {
  console.error("usage: DATABASE_URL=postgresql://... npm run migrate:dev -- <name>");
  process.exit(1);
}
run("node", ["prisma/tools/prisma.mjs", "migrate", "deploy"]);
const diff = spawnSync(
  "node",
  [
    "prisma/tools/prisma.mjs",
    "migrate",
    "diff",
    "--from-config-datasource",
    "--to-schema",
    "prisma/schema.prisma",
    "--script",
  ],
  { cwd: root, env: env(), encoding: "utf8" },
);
if (diff.status !== 0) {
  console.error(diff.stderr);
  process.exit(diff.status ?? 1);
}
const sql = diff.stdout.replace(/^Loaded Prisma config.*\n+/m, "").trim();
if (!sql || sql === "-- This is an empty migration.") {
  console.log("The database already matches schema.prisma: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(root, "prisma", "migrations", `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), `${sql}\n`);
console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
run("node", ["prisma/tools/prisma.mjs", "migrate", "deploy"]);
