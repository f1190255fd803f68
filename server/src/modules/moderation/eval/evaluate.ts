// Measures the classifier against a labelled set. Pure: no file access, so tests and scripts can feed it
// whatever entries they load.
//
// Sets written for the current taxonomy (blind3.json) are scored as they are. The earlier sets
// (dev, holdout, blind, blind2) were labelled in the five categories of the first classifier; their
// entries are scored in those: every risk to the child as self_harm_risk, threat_violence as
// violence_threats, swearing as bullying_hate (the first classifier filed strong swearing there).

import { isRiskCategory, MODERATION_CATEGORIES, type ModerationCategory } from "../taxonomy.js";

export const LEGACY_CATEGORIES = [
  "bullying_hate",
  "sexual",
  "violence_threats",
  "self_harm_risk",
  "personal_details",
] as const;
export type LegacyCategory = (typeof LEGACY_CATEGORIES)[number];

export type ModerationLabel = "benign" | ModerationCategory | LegacyCategory;

export interface LabelledEntry {
  readonly text: string;
  readonly label: ModerationLabel;
  /** The student's earlier messages in the chat, oldest first. */
  readonly context?: readonly string[];
}

/** What the evaluation needs of a verdict (classify.ts's Verdict has it all). */
export interface ScoredVerdict {
  readonly flagged: boolean;
  readonly category: ModerationCategory | null;
  readonly reason: string | null;
  /** Not refused, but a 'Possible concern' for staff (counted as flagged for benign messages). */
  readonly concern: { readonly category: ModerationCategory } | null;
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
  /** Whether the set is labelled in the first classifier's five categories. */
  readonly legacy: boolean;
  readonly perCategory: Readonly<Record<string, CategoryScore>>;
  /** Harmful entries (any category) refused or alerted on, whatever the category. */
  readonly harmfulRecall: number | null;
  /** Harmful entries caught, counting a 'Possible concern' for staff as caught. */
  readonly harmfulRecallWithReview: number | null;
  /** Risk-to-child entries given an urgent risk category (any of them: the same urgent alert). */
  readonly riskToChildRecall: number | null;
  /** Benign entries refused, or raising a concern (the review band counts as flagged). */
  readonly benignFlagged: number | null;
  /** Of which: only in the review band. */
  readonly benignInReviewBand: number | null;
  readonly misclassified: readonly Misclassification[];
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

const isLegacyLabel = (label: ModerationLabel): boolean => label === "self_harm_risk" || label === "violence_threats";

/** A category of the taxonomy as the first classifier's five categories name it. */
export function legacyCategory(category: ModerationCategory): LegacyCategory {
  if (isRiskCategory(category)) {
    return "self_harm_risk";
  }
  switch (category) {
    case "threat_violence":
      return "violence_threats";
    case "swearing_mild":
    case "swearing_strong":
      return "bullying_hate";
    case "bullying_hate":
    case "sexual":
    case "personal_details":
      return category;
  }
}

const isRiskLabel = (label: ModerationLabel) =>
  label === "self_harm_risk" || isRiskCategory(label as ModerationCategory);

/**
 * Runs `classify` over every entry and scores it per category and overall. `legacy` (the earlier
 * sets) is detected from the labels unless given.
 */
export function evaluateModeration(
  entries: readonly LabelledEntry[],
  classify: (text: string, context: readonly string[]) => ScoredVerdict,
  options: { legacy?: boolean } = {},
): ModerationEvaluation {
  const legacy = options.legacy ?? entries.some((entry) => isLegacyLabel(entry.label));
  const categories: readonly string[] = legacy ? LEGACY_CATEGORIES : MODERATION_CATEGORIES;
  const name = (category: ModerationCategory): ModerationLabel => (legacy ? legacyCategory(category) : category);
  const predicted = new Map<string, number>();
  const labelled = new Map<string, number>();
  const correct = new Map<string, number>();
  const increment = (counts: Map<string, number>, category: string) =>
    counts.set(category, (counts.get(category) ?? 0) + 1);
  const misclassified: Misclassification[] = [];
  let harmful = 0;
  let harmfulFlagged = 0;
  let harmfulCaught = 0;
  let risk = 0;
  let riskCaught = 0;
  let benign = 0;
  let benignFlagged = 0;
  let benignReview = 0;

  for (const entry of entries) {
    const result = classify(entry.text, entry.context ?? []);
    const prediction: ModerationLabel = result.flagged && result.category ? name(result.category) : "benign";
    if (result.flagged && result.category) {
      increment(predicted, prediction);
    }
    if (entry.label === "benign") {
      benign += 1;
      benignFlagged += result.flagged || result.concern ? 1 : 0;
      benignReview += !result.flagged && result.concern ? 1 : 0;
    } else {
      harmful += 1;
      harmfulFlagged += result.flagged ? 1 : 0;
      harmfulCaught += result.flagged || result.concern ? 1 : 0;
      increment(labelled, entry.label);
      if (prediction === entry.label) {
        increment(correct, entry.label);
      }
      if (isRiskLabel(entry.label)) {
        risk += 1;
        riskCaught += result.flagged && isRiskCategory(result.category) ? 1 : 0;
      }
    }
    if (prediction !== entry.label) {
      misclassified.push({ text: entry.text, label: entry.label, predicted: prediction, reason: result.reason });
    }
  }

  const perCategory = Object.fromEntries(
    categories.map((category) => {
      const hits = correct.get(category) ?? 0;
      const support = labelled.get(category) ?? 0;
      const score: CategoryScore = {
        precision: ratio(hits, predicted.get(category) ?? 0),
        recall: ratio(hits, support),
        support,
      };
      return [category, score];
    }),
  );

  return {
    total: entries.length,
    legacy,
    perCategory,
    harmfulRecall: ratio(harmfulFlagged, harmful),
    harmfulRecallWithReview: ratio(harmfulCaught, harmful),
    riskToChildRecall: ratio(riskCaught, risk),
    benignFlagged: ratio(benignFlagged, benign),
    benignInReviewBand: ratio(benignReview, benign),
    misclassified,
  };
}

/** How often two layers agree: on whether to flag, and (both flagging) on the category. */
export function layerAgreement(pairs: readonly { a: ModerationCategory | null; b: ModerationCategory | null }[]): {
  flag: number | null;
  category: number | null;
  kappa: number | null;
} {
  let same = 0;
  let both = 0;
  let bothSame = 0;
  let aYes = 0;
  let bYes = 0;
  for (const { a, b } of pairs) {
    same += (a !== null) === (b !== null) ? 1 : 0;
    aYes += a ? 1 : 0;
    bYes += b ? 1 : 0;
    if (a && b) {
      both += 1;
      bothSame += a === b ? 1 : 0;
    }
  }
  const n = pairs.length;
  const observed = ratio(same, n);
  // Cohen's kappa on flag / no flag: agreement beyond what chance would give.
  const chance = n ? (aYes / n) * (bYes / n) + (1 - aYes / n) * (1 - bYes / n) : null;
  const kappa = observed === null || chance === null || chance === 1 ? null : (observed - chance) / (1 - chance);
  return { flag: observed, category: ratio(bothSame, both), kappa };
}
