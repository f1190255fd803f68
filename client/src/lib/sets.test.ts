import { describe, expect, it } from "vitest";
import { toggled } from "./sets";

describe("toggled", () => {
  it("adds an item, leaving the set it was given as it was", () => {
    const before = new Set(["a"]);
    const after = toggled(before, "b", true);
    expect([...after]).toEqual(["a", "b"]);
    expect([...before]).toEqual(["a"]);
    expect(after).not.toBe(before);
  });

  it("takes an item out, and is a new set even when nothing changes", () => {
    const before = new Set(["a", "b"]);
    expect([...toggled(before, "a", false)]).toEqual(["b"]);
    const same = toggled(before, "c", false);
    expect([...same]).toEqual(["a", "b"]);
    expect(same).not.toBe(before);
    expect([...toggled(before, "a", true)]).toEqual(["a", "b"]);
  });
});
