// What counts, and what follows: the safeguarding taxonomy, aligned with Keeping Children Safe in
// Education (2025) and the DfE filtering and monitoring standards. Every layer of the classifier (rules,
// the learned model, the AI judge) speaks in these categories; the moderation service turns a category
// and its severity into what the child sees and what staff get (README: "Safeguarding").

/** Risk to the child: urgent, never a strike, a Childline reply and an urgent alert to the DSL. */
export const RISK_CATEGORIES = [
  /** Suicide and self-harm, including misspelt, slangy and indirect wordings. */
  "risk_self_harm",
  /** Abuse disclosures: physical, emotional, sexual, neglect, domestic abuse at home. */
  "risk_abuse",
  /** Grooming and exploitation, online and offline: sextortion, criminal exploitation, county lines. */
  "risk_grooming",
  "risk_forced_marriage_fgm",
  "risk_running_away",
  "risk_radicalisation",
] as const;

/** Harm to others: a strike (and a block after repeated strikes). */
export const HARM_CATEGORIES = ["threat_violence", "bullying_hate", "sexual"] as const;

export const MODERATION_CATEGORIES = [
  ...RISK_CATEGORIES,
  ...HARM_CATEGORIES,
  /** Anything that locates, identifies or contacts the child, asked or given; meeting requests. */
  "personal_details",
  /** Mild swearing and its abbreviations: not sent, a gentle reminder, no strike. */
  "swearing_mild",
  /** Strong swearing not aimed at anyone: a strike. Aimed at someone it is bullying_hate. */
  "swearing_strong",
] as const;

export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/**
 * none: nothing found. low: not sent, a reminder, no strike (mild swearing, sharing a detail).
 * high: harmful, a strike. urgent: risk to the child.
 */
export type ModerationSeverity = "none" | "low" | "high" | "urgent";

export type CategoryGroup = "risk" | "harm" | "personal" | "swearing";

export interface CategoryInfo {
  readonly group: CategoryGroup;
  /** The severity a layer gives when it knows only the category (the rules may say more). */
  readonly defaultSeverity: Exclude<ModerationSeverity, "none">;
  /** What staff read: the alert list, the e-mail subject, the CSV export. */
  readonly label: string;
}

export const CATEGORY_INFO: Readonly<Record<ModerationCategory, CategoryInfo>> = {
  risk_self_harm: { group: "risk", defaultSeverity: "urgent", label: "Suicide or self-harm" },
  risk_abuse: { group: "risk", defaultSeverity: "urgent", label: "Possible abuse" },
  risk_grooming: { group: "risk", defaultSeverity: "urgent", label: "Grooming or exploitation" },
  risk_forced_marriage_fgm: { group: "risk", defaultSeverity: "urgent", label: "Forced marriage or FGM" },
  risk_running_away: { group: "risk", defaultSeverity: "urgent", label: "Running away" },
  risk_radicalisation: { group: "risk", defaultSeverity: "urgent", label: "Radicalisation" },
  threat_violence: { group: "harm", defaultSeverity: "high", label: "Threats or violence" },
  bullying_hate: { group: "harm", defaultSeverity: "high", label: "Bullying or hate" },
  sexual: { group: "harm", defaultSeverity: "high", label: "Sexual content" },
  personal_details: { group: "personal", defaultSeverity: "low", label: "Personal details" },
  swearing_mild: { group: "swearing", defaultSeverity: "low", label: "Mild swearing" },
  swearing_strong: { group: "swearing", defaultSeverity: "high", label: "Strong swearing" },
};

export function isModerationCategory(value: unknown): value is ModerationCategory {
  return typeof value === "string" && (MODERATION_CATEGORIES as readonly string[]).includes(value);
}

export function isRiskCategory(category: ModerationCategory | null | undefined): category is RiskCategory {
  return !!category && CATEGORY_INFO[category]?.group === "risk";
}
