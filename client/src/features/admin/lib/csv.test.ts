import { afterEach, describe, expect, it, vi } from "vitest";
import { type CsvColumn, csvFilename, downloadCsv, toCsv } from "./csv";

type Row = { name: string; books: number | null; note?: string };

const columns: CsvColumn<Row>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "Books read", value: (row) => row.books },
  { header: "Note", value: (row) => row.note },
];

/** The CSV for rows of one text column. */
const oneColumn = (...values: string[]) =>
  toCsv(
    [{ header: "Value", value: (row: { value: string }) => row.value }],
    values.map((value) => ({ value })),
  );

describe("toCsv", () => {
  it("writes a header record and one record per row, each ended by CRLF", () => {
    const csv = toCsv(columns, [
      { name: "Ada", books: 3, note: "keen" },
      { name: "Grace", books: 12, note: "" },
    ]);
    expect(csv).toBe("Name,Books read,Note\r\nAda,3,keen\r\nGrace,12,\r\n");
  });

  it("writes only the header record when there are no rows", () => {
    expect(toCsv(columns, [])).toBe("Name,Books read,Note\r\n");
  });

  it("writes null and undefined as empty cells", () => {
    expect(toCsv(columns, [{ name: "Ada", books: null }])).toBe("Name,Books read,Note\r\nAda,,\r\n");
  });

  it("quotes a cell holding a comma, a quote, CR or LF, and doubles embedded quotes", () => {
    expect(oneColumn("Smith, Jo", 'The "Hobbit"', "line one\nline two", "a\rb", "plain")).toBe(
      'Value\r\n"Smith, Jo"\r\n"The ""Hobbit"""\r\n"line one\nline two"\r\n"a\rb"\r\nplain\r\n',
    );
  });

  it("quotes headers by the same rules", () => {
    const csv = toCsv([{ header: 'Minutes, "read"', value: () => 1 }], [{}]);
    expect(csv).toBe('"Minutes, ""read"""\r\n1\r\n');
  });

  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+44 20 7946 0000", "'+44 20 7946 0000"],
    ["-3", "'-3"],
    ["@cmd", "'@cmd"],
    ["\tindented", "'\tindented"],
  ])("prefixes the formula-like text %j with a quote", (text, written) => {
    expect(oneColumn(text)).toBe(`Value\r\n${written}\r\n`);
  });

  it("guards and then quotes a formula that also needs quoting", () => {
    expect(oneColumn('=HYPERLINK("http://x.test","Click")')).toBe(
      'Value\r\n"\'=HYPERLINK(""http://x.test"",""Click"")"\r\n',
    );
    expect(oneColumn("\r=1+1")).toBe('Value\r\n"\'\r=1+1"\r\n');
  });

  it("leaves text alone when the risky character is not first", () => {
    expect(oneColumn("a=b", "Year 7 - Oak", "me@school.test")).toBe(
      "Value\r\na=b\r\nYear 7 - Oak\r\nme@school.test\r\n",
    );
  });

  it("writes numbers as numbers, negatives and decimals included, and non-finite ones as empty", () => {
    const csv = toCsv(
      [{ header: "n", value: (row: { n: number }) => row.n }],
      [-3, 0, 2.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY].map((n) => ({ n })),
    );
    expect(csv).toBe("n\r\n-3\r\n0\r\n2.5\r\n1e+21\r\n\r\n\r\n");
  });

  it("keeps unicode text as it is", () => {
    expect(oneColumn("Zoë Łukasz", "日本語の本", "📚 reader")).toBe(
      "Value\r\nZoë Łukasz\r\n日本語の本\r\n📚 reader\r\n",
    );
  });
});

describe("downloadCsv", () => {
  // jsdom has no object URLs: each test installs its own and the originals (if any) come back.
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("clicks a temporary download link to a UTF-8 CSV blob with a BOM, then revokes its URL", async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoke = vi.fn();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return "blob:reading-room/1";
      },
      revokeObjectURL: revoke,
    });
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inDocument: document.body.contains(this) });
    });

    downloadCsv("books.csv", "Name\r\nZoë\r\n");

    expect(clicked).toEqual([{ href: "blob:reading-room/1", download: "books.csv", inDocument: true }]);
    expect(document.querySelector("a")).toBeNull();
    expect(blobs).toHaveLength(1);
    const blob = blobs[0] as Blob;
    expect(blob.type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFName\r\nZoë\r\n");

    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith("blob:reading-room/1");
  });
});

describe("csvFilename", () => {
  it("slugifies the base and adds the date range", () => {
    expect(csvFilename("Reading Room books read", "2026-10-01", "2026-10-31")).toBe(
      "reading-room-books-read-2026-10-01-to-2026-10-31.csv",
    );
  });

  it("drops accents and anything that is not a letter or digit", () => {
    expect(csvFilename("  Élève / Staff: Report (v2)! ", "2026-01-01", "2026-03-31")).toBe(
      "eleve-staff-report-v2-2026-01-01-to-2026-03-31.csv",
    );
  });

  it("falls back to a plain name when the base has nothing to keep", () => {
    expect(csvFilename("???", "2026-10-01", "2026-10-31")).toBe("export-2026-10-01-to-2026-10-31.csv");
  });
});
