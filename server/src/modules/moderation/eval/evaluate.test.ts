import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyText } from "../classifier.js";
import {
  type Classification,
  MODERATION_CATEGORIES,
  NOT_FLAGGED,
  type ModerationCategory,
  type TextClassifier,
} from "../text-moderator.js";
import { evaluateModeration, type LabelledEntry, type ModerationLabel } from "./evaluate.js";

const flag = (category: ModerationCategory): Classification => ({
  flagged: true,
  category,
  severity: category === "self_harm_risk" ? "urgent" : "high",
  reason: `test: ${category}`,
});

/** A classifier that answers from a table: text -> predicted label. */
const tableClassifier =
  (answers: Record<string, ModerationLabel>): TextClassifier =>
  (text) => {
    const answer = answers[text] ?? "benign";
    return answer === "benign" ? NOT_FLAGGED : flag(answer);
  };

describe("evaluateModeration", () => {
  // 4 benign (1 flagged), 3 self-harm (2 right, 1 called bullying), 2 bullying (1 right, 1 missed),
  // 1 personal details (right).
  const entries: LabelledEntry[] = [
    { text: "b1", label: "benign" },
    { text: "b2", label: "benign" },
    { text: "b3", label: "benign" },
    { text: "b4", label: "benign" },
    { text: "s1", label: "self_harm_risk" },
    { text: "s2", label: "self_harm_risk" },
    { text: "s3", label: "self_harm_risk" },
    { text: "h1", label: "bullying_hate" },
    { text: "h2", label: "bullying_hate" },
    { text: "p1", label: "personal_details" },
  ];
  const classify = tableClassifier({
    b4: "bullying_hate",
    s1: "self_harm_risk",
    s2: "self_harm_risk",
    s3: "bullying_hate",
    h1: "bullying_hate",
    p1: "personal_details",
  });
  const result = evaluateModeration(entries, classify);

  it("scores each category", () => {
    expect(result.total).toBe(10);
    expect(result.perCategory.self_harm_risk).toEqual({ precision: 1, recall: 2 / 3, support: 3 });
    // Predicted bullying 3 times (b4, s3, h1), right once.
    expect(result.perCategory.bullying_hate).toEqual({ precision: 1 / 3, recall: 1 / 2, support: 2 });
    expect(result.perCategory.personal_details).toEqual({ precision: 1, recall: 1, support: 1 });
    expect(result.perCategory.sexual).toEqual({ precision: null, recall: null, support: 0 });
  });

  it("scores harm overall, risk to the child and false alarms", () => {
    // Harmful: s1, s2, s3, h1, p1 flagged; h2 missed.
    expect(result.harmfulRecall).toBe(5 / 6);
    expect(result.riskToChildRecall).toBe(2 / 3);
    expect(result.benignFalsePositiveRate).toBe(1 / 4);
  });

  it("lists what it got wrong", () => {
    expect(result.misclassified.map(({ text, label, predicted }) => ({ text, label, predicted }))).toEqual([
      { text: "b4", label: "benign", predicted: "bullying_hate" },
      { text: "s3", label: "self_harm_risk", predicted: "bullying_hate" },
      { text: "h2", label: "bullying_hate", predicted: "benign" },
    ]);
    expect(result.misclassified[0]?.reason).toBe("test: bullying_hate");
  });

  it("has nothing to divide by on an empty set", () => {
    const empty = evaluateModeration([], classify);
    expect(empty.harmfulRecall).toBeNull();
    expect(empty.benignFalsePositiveRate).toBeNull();
    expect(empty.misclassified).toEqual([]);
  });
});

describe("the classifier on the development set (eval/dev.json)", () => {
  const entries = JSON.parse(readFileSync(new URL("./dev.json", import.meta.url), "utf8")) as LabelledEntry[];
  const labels: readonly string[] = ["benign", ...MODERATION_CATEGORIES];

  it("is a well-formed set covering every category", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    for (const entry of entries) {
      expect(typeof entry.text, JSON.stringify(entry)).toBe("string");
      expect(labels, JSON.stringify(entry)).toContain(entry.label);
    }
    expect(new Set(entries.map((entry) => entry.text)).size).toBe(entries.length);
    expect(entries.filter((entry) => entry.label === "benign").length).toBeGreaterThanOrEqual(60);
    for (const category of MODERATION_CATEGORIES) {
      expect(entries.filter((entry) => entry.label === category).length, category).toBeGreaterThanOrEqual(15);
    }
  });

  it("catches harm, always reaches a teacher for risk to the child, and rarely cries wolf", () => {
    const result = evaluateModeration(entries, classifyText);
    const summary = JSON.stringify(result.misclassified, null, 2);
    expect(result.harmfulRecall, summary).toBeGreaterThanOrEqual(0.95);
    expect(result.riskToChildRecall, summary).toBeGreaterThanOrEqual(0.95);
    expect(result.benignFalsePositiveRate, summary).toBeLessThanOrEqual(0.03);
  });
});
