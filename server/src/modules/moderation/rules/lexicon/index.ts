// Every rule of the lexicon, one file per taxonomy category. The order inside a file breaks ties
// between rules of the same category and severity (the first quoted wins); across categories the order
// is the taxonomy's (../rules.ts).

import type { LexiconRule } from "../engine.js";
import { ABUSE_RULES } from "./abuse.js";
import { BULLYING_RULES } from "./bullying.js";
import { FORCED_MARRIAGE_FGM_RULES } from "./forced-marriage-fgm.js";
import { GROOMING_RULES } from "./grooming.js";
import { PERSONAL_DETAILS_RULES } from "./personal-details.js";
import { RADICALISATION_RULES } from "./radicalisation.js";
import { RUNNING_AWAY_RULES } from "./running-away.js";
import { SELF_HARM_RULES } from "./self-harm.js";
import { SEXUAL_RULES } from "./sexual.js";
import { THREAT_RULES } from "./threat-violence.js";

export { CLAUSE_CONTINUATIONS, CLAUSE_TAGS } from "./shared.js";

export const LEXICON_RULES: readonly LexiconRule[] = [
  ...SELF_HARM_RULES,
  ...ABUSE_RULES,
  ...GROOMING_RULES,
  ...FORCED_MARRIAGE_FGM_RULES,
  ...RUNNING_AWAY_RULES,
  ...RADICALISATION_RULES,
  ...THREAT_RULES,
  ...SEXUAL_RULES,
  ...BULLYING_RULES,
  ...PERSONAL_DETAILS_RULES,
];
