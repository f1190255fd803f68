import { describe, expect, it } from "vitest";
import {
  addDays,
  defaultRange,
  formatDay,
  formatDuration,
  isDay,
  londonToday,
  moderationCategory,
  moderationType,
  QUICK_RANGES,
  weekLabel,
} from "./format";

describe("report dates", () => {
  it("reads today in London, across midnight in summer and in winter", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonToday(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01");
    expect(londonToday(new Date("2025-06-30T22:59:00Z"))).toBe("2025-06-30");
    // In winter London is on UTC.
    expect(londonToday(new Date("2025-12-31T23:30:00Z"))).toBe("2025-12-31");
  });

  it("adds days across months, years and clock changes", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2025-03-30", 1)).toBe("2025-03-31");
    expect(addDays("2025-10-26", -29)).toBe("2025-09-27");
  });

  it("knows a real YYYY-MM-DD day", () => {
    expect(isDay("2025-11-03")).toBe(true);
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2025-13-01")).toBe(false);
    expect(isDay("3/11/2025")).toBe(false);
    expect(isDay("")).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it("gives each quick range ending today, and the last 30 days by default", () => {
    expect(QUICK_RANGES.map((quick) => [quick.label, quick.range("2025-11-20")])).toEqual([
      ["Last 7 days", { from: "2025-11-14", to: "2025-11-20" }],
      ["Last 30 days", { from: "2025-10-22", to: "2025-11-20" }],
      ["Last 90 days", { from: "2025-08-23", to: "2025-11-20" }],
      ["This year", { from: "2025-01-01", to: "2025-11-20" }],
    ]);
    expect(defaultRange("2025-11-20")).toEqual({ from: "2025-10-22", to: "2025-11-20" });
  });

  it("writes days and week labels in British English", () => {
    expect(formatDay("2025-11-03")).toBe("3 November 2025");
    expect(weekLabel("2025-11-03")).toBe("3 Nov");
    expect(weekLabel("2025-12-29", true)).toBe("29 Dec 2025");
  });
});

describe("report figures", () => {
  it("shows minutes in hours and minutes, short and spoken", () => {
    expect(formatDuration(0)).toEqual({ short: "0 min", long: "0 minutes" });
    expect(formatDuration(1)).toEqual({ short: "1 min", long: "1 minute" });
    expect(formatDuration(60)).toEqual({ short: "1 h", long: "1 hour" });
    expect(formatDuration(125)).toEqual({ short: "2 h 5 min", long: "2 hours 5 minutes" });
    expect(formatDuration(61)).toEqual({ short: "1 h 1 min", long: "1 hour 1 minute" });
    expect(formatDuration(60_030)).toEqual({ short: "1,000 h 30 min", long: "1,000 hours 30 minutes" });
  });

  it("names moderation events in an admin's words", () => {
    expect(moderationType("alert")).toBe("Safeguarding alert");
    expect(moderationType("strike")).toBe("Strike");
    expect(moderationCategory("self_harm_risk")).toBe("Risk to the child");
    expect(moderationCategory("")).toBe("None");
    expect(moderationCategory("new_thing")).toBe("New thing");
  });
});
