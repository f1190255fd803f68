// CSV exports for the admin screens: RFC 4180 text that spreadsheets open safely.

export type CsvValue = string | number | null | undefined;

export type CsvColumn<T> = {
  header: string;
  value: (row: T) => CsvValue;
};

const CRLF = "\r\n";
// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function textCell(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function cell(value: CsvValue): string {
  if (value === null || value === undefined) {
    return "";
  }
  if (typeof value === "number") {
    // A number is data, never a formula: -3 stays -3. NaN and Infinity are no value at all.
    return Number.isFinite(value) ? String(value) : "";
  }
  return textCell(value);
}

/**
 * The rows as CSV (RFC 4180): a header record, then one record per row, each ended by CRLF. Text
 * cells are quoted when they hold a comma, quote, CR or LF, and prefixed with `'` when they start
 * with `=`, `+`, `-`, `@`, tab or CR so that a spreadsheet shows them instead of running them.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const records = [
    columns.map((column) => textCell(column.header)),
    ...rows.map((row) => columns.map((column) => cell(column.value(row)))),
  ];
  return records.map((record) => record.join(",") + CRLF).join("");
}

// Excel reads a CSV file as UTF-8 (names such as "Zoë" or "Łukasz") only when it starts with a BOM.
const BOM = "\uFEFF";

/** Saves the CSV as a file through the browser's download, with a UTF-8 byte order mark. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([BOM, csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task, so that no browser cancels the download it has just started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A file name for an export over a date range, e.g. ("Reading Room books read", "2026-10-01",
 * "2026-10-31") → `reading-room-books-read-2026-10-01-to-2026-10-31.csv`.
 */
export function csvFilename(base: string, from: string, to: string): string {
  const name = [slugify(base) || "export", slugify(from), "to", slugify(to)].filter(Boolean).join("-");
  return `${name}.csv`;
}
