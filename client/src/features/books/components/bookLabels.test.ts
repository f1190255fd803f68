import { describe, expect, it } from "vitest";
import { lengthLabel, readingLevelLabel, readingLevelSpoken } from "./bookLabels";

describe("readingLevelLabel", () => {
  it.each([
    ["primary", "Ages 5-11", "Primary, ages 5 to 11"],
    ["secondary", "Ages 11-16", "Secondary, ages 11 to 16"],
    ["college", "Ages 16+", "College, ages 16 and up"],
  ] as const)("%s: %j, said %j", (category, shown, spoken) => {
    expect(readingLevelLabel(category)).toBe(shown);
    expect(readingLevelSpoken(category)).toBe(spoken);
  });
});

describe("lengthLabel", () => {
  it("the page count when it is known, whatever the words", () => {
    expect(lengthLabel({ pages: 212, wordCount: 1000 })).toBe("212 pages");
    expect(lengthLabel({ pages: 1, wordCount: null })).toBe("1 page");
  });

  it("else pages estimated at 250 words a page, said to be an estimate", () => {
    expect(lengthLabel({ pages: null, wordCount: 53_000 })).toBe("About 212 pages");
    expect(lengthLabel({ pages: 0, wordCount: 374 })).toBe("About 1 page");
    expect(lengthLabel({ pages: null, wordCount: 40 })).toBe("About 1 page");
  });

  it("nothing when neither is known", () => {
    expect(lengthLabel({ pages: null, wordCount: null })).toBeNull();
    expect(lengthLabel({ pages: null, wordCount: 0 })).toBeNull();
  });
});
