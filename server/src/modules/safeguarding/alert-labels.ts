import type { ModerationEventType } from "../../generated/prisma/enums.js";
import { CATEGORY_INFO, isModerationCategory } from "../moderation/taxonomy.js";

// What a safeguarding event is called wherever staff read it: the teacher's alert list, the e-mail to
// the school's safeguarding contacts, the CSV export. The labels of the categories are the taxonomy's.

export const CONCERN_LABEL = "Possible concern - please review";

// Categories of events recorded before the safeguarding taxonomy (issue 19): their rows keep them.
const EARLIER_CATEGORY_LABELS: Record<string, string> = {
  self_harm_risk: "Risk to the child",
  violence_threats: "Violence or threats",
  bullying_hate: "Bullying or hate",
  sexual: "Sexual content",
  personal_details: "Personal details shared",
};

/** A category in a teacher's words, or null for none; an unknown one is shown as written. */
export function categoryLabel(category: string | null | undefined): string | null {
  if (!category) {
    return null;
  }
  if (isModerationCategory(category)) {
    return CATEGORY_INFO[category].label;
  }
  return EARLIER_CATEGORY_LABELS[category] ?? category.replace(/_/g, " ");
}

/** What the event is: "Suicide or self-harm", "Strike: Bullying or hate", "Possible concern - please review". */
export function eventLabel(event: { type: ModerationEventType; category: string | null }): string {
  const category = categoryLabel(event.category);
  switch (event.type) {
    case "alert":
      return category ?? "Safeguarding alert";
    case "concern":
      return CONCERN_LABEL;
    case "block":
      return "Account restricted";
    case "strike":
      return category ? `Strike: ${category}` : "Strike";
    case "unblock":
      return "Unblocked";
  }
}

/** The kind of event, for the CSV's Type column. */
export function eventTypeLabel(event: { type: ModerationEventType; severity: "normal" | "urgent" }): string {
  switch (event.type) {
    case "alert":
      return event.severity === "urgent" ? "Urgent alert" : "Alert";
    case "concern":
      return "Possible concern";
    case "block":
      return "Account restricted";
    case "strike":
      return "Strike";
    case "unblock":
      return "Unblocked";
  }
}
