// Layer 1 of the safeguarding classifier, the rules: see rules.ts.

export { classifyRules, NO_RULE_MATCHED, type RuleSeverity, type RuleVerdict, warmUp } from "./rules.js";
