// Server-side moderation of what students write (chat messages, reviews) and of what the AI answers.
// The classifier (classifier.ts) decides; the moderation service turns a verdict into strikes, blocks
// and alerts.

/** The harm categories the classifier knows. */
export const MODERATION_CATEGORIES = [
  "bullying_hate",
  "sexual",
  "violence_threats",
  "self_harm_risk",
  "personal_details",
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/**
 * none: nothing found. low: mild (e.g. sharing a phone number, a mild insult). high: clearly harmful
 * (hate, sexual content, threats). urgent: risk to the child (self-harm, abuse, danger): never a strike,
 * always an urgent alert to teachers and a kind reply pointing to a trusted adult and Childline.
 */
export type ModerationSeverity = "none" | "low" | "high" | "urgent";

export type Classification =
  | { flagged: false; category: null; severity: "none"; reason: null }
  | { flagged: true; category: ModerationCategory; severity: Exclude<ModerationSeverity, "none">; reason: string };

export type TextClassifier = (text: string) => Classification;

export const NOT_FLAGGED: Classification = { flagged: false, category: null, severity: "none", reason: null };
