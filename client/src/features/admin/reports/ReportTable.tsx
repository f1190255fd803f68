import { type ReactNode, useId, useMemo, useState } from "react";
import { Button } from "../../../components/Button";
import { type CsvValue, downloadCsv, toCsv } from "../lib/csv";
import styles from "./ReportTable.module.css";

export type ReportColumn<T> = {
  key: string;
  header: string;
  /** What the cell shows; the CSV value when omitted. */
  cell?: (row: T) => ReactNode;
  /** The value exported (and sorted on, unless `sortValue` says otherwise). */
  csv: (row: T) => CsvValue;
  /** The CSV header when it differs from the table's ("Reading minutes" for "Reading time"). */
  csvHeader?: string;
  numeric?: boolean;
  /** Sortable by clicking its header; numbers sort biggest first on the first click. */
  sortable?: boolean;
  sortValue?: (row: T) => string | number;
};

export type SortState = { key: string; direction: "ascending" | "descending" };

type ReportTableProps<T> = {
  title: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** The downloaded file's name (from csvFilename). */
  filename: string;
  /** A line under the heading saying what the figures count. */
  description?: string;
  initialSort?: SortState | null;
};

const text = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

function compare(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") {
    return a - b;
  }
  return text.compare(String(a), String(b));
}

/**
 * One of the report's tables: a heading, an 'Export CSV' button, and the table; on a phone or a
 * tablet each row is a card (nothing scrolls sideways), and a sortable table's column headings stay
 * on show above the cards as its sort buttons. The first column heads its row. Columns marked
 * sortable sort on a click of their header (aria-sort says how); the CSV follows the order shown.
 * The table's roles are written out because browsers drop them from a table laid out as blocks.
 */
export function ReportTable<T>({
  title,
  columns,
  rows,
  rowKey,
  empty,
  filename,
  description,
  initialSort = null,
}: ReportTableProps<T>) {
  const id = useId();
  const captionId = `${id}-caption`;
  const descriptionId = `${id}-description`;
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const sortable = columns.some((column) => column.sortable);

  const shown = useMemo(() => {
    const column = sort ? columns.find((candidate) => candidate.key === sort.key) : undefined;
    if (!sort || !column) {
      return rows;
    }
    const valueOf = (row: T) => column.sortValue?.(row) ?? column.csv(row) ?? "";
    const sign = sort.direction === "ascending" ? 1 : -1;
    // Ties keep the server's order, whichever way the column sorts.
    return rows
      .map((row, index) => ({ row, index }))
      .sort((a, b) => sign * compare(valueOf(a.row), valueOf(b.row)) || a.index - b.index)
      .map(({ row }) => row);
  }, [rows, columns, sort]);

  function sortBy(column: ReportColumn<T>) {
    setSort((current) => {
      if (current?.key === column.key) {
        return { key: column.key, direction: current.direction === "ascending" ? "descending" : "ascending" };
      }
      return { key: column.key, direction: column.numeric ? "descending" : "ascending" };
    });
  }

  function exportCsv() {
    const csvColumns = columns.map((column) => ({ header: column.csvHeader ?? column.header, value: column.csv }));
    downloadCsv(filename, toCsv(csvColumns, shown));
  }

  return (
    <section className={styles.section}>
      <div className={styles.header}>
        <h2 className={styles.heading}>{title}</h2>
        {rows.length > 0 ? (
          <Button variant="secondary" onClick={exportCsv}>
            Export CSV <span className="visually-hidden">of {title.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          {/* On a phone the column headings stand above the cards as buttons: this says what for. */}
          {sortable ? (
            <p className={styles.sortHint} aria-hidden="true">
              Sort by
            </p>
          ) : null}
          <table
            className={`${styles.table} ${sortable ? styles.sortable : ""}`}
            role="table"
            aria-labelledby={captionId}
            aria-describedby={description ? descriptionId : undefined}
          >
            <caption id={captionId} className="visually-hidden">
              {title}
              {sortable ? ", sortable by the column headings" : ""}
            </caption>
            <thead role="rowgroup" className={styles.head}>
              <tr role="row">
                {columns.map((column) => {
                  const sorted = sort?.key === column.key ? sort.direction : undefined;
                  return (
                    <th
                      key={column.key}
                      role="columnheader"
                      scope="col"
                      className={column.numeric ? styles.numeric : undefined}
                      aria-sort={column.sortable ? (sorted ?? "none") : undefined}
                    >
                      {column.sortable ? (
                        <button type="button" className={styles.sortButton} onClick={() => sortBy(column)}>
                          {column.header}
                          <span className={styles.sortIcon} aria-hidden="true">
                            {sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {shown.map((row) => (
                <tr role="row" key={rowKey(row)} className={styles.row}>
                  {columns.map((column, index) => {
                    const content = column.cell ? column.cell(row) : column.csv(row);
                    const className = column.numeric ? styles.numeric : undefined;
                    return index === 0 ? (
                      <th key={column.key} role="rowheader" scope="row" className={className}>
                        {content}
                      </th>
                    ) : (
                      <td key={column.key} role="cell" className={className}>
                        {/* The column's name on a card, where the column headings are not. */}
                        <span className={styles.label} aria-hidden="true">
                          {column.header}
                        </span>
                        <span className={styles.value}>{content}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
