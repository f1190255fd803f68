import { describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error.js";
import { type Cursor, decodeCursor, encodeCursor } from "./book-cursor.js";

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("Explore cursors", () => {
  const cursors: Cursor[] = [
    { order: "title", title: "Black Beauty", id: "b1" },
    { order: "newest", createdAt: new Date("2026-01-02T03:04:05.678Z"), id: "b2" },
    { order: "mostRead", part: "ranked", a: 7, b: 0, title: "Holes", id: "b3" },
    { order: "highestRated", part: "ranked", a: 14, b: 3, title: "Holes", id: "b4" },
    { order: "highestRated", part: "rest", title: "Zog", id: "b5" },
  ];

  it.each(cursors)("reads back what it wrote: %j", (cursor) => {
    expect(decodeCursor(encodeCursor(cursor), cursor.order)).toEqual(cursor);
  });

  it("keeps the title order's original shape, [title, id]", () => {
    expect(encodeCursor({ order: "title", title: "A", id: "1" })).toBe(raw(["A", "1"]));
  });

  it.each([
    ["another order's cursor", encodeCursor({ order: "title", title: "A", id: "1" }), "newest"],
    ["a ranked cursor for the other school order", encodeCursor(cursors[2] as Cursor), "highestRated"],
    ["not base64 JSON", "garbage!!", "title"],
    ["a bad date", raw(["newest", "yesterday", "1"]), "newest"],
    ["a negative total", raw(["mostRead", "ranked", -1, 0, "A", "1"]), "mostRead"],
    ["a fractional total", raw(["mostRead", "ranked", 1.5, 0, "A", "1"]), "mostRead"],
    ["a total beyond the database's integers", raw(["mostRead", "ranked", 2 ** 31, 0, "A", "1"]), "mostRead"],
    ["an average of no ratings", raw(["highestRated", "ranked", 5, 0, "A", "1"]), "highestRated"],
    ["a NUL in the title", raw(["A\u0000", "1"]), "title"],
    ["an unknown part", raw(["mostRead", "middle", "A", "1"]), "mostRead"],
    ["extra values", raw(["A", "1", "2"]), "title"],
  ] as const)("refuses %s", (_case, text, order) => {
    expect(() => decodeCursor(text, order)).toThrow(AppError);
    expect(() => decodeCursor(text, order)).toThrow("Invalid cursor");
  });
});
