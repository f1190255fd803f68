import { describe, expect, it } from "vitest";
import { londonDay } from "./london-day.js";

describe("londonDay", () => {
  it("uses GMT in winter", () => {
    const { start, end } = londonDay(new Date("2026-11-22T15:30:00Z"));
    expect(start.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("uses BST in summer: the day starts at 23:00 UTC the evening before", () => {
    const { start, end } = londonDay(new Date("2026-06-10T23:30:00Z"));
    expect(start.toISOString()).toBe("2026-06-10T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-06-11T23:00:00.000Z");
  });

  it("handles the day the clocks go forward (23 hours long)", () => {
    const { start, end } = londonDay(new Date("2026-03-29T12:00:00Z"));
    expect(start.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-29T23:00:00.000Z");
  });

  it("handles the day the clocks go back (25 hours long)", () => {
    const { start, end } = londonDay(new Date("2026-10-25T12:00:00Z"));
    expect(start.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });
});
