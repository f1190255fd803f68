#!/usr/bin/env node
// Trains the moderation classifier's learned layer (server/src/modules/moderation/model.json).
//   node scripts/build.mjs && node scripts/train-moderation.mjs
// Uses the built server (dist/) for the features, the trainer and the rules classifier, so the model
// sees messages exactly as the server will. Deterministic: fixed seed, fixed order, fixed sample.
//
// 1. Cross-validation over the three labelled sets (train on two, test on the third), with book
//    sentences from the catalogue as extra benign examples and a separate held-out sample of book
//    sentences for catalogue false positives; "rules only" vs "rules OR model" per threshold.
// 2. Picks the lowest threshold that keeps benign FP <= 2% and catalogue FP <= 0.2% in every fold.
// 3. Trains on all three sets + the training book sentences and writes model.json with that threshold.
// Only dev.json, holdout.json and blind.json are read: never any other set in eval/.
import fs from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

const dist = path.join(root, "dist", "server", "modules", "moderation");
if (!fs.existsSync(path.join(dist, "model-core.js"))) {
  console.error("dist/ is missing the moderation model code: run `node scripts/build.mjs` first.");
  process.exit(1);
}
const { modelFeatures, modelProbabilities, harmfulReading, trainModel, packModel, unpackModel, MODEL_CLASSES } =
  await import(path.join(dist, "model-core.js"));
// --rules <classifier.js>: compare against another build of the rules (e.g. an older one, from before
// it was tuned on a set, to see what the model adds on messages the rules have not seen).
const rulesPath = process.argv.includes("--rules")
  ? path.resolve(process.argv[process.argv.indexOf("--rules") + 1])
  : path.join(dist, "classifier.js");
const rulesModule = await import(rulesPath);
// The rules alone: classifyText itself also asks the model that this script is replacing.
const classifyText = rulesModule.classifyTextByRules ?? rulesModule.classifyText;

const SOURCE = path.join(root, "server", "src", "modules", "moderation");
const SETS = ["dev", "holdout", "blind"];
const OPTIONS = {
  bucketBits: 18,
  epochs: 8,
  learningRate: 1,
  l2: 1e-3,
  seed: 20240601,
  ...JSON.parse(process.env.MODERATION_TRAIN_OPTIONS ?? "{}"),
};
const MAX_BENIGN_FP = 0.02;
const MAX_CATALOGUE_FP = 0.002;
const THRESHOLDS = Array.from({ length: 40 }, (_, i) => Math.round((0.5 + i * 0.0125) * 10000) / 10000);

const labelled = Object.fromEntries(
  SETS.map((name) => [name, JSON.parse(fs.readFileSync(path.join(SOURCE, "eval", `${name}.json`), "utf8"))]),
);

function fnv(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Book sentences, split deterministically into a training sample and a held-out sample (by hash). */
function catalogueSentences() {
  const dir = path.join(root, "prisma", "seed", "catalogue", "texts");
  const train = [];
  const heldOut = [];
  const seen = new Set();
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, file), "utf8").replace(/\s+/g, " ");
    for (const sentence of text.split(/(?<=[.!?]["”’']?)\s+/)) {
      const trimmed = sentence.trim();
      const words = trimmed.split(" ").length;
      if (trimmed.length < 15 || trimmed.length > 220 || words < 4 || seen.has(trimmed)) {
        continue;
      }
      seen.add(trimmed);
      const bucket = fnv(trimmed) % 1000;
      if (bucket < 45) {
        train.push(trimmed);
      } else if (bucket < 90) {
        heldOut.push(trimmed);
      }
    }
  }
  return { train, heldOut };
}

const catalogue = catalogueSentences();
console.log(`catalogue sentences: ${catalogue.train.length} for training, ${catalogue.heldOut.length} held out`);
const bookExamples = catalogue.train.map((text) => ({ text, label: "benign" }));

const score = (weights, text) => harmfulReading(modelProbabilities(modelFeatures(text, OPTIONS.bucketBits), weights));

const pct = (x) => `${(100 * x).toFixed(1)}%`;

function measure(entries, catalogueTexts, rulesVerdicts, modelReadings, threshold, useRules = true) {
  let harmful = 0;
  let caught = 0;
  let risk = 0;
  let riskCaught = 0;
  let benign = 0;
  let benignFlagged = 0;
  entries.forEach((entry, i) => {
    const rules = useRules ? rulesVerdicts[i] : { flagged: false };
    const model = modelReadings[i];
    const flagged = rules.flagged || (threshold !== null && model.probability >= threshold);
    const category = rules.flagged ? rules.category : flagged ? model.category : null;
    if (entry.label === "benign") {
      benign += 1;
      benignFlagged += flagged ? 1 : 0;
    } else {
      harmful += 1;
      caught += flagged ? 1 : 0;
      if (entry.label === "self_harm_risk") {
        risk += 1;
        riskCaught += category === "self_harm_risk" ? 1 : 0;
      }
    }
  });
  const catalogueFlagged = catalogueTexts.filter(
    (c) => (useRules && c.rules.flagged) || (threshold !== null && c.model.probability >= threshold),
  ).length;
  return {
    harmfulRecall: caught / harmful,
    riskRecall: riskCaught / risk,
    benignFp: benignFlagged / benign,
    catalogueFp: catalogueFlagged / catalogueTexts.length,
    catalogueFlagged,
  };
}

// --- Cross-validation
const catalogueRules = catalogue.heldOut.map((text) => classifyText(text));
const folds = [];
for (const testSet of SETS) {
  const trainSets = SETS.filter((name) => name !== testSet);
  const examples = [...trainSets.flatMap((name) => labelled[name]), ...bookExamples];
  // Scored as stored (rounded, small weights dropped), so the figures are the shipped model's.
  const weights = unpackModel(packModel(trainModel(examples, OPTIONS), OPTIONS.bucketBits, 0));
  const entries = labelled[testSet];
  const rulesVerdicts = entries.map((entry) => classifyText(entry.text));
  const modelReadings = entries.map((entry) => score(weights, entry.text));
  const catalogueTexts = catalogue.heldOut.map((text, i) => ({
    rules: catalogueRules[i],
    model: score(weights, text),
  }));
  folds.push({ testSet, trainSets, entries, rulesVerdicts, modelReadings, catalogueTexts });
}

const ok = (m) => m.benignFp <= MAX_BENIGN_FP && m.catalogueFp <= MAX_CATALOGUE_FP;
const threshold =
  (process.argv.includes("--threshold") ? Number(process.argv[process.argv.indexOf("--threshold") + 1]) : null) ??
  THRESHOLDS.find((t) =>
    folds.every((f) => ok(measure(f.entries, f.catalogueTexts, f.rulesVerdicts, f.modelReadings, t))),
  ) ??
  null;

console.log(`\nthreshold chosen by cross-validation: ${threshold ?? "none satisfies the limits"}`);
console.log("harmful recall / risk recall / benign FP / catalogue FP (count), per test fold:");
for (const fold of folds) {
  const rules = measure(fold.entries, fold.catalogueTexts, fold.rulesVerdicts, fold.modelReadings, null);
  const combined = measure(fold.entries, fold.catalogueTexts, fold.rulesVerdicts, fold.modelReadings, threshold);
  const line = (m) =>
    `${pct(m.harmfulRecall)} / ${pct(m.riskRecall)} / ${pct(m.benignFp)} / ${pct(m.catalogueFp)} (${m.catalogueFlagged})`;
  const modelOnly = measure(
    fold.entries,
    fold.catalogueTexts,
    fold.rulesVerdicts,
    fold.modelReadings,
    threshold,
    false,
  );
  console.log(`${fold.testSet.padEnd(8)} rules only:     ${line(rules)}`);
  console.log(`${fold.testSet.padEnd(8)} rules OR model: ${line(combined)}`);
  console.log(`${fold.testSet.padEnd(8)} model only:     ${line(modelOnly)}`);
}
if (process.argv.includes("--sweep")) {
  for (const t of THRESHOLDS) {
    const parts = folds.map((f) => {
      const m = measure(f.entries, f.catalogueTexts, f.rulesVerdicts, f.modelReadings, t);
      const o = measure(f.entries, f.catalogueTexts, f.rulesVerdicts, f.modelReadings, t, false);
      return `${f.testSet}: OR ${pct(m.harmfulRecall)} fp ${pct(m.benignFp)} cat ${m.catalogueFlagged} model-only ${pct(o.harmfulRecall)}`;
    });
    console.log(`t=${t.toFixed(4)}  ${parts.join(" | ")}`);
  }
}
if (process.argv.includes("--show-errors")) {
  for (const fold of folds) {
    fold.entries.forEach((entry, i) => {
      const m = fold.modelReadings[i];
      if (entry.label === "benign" && m.probability >= (threshold ?? 1)) {
        console.log(`FP [${fold.testSet}] ${m.probability.toFixed(2)} ${m.category}: ${entry.text}`);
      }
    });
    fold.catalogueTexts.forEach((c, i) => {
      if (c.model.probability >= (threshold ?? 1)) {
        console.log(`CAT [${fold.testSet}] ${c.model.probability.toFixed(2)}: ${catalogue.heldOut[i]}`);
      }
    });
  }
}

if (process.argv.includes("--cv-only")) {
  process.exit(0);
}
if (threshold === null) {
  console.error("No threshold keeps false positives within the limits: model.json not written.");
  process.exit(1);
}

// --- Final model on everything labelled
const examples = [...SETS.flatMap((name) => labelled[name]), ...bookExamples];
const weights = trainModel(examples, OPTIONS);
const stored = packModel(weights, OPTIONS.bucketBits, threshold);
const out = path.join(SOURCE, "model.json");
fs.writeFileSync(out, `${JSON.stringify(stored)}\n`);
console.log(
  `\nwrote ${path.relative(root, out)}: ${stored.buckets.length} buckets, ${(fs.statSync(out).size / 1e6).toFixed(2)} MB, classes ${MODEL_CLASSES.join(",")}`,
);
