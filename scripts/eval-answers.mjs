#!/usr/bin/env node
// `npm run eval:answers [-- --provider offline|gemini] [--set dev|blind] [--misses]`: builds the
// server if it is stale, then scores an AI provider on an answer set (see
// server/src/modules/ai/eval-answers.cli.ts). Exits 2 for a wrong option or missing Gemini settings.
import path from "node:path";
import { root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
const { evalAnswers } = await import(path.join(root, "dist/server/modules/ai/eval-answers.cli.js"));
process.exitCode = await evalAnswers(process.argv.slice(2));
