import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyText } from "./classifier.js";
import { NOT_FLAGGED } from "./text-moderator.js";
import { modelWords, packModel, trainModel, type TrainingExample } from "./model-core.js";
import { loadModel, MODEL_FILE, scoreText, withModel } from "./model.js";

const rulesOrModel = withModel(classifyText);

describe("the moderation model", () => {
  it("loads model.json with a threshold from cross-validation", () => {
    expect(fs.existsSync(MODEL_FILE)).toBe(true);
    const model = loadModel();
    expect(model.threshold).toBeGreaterThan(0.5);
    expect(model.threshold).toBeLessThan(1);
    expect(model.weights.some((w) => w !== 0)).toBe(true);
    expect(loadModel()).toBe(model);
  });

  it("normalises case, leetspeak and stretched letters", () => {
    expect(modelWords("I H4TE y0u!!! Sooooo much")).toEqual(["i", "hate", "you", "soo", "much"]);
    expect(modelWords("call 07700 900123")).toEqual(["call", "ddddd", "dddddd"]);
  });

  it.each([
    ["i want to kill myself", "self_harm_risk"],
    ["nobody would miss me if i was gone", "self_harm_risk"],
    ["send me a pic of you in your underwear", "sexual"],
  ])("flags %j as %s", (text, category) => {
    expect(scoreText(text)?.category).toBe(category);
  });

  it.each([
    "why did the wolf eat grandma",
    "why did beth die in little women",
    "who killed the monster in frankenstein",
    "what happens at the end of black beauty",
    "I liked the part where they fought the pirates.",
  ])("leaves %j alone", (text) => {
    expect(scoreText(text)).toBeNull();
    expect(rulesOrModel(text).flagged).toBe(false);
  });

  it("adds to the rules only when the rules find nothing, with the model's reason", () => {
    const caughtByRules = "i want to kill myself";
    expect(rulesOrModel(caughtByRules)).toEqual(classifyText(caughtByRules));
    const never = withModel(() => NOT_FLAGGED);
    expect(never("nobody would miss me if i was gone")).toMatchObject({
      flagged: true,
      category: "self_harm_risk",
      severity: "urgent",
      reason: expect.stringMatching(/^Model: self_harm_risk \(p=[01]\.\d\d\)$/),
    });
    expect(never("why did the wolf eat grandma")).toEqual(NOT_FLAGGED);
  });

  it("trains deterministically: the same small input gives the same model twice", () => {
    const examples: TrainingExample[] = [
      { text: "why did the wolf eat grandma", label: "benign" },
      { text: "i want to hurt myself", label: "self_harm_risk" },
      { text: "ur so ugly and stupid", label: "bullying_hate" },
      { text: "my number is 07700 900123", label: "personal_details" },
      { text: "the horse ran across the field", label: "benign" },
    ];
    const options = { bucketBits: 12, epochs: 3 };
    const first = JSON.stringify(packModel(trainModel(examples, options), 12, 0.7));
    const second = JSON.stringify(packModel(trainModel(examples, options), 12, 0.7));
    expect(first).toBe(second);
    const reordered = JSON.stringify(packModel(trainModel(examples, { ...options, seed: 7 }), 12, 0.7));
    expect(reordered).not.toBe(first);
  });
});
