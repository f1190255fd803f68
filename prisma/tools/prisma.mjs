#!/usr/bin/env node
// Runs the real Prisma CLI. When no native schema engine is available (no download possible on this
// machine), the CLI is pointed at schema-engine.mjs, a stand-in over @prisma/schema-engine-wasm.
// Usage: node prisma/tools/prisma.mjs <prisma args...>
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const here = import.meta.dirname;
const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = path.join(here, "schema-engine.mjs");
}
// The CLI's own engine download is pointless offline and slow to fail.
env.PRISMA_HIDE_UPDATE_MESSAGE ??= "1";
env.CHECKPOINT_DISABLE ??= "1";
const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(result.status ?? 1);
