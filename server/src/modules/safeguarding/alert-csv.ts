import { stringify } from "csv-stringify/sync";

// The CSV a school takes into its own safeguarding system (CPOMS, MyConcern, a spreadsheet). RFC 4180
// (quoted where needed, CRLF), UTF-8 with a byte-order mark so that Excel reads names rightly. Every
// cell is text, and one a spreadsheet would run as a formula (starting with = + - @, a tab or a CR:
// OWASP "CSV injection") gets a leading ' so that it is shown, not run: the children's own words are
// in this file.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text a spreadsheet shows and never runs. */
export function safeCell(value: string | null | undefined): string {
  if (value === null || value === undefined) {
    return "";
  }
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvTable = { header: readonly string[]; rows: readonly (readonly (string | null | undefined)[])[] };

export function toCsv(table: CsvTable): string {
  const records = [table.header, ...table.rows].map((row) => row.map(safeCell));
  // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a lone LF or CR, which
  // spreadsheets read as a new row all the same: those are quoted too.
  return `\uFEFF${stringify(records, { record_delimiter: "windows", quoted_match: /[\r\n]/ })}`;
}
