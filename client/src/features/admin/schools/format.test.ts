import { describe, expect, it } from "vitest";
import { actionLabel, CLOSED_LABEL, formatLondonDate, SERVER_CODE_LABEL, signupLabel, spelledCode } from "./format";

describe("signupLabel", () => {
  it("names the school's own code with its London date, the server's code, or a closed sign-up", () => {
    expect(signupLabel({ teacherSignup: "ownCode", teacherCodeRotatedAt: "2026-11-03T09:30:00.000Z" })).toBe(
      "Own code, rotated 3 Nov 2026",
    );
    // 23:30 UTC on 30 June is already 1 July in London (summer time).
    expect(signupLabel({ teacherSignup: "ownCode", teacherCodeRotatedAt: "2026-06-30T23:30:00.000Z" })).toBe(
      "Own code, rotated 1 Jul 2026",
    );
    expect(signupLabel({ teacherSignup: "ownCode", teacherCodeRotatedAt: null })).toBe("Own code");
    expect(signupLabel({ teacherSignup: "serverCode", teacherCodeRotatedAt: null })).toBe(SERVER_CODE_LABEL);
    expect(signupLabel({ teacherSignup: "closed", teacherCodeRotatedAt: null })).toBe(CLOSED_LABEL);
  });

  it("offers to rotate an own code and to generate one otherwise", () => {
    expect(actionLabel({ teacherSignup: "ownCode" })).toBe("Rotate code");
    expect(actionLabel({ teacherSignup: "serverCode" })).toBe("Generate code");
    expect(actionLabel({ teacherSignup: "closed" })).toBe("Generate code");
  });
});

describe("formatLondonDate", () => {
  it("is null for a missing or unreadable date", () => {
    expect(formatLondonDate(null)).toBeNull();
    expect(formatLondonDate("not a date")).toBeNull();
  });
});

describe("spelledCode", () => {
  it("reads a code one character at a time, a pause between groups", () => {
    expect(spelledCode("7KQ2-MX9D-4HTB")).toBe("7 K Q 2, M X 9 D, 4 H T B");
  });
});
