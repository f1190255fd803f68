// `npm run bench -- eval`: the evaluation sets in the repository.
// 1. Moderation: precision and recall per category, harmful recall, risk-to-child recall and the
//    false-positive rate on benign messages, for each labelled set. dev.json was written with the
//    classifier and tuned on; holdout.json and blind.json were written blind by others, measured, then
//    tuned on in later rounds; blind2.json was written blind and never seen by the classifier's authors.
// 2. The offline AI provider's answer accuracy on eval/questions.json (answer from the right passage,
//    decline other books and topics), with the classifier's speed against a baseline of a plain
//    lower-casing pass over the same messages (measured in the same run).
import fs from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const fmt = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log([fmt(header), fmt(widths.map((w) => "-".repeat(w))), ...rows.map(fmt)].join("\n"));
}

const dist = (p) => path.join(root, "dist/server", p);
const { classifyText } = await import(dist("modules/moderation/classifier.js"));
const { evaluateModeration } = await import(dist("modules/moderation/eval/evaluate.js"));
const { createOfflineProvider } = await import(dist("modules/ai/offline-provider.js"));
const { evaluateAnswers, loadSeedBook } = await import(dist("modules/ai/eval/evaluate-answers.js"));

const evalDir = path.join(root, "server/src/modules/moderation/eval");
const readSet = (name) => JSON.parse(fs.readFileSync(path.join(evalDir, `${name}.json`), "utf8"));
const pct = (x) => (x === null || x === undefined ? "n/a" : x.toFixed(3));

const sets = ["dev", "holdout", "blind", "blind2"].filter((name) => fs.existsSync(path.join(evalDir, `${name}.json`)));
const rows = [];
const categories = ["bullying_hate", "sexual", "violence_threats", "self_harm_risk", "personal_details"];
for (const name of sets) {
  const entries = readSet(name);
  const r = evaluateModeration(entries, classifyText);
  rows.push([
    `${name} (${entries.length})`,
    pct(r.harmfulRecall),
    pct(r.riskToChildRecall),
    pct(r.benignFalsePositiveRate),
    ...categories.map((c) => `${pct(r.perCategory[c].precision)}/${pct(r.perCategory[c].recall)}`),
  ]);
  if (process.argv.includes("--misses")) {
    for (const m of r.misclassified) {
      console.log(`  ${name}: ${m.label} -> ${m.predicted}: ${m.text}`);
    }
  }
}
console.log("\nModeration (per category: precision/recall)");
printTable(["set", "harmful recall", "risk recall", "benign FP", ...categories], rows);

// Speed: every message of every set, 20 times, against lower-casing the same texts.
const texts = sets.flatMap((name) => readSet(name).map((e) => e.text));
const time = (fn) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) {
    for (const t of texts) {
      fn(t);
    }
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / (20 * texts.length);
};
time(classifyText);
const baseline = time((t) => t.normalize("NFKC").toLowerCase().split(/\s+/).length);
const classify = time(classifyText);
console.log(
  `\nclassifier: ${(classify * 1000).toFixed(1)} µs per message (baseline normalise+split ${(baseline * 1000).toFixed(2)} µs, ratio ${(classify / baseline).toFixed(1)}x)`,
);

const questions = JSON.parse(fs.readFileSync(path.join(root, "server/src/modules/ai/eval/questions.json"), "utf8"));
const report = await evaluateAnswers(questions, { provider: createOfflineProvider(), loadBook: loadSeedBook });
console.log("\nOffline provider answers (eval/questions.json)");
printTable(
  ["set", "correct", "accuracy"],
  [
    ["overall", `${report.overall.correct}/${report.overall.total}`, pct(report.overall.accuracy)],
    ["answerable", `${report.answerable.correct}/${report.answerable.total}`, pct(report.answerable.accuracy)],
    [
      "  + quoted next to the answer",
      `${report.answerableNearby.correct}/${report.answerableNearby.total}`,
      pct(report.answerableNearby.accuracy),
    ],
    ["declines", `${report.decline.correct}/${report.decline.total}`, pct(report.decline.accuracy)],
  ],
);
