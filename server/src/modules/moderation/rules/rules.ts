// Layer 1 of the safeguarding classifier: the rules. A pure, synchronous check of one message against
// the lexicon (lexicon/, one file per taxonomy category), the personal-detail detectors and the
// swearing matcher, answering in the taxonomy's categories (../taxonomy.ts) with the rule that decided
// and a short reason for staff that quotes the child's words.
//
// When several rules match, risk to the child beats harm to others, which beats personal details,
// which beat swearing; within a group the more severe wins, then the taxonomy's order of categories
// (self-harm before abuse..., threats before sexual content before bullying), then the lexicon's order.

import {
  CATEGORY_INFO,
  type CategoryGroup,
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationSeverity,
  RISK_CATEGORIES,
} from "../taxonomy.js";
import {
  type CompiledRule,
  compileRuleSet,
  findAnchors,
  findRule,
  type MessageTexts,
  quote,
  quoteSpan,
  type RuleSet,
} from "./engine.js";
import { CLAUSE_CONTINUATIONS, CLAUSE_TAGS, LEXICON_RULES } from "./lexicon/index.js";
import { type CanonicalText, fromCodes, normalise } from "./normalise.js";
import { findPersonalDetails } from "./personal-details.js";
import { findMaskedSwearing, scanSwearing, type SwearScan, warmUpSwearing } from "./swearing.js";

export type RuleSeverity = Exclude<ModerationSeverity, "none">;

export type RuleVerdict =
  | { flagged: false; category: null; severity: "none"; reason: null; ruleId: null }
  | { flagged: true; category: ModerationCategory; severity: RuleSeverity; reason: string; ruleId: string };

export const NO_RULE_MATCHED: RuleVerdict = {
  flagged: false,
  category: null,
  severity: "none",
  reason: null,
  ruleId: null,
};

/** A message, normalised once for every step. */
interface Message {
  readonly source: string;
  /** Folded (lower case, look-alikes, no diacritics) with its digits and punctuation. */
  readonly folded: string;
  readonly texts: MessageTexts;
  readonly swearing: SwearScan;
}

interface Found {
  readonly ruleId: string;
  readonly reason: string;
}

/** One thing to look for: a lexicon rule, or a detector written as code. */
interface Step {
  readonly category: ModerationCategory;
  readonly severity: RuleSeverity;
  /** Breaks ties within a category and severity: lower first. */
  readonly order: number;
  readonly find: (message: Message, rules: RuleSet) => Found | null;
}

const ruleStep = (compiled: CompiledRule, order: number): Step => ({
  category: compiled.rule.category,
  severity: compiled.rule.severity,
  order,
  find: (message, rules) => {
    const match = findRule(rules, compiled, message.texts);
    return match && { ruleId: compiled.rule.id, reason: `${compiled.rule.label}: '${quote(message.source, match)}'` };
  },
});

const quoteWord = (source: string, word: { version: CanonicalText; start: number; end: number }): string =>
  quoteSpan(source, word.version, word.start, word.end);

/** Detectors that are code rather than phrases; they come before the rules of their category. */
const DETECTOR_STEPS: readonly Step[] = [
  {
    // "f*** you": the normaliser drops a masked word's stars, so the swear rules cannot see it.
    category: "bullying_hate",
    severity: "high",
    order: -1,
    find: ({ folded }) => {
      const masked = folded.includes("*") ? findMaskedSwearing(folded) : null;
      return masked?.aimed ? { ruleId: "swear-masked-aimed", reason: `Swearing at someone: '${masked.words}'` } : null;
    },
  },
  {
    category: "personal_details",
    severity: "low",
    order: -1,
    find: ({ folded }) => findPersonalDetails(folded),
  },
  {
    category: "swearing_strong",
    severity: "high",
    order: -1,
    find: ({ source, swearing }) => {
      const word = swearing.words.find(({ kind }) => kind !== "mild");
      return word ? { ruleId: "swearing-strong", reason: `Strong swearing: '${quoteWord(source, word)}'` } : null;
    },
  },
  {
    category: "swearing_mild",
    severity: "low",
    order: -1,
    find: ({ source, folded, swearing }) => {
      const word = swearing.words.find(({ kind }) => kind === "mild");
      if (word) {
        return { ruleId: "swearing-mild", reason: `Mild swearing: '${quoteWord(source, word)}'` };
      }
      const masked = folded.includes("*") ? findMaskedSwearing(folded) : null;
      return masked ? { ruleId: "swearing-masked", reason: `Mild swearing: '${masked.words}'` } : null;
    },
  },
];

const GROUP_RANK: Readonly<Record<CategoryGroup, number>> = { risk: 0, harm: 1, personal: 2, swearing: 3 };
const SEVERITY_RANK: Readonly<Record<RuleSeverity, number>> = { urgent: 0, high: 1, low: 2 };
/** The taxonomy's order, except that sexual content comes before bullying, as it always has. */
const CATEGORY_PRIORITY: readonly ModerationCategory[] = [
  ...RISK_CATEGORIES,
  "threat_violence",
  "sexual",
  "bullying_hate",
  ...MODERATION_CATEGORIES.filter(
    (category) => CATEGORY_INFO[category].group !== "risk" && CATEGORY_INFO[category].group !== "harm",
  ),
];
const CATEGORY_RANK = new Map(CATEGORY_PRIORITY.map((category, index) => [category, index]));

const rank = (step: Step): number[] => [
  GROUP_RANK[CATEGORY_INFO[step.category].group],
  SEVERITY_RANK[step.severity],
  CATEGORY_RANK.get(step.category) ?? 0,
  step.order,
];

function compareSteps(a: Step, b: Step): number {
  const left = rank(a);
  const right = rank(b);
  for (let index = 0; index < left.length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) {
      return difference;
    }
  }
  return 0;
}

interface Compiled {
  readonly rules: RuleSet;
  /** Most serious first. */
  readonly steps: readonly Step[];
}

let compiled: Compiled | null = null;

function compile(): Compiled {
  const rules = compileRuleSet(LEXICON_RULES, { continuations: CLAUSE_CONTINUATIONS, tags: CLAUSE_TAGS });
  const steps = [...rules.rules.map(ruleStep), ...DETECTOR_STEPS].sort(compareSteps);
  warmUpSwearing();
  return { rules, steps };
}

/** Compiles the lexicon and the swearing matcher now rather than on the first message. */
export function warmUp(): void {
  compiled ??= compile();
}

/** Classifies one message (a chat message, a review, a display name) by the rules alone. */
export function classifyRules(text: string): RuleVerdict {
  warmUp();
  const { rules, steps } = compiled as Compiled;
  const source = text.normalize("NFKC");
  const normalised = normalise(source);
  const swearing = scanSwearing(normalised.versions);
  const message: Message = {
    source,
    folded: fromCodes(normalised.folded.codes),
    texts: {
      versions: normalised.versions,
      swearMarked: swearing.marked,
      anchorsFound: findAnchors(rules, normalised.versions),
    },
    swearing,
  };
  for (const step of steps) {
    const found = step.find(message, rules);
    if (found) {
      return { flagged: true, category: step.category, severity: step.severity, ...found };
    }
  }
  return NO_RULE_MATCHED;
}
