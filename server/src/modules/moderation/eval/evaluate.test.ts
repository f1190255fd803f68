import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createClassifier } from "../classify.js";
import { LinearModel } from "../model/linear-model.js";
import type { ModerationCategory } from "../taxonomy.js";
import {
  evaluateModeration,
  LEGACY_CATEGORIES,
  layerAgreement,
  type LabelledEntry,
  type ScoredVerdict,
} from "./evaluate.js";

const flag = (category: ModerationCategory): ScoredVerdict => ({
  flagged: true,
  category,
  reason: `test: ${category}`,
  concern: null,
});
const PASS: ScoredVerdict = { flagged: false, category: null, reason: null, concern: null };
const CONCERN: ScoredVerdict = { flagged: false, category: null, reason: null, concern: { category: "bullying_hate" } };

/** A classifier that answers from a table: text -> verdict. */
const tableClassifier =
  (answers: Record<string, ScoredVerdict>) =>
  (text: string): ScoredVerdict =>
    answers[text] ?? PASS;

describe("evaluateModeration", () => {
  // 5 benign (1 flagged, 1 a concern), 3 self-harm (2 right, 1 called bullying), 2 bullying (1 right,
  // 1 a concern only), 1 personal details (right).
  const entries: LabelledEntry[] = [
    { text: "b1", label: "benign" },
    { text: "b2", label: "benign" },
    { text: "b3", label: "benign" },
    { text: "b4", label: "benign" },
    { text: "b5", label: "benign" },
    { text: "s1", label: "risk_self_harm" },
    { text: "s2", label: "risk_abuse" },
    { text: "s3", label: "risk_self_harm" },
    { text: "h1", label: "bullying_hate" },
    { text: "h2", label: "bullying_hate" },
    { text: "p1", label: "personal_details" },
  ];
  const classify = tableClassifier({
    b4: flag("bullying_hate"),
    b5: CONCERN,
    s1: flag("risk_self_harm"),
    s2: flag("risk_grooming"),
    s3: flag("bullying_hate"),
    h1: flag("bullying_hate"),
    h2: CONCERN,
    p1: flag("personal_details"),
  });
  const result = evaluateModeration(entries, classify);

  it("scores each category of the taxonomy", () => {
    expect(result.legacy).toBe(false);
    expect(result.total).toBe(11);
    expect(result.perCategory.risk_self_harm).toEqual({ precision: 1, recall: 1 / 2, support: 2 });
    // Predicted bullying 3 times (b4, s3, h1), right once.
    expect(result.perCategory.bullying_hate).toEqual({ precision: 1 / 3, recall: 1 / 2, support: 2 });
    expect(result.perCategory.sexual).toEqual({ precision: null, recall: null, support: 0 });
  });

  it("scores harm overall, risk to the child (any risk category) and false alarms with the review band", () => {
    // Harmful: s1, s2, s3, h1, p1 flagged; h2 only a concern.
    expect(result.harmfulRecall).toBe(5 / 6);
    expect(result.harmfulRecallWithReview).toBe(1);
    // s2 is abuse called grooming: the same urgent alert, so it counts.
    expect(result.riskToChildRecall).toBe(2 / 3);
    expect(result.benignFlagged).toBe(2 / 5);
    expect(result.benignInReviewBand).toBe(1 / 5);
  });

  it("lists what it got wrong", () => {
    expect(result.misclassified.map(({ text, label, predicted }) => ({ text, label, predicted }))).toEqual([
      { text: "b4", label: "benign", predicted: "bullying_hate" },
      { text: "s2", label: "risk_abuse", predicted: "risk_grooming" },
      { text: "s3", label: "risk_self_harm", predicted: "bullying_hate" },
      { text: "h2", label: "bullying_hate", predicted: "benign" },
    ]);
    expect(result.misclassified[0]?.reason).toBe("test: bullying_hate");
  });

  it("scores the earlier sets in their five categories", () => {
    const legacy = evaluateModeration(
      [
        { text: "a", label: "self_harm_risk" },
        { text: "b", label: "violence_threats" },
        { text: "c", label: "bullying_hate" },
      ],
      tableClassifier({ a: flag("risk_abuse"), b: flag("threat_violence"), c: flag("swearing_strong") }),
    );
    expect(legacy.legacy).toBe(true);
    expect(Object.keys(legacy.perCategory)).toEqual([...LEGACY_CATEGORIES]);
    expect(legacy.perCategory.self_harm_risk?.recall).toBe(1);
    expect(legacy.perCategory.violence_threats?.recall).toBe(1);
    expect(legacy.perCategory.bullying_hate?.recall).toBe(1);
    expect(legacy.riskToChildRecall).toBe(1);
  });

  it("passes each entry's earlier messages to the classifier", () => {
    const seen: (readonly string[])[] = [];
    evaluateModeration([{ text: "x", label: "risk_grooming", context: ["one", "two"] }], (_text, context) => {
      seen.push(context);
      return PASS;
    });
    expect(seen).toEqual([["one", "two"]]);
  });

  it("has nothing to divide by on an empty set", () => {
    const empty = evaluateModeration([], classify);
    expect(empty.harmfulRecall).toBeNull();
    expect(empty.benignFlagged).toBeNull();
    expect(empty.misclassified).toEqual([]);
  });
});

describe("layerAgreement", () => {
  it("measures agreement on flagging, beyond chance, and on the category", () => {
    const agreement = layerAgreement([
      { a: null, b: null },
      { a: "sexual", b: "sexual" },
      { a: "sexual", b: "bullying_hate" },
      { a: null, b: "bullying_hate" },
    ]);
    expect(agreement.flag).toBe(3 / 4);
    expect(agreement.category).toBe(1 / 2);
    // Observed 0.75; chance 0.5 * 0.75 + 0.5 * 0.25 = 0.5.
    expect(agreement.kappa).toBeCloseTo(0.5);
    expect(layerAgreement([]).flag).toBeNull();
  });
});

describe("the classifier (layers 1 and 2) on the development set (eval/dev.json)", () => {
  const entries = JSON.parse(readFileSync(new URL("./dev.json", import.meta.url), "utf8")) as LabelledEntry[];
  const classifier = createClassifier({ model: LinearModel.load() });

  it("is a well-formed set covering every category", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    const labels: readonly string[] = ["benign", ...LEGACY_CATEGORIES];
    for (const entry of entries) {
      expect(typeof entry.text, JSON.stringify(entry)).toBe("string");
      expect(labels, JSON.stringify(entry)).toContain(entry.label);
    }
    expect(new Set(entries.map((entry) => entry.text)).size).toBe(entries.length);
  });

  it("catches harm, always reaches a teacher for risk to the child, and rarely cries wolf", () => {
    const result = evaluateModeration(entries, (text, context) => classifier.classifyFast(text, context));
    const summary = JSON.stringify(result.misclassified, null, 2);
    expect(result.harmfulRecall, summary).toBeGreaterThanOrEqual(0.95);
    expect(result.riskToChildRecall, summary).toBeGreaterThanOrEqual(0.95);
    expect(result.benignFlagged, summary).toBeLessThanOrEqual(0.05);
  });
});
