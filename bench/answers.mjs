// `npm run bench -- answers`: the offline AI provider on the answer sets (server/src/modules/ai/eval/),
// now and as it was before issue 20, in the same run: the share of answerable questions whose reply
// holds the answer, the off-topic questions declined, the replies over 80 words, and the reply time
// (p50 and p99, every question of the set asked one at a time, three rounds after a warm-up).
// The provider before issue 20 is rebuilt from git (commit BEFORE) into node_modules/.cache, so it runs
// on the same books, index and machine. The blind set is scored only with `--blind` (it was written
// blind and is reported once, in the README; its misses never become rules).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { percentile, printColumns, root } from "./lib.mjs";

/** The last commit before issue 20's offline provider. */
const BEFORE = "24c75ec";
const ROUNDS = 3;

const dist = (p) => path.join(root, "dist/server", p);
const { createOfflineProvider } = await import(dist("modules/ai/offline-provider.js"));
const { loadSeedBook } = await import(dist("modules/ai/eval/evaluate-answers.js"));
const { ANSWER_SETS, readAnswerSet, scoreAnswerSet } = await import(dist("modules/ai/eval/answer-set.js"));

/** The files the offline provider of commit BEFORE is built from (its folder and what it imports). */
const SOURCES = ["server/src/modules/ai/", "server/src/lib/build-cache.ts"];

/** The offline provider of commit BEFORE, transpiled from git into the cache; null without git history. */
async function providerBefore() {
  const folder = path.join(root, "node_modules/.cache/reading-room-bench", BEFORE);
  const entry = path.join(folder, "modules/ai/offline-provider.js");
  if (!fs.existsSync(entry)) {
    let files;
    try {
      files = execFileSync("git", ["ls-tree", "-r", "--name-only", BEFORE, ...SOURCES], { cwd: root })
        .toString()
        .split("\n")
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    } catch {
      return null;
    }
    for (const file of files) {
      const source = execFileSync("git", ["show", `${BEFORE}:${file}`], { cwd: root }).toString();
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      const target = path.join(folder, path.relative("server/src", file).replace(/\.ts$/, ".js"));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, outputText);
    }
  }
  const { createOfflineProvider: create } = await import(pathToFileURL(entry).href);
  return create();
}

const sets = process.argv.includes("--blind") ? ["dev", "blind"] : ["dev"];
const providers = [
  ["before issue 20", await providerBefore()],
  ["now", createOfflineProvider()],
].filter(([, provider]) => provider !== null);

const share = (score) => `${score.correct}/${score.total} (${((100 * score.correct) / score.total).toFixed(1)}%)`;
const ms = (value) => `${value.toFixed(2)} ms`;
const rows = [];
const timings = new Map();
for (const set of sets) {
  const entries = await readAnswerSet(ANSWER_SETS[set]);
  for (const [name, provider] of providers) {
    const options = { provider, loadBook: loadSeedBook };
    await scoreAnswerSet(entries.slice(0, 20), options);
    let report;
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      report = await scoreAnswerSet(entries, options);
      times.push(...report.timings);
    }
    times.sort((a, b) => a - b);
    timings.set(`${set} ${name}`, times);
    rows.push([
      `${set} (${entries.length})`,
      name,
      share(report.answerable),
      share(report.declined),
      String(report.tooLong),
      ms(percentile(times, 50)),
      ms(percentile(times, 99)),
    ]);
  }
}

printColumns(
  "Offline provider on the answer sets (the answer in the reply; declines of off-topic questions)",
  ["set", "provider", "answered", "declined right", "over 80 words", "p50", "p99"],
  rows,
);
const before = timings.get("dev before issue 20");
const now = timings.get("dev now");
if (before && now) {
  console.log(
    `\nReply time now vs before (dev): p50 ${(percentile(now, 50) / percentile(before, 50)).toFixed(2)}x, ` +
      `p99 ${(percentile(now, 99) / percentile(before, 99)).toFixed(2)}x`,
  );
} else {
  console.log("\n(No git history here: the provider before issue 20 could not be rebuilt.)");
}
