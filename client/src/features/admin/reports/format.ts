// Dates and figures as the reports show them. Report days are London days, "YYYY-MM-DD", as the
// server counts them; the arithmetic below runs at noon UTC so that no clock change moves a day.

import { CATEGORY_LABELS } from "../../../lib/safeguarding";

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today in London, "YYYY-MM-DD". */
export function londonToday(now: Date = new Date()): string {
  const parts = Object.fromEntries(londonParts.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** True for a real calendar day written "YYYY-MM-DD". */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !DAY_PATTERN.test(text)) {
    return false;
  }
  const noon = noonOf(text);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().slice(0, 10) === text;
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(noonOf(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export type DayRange = { from: string; to: string };

export type QuickRange = { id: string; label: string; range: (today: string) => DayRange };

/** The ranges one click away, each ending today (London). */
export const QUICK_RANGES: readonly QuickRange[] = [
  { id: "7", label: "Last 7 days", range: (today) => ({ from: addDays(today, -6), to: today }) },
  { id: "30", label: "Last 30 days", range: (today) => ({ from: addDays(today, -29), to: today }) },
  { id: "90", label: "Last 90 days", range: (today) => ({ from: addDays(today, -89), to: today }) },
  { id: "year", label: "This year", range: (today) => ({ from: `${today.slice(0, 4)}-01-01`, to: today }) },
];

/** The report's default: the last 30 days, as the server's own default. */
export const defaultRange = (today: string): DayRange => ({ from: addDays(today, -29), to: today });

const longDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
const shortDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const shortDayYear = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "2026-03-01" as "1 March 2026". */
export const formatDay = (day: string) => longDay.format(noonOf(day));

/** A week's Monday as a chart label, "3 Nov" (with the year when the report spans more than one). */
export const weekLabel = (weekStart: string, withYear = false) =>
  (withYear ? shortDayYear : shortDay).format(noonOf(weekStart));

const numbers = new Intl.NumberFormat("en-GB");

/** 12345 as "12,345". */
export const formatNumber = (value: number) => numbers.format(value);

/** A rating to one decimal place: 4 as "4.0". */
export const formatRating = (value: number) => value.toFixed(1);

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? "" : "s"}`;

/**
 * Minutes in hours and minutes: `short` to show ("2 h 5 min"), `long` for screen readers
 * ("2 hours 5 minutes").
 */
export function formatDuration(totalMinutes: number): { short: string; long: string } {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) {
    return { short: `${rest} min`, long: plural(rest, "minute") };
  }
  if (rest === 0) {
    return { short: `${formatNumber(hours)} h`, long: plural(hours, "hour") };
  }
  return { short: `${formatNumber(hours)} h ${rest} min`, long: `${plural(hours, "hour")} ${plural(rest, "minute")}` };
}

const TYPE_LABELS: Record<string, string> = {
  strike: "Strike",
  block: "Block",
  unblock: "Unblock",
  alert: "Safeguarding alert",
};

const SEVERITY_LABELS: Record<string, string> = { normal: "Normal", urgent: "Urgent" };

const readable = (value: string) => {
  const words = value.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A moderation event's type, category ("" for none) and severity in an admin's words. */
export const moderationType = (type: string) => TYPE_LABELS[type] ?? readable(type);
export const moderationCategory = (category: string) =>
  category ? (CATEGORY_LABELS[category] ?? readable(category)) : "None";
export const moderationSeverity = (severity: string) => SEVERITY_LABELS[severity] ?? readable(severity);
