#!/usr/bin/env node
// `npm test`: the whole suite, as CI runs it: format, lint, types, then every test (unit,
// integration on PGlite and PostgreSQL, browser). Extra arguments go to vitest.
import { run } from "./lib.mjs";

const vitestArgs = process.argv.slice(2);
console.log(`Node ${process.version}`);
run("node", ["prisma/tools/prisma.mjs", "generate"]);
run("graphql-codegen", ["--config", "codegen.ts"]);
run("prettier", ["--check", "--log-level", "warn", "."]);
run("eslint", ["--max-warnings", "0", "."]);
run("tsc", ["-p", "tsconfig.json", "--noEmit"]);
run("tsc", ["-p", "client/tsconfig.json", "--noEmit"]);
// The browser tests run against the built client.
run("vite", ["build", "--config", "client/vite.config.ts", "--logLevel", "warn"]);
run("vitest", ["run", ...vitestArgs]);
