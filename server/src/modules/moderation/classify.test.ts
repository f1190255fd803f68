import { describe, expect, it } from "vitest";
import { combineFast, combineWithJudge, createClassifier, type Verdict } from "./classify.js";
import type { JudgeVerdict, ModerationJudge } from "./judge/gemini-judge.js";
import { LinearModel, MODEL_CLEAR, type ModelVerdict } from "./model/linear-model.js";
import { NO_RULE_MATCHED, type RuleVerdict } from "./rules/index.js";
import type { ModerationCategory } from "./taxonomy.js";

// How the three layers combine (classify.ts), from each layer's possible votes.

const NO_RULE = NO_RULE_MATCHED;
const rule = (category: ModerationCategory, severity: "low" | "high" | "urgent"): RuleVerdict => ({
  flagged: true,
  category,
  severity,
  reason: `rule: ${category}`,
  ruleId: `test-${category}`,
});
const model = (band: "flag" | "review", category: ModerationCategory, probability = 0.8): ModelVerdict => ({
  band,
  category,
  probability,
  viaContext: false,
});
const judge = (category: ModerationCategory | null, severity: JudgeVerdict["severity"] = "high"): JudgeVerdict =>
  category
    ? ({ category, severity, reason: "judged" } as JudgeVerdict)
    : { category: null, severity: "none", reason: "fine" };
const summary = (v: Verdict) => ({
  flagged: v.flagged,
  category: v.category ?? v.concern?.category ?? null,
  severity: v.severity,
  concern: Boolean(v.concern),
});

describe("layers 1 and 2 together", () => {
  it("passes what neither layer flags", () => {
    expect(summary(combineFast(NO_RULE, MODEL_CLEAR))).toEqual({
      flagged: false,
      category: null,
      severity: "none",
      concern: false,
    });
  });

  it("makes a risk urgent when either layer sees it, and risk outranks the other layer's harm", () => {
    expect(summary(combineFast(rule("risk_abuse", "urgent"), MODEL_CLEAR))).toMatchObject({
      category: "risk_abuse",
      severity: "urgent",
    });
    expect(summary(combineFast(rule("bullying_hate", "high"), model("flag", "risk_self_harm")))).toMatchObject({
      category: "risk_self_harm",
      severity: "urgent",
    });
  });

  it("lets a rule decide over the model, and the model decide when no rule matched", () => {
    expect(summary(combineFast(rule("swearing_mild", "low"), model("flag", "bullying_hate")))).toMatchObject({
      category: "swearing_mild",
      severity: "low",
    });
    const byModel = combineFast(NO_RULE, model("flag", "sexual", 0.91));
    expect(summary(byModel)).toMatchObject({ flagged: true, category: "sexual", severity: "high" });
    expect(byModel.reason).toBe("Sexual content (learned model, 91% sure)");
    // The taxonomy's severity: a personal detail found by the model is low (no strike).
    expect(combineFast(NO_RULE, model("flag", "personal_details")).severity).toBe("low");
  });

  it("passes a message in the model's review band, with a concern for staff", () => {
    const unsure = combineFast(NO_RULE, model("review", "risk_grooming", 0.2));
    expect(summary(unsure)).toEqual({ flagged: false, category: "risk_grooming", severity: "none", concern: true });
    expect(unsure.concern?.reason).toMatch(/^Possible concern: Grooming or exploitation/);
  });
});

describe("the AI judge's vote", () => {
  it("makes a message urgent when the judge sees a risk, even when layers 1 and 2 passed it", () => {
    const v = combineWithJudge(combineFast(NO_RULE, MODEL_CLEAR), judge("risk_running_away", "urgent"));
    expect(summary(v)).toMatchObject({ flagged: true, category: "risk_running_away", severity: "urgent" });
    expect(v.reason).toBe("Running away (AI judge: judged)");
    expect(v.layers.judge).toMatchObject({ category: "risk_running_away" });
  });

  it("cannot clear an urgent message or a rule's verdict", () => {
    expect(combineWithJudge(combineFast(NO_RULE, model("flag", "risk_abuse")), judge(null)).severity).toBe("urgent");
    expect(
      summary(combineWithJudge(combineFast(rule("threat_violence", "high"), MODEL_CLEAR), judge(null))),
    ).toMatchObject({
      flagged: true,
      category: "threat_violence",
    });
  });

  it("turns a flag of the model alone into a concern when the judge clears it", () => {
    const v = combineWithJudge(combineFast(NO_RULE, model("flag", "bullying_hate")), judge(null));
    expect(summary(v)).toEqual({ flagged: false, category: "bullying_hate", severity: "none", concern: true });
  });

  it("flags what only the judge saw", () => {
    expect(summary(combineWithJudge(combineFast(NO_RULE, MODEL_CLEAR), judge("sexual")))).toMatchObject({
      flagged: true,
      category: "sexual",
      severity: "high",
    });
  });

  it("never fails open on the review band: no vote holds the message, gently", () => {
    const unsure = combineFast(NO_RULE, model("review", "bullying_hate", 0.3));
    expect(summary(combineWithJudge(unsure, null))).toEqual({
      flagged: true,
      category: "bullying_hate",
      severity: "low",
      concern: false,
    });
    // A clear vote releases it, with the concern kept for staff.
    expect(summary(combineWithJudge(unsure, judge(null)))).toMatchObject({ flagged: false, concern: true });
    // Outside the band, no vote changes nothing.
    expect(combineWithJudge(combineFast(NO_RULE, MODEL_CLEAR), null).flagged).toBe(false);
  });
});

describe("createClassifier", () => {
  const loaded = LinearModel.load();

  it("does not ask the judge when it is off for the call, or when the message is already urgent", async () => {
    const calls: string[] = [];
    const spy: ModerationJudge = async (input) => {
      calls.push(input.text);
      return judge("sexual");
    };
    const classifier = createClassifier({ model: loaded, judge: spy });
    expect((await classifier.classify("what happens to toad at the end", { judge: false })).flagged).toBe(false);
    expect((await classifier.classify("i want to kill myself")).severity).toBe("urgent");
    expect(calls).toEqual([]);
    expect((await classifier.classify("what happens to toad at the end", { context: ["hi"] })).category).toBe("sexual");
    expect(calls).toEqual(["what happens to toad at the end"]);
  });

  it("without a judge, answers from layers 1 and 2 at once", async () => {
    const classifier = createClassifier({ model: loaded });
    expect(classifier.judge).toBeNull();
    const verdict = await classifier.classify("shut up you ugly loser");
    expect(verdict).toMatchObject({ flagged: true, category: "bullying_hate" });
    expect(verdict.layers.judge).toBe("off");
    expect(classifier.classifyFast("why did mole leave home?").flagged).toBe(false);
  });
});
