#!/usr/bin/env node
// `npm run train:moderation`: trains the safeguarding classifier's learned layer on the corpus in
// server/src/modules/moderation/corpus/ and writes server/models/moderation.json (committed). The
// same corpus gives the same file. Prints the held-out figures the README quotes.
import fs from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
const { loadCorpus, trainModerationModel } = await import(
  path.join(root, "dist/server/modules/moderation/model/train.js")
);
const { MODEL_PATH } = await import(path.join(root, "dist/server/modules/moderation/model/linear-model.js"));

const started = performance.now();
const corpus = loadCorpus();
const labels = Object.entries(Object.groupBy(corpus.entries, (entry) => entry.label)).map(
  ([label, entries]) => `${label} ${entries.length}`,
);
const hard = corpus.entries.filter((entry) => entry.hard).length;
console.log(`corpus: ${corpus.entries.length} messages (${hard} hard negatives) in ${corpus.files.length} files`);
console.log(`  ${labels.join(", ")}`);
const model = trainModerationModel(corpus);
fs.mkdirSync(path.dirname(MODEL_PATH), { recursive: true });
fs.writeFileSync(MODEL_PATH, `${JSON.stringify(model)}\n`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const kb = (fs.statSync(MODEL_PATH).size / 1024).toFixed(0);
console.log(
  `model: ${model.features.length} features, ${kb} KB, trained in ${seconds} s -> ${path.relative(root, MODEL_PATH)}`,
);
const h = model.heldOut;
console.log(
  `cross-validated, 5 folds (${h.entries}): harmful recall ${h.harmfulRecall}, risk recall ${h.riskRecall}, ` +
    `benign flagged ${h.benignFlagged}, benign in review band ${h.benignInReviewBand}`,
);
for (const [category, score] of Object.entries(h.perCategory)) {
  console.log(`  ${category.padEnd(26)} P ${score.precision ?? "n/a"}  R ${score.recall ?? "n/a"}  (${score.support})`);
}
console.log(`thresholds: ${JSON.stringify(model.thresholds)}`);
