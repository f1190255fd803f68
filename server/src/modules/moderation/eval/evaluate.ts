// Measures a text classifier against a labelled set (dev.json for tuning; a held-out set for the
// real figure). Pure: no file access, so tests and scripts can feed it whatever entries they load.

import { MODERATION_CATEGORIES, type ModerationCategory, type TextClassifier } from "../text-moderator.js";

export type ModerationLabel = "benign" | ModerationCategory;

export interface LabelledEntry {
  readonly text: string;
  readonly label: ModerationLabel;
}

export interface CategoryScore {
  /** Of the entries classified as this category, the share labelled so; null when none were. */
  readonly precision: number | null;
  /** Of the entries labelled this category, the share classified so; null when there are none. */
  readonly recall: number | null;
  /** How many entries carry this label. */
  readonly support: number;
}

export interface Misclassification {
  readonly text: string;
  readonly label: ModerationLabel;
  readonly predicted: ModerationLabel;
  readonly reason: string | null;
}

export interface ModerationEvaluation {
  readonly total: number;
  readonly perCategory: Readonly<Record<ModerationCategory, CategoryScore>>;
  /** Harmful entries (any category) that were flagged at all, whatever the category. */
  readonly harmfulRecall: number | null;
  /** self_harm_risk entries classified as self_harm_risk: the ones that must reach a teacher urgently. */
  readonly riskToChildRecall: number | null;
  /** Benign entries that were flagged. */
  readonly benignFalsePositiveRate: number | null;
  readonly misclassified: readonly Misclassification[];
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** Runs `classify` over every entry and scores it per category and overall. */
export function evaluateModeration(entries: readonly LabelledEntry[], classify: TextClassifier): ModerationEvaluation {
  const predicted = new Map<ModerationCategory, number>();
  const labelled = new Map<ModerationCategory, number>();
  const correct = new Map<ModerationCategory, number>();
  const increment = (counts: Map<ModerationCategory, number>, category: ModerationCategory) =>
    counts.set(category, (counts.get(category) ?? 0) + 1);
  const misclassified: Misclassification[] = [];
  let harmful = 0;
  let harmfulFlagged = 0;
  let benign = 0;
  let benignFlagged = 0;

  for (const entry of entries) {
    const result = classify(entry.text);
    const prediction: ModerationLabel = result.flagged ? result.category : "benign";
    if (result.flagged) {
      increment(predicted, result.category);
    }
    if (entry.label === "benign") {
      benign += 1;
      benignFlagged += result.flagged ? 1 : 0;
    } else {
      harmful += 1;
      harmfulFlagged += result.flagged ? 1 : 0;
      increment(labelled, entry.label);
      if (prediction === entry.label) {
        increment(correct, entry.label);
      }
    }
    if (prediction !== entry.label) {
      misclassified.push({ text: entry.text, label: entry.label, predicted: prediction, reason: result.reason });
    }
  }

  const perCategory = Object.fromEntries(
    MODERATION_CATEGORIES.map((category) => {
      const hits = correct.get(category) ?? 0;
      const support = labelled.get(category) ?? 0;
      const score: CategoryScore = {
        precision: ratio(hits, predicted.get(category) ?? 0),
        recall: ratio(hits, support),
        support,
      };
      return [category, score];
    }),
  ) as Record<ModerationCategory, CategoryScore>;

  return {
    total: entries.length,
    perCategory,
    harmfulRecall: ratio(harmfulFlagged, harmful),
    riskToChildRecall: perCategory.self_harm_risk.recall,
    benignFalsePositiveRate: ratio(benignFlagged, benign),
    misclassified,
  };
}
