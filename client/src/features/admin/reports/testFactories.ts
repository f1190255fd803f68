// Server-shaped reports for the Reports page's tests (with __typename, as the cache stores them).
// Each call gives fresh ids, so tests never share data.
import type { AdminReportSchoolRowFieldsFragment } from "../../../gql/graphql";
import type { Reply } from "../../../test/apollo";

let sequence = 0;

export type BuiltSchoolRow = ReturnType<typeof buildSchoolRow>;

export function buildSchoolRow(overrides: Partial<AdminReportSchoolRowFieldsFragment> = {}) {
  sequence += 1;
  return {
    __typename: "ReportSchoolRow" as const,
    schoolId: `school-${sequence}` as string | null,
    schoolName: `School ${sequence}`,
    students: 0,
    activeStudents: 0,
    booksRead: 0,
    readingMinutes: 0,
    chats: 0,
    studentMessages: 0,
    moderationEvents: 0,
    ...overrides,
  };
}

export function buildReadBook(
  overrides: Partial<{ bookId: string; title: string; author: string; reads: number }> = {},
) {
  sequence += 1;
  return {
    __typename: "ReportBook" as const,
    bookId: `book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    reads: 1,
    ...overrides,
  };
}

export function buildRatedBook(
  overrides: Partial<{ bookId: string; title: string; author: string; averageRating: number; reviews: number }> = {},
) {
  sequence += 1;
  return {
    __typename: "ReportRatedBook" as const,
    bookId: `book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    averageRating: 4,
    reviews: 1,
    ...overrides,
  };
}

export function buildModerationRow(
  overrides: Partial<{ type: string; category: string; severity: string; count: number }> = {},
) {
  return {
    __typename: "ReportModerationRow" as const,
    type: "strike",
    category: "",
    severity: "normal",
    count: 1,
    ...overrides,
  };
}

export function buildWeek(weekStart: string, booksRead = 0) {
  return { __typename: "ReportWeek" as const, weekStart, booksRead };
}

type ReportData = {
  from?: string;
  to?: string;
  schoolId?: string | null;
  overall?: Partial<AdminReportSchoolRowFieldsFragment>;
  schools?: BuiltSchoolRow[];
  mostRead?: ReturnType<typeof buildReadBook>[];
  bestRated?: ReturnType<typeof buildRatedBook>[];
  moderation?: ReturnType<typeof buildModerationRow>[];
  weekly?: ReturnType<typeof buildWeek>[];
};

/** An AdminReport; the overall row is "All schools" (or the one school's) with zeros unless given. */
export function buildReport({
  from = "2025-11-03",
  to = "2025-11-16",
  schoolId = null,
  overall = {},
  schools = [],
  mostRead = [],
  bestRated = [],
  moderation = [],
  weekly = [buildWeek("2025-11-03"), buildWeek("2025-11-10")],
}: ReportData = {}) {
  return {
    __typename: "AdminReport" as const,
    from,
    to,
    schoolId,
    overall: buildSchoolRow({
      schoolId: null,
      schoolName: schoolId ? (schools[0]?.schoolName ?? "") : "All schools",
      ...overall,
    }),
    schools,
    mostRead,
    bestRated,
    moderation,
    weekly,
  };
}

export type BuiltReport = ReturnType<typeof buildReport>;

/** The AdminReport query's answer. */
export function reportReply(report: BuiltReport = buildReport()): Reply {
  return { data: { adminReport: report } };
}

/** The AdminReportSchools query's answer. */
export function schoolsReply(schools: { id: string; name: string }[]): Reply {
  return { data: { schools: schools.map((school) => ({ __typename: "School", ...school })) } };
}
