#!/usr/bin/env node
// `npm run dev`: recompiles the server on change (tsc --watch) and restarts it (node --watch).
import { spawn } from "node:child_process";
import { env, root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
const children = [
  spawn("tsc", ["-p", "server/tsconfig.build.json", "--watch", "--preserveWatchOutput"], {
    cwd: root,
    stdio: "inherit",
    env: env(),
  }),
  spawn("node", ["--watch-path=dist/server", "dist/server/main.js"], {
    cwd: root,
    stdio: "inherit",
    env: env({ NODE_ENV: process.env.NODE_ENV ?? "development" }),
  }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
