import { describe, expect, it } from "vitest";
import { safeCell, toCsv } from "./alert-csv.js";

describe("the safeguarding CSV", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+44 7700 900123", "'+44 7700 900123"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
  ])("shows a cell a spreadsheet would run (%j) as text", (value, shown) => {
    expect(safeCell(value)).toBe(shown);
  });

  it("leaves other cells as they are, and missing ones empty", () => {
    expect(safeCell("I feel sad = bad")).toBe("I feel sad = bad");
    expect(safeCell("2026-03-05T10:00:00.000Z")).toBe("2026-03-05T10:00:00.000Z");
    expect(safeCell(null)).toBe("");
    expect(safeCell(undefined)).toBe("");
  });

  it("writes RFC 4180 with a byte-order mark: quotes where needed, CRLF between records", () => {
    const csv = toCsv({
      header: ["Name", "Words"],
      rows: [
        ["Ada, Lovelace", 'She said "no"'],
        ["Line", "one\ntwo"],
        ["Return", "a\rb"],
        ["Formula", "=1+1"],
      ],
    });
    expect(csv).toBe(
      '\uFEFFName,Words\r\n"Ada, Lovelace","She said ""no"""\r\nLine,"one\ntwo"\r\nReturn,"a\rb"\r\nFormula,\'=1+1\r\n',
    );
  });

  it("guards the header too", () => {
    expect(toCsv({ header: ["=A1"], rows: [] })).toBe("\uFEFF'=A1\r\n");
  });
});
