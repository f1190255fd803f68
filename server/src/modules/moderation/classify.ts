// The safeguarding classifier: three layers behind one interface (README: "Safeguarding").
//
// 1. Rules (rules/): the normaliser and the lexicon, and `obscenity` for swearing. Fast, explainable.
// 2. The learned model (model/): a linear model over word and character n-grams, trained in this
//    repository; it scores the message alone and joined with the student's earlier messages.
// 3. The AI judge (judge/), when an AI provider is configured: a structured Gemini verdict.
//
// How they combine:
// - Any layer that says a risk to the child makes it urgent.
// - Otherwise a rule decides when one matches; then the model when it is sure; then the judge.
// - The judge clearing a message that only the model flagged (a sure score, but no rule) lets it
//   through with a 'Possible concern' for staff rather than refusing the child.
// - A message in the model's review band (unsure) goes on, with a 'Possible concern' for staff. When a
//   judge is configured but has no vote (time-out, error, malformed answer), such a message is held:
//   never fail open on what the model doubts.

import type { JudgeVerdict, ModerationJudge } from "./judge/gemini-judge.js";
import type { LinearModel, ModelVerdict } from "./model/linear-model.js";
import { classifyRules, type RuleVerdict } from "./rules/index.js";
import { CATEGORY_INFO, isRiskCategory, type ModerationCategory, type ModerationSeverity } from "./taxonomy.js";

export interface Concern {
  readonly category: ModerationCategory;
  readonly reason: string;
}

/** What each layer said, for staff, the evaluation and the logs. */
export interface LayerVotes {
  readonly rules: RuleVerdict;
  readonly model: ModelVerdict;
  /** The judge's verdict; null when it had none; "off" when no judge is configured or asked. */
  readonly judge: JudgeVerdict | null | "off";
}

export type Verdict =
  | {
      readonly flagged: false;
      readonly category: null;
      readonly severity: "none";
      readonly reason: null;
      /** Not refused, but worth a look: a 'Possible concern - please review' alert, no strike. */
      readonly concern: Concern | null;
      readonly layers: LayerVotes;
    }
  | {
      readonly flagged: true;
      readonly category: ModerationCategory;
      readonly severity: Exclude<ModerationSeverity, "none">;
      readonly reason: string;
      readonly concern: null;
      readonly layers: LayerVotes;
    };

export interface ClassifyOptions {
  /** The student's earlier messages in this chat, oldest first (at most the last few count). */
  readonly context?: readonly string[];
  /** Ask the AI judge too, when one is configured (default true). */
  readonly judge?: boolean;
  readonly signal?: AbortSignal;
}

export interface Classifier {
  /** All the layers; the judge's time-out bounds the wait. */
  classify(text: string, options?: ClassifyOptions): Promise<Verdict>;
  /** Layers 1 and 2 only: synchronous, under a millisecond or so. */
  classifyFast(text: string, context?: readonly string[]): Verdict;
  /** The judge alone (null when none is configured): chat.service runs it beside the AI's answer. */
  readonly judge: ModerationJudge | null;
  /** The fast verdict with the judge's vote folded in. */
  withJudge(fast: Verdict, vote: JudgeVerdict | null): Verdict;
}

const percent = (p: number) => `${Math.round(p * 100)}%`;

function flagged(
  category: ModerationCategory,
  severity: Exclude<ModerationSeverity, "none">,
  reason: string,
  layers: LayerVotes,
): Verdict {
  return { flagged: true, category, severity, reason, concern: null, layers };
}

function clear(concern: Concern | null, layers: LayerVotes): Verdict {
  return { flagged: false, category: null, severity: "none", reason: null, concern, layers };
}

function modelReason(model: ModelVerdict): string {
  const label = CATEGORY_INFO[model.category!].label;
  const context = model.viaContext ? ", with the student's earlier messages" : "";
  return `${label} (learned model, ${percent(model.probability)} sure${context})`;
}

/** Layers 1 and 2 combined. */
export function combineFast(rules: RuleVerdict, model: ModelVerdict): Verdict {
  const layers: LayerVotes = { rules, model, judge: "off" };
  if (rules.flagged && rules.severity === "urgent") {
    return flagged(rules.category, "urgent", rules.reason, layers);
  }
  if (model.band === "flag" && isRiskCategory(model.category)) {
    return flagged(model.category, "urgent", modelReason(model), layers);
  }
  if (rules.flagged) {
    return flagged(rules.category, rules.severity, rules.reason, layers);
  }
  if (model.band === "flag" && model.category) {
    return flagged(model.category, CATEGORY_INFO[model.category].defaultSeverity, modelReason(model), layers);
  }
  if (model.band === "review" && model.category) {
    return clear({ category: model.category, reason: `Possible concern: ${modelReason(model)}` }, layers);
  }
  return clear(null, layers);
}

/** The fast verdict with the judge's vote (null: the judge had none). */
export function combineWithJudge(fast: Verdict, vote: JudgeVerdict | null): Verdict {
  const layers: LayerVotes = { ...fast.layers, judge: vote };
  const judgeReason = (category: ModerationCategory, reason: string) =>
    `${CATEGORY_INFO[category].label} (AI judge: ${reason})`;
  if (fast.flagged && fast.severity === "urgent") {
    return { ...fast, layers };
  }
  if (vote?.category && vote.severity === "urgent") {
    return flagged(vote.category, "urgent", judgeReason(vote.category, vote.reason), layers);
  }
  if (fast.flagged) {
    const onlyTheModel = !fast.layers.rules.flagged;
    if (onlyTheModel && vote && !vote.category) {
      return clear(
        { category: fast.category, reason: `Possible concern: ${fast.reason}; the AI judge cleared it` },
        layers,
      );
    }
    return { ...fast, layers };
  }
  if (vote?.category) {
    return flagged(vote.category, vote.severity, judgeReason(vote.category, vote.reason), layers);
  }
  if (fast.concern && vote === null) {
    // The model doubts it and the judge could not say: held, gently, with no strike.
    return flagged(fast.concern.category, "low", `${fast.concern.reason}; the AI judge gave no answer`, layers);
  }
  return { ...fast, layers };
}

export function createClassifier(deps: { model: LinearModel; judge?: ModerationJudge | null }): Classifier {
  const judge = deps.judge ?? null;
  const classifyFast = (text: string, context: readonly string[] = []): Verdict =>
    combineFast(classifyRules(text), deps.model.judgeInContext(text, context));
  return {
    judge,
    classifyFast,
    withJudge: combineWithJudge,
    async classify(text, options = {}) {
      const fast = classifyFast(text, options.context);
      if (!judge || options.judge === false || (fast.flagged && fast.severity === "urgent")) {
        return fast;
      }
      return combineWithJudge(fast, await judge({ text, context: options.context ?? [] }, options.signal));
    },
  };
}
