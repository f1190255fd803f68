// The moderation classifier's learned layer: a small logistic regression over hashed word and
// character n-grams (model-core.ts), trained by scripts/train-moderation.mjs into model.json with a
// threshold chosen by cross-validation. NOT wired into classifyText: in cross-validation it added recall
// on messages the rules had not seen, but it also flags benign messages the rules pass (hand-written
// cases in classifier.test.ts such as "i want to beat my brother at fortnite" -> self_harm_risk).
// `withModel(classifyText)` gives the "rules OR model" classifier for measuring it.
// Retrain: node scripts/build.mjs && node scripts/train-moderation.mjs

import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../config/paths.js";
import { harmfulReading, modelFeatures, modelProbabilities, type StoredModel, unpackModel } from "./model-core.js";
import { type Classification, type ModerationCategory, NOT_FLAGGED, type TextClassifier } from "./text-moderator.js";

/**
 * Next to this module (server/src in development and tests; dist/server once built, as build.mjs copies
 * it there), else the source copy (a plain `tsc` build).
 */
export const MODEL_FILE =
  [
    path.join(import.meta.dirname, "model.json"),
    path.join(PROJECT_ROOT, "server", "src", "modules", "moderation", "model.json"),
  ].find((file) => fs.existsSync(file)) ?? path.join(import.meta.dirname, "model.json");

interface LoadedModel {
  readonly bucketBits: number;
  readonly threshold: number;
  readonly weights: Float32Array;
}

let loaded: LoadedModel | null = null;

/** Reads model.json once, on first use. */
export function loadModel(): LoadedModel {
  if (!loaded) {
    const stored = JSON.parse(fs.readFileSync(MODEL_FILE, "utf8")) as StoredModel;
    loaded = { bucketBits: stored.bucketBits, threshold: stored.threshold, weights: unpackModel(stored) };
  }
  return loaded;
}

/** The model's harmful category and probability for a message, or null when below its threshold. */
export function scoreText(text: string): { category: ModerationCategory; probability: number } | null {
  const model = loadModel();
  const reading = harmfulReading(modelProbabilities(modelFeatures(text, model.bucketBits), model.weights));
  return reading.probability >= model.threshold ? reading : null;
}

/**
 * "Rules OR model": the rules first; when they find nothing and the model is above its threshold,
 * the model's category (urgent for risk to the child, low for personal details, high otherwise).
 */
export function withModel(rules: TextClassifier): TextClassifier {
  return (text): Classification => {
    const byRules = rules(text);
    if (byRules.flagged) {
      return byRules;
    }
    const scored = scoreText(text);
    if (!scored) {
      return NOT_FLAGGED;
    }
    const { category, probability } = scored;
    const severity = category === "self_harm_risk" ? "urgent" : category === "personal_details" ? "low" : "high";
    return { flagged: true, category, severity, reason: `Model: ${category} (p=${probability.toFixed(2)})` };
  };
}
