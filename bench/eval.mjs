// `npm run bench -- eval`: the evaluation sets in the repository.
// 1. Moderation, per labelled set and per layer (rules alone, the learned model alone, both together
//    as the server runs them without an AI judge): harmful recall (refused or urgent), the same with
//    a 'Possible concern' counted as caught, risk-to-child recall, benign flagged (the review band
//    counted as flagged), precision/recall per category, and how often the two layers agree.
//    dev.json was written with the first classifier and tuned on; holdout.json and blind.json were
//    written blind, measured, then tuned on in later rounds; blind2.json was written blind and never
//    seen by the classifier's authors; blind3.json was written blind to the issue-19 taxonomy, frozen
//    before any training, and scored once when the layers were done (README: Safeguarding).
//    `--misses` lists every miss of the combined classifier; `--set NAME` scores one set.
// 2. Latency: layer 1 alone and layers 1 and 2 together, p50 and p99 per message, against a baseline
//    of a plain lower-casing pass over the same messages (measured in the same run).
// 3. The offline AI provider's answer accuracy on eval/questions.json (answer from the right passage,
//    decline other books and topics).
import fs from "node:fs";
import path from "node:path";
import { printColumns, root } from "./lib.mjs";

const dist = (p) => path.join(root, "dist/server", p);
const { classifyRules, NO_RULE_MATCHED } = await import(dist("modules/moderation/rules/index.js"));
const { LinearModel, MODEL_CLEAR } = await import(dist("modules/moderation/model/linear-model.js"));
const { combineFast, createClassifier } = await import(dist("modules/moderation/classify.js"));
const { evaluateModeration, layerAgreement } = await import(dist("modules/moderation/eval/evaluate.js"));
const { createOfflineProvider } = await import(dist("modules/ai/offline-provider.js"));
const { evaluateAnswers, loadSeedBook } = await import(dist("modules/ai/eval/evaluate-answers.js"));

const evalDir = path.join(root, "server/src/modules/moderation/eval");
const readSet = (name) => JSON.parse(fs.readFileSync(path.join(evalDir, `${name}.json`), "utf8"));
const pct = (x) => (x === null || x === undefined ? "n/a" : x.toFixed(3));
const argument = (flag) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const model = LinearModel.load();
const classifier = createClassifier({ model });
const layers = {
  "1 rules": (text) => combineFast(classifyRules(text), MODEL_CLEAR),
  "2 model": (text, context) => combineFast(NO_RULE_MATCHED, model.judgeInContext(text, context)),
  "1+2": (text, context) => classifier.classifyFast(text, context),
};

// blind3 was scored once, on 2026-11-26, when issue 19's layers were done (README); its misses never
// become rules or training examples.
const SETS = ["dev", "holdout", "blind", "blind2", "blind3"];
const only = argument("--set");
const sets = SETS.filter((name) => (only ? name === only : true)).filter((name) =>
  fs.existsSync(path.join(evalDir, `${name}.json`)),
);
const rows = [];
const categoryRows = [];
const agreementRows = [];
for (const name of sets) {
  const entries = readSet(name);
  let combined;
  for (const [layer, classify] of Object.entries(layers)) {
    const r = evaluateModeration(entries, classify);
    combined = r;
    rows.push([
      `${name} (${entries.length})`,
      layer,
      pct(r.harmfulRecall),
      pct(r.harmfulRecallWithReview),
      pct(r.riskToChildRecall),
      pct(r.benignFlagged),
      pct(r.benignInReviewBand),
    ]);
  }
  categoryRows.push([
    name,
    ...Object.entries(combined.perCategory).map(
      ([category, s]) => `${category} ${pct(s.precision)}/${pct(s.recall)} (${s.support})`,
    ),
  ]);
  const pairs = entries.map((entry) => {
    const rule = classifyRules(entry.text);
    const learned = model.judgeInContext(entry.text, entry.context ?? []);
    return { a: rule.flagged ? rule.category : null, b: learned.band === "flag" ? learned.category : null };
  });
  const agreement = layerAgreement(pairs);
  agreementRows.push([name, pct(agreement.flag), pct(agreement.kappa), pct(agreement.category)]);
  if (process.argv.includes("--misses")) {
    for (const m of combined.misclassified) {
      console.log(`  ${name}: ${m.label} -> ${m.predicted}: ${m.text}`);
    }
  }
}
printColumns(
  "Moderation, per set and layer",

  ["set", "layers", "harmful recall", "+ review band", "risk recall", "benign flagged", "of which review band"],
  rows,
);
console.log("\nPer category, layers 1+2 (precision/recall (support))");
for (const [name, ...cells] of categoryRows) {
  console.log(`  ${name}: ${cells.join(", ")}`);
}
printColumns(
  "Layer agreement, rules vs model (the AI judge is not run here: it needs Gemini)",
  ["set", "same flag decision", "Cohen's kappa", "same category when both flag"],
  agreementRows,
);

// Latency: every message of every set, one at a time, p50 and p99.
const texts = sets.flatMap((name) => readSet(name).map((e) => e.text));
function latency(fn) {
  for (const t of texts.slice(0, 200)) {
    fn(t);
  }
  const times = [];
  for (let round = 0; round < 5; round += 1) {
    for (const t of texts) {
      const start = process.hrtime.bigint();
      fn(t);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p99: times[Math.floor(times.length * 0.99)] };
}
const baseline = latency((t) => t.normalize("NFKC").toLowerCase().split(/\s+/).length);
const rulesOnly = latency((t) => classifyRules(t));
const both = latency((t) => classifier.classifyFast(t, []));
const withContext = latency((t) =>
  classifier.classifyFast(t, ["what happens in chapter 2", "i liked the bit with the boat"]),
);
const ms = (x) => `${x.toFixed(3)} ms`;
printColumns(
  "Classifier latency per message (p50 / p99)",

  ["what", "p50", "p99", "p99 vs layer 1"],
  [
    [
      "baseline: lower-case and split",
      ms(baseline.p50),
      ms(baseline.p99),
      `${(baseline.p99 / rulesOnly.p99).toFixed(2)}x`,
    ],
    ["layer 1 (rules)", ms(rulesOnly.p50), ms(rulesOnly.p99), "1.00x"],
    ["layers 1+2", ms(both.p50), ms(both.p99), `${(both.p99 / rulesOnly.p99).toFixed(2)}x`],
    [
      "layers 1+2, 2 earlier messages",
      ms(withContext.p50),
      ms(withContext.p99),
      `${(withContext.p99 / rulesOnly.p99).toFixed(2)}x`,
    ],
  ],
);

const questions = JSON.parse(fs.readFileSync(path.join(root, "server/src/modules/ai/eval/questions.json"), "utf8"));
const report = await evaluateAnswers(questions, { provider: createOfflineProvider(), loadBook: loadSeedBook });
printColumns(
  "Offline provider answers (eval/questions.json)",

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
