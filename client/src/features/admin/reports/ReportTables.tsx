import type { AdminReportQuery, AdminReportSchoolRowFieldsFragment } from "../../../gql/graphql";
import { csvFilename } from "../lib/csv";
import { Duration } from "./Duration";
import { formatNumber, formatRating, moderationCategory, moderationSeverity, moderationType } from "./format";
import { type ReportColumn, ReportTable } from "./ReportTable";

type Report = AdminReportQuery["adminReport"];
type SchoolRow = AdminReportSchoolRowFieldsFragment;
type ReadBook = Report["mostRead"][number];
type RatedBook = Report["bestRated"][number];
type ModerationRow = Report["moderation"][number];

export const NO_SCHOOLS_IN_REPORT = "No schools to show.";
export const NO_BOOKS_READ = "No books read in this period.";
export const NO_REVIEWS = "No reviews in this period.";
export const NO_MODERATION = "No moderation events in this period.";

const count = <T,>(key: string, header: string, value: (row: T) => number): ReportColumn<T> => ({
  key,
  header,
  csv: value,
  cell: (row) => formatNumber(value(row)),
  numeric: true,
  sortable: true,
});

const SCHOOL_COLUMNS: ReportColumn<SchoolRow>[] = [
  { key: "school", header: "School", csv: (row) => row.schoolName, sortable: true },
  count("students", "Students", (row) => row.students),
  count("activeStudents", "Active students", (row) => row.activeStudents),
  count("booksRead", "Books read", (row) => row.booksRead),
  {
    ...count("readingMinutes", "Reading time", (row) => row.readingMinutes),
    csvHeader: "Reading minutes",
    cell: (row) => <Duration minutes={row.readingMinutes} />,
  },
  count("chats", "Chats", (row) => row.chats),
  count("studentMessages", "Student messages", (row) => row.studentMessages),
  count("moderationEvents", "Moderation events", (row) => row.moderationEvents),
];

const MOST_READ_COLUMNS: ReportColumn<ReadBook>[] = [
  { key: "title", header: "Title", csv: (row) => row.title },
  { key: "author", header: "Author", csv: (row) => row.author },
  {
    key: "reads",
    header: "Times read",
    csv: (row) => row.reads,
    cell: (row) => formatNumber(row.reads),
    numeric: true,
  },
];

const BEST_RATED_COLUMNS: ReportColumn<RatedBook>[] = [
  { key: "title", header: "Title", csv: (row) => row.title },
  { key: "author", header: "Author", csv: (row) => row.author },
  {
    key: "averageRating",
    header: "Average rating (out of 5)",
    csv: (row) => formatRating(row.averageRating),
    numeric: true,
  },
  {
    key: "reviews",
    header: "Reviews",
    csv: (row) => row.reviews,
    cell: (row) => formatNumber(row.reviews),
    numeric: true,
  },
];

const MODERATION_COLUMNS: ReportColumn<ModerationRow>[] = [
  { key: "type", header: "Type", csv: (row) => moderationType(row.type) },
  { key: "category", header: "Category", csv: (row) => moderationCategory(row.category) },
  { key: "severity", header: "Severity", csv: (row) => moderationSeverity(row.severity) },
  { key: "count", header: "Events", csv: (row) => row.count, cell: (row) => formatNumber(row.count), numeric: true },
];

/** The report's tables: per school, the most read and best rated books, and moderation events. */
export function ReportTables({ report }: { report: Report }) {
  // A report on one school says so in its files' names.
  const scope = report.schoolId ? ` ${report.overall.schoolName}` : "";
  const filename = (what: string) => csvFilename(`Reading Room ${what}${scope}`, report.from, report.to);
  return (
    <>
      <ReportTable
        title="Per school"
        columns={SCHOOL_COLUMNS}
        rows={report.schools}
        rowKey={(row) => row.schoolId ?? row.schoolName}
        empty={NO_SCHOOLS_IN_REPORT}
        filename={filename("per school")}
        initialSort={{ key: "school", direction: "ascending" }}
      />
      <ReportTable
        title="Most read books"
        description="Books that students marked as read in the period, most read first (the top 10)."
        columns={MOST_READ_COLUMNS}
        rows={report.mostRead}
        rowKey={(row) => row.bookId}
        empty={NO_BOOKS_READ}
        filename={filename("most read books")}
      />
      <ReportTable
        title="Best rated books"
        description="Books by the average rating of the reviews written in the period (the top 10)."
        columns={BEST_RATED_COLUMNS}
        rows={report.bestRated}
        rowKey={(row) => row.bookId}
        empty={NO_REVIEWS}
        filename={filename("best rated books")}
      />
      <ReportTable
        title="Moderation events"
        description="Strikes, blocks, unblocks and safeguarding alerts in the period, by type, category and severity."
        columns={MODERATION_COLUMNS}
        rows={report.moderation}
        rowKey={(row) => `${row.type}:${row.category}:${row.severity}`}
        empty={NO_MODERATION}
        filename={filename("moderation events")}
      />
    </>
  );
}
