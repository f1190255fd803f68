// Trains layer 2 (linear-model.ts) on the labelled corpus in ../corpus/*.jsonl, deterministically:
// the same corpus gives the same model file, byte for byte (`npm run train:moderation`).
//
// 1. Folds: within each label, in the order of a hash of its text, messages go round robin into five.
// 2. Features seen in at least two training messages; multinomial logistic regression by AdaGrad with
//    L2, a seeded shuffle per epoch. Each message is scored by the model trained without its fold.
// 3. Per category, the threshold with the best F-score on those out-of-fold scores (F2 for a risk to the
//    child: a miss costs more than a false alarm), raised where benign messages are flagged until at
//    most FLAG_BENIGN_SHARE of them are; a review band below, as wide as it can be while at most
//    REVIEW_BENIGN_SHARE of the held-out benign messages fall in it.
// 4. The saved model is trained on every message; weights to int8 per class, unused features dropped.
//    The figures it reports are the out-of-fold ones (what the thresholds do on unseen messages).

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PROJECT_ROOT } from "../../../config/paths.js";
import { isRiskCategory, MODERATION_CATEGORIES } from "../taxonomy.js";
import { extractFeatures, featureWeight } from "./features.js";
import {
  type HeldOutMetrics,
  LinearModel,
  MODEL_CLEAR,
  MODEL_FORMAT,
  type ModelFile,
  type ModelLabel,
  type ModelVerdict,
  softmax,
} from "./linear-model.js";

export const CORPUS_DIR = path.join(PROJECT_ROOT, "server", "src", "modules", "moderation", "corpus");
export const CLASSES: readonly ModelLabel[] = ["benign", ...MODERATION_CATEGORIES];

// Chosen by recall at a fixed share of benign messages flagged on the held-out split (bench: the
// README's "Safeguarding" section); the blind sets played no part.
const EPOCHS = 40;
const LEARNING_RATE = 0.4;
const L2 = 1e-4;
const BALANCE = 0;
const MIN_DOCUMENT_FREQUENCY = 2;
/** Folds of the cross-validation that calibrates the thresholds. */
const FOLDS = 5;
const SEED = 19;
/** The model alone may flag at most this share of the held-out benign messages... */
const FLAG_BENIGN_SHARE = 0.02;
/** ...and its review band hold at most this share more (each raises a concern for staff). */
const REVIEW_BENIGN_SHARE = 0.01;

const corpusLine = z.object({
  text: z.string().trim().min(1).max(1000),
  label: z.enum(CLASSES as [ModelLabel, ...ModelLabel[]]),
  hard: z.boolean().optional(),
  context: z.array(z.string().min(1).max(1000)).max(6).optional(),
});
export type CorpusEntry = z.infer<typeof corpusLine>;

export interface Corpus {
  readonly entries: readonly CorpusEntry[];
  readonly sha256: string;
  readonly files: readonly string[];
}

/** Every corpus file, in name order; a malformed line fails with its file and line number. */
export function loadCorpus(dir = CORPUS_DIR): Corpus {
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort();
  const hash = createHash("sha256");
  const entries: CorpusEntry[] = [];
  for (const name of files) {
    const content = fs.readFileSync(path.join(dir, name), "utf8");
    hash.update(`${name}\n${content}\n`);
    content.split("\n").forEach((line, i) => {
      if (!line.trim()) {
        return;
      }
      const parsed = corpusLine.safeParse(JSON.parse(line));
      if (!parsed.success) {
        throw new Error(`${name}:${i + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      }
      entries.push(parsed.data);
    });
  }
  return { entries, sha256: hash.digest("hex"), files };
}

/** The text the model learns from: the message, after the child's earlier messages when it has them. */
export const trainingText = (entry: Pick<CorpusEntry, "text" | "context">): string =>
  entry.context?.length ? `${entry.context.join(" \n ")} \n ${entry.text}` : entry.text;

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** mulberry32: a small seeded generator, so the shuffle (and the model) is the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Trained {
  readonly features: string[];
  readonly weights: Float64Array;
  readonly bias: Float64Array;
}

export interface FitOptions {
  readonly epochs: number;
  readonly learningRate: number;
  readonly l2: number;
  /** How far classes are weighted towards balance: 0 none, 0.5 square root, 1 fully. */
  readonly balance: number;
}
export const FIT_DEFAULTS: FitOptions = { epochs: EPOCHS, learningRate: LEARNING_RATE, l2: L2, balance: BALANCE };

export function fit(train: readonly CorpusEntry[], options: FitOptions = FIT_DEFAULTS): Trained {
  const { epochs, learningRate, l2, balance } = options;
  const K = CLASSES.length;
  const documents = train.map((entry) => ({ features: extractFeatures(trainingText(entry)), label: entry.label }));
  const frequency = new Map<string, number>();
  for (const doc of documents) {
    for (const feature of doc.features) {
      frequency.set(feature, (frequency.get(feature) ?? 0) + 1);
    }
  }
  const features = [...frequency]
    .filter(([, count]) => count >= MIN_DOCUMENT_FREQUENCY)
    .map(([feature]) => feature)
    .sort();
  const index = new Map(features.map((feature, i) => [feature, i]));
  const rows = documents.map((doc) => ({
    indices: Int32Array.from(doc.features.flatMap((feature) => index.get(feature) ?? [])),
    label: CLASSES.indexOf(doc.label),
  }));

  // Classes can be weighted towards balance (`balance`); 0, the default, weighs every message alike,
  // which measured best: the thresholds, not the weights, then decide how rare categories are flagged.
  const counts = new Array<number>(K).fill(0);
  rows.forEach((row) => (counts[row.label] = counts[row.label]! + 1));
  const mean = rows.length / K;
  const classWeight = counts.map((count) => (count ? (mean / count) ** balance : 0));

  const W = new Float64Array(features.length * K);
  const G = new Float64Array(features.length * K);
  const bias = new Float64Array(K);
  const biasG = new Float64Array(K);
  const random = seeded(SEED);
  const order = rows.map((_, i) => i);
  const logits = new Float64Array(K);
  const gradient = new Float64Array(K);
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const r of order) {
      const { indices, label } = rows[r]!;
      const norm = featureWeight(indices.length);
      logits.set(bias);
      for (const f of indices) {
        for (let c = 0; c < K; c += 1) {
          logits[c]! += W[f * K + c]! * norm;
        }
      }
      const p = softmax(logits);
      const weight = classWeight[label]!;
      for (let c = 0; c < K; c += 1) {
        gradient[c] = (p[c]! - (c === label ? 1 : 0)) * weight;
        biasG[c]! += gradient[c]! ** 2;
        bias[c]! -= (learningRate * gradient[c]!) / Math.sqrt(biasG[c]! + 1e-8);
      }
      for (const f of indices) {
        for (let c = 0; c < K; c += 1) {
          const k = f * K + c;
          const g = gradient[c]! * norm + l2 * W[k]!;
          G[k]! += g * g;
          W[k]! -= (learningRate * g) / Math.sqrt(G[k]! + 1e-8);
        }
      }
    }
  }
  return { features, weights: W, bias };
}

/** Int8 weights per class; features whose every weight rounds to zero are dropped. */
function quantise(trained: Trained) {
  const K = CLASSES.length;
  const scales = CLASSES.map((_, c) => {
    let max = 0;
    for (let f = 0; f < trained.features.length; f += 1) {
      max = Math.max(max, Math.abs(trained.weights[f * K + c]!));
    }
    return max > 0 ? max / 127 : 1;
  });
  const kept: string[] = [];
  const bytes: number[] = [];
  trained.features.forEach((feature, f) => {
    const row = CLASSES.map((_, c) => Math.round(trained.weights[f * K + c]! / scales[c]!));
    if (row.some((value) => value !== 0)) {
      kept.push(feature);
      bytes.push(...row);
    }
  });
  return {
    features: kept,
    weights: Buffer.from(Int8Array.from(bytes).buffer).toString("base64"),
    scales: scales.map((scale) => Number(scale.toPrecision(8))),
  };
}

/** F-beta of "probability >= t means this category" over the held-out split. */
function bestThreshold(scores: readonly { p: number; positive: boolean }[], beta: number): number {
  let best = { t: 0.5, f: -1 };
  for (let step = 10; step <= 90; step += 1) {
    const t = step / 100;
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { p, positive } of scores) {
      if (p >= t) {
        tp += positive ? 1 : 0;
        fp += positive ? 0 : 1;
      } else if (positive) {
        fn += 1;
      }
    }
    const f = tp === 0 ? 0 : ((1 + beta ** 2) * tp) / ((1 + beta ** 2) * tp + beta ** 2 * fn + fp);
    if (f > best.f) {
      best = { t, f };
    }
  }
  return best.f > 0 ? best.t : 0.5;
}

const round = (x: number) => Number(x.toFixed(4));
const round2 = (x: number) => Number(x.toFixed(2));

/** Harmful recall, risk recall and benign flagged (the review band counted apart) on `entries`. */
export function measure(entries: readonly CorpusEntry[], judge: (entry: CorpusEntry) => ModelVerdict): HeldOutMetrics {
  let harmful = 0;
  let harmfulFlagged = 0;
  let risk = 0;
  let riskHit = 0;
  let benign = 0;
  let benignFlagged = 0;
  let benignReview = 0;
  const predicted = new Map<string, number>();
  const correct = new Map<string, number>();
  const support = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const entry of entries) {
    const verdict = judge(entry);
    const flagged = verdict.band === "flag";
    if (flagged && verdict.category) {
      add(predicted, verdict.category);
    }
    if (entry.label === "benign") {
      benign += 1;
      benignFlagged += flagged ? 1 : 0;
      benignReview += verdict.band === "review" ? 1 : 0;
      continue;
    }
    add(support, entry.label);
    harmful += 1;
    harmfulFlagged += flagged ? 1 : 0;
    if (flagged && verdict.category === entry.label) {
      add(correct, entry.label);
    }
    if (isRiskCategory(entry.label)) {
      risk += 1;
      riskHit += flagged && isRiskCategory(verdict.category) ? 1 : 0;
    }
  }
  const ratio = (a: number, b: number) => (b ? round(a / b) : null);
  return {
    entries: entries.length,
    harmfulRecall: ratio(harmfulFlagged, harmful) ?? 0,
    riskRecall: ratio(riskHit, risk) ?? 0,
    benignFlagged: ratio(benignFlagged, benign) ?? 0,
    benignInReviewBand: ratio(benignReview, benign) ?? 0,
    perCategory: Object.fromEntries(
      MODERATION_CATEGORIES.map((category) => [
        category,
        {
          precision: ratio(correct.get(category) ?? 0, predicted.get(category) ?? 0),
          recall: ratio(correct.get(category) ?? 0, support.get(category) ?? 0),
          support: support.get(category) ?? 0,
        },
      ]),
    ),
  };
}

/** A model file from trained weights, with the thresholds still to come. */
function pack(corpus: Corpus, trained: Trained): ModelFile {
  return {
    format: MODEL_FORMAT,
    corpusSha256: corpus.sha256,
    classes: CLASSES,
    ...quantise(trained),
    bias: Array.from(trained.bias, (b) => Number(b.toPrecision(8))),
    thresholds: {},
    review: {},
    heldOut: measure([], () => MODEL_CLEAR),
  };
}

/**
 * Trains, calibrates and packs a model from `corpus`. The thresholds are calibrated on out-of-fold
 * scores (each message scored by a model trained without its fold, int8 weights as saved), and the
 * model saved is then trained on the whole corpus. `heldOut` reports the out-of-fold figures.
 */
export function trainModerationModel(corpus: Corpus, options: { folds?: number } = {}): ModelFile {
  const folds = options.folds ?? FOLDS;
  const entries = corpus.entries;
  const foldOf = assignFolds(entries, folds);
  const probabilities: Float64Array[] = new Array(entries.length);
  for (let fold = 0; fold < folds; fold += 1) {
    const probe = new LinearModel(pack(corpus, fit(entries.filter((_, i) => foldOf[i] !== fold))));
    entries.forEach((entry, i) => {
      if (foldOf[i] === fold) {
        probabilities[i] = probe.probabilities(trainingText(entry));
      }
    });
  }
  const packed = pack(corpus, fit(entries));
  const position = new Map(entries.map((entry, i) => [entry, i]));
  const verdicts = (thresholds: Record<string, number>, review: Record<string, number>) => {
    const model = new LinearModel({ ...packed, thresholds, review });
    return (entry: CorpusEntry) => model.verdictFor(probabilities[position.get(entry)!]!);
  };

  const thresholds: Record<string, number> = {};
  CLASSES.forEach((label, c) => {
    if (label !== "benign") {
      const scores = entries.map((entry, i) => ({ p: probabilities[i]![c]!, positive: entry.label === label }));
      thresholds[label] = bestThreshold(scores, isRiskCategory(label) ? 2 : 1);
    }
  });
  const benign = entries.filter((entry) => entry.label === "benign");
  // Raise the threshold of the category that flags the most benign messages, until few are.
  for (let step = 0; step < 500; step += 1) {
    const judge = verdicts(thresholds, thresholds);
    const wrong = new Map<string, number>();
    for (const entry of benign) {
      const verdict = judge(entry);
      if (verdict.band === "flag" && verdict.category) {
        wrong.set(verdict.category, (wrong.get(verdict.category) ?? 0) + 1);
      }
    }
    const flaggedBenign = [...wrong.values()].reduce((a, b) => a + b, 0);
    const worst = [...wrong].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (flaggedBenign <= FLAG_BENIGN_SHARE * benign.length || !worst || thresholds[worst[0]]! >= 0.95) {
      break;
    }
    thresholds[worst[0]] = round2(thresholds[worst[0]]! + 0.02);
  }
  // The widest review band (as a share of each threshold) that keeps few benign messages in it.
  let review: Record<string, number> = {};
  for (let factor = 0.3; factor <= 0.95; factor += 0.05) {
    review = Object.fromEntries(Object.entries(thresholds).map(([label, t]) => [label, round(t * factor)]));
    if (measure(benign, verdicts(thresholds, review)).benignInReviewBand <= REVIEW_BENIGN_SHARE) {
      break;
    }
  }
  return { ...packed, thresholds, review, heldOut: measure(entries, verdicts(thresholds, review)) };
}

/** Each message's fold: within each label, in the order of a hash of its text, round robin. */
export function assignFolds(entries: readonly CorpusEntry[], folds: number): number[] {
  const foldOf = new Array<number>(entries.length).fill(0);
  for (const label of CLASSES) {
    entries
      .map((entry, i) => ({ i, key: entry.label === label ? sha(trainingText(entry)) : null }))
      .filter((x): x is { i: number; key: string } => x.key !== null)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i))
      .forEach(({ i }, rank) => (foldOf[i] = rank % folds));
  }
  return foldOf;
}
