#!/usr/bin/env node
// `npm run bench [-- name...]`: builds, then runs bench/<name>.mjs (all of them by default).
import fs from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
// bench/client-size.mjs reads the build output; the others start the built server.
const wanted = process.argv.slice(2);
const all = fs
  .readdirSync(path.join(root, "bench"))
  .filter((f) => f.endsWith(".mjs") && f !== "lib.mjs")
  .map((f) => f.replace(/\.mjs$/, ""));
for (const name of wanted.length ? wanted : all) {
  if (!all.includes(name)) {
    console.error(`No benchmark named ${name} (have: ${all.join(", ")})`);
    process.exit(1);
  }
  run("node", [path.join("bench", `${name}.mjs`)]);
}
