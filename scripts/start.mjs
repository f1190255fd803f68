#!/usr/bin/env node
// `npm start`: builds whatever is missing or out of date, then runs the production server in this
// process (so signals reach its graceful shutdown directly).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { env, root } from "./lib.mjs";

const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--if-stale"], {
  cwd: root,
  stdio: "inherit",
  env: env(),
});
if (build.status !== 0) {
  process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(path.join(root, "dist", "server", "main.js"));
