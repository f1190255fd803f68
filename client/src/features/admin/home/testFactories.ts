// Server-shaped answers for the admin dashboard's tests (with __typename, as the cache stores them).
// Each call gives fresh ids, so tests never share data.
import type { Reply } from "../../../test/apollo";

let sequence = 0;

type Overview = {
  totalUsers: number;
  students: number;
  teachers: number;
  admins: number;
  totalBooks: number;
  publishedBooks: number;
  draftBooks: number;
  activeUsers: number;
  openAlerts: number;
};

/** The AdminHomeOverview query's answer; the totals default to the sum of their parts. */
export function overviewReply(overrides: Partial<Overview> = {}): Reply {
  const students = overrides.students ?? 120;
  const teachers = overrides.teachers ?? 14;
  const admins = overrides.admins ?? 2;
  const publishedBooks = overrides.publishedBooks ?? 40;
  const draftBooks = overrides.draftBooks ?? 5;
  return {
    data: {
      adminOverview: {
        __typename: "AdminOverview",
        totalUsers: students + teachers + admins,
        students,
        teachers,
        admins,
        totalBooks: publishedBooks + draftBooks,
        publishedBooks,
        draftBooks,
        activeUsers: 57,
        openAlerts: 0,
        ...overrides,
      },
    },
  };
}

export type BuiltActivityItem = ReturnType<typeof buildActivityItem>;

export function buildActivityItem(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "ActivityItem",
    id: `registration:user-${sequence}`,
    kind: "registration",
    summary: `Reader ${sequence} joined as a student at Pimlico Academy`,
    actorName: null as string | null,
    urgent: false,
    createdAt: "2025-03-05T10:00:00.000Z",
    ...overrides,
  };
}

/** `count` items, newest first, a minute apart, going back from `from` (an ISO time). */
export function activityItems(count: number, from = "2025-03-05T12:00:00.000Z"): BuiltActivityItem[] {
  const start = new Date(from).getTime();
  return Array.from({ length: count }, (_, i) =>
    buildActivityItem({ createdAt: new Date(start - i * 60_000).toISOString() }),
  );
}

/** The AdminHomeActivity query's answer: one page. */
export function activityReply(items: BuiltActivityItem[], nextBefore: string | null = null): Reply {
  return { data: { adminActivity: { __typename: "ActivityPage", items, nextBefore } } };
}
