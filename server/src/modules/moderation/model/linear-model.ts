// Layer 2 of the classifier: a linear model (multinomial logistic regression) over the features of
// features.ts, trained in this repository by `npm run train:moderation` (train.ts) on the labelled
// corpus in ../corpus/. The weights are committed (server/models/moderation.json) and loaded at start.
//
// Scoring is a sum of a few hundred weights per class and a softmax: well under a millisecond. Each
// category has its own threshold, calibrated on a held-out split of the corpus; below it, a lower
// review threshold marks the messages the model is unsure about (a 'Possible concern' for staff).

import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../../config/paths.js";
import { isModerationCategory, isRiskCategory, type ModerationCategory } from "../taxonomy.js";
import { extractFeatures, featureWeight } from "./features.js";

export const MODEL_PATH = path.join(PROJECT_ROOT, "server", "models", "moderation.json");
export const MODEL_FORMAT = 1;

export type ModelLabel = "benign" | ModerationCategory;

/** Held-out figures written by the training script (the README quotes them). */
export interface HeldOutMetrics {
  readonly entries: number;
  readonly harmfulRecall: number;
  readonly riskRecall: number;
  readonly benignFlagged: number;
  readonly benignInReviewBand: number;
  readonly perCategory: Readonly<Record<string, { precision: number | null; recall: number | null; support: number }>>;
}

/** The committed model file. */
export interface ModelFile {
  readonly format: typeof MODEL_FORMAT;
  /** SHA-256 of the corpus it was trained on (the training script checks it is up to date). */
  readonly corpusSha256: string;
  readonly classes: readonly ModelLabel[];
  readonly features: readonly string[];
  /** Int8 weights, feature-major (features x classes), base64. */
  readonly weights: string;
  /** Per class: the weight of an int8 step. */
  readonly scales: readonly number[];
  readonly bias: readonly number[];
  /** Per category: the probability at and above which the model flags it. */
  readonly thresholds: Readonly<Record<string, number>>;
  /** Per category: the probability at and above which (below its threshold) the model is unsure. */
  readonly review: Readonly<Record<string, number>>;
  readonly heldOut: HeldOutMetrics;
}

export type ModelBand = "clear" | "review" | "flag";

export interface ModelVerdict {
  readonly band: ModelBand;
  /** The flagged category, or (in the review band) the one the model is unsure about. */
  readonly category: ModerationCategory | null;
  readonly probability: number;
  /** True when the category shows only with the student's earlier messages joined on. */
  readonly viaContext: boolean;
}

export const MODEL_CLEAR: ModelVerdict = { band: "clear", category: null, probability: 0, viaContext: false };

export class LinearModel {
  private readonly index: Map<string, number>;
  private readonly weights: Float32Array;
  private readonly classCount: number;
  private readonly categories: { category: ModerationCategory; classIndex: number; flag: number; review: number }[];

  constructor(readonly file: ModelFile) {
    if (file.format !== MODEL_FORMAT) {
      throw new Error(
        `moderation model format ${String(file.format)} is not ${MODEL_FORMAT}: run npm run train:moderation`,
      );
    }
    this.classCount = file.classes.length;
    this.index = new Map(file.features.map((feature, i) => [feature, i]));
    const raw = Buffer.from(file.weights, "base64");
    const int8 = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    if (int8.length !== file.features.length * this.classCount) {
      throw new Error("moderation model weights do not match its features");
    }
    this.weights = new Float32Array(int8.length);
    for (let i = 0; i < int8.length; i += 1) {
      this.weights[i] = int8[i]! * file.scales[i % this.classCount]!;
    }
    this.categories = file.classes.flatMap((label, classIndex) =>
      isModerationCategory(label)
        ? [{ category: label, classIndex, flag: file.thresholds[label] ?? 1, review: file.review[label] ?? 1 }]
        : [],
    );
  }

  static load(file = MODEL_PATH): LinearModel {
    return new LinearModel(JSON.parse(fs.readFileSync(file, "utf8")) as ModelFile);
  }

  /** The probability of each class (in `file.classes` order). */
  probabilities(text: string): Float64Array {
    const logits = Float64Array.from(this.file.bias);
    const present: number[] = [];
    for (const feature of extractFeatures(text)) {
      const i = this.index.get(feature);
      if (i !== undefined) {
        present.push(i);
      }
    }
    const norm = featureWeight(present.length);
    for (const i of present) {
      const base = i * this.classCount;
      for (let c = 0; c < this.classCount; c += 1) {
        logits[c]! += this.weights[base + c]! * norm;
      }
    }
    return softmax(logits);
  }

  /** The model's verdict on a message alone. */
  judge(text: string): ModelVerdict {
    return this.decide(this.probabilities(text), false);
  }

  /**
   * The verdict on a message, alone and joined with the student's earlier messages in the chat (oldest
   * first). A risk shows through the joined text only when the earlier messages alone do not show it:
   * the new message must add to the build-up, so one earlier disclosure does not flag every reply.
   */
  judgeInContext(text: string, context: readonly string[]): ModelVerdict {
    const alone = this.judge(text);
    if (alone.band === "flag" && isRiskCategory(alone.category)) {
      return alone;
    }
    const earlier = context.filter((message) => message.trim()).slice(-4);
    if (earlier.length === 0) {
      return alone;
    }
    const joined = this.decide(this.probabilities(`${earlier.join(" \n ")} \n ${text}`), true);
    if (joined.band !== "flag" || !isRiskCategory(joined.category)) {
      return alone;
    }
    const before = this.probabilities(earlier.join(" \n "));
    const target = this.categories.find((c) => c.category === joined.category)!;
    return before[target.classIndex]! >= target.flag ? alone : joined;
  }

  /** The verdict for class probabilities (in `file.classes` order). */
  verdictFor(p: Float64Array): ModelVerdict {
    return this.decide(p, false);
  }

  private decide(p: Float64Array, viaContext: boolean): ModelVerdict {
    let flag: { category: ModerationCategory; probability: number; risk: boolean } | undefined;
    let review: { category: ModerationCategory; probability: number } | undefined;
    for (const { category, classIndex, flag: threshold, review: reviewAt } of this.categories) {
      const probability = p[classIndex]!;
      if (probability >= threshold) {
        const risk = isRiskCategory(category);
        // A risk to the child outranks any other category the message also scores for.
        if (!flag || (risk && !flag.risk) || (risk === flag.risk && probability > flag.probability)) {
          flag = { category, probability, risk };
        }
      } else if (probability >= reviewAt && (!review || probability > review.probability)) {
        review = { category, probability };
      }
    }
    if (flag) {
      return { band: "flag", category: flag.category, probability: flag.probability, viaContext };
    }
    if (review) {
      return { band: "review", category: review.category, probability: review.probability, viaContext };
    }
    return MODEL_CLEAR;
  }
}

export function softmax(logits: Float64Array): Float64Array {
  let max = -Infinity;
  for (const value of logits) {
    max = Math.max(max, value);
  }
  let sum = 0;
  const out = new Float64Array(logits.length);
  for (let i = 0; i < logits.length; i += 1) {
    out[i] = Math.exp(logits[i]! - max);
    sum += out[i]!;
  }
  for (let i = 0; i < out.length; i += 1) {
    out[i]! /= sum;
  }
  return out;
}
