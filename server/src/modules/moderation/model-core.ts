// The learned layer's features and training, shared by the runtime (model.ts) and the training script
// (scripts/train-moderation.mjs, which imports the built copy), so both see a message the same way.
// Pure and deterministic: no I/O, no randomness beyond a seeded generator.

import { MODERATION_CATEGORIES, type ModerationCategory } from "./text-moderator.js";

/** Class 0 is benign; 1..5 follow MODERATION_CATEGORIES. */
export const MODEL_CLASSES = ["benign", ...MODERATION_CATEGORIES] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export const DEFAULT_BUCKET_BITS = 18;

const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};
const MARKS = /\p{M}/gu;

/** Lower-cased, NFKC, diacritics and apostrophes dropped, leetspeak inside words undone, digits as shape. */
export function modelWords(text: string): string[] {
  const folded = text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(/['’‘`]/g, "");
  const words: string[] = [];
  for (const raw of folded.split(/[^\p{L}\p{N}@$]+/u)) {
    if (!raw) {
      continue;
    }
    let word = /\p{L}/u.test(raw) ? raw.replace(/[013457@$]/g, (c) => LEET[c] ?? c) : raw;
    word = word.replace(/[@$]/g, "").replace(/(\p{L})\1{2,}/gu, "$1$1");
    if (!word) {
      continue;
    }
    // Numbers carry their shape, not their value: "07700900123" -> "dddddddddd".
    words.push(word.replace(/\p{N}/gu, "d"));
  }
  return words;
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Sorted distinct hashed feature indices: word unigrams, bigrams and character 3-5-grams. */
export function modelFeatures(text: string, bucketBits = DEFAULT_BUCKET_BITS): Uint32Array {
  const mask = (1 << bucketBits) - 1;
  const words = modelWords(text);
  const found = new Set<number>();
  found.add(hash("\u0001bias") & mask);
  for (let i = 0; i < words.length; i += 1) {
    found.add(hash(`w:${words[i]}`) & mask);
    if (i + 1 < words.length) {
      found.add(hash(`b:${words[i]} ${words[i + 1]}`) & mask);
    }
  }
  const joined = ` ${words.join(" ")} `;
  for (let n = 3; n <= 5; n += 1) {
    for (let i = 0; i + n <= joined.length; i += 1) {
      found.add(hash(`c:${joined.slice(i, i + n)}`) & mask);
    }
  }
  return Uint32Array.from(found).sort();
}

/** Softmax probabilities over MODEL_CLASSES for a feature set, given weights laid out [feature * K + class]. */
export function modelProbabilities(features: Uint32Array, weights: Float32Array | Float64Array): Float64Array {
  const classes = MODEL_CLASSES.length;
  const value = 1 / Math.sqrt(features.length);
  const logits = new Float64Array(classes);
  for (const feature of features) {
    const base = feature * classes;
    for (let k = 0; k < classes; k += 1) {
      logits[k] = (logits[k] ?? 0) + (weights[base + k] ?? 0) * value;
    }
  }
  let max = -Infinity;
  for (const logit of logits) {
    max = Math.max(max, logit);
  }
  let sum = 0;
  for (let k = 0; k < classes; k += 1) {
    const e = Math.exp((logits[k] ?? 0) - max);
    logits[k] = e;
    sum += e;
  }
  for (let k = 0; k < classes; k += 1) {
    logits[k] = (logits[k] ?? 0) / sum;
  }
  return logits;
}

/** The harmful reading of a probability vector: P(not benign) and the likeliest harmful class. */
export function harmfulReading(probabilities: Float64Array): { category: ModerationCategory; probability: number } {
  let best = 1;
  for (let k = 2; k < MODEL_CLASSES.length; k += 1) {
    if ((probabilities[k] ?? 0) > (probabilities[best] ?? 0)) {
      best = k;
    }
  }
  return { category: MODEL_CLASSES[best] as ModerationCategory, probability: 1 - (probabilities[0] ?? 0) };
}

export interface TrainingExample {
  readonly text: string;
  readonly label: ModelClass;
}

export interface TrainingOptions {
  readonly bucketBits?: number;
  readonly epochs?: number;
  readonly learningRate?: number;
  readonly l2?: number;
  readonly seed?: number;
}

/** mulberry32: a small seeded generator, for a fixed shuffle per epoch. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Multinomial logistic regression with AdaGrad and (lazy) L2, over hashed features. Deterministic:
 * the same examples, in the same order, with the same options give the same weights.
 */
export function trainModel(examples: readonly TrainingExample[], options: TrainingOptions = {}): Float64Array {
  const { bucketBits = DEFAULT_BUCKET_BITS, epochs = 12, learningRate = 0.5, l2 = 1e-5, seed = 20240601 } = options;
  const classes = MODEL_CLASSES.length;
  const weights = new Float64Array((1 << bucketBits) * classes);
  const squared = new Float64Array(weights.length);
  const encoded = examples.map((example) => ({
    features: modelFeatures(example.text, bucketBits),
    target: MODEL_CLASSES.indexOf(example.label),
  }));
  const order = encoded.map((_, index) => index);
  const random = seeded(seed);
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (const index of order) {
      const example = encoded[index];
      if (!example) {
        continue;
      }
      const probabilities = modelProbabilities(example.features, weights);
      const value = 1 / Math.sqrt(example.features.length);
      for (const feature of example.features) {
        const base = feature * classes;
        for (let k = 0; k < classes; k += 1) {
          const at = base + k;
          const current = weights[at] ?? 0;
          const gradient = ((probabilities[k] ?? 0) - (k === example.target ? 1 : 0)) * value + l2 * current;
          const accumulated = (squared[at] ?? 0) + gradient * gradient;
          squared[at] = accumulated;
          weights[at] = current - (learningRate * gradient) / Math.sqrt(accumulated + 1e-8);
        }
      }
    }
  }
  return weights;
}

/** Weights smaller than this (in 10^-4 units) are dropped when stored: they barely move a score. */
const MIN_STORED_WEIGHT = 50;

/** The stored form of a model: non-zero buckets, delta-encoded, weights as integers x 10^4. */
export interface StoredModel {
  readonly version: 1;
  readonly bucketBits: number;
  readonly classes: readonly string[];
  readonly threshold: number;
  /** Gaps between successive non-zero bucket indices. */
  readonly buckets: readonly number[];
  /** K weights per stored bucket, times 10^4, rounded. */
  readonly weights: readonly number[];
}

export function packModel(weights: Float64Array, bucketBits: number, threshold: number): StoredModel {
  const classes = MODEL_CLASSES.length;
  const buckets: number[] = [];
  const stored: number[] = [];
  let previous = 0;
  for (let bucket = 0; bucket < 1 << bucketBits; bucket += 1) {
    const rounded = Array.from({ length: classes }, (_, k) => {
      const w = Math.round((weights[bucket * classes + k] ?? 0) * 1e4);
      return Math.abs(w) < MIN_STORED_WEIGHT ? 0 : w;
    });
    if (rounded.some((w) => w !== 0)) {
      buckets.push(bucket - previous);
      previous = bucket;
      stored.push(...rounded);
    }
  }
  return { version: 1, bucketBits, classes: [...MODEL_CLASSES], threshold, buckets, weights: stored };
}

export function unpackModel(model: StoredModel): Float32Array {
  const classes = MODEL_CLASSES.length;
  const weights = new Float32Array((1 << model.bucketBits) * classes);
  let bucket = 0;
  model.buckets.forEach((gap, i) => {
    bucket += gap;
    for (let k = 0; k < classes; k += 1) {
      weights[bucket * classes + k] = (model.weights[i * classes + k] ?? 0) / 1e4;
    }
  });
  return weights;
}
