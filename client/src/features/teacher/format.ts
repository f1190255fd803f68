import type { SafeguardingAlertFieldsFragment } from "../../gql/graphql";

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

/** Urgent first (risk to the child), then the newest. */
export function byUrgency(a: SafeguardingAlertFieldsFragment, b: SafeguardingAlertFieldsFragment): number {
  const urgency = Number(b.severity === "urgent") - Number(a.severity === "urgent");
  return urgency || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
}
