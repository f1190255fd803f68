import type { ActivityKind } from "../../../gql/graphql";

// Times on the admin screens are London times (the schools' own), whatever the admin's computer says.
const londonDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "5 Mar 2025, 14:03" in London; null for a missing or unreadable date. */
export function formatLondonDateTime(value: string | null | undefined): string | null {
  if (!value) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : londonDateTime.format(date);
}

/** "1 student", "3 teachers": a count with its noun, in British number format. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? singular : plural}`;
}

/** What each kind of activity is called on the dashboard. */
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  registration: "New account",
  bookPublished: "Book published",
  review: "Review",
  moderation: "Safeguarding",
  admin: "Admin action",
};
