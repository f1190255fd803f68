import type { SafeguardingAlertFieldsFragment } from "../../gql/graphql";
import { CATEGORY_LABELS } from "../../lib/safeguarding";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "5 Mar 2026, 14:03" in the reader's time zone; null for a missing or unreadable date. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateTime.format(date);
}

/** The classifier was unsure: staff look, no strike (the server's CONCERN_LABEL). */
export const CONCERN_LABEL = "Possible concern - please review";

/** What a safeguarding event is, in a teacher's words. */
export function alertTitle(alert: Pick<SafeguardingAlertFieldsFragment, "type" | "category" | "severity">): string {
  const category = alert.category ? (CATEGORY_LABELS[alert.category] ?? alert.category) : null;
  switch (alert.type) {
    case "alert":
      return category ?? "Safeguarding alert";
    case "concern":
      return CONCERN_LABEL;
    case "block":
      return "Account restricted";
    case "strike":
      return category ? `Strike: ${category}` : "Strike";
    default:
      return "Unblocked";
  }
}

/** Urgent first (risk to the child), then the newest. */
export function byUrgency(a: SafeguardingAlertFieldsFragment, b: SafeguardingAlertFieldsFragment): number {
  const urgency = Number(b.severity === "urgent") - Number(a.severity === "urgent");
  return urgency || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
}
