#!/usr/bin/env node
// Builds what is not built yet: the Prisma client, the server (tsc) and, once it exists, the client.
// `node scripts/build.mjs --if-stale` skips parts whose output is newer than their sources.
import fs from "node:fs";
import path from "node:path";
import { mtime, newestMtime, root, run } from "./lib.mjs";

const ifStale = process.argv.includes("--if-stale");
const stale = (output, sources) => !ifStale || mtime(output) < newestMtime(sources);

if (stale("server/src/generated/prisma/client.ts", ["prisma/schema.prisma"])) {
  run("node", ["prisma/tools/prisma.mjs", "generate"]);
}
if (
  stale("dist/server/main.js", ["server/src", "prisma/schema.prisma", "tsconfig.json", "server/tsconfig.build.json"])
) {
  fs.rmSync(path.join(root, "dist", "server"), { recursive: true, force: true });
  run("tsc", ["-p", "server/tsconfig.build.json"]);
}
if (
  fs.existsSync(path.join(root, "client", "vite.config.ts")) &&
  stale("dist/client/index.html", ["client", "schema.graphql"])
) {
  run("graphql-codegen", ["--config", "codegen.ts"]);
  run("vite", ["build", "--config", "client/vite.config.ts"]);
}
