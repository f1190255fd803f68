import type { Actor } from "../../auth/actor.js";
import { badInput, notFound } from "../../errors/app-error.js";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { londonDay } from "../chat/london-day.js";
import { requireAdmin } from "./audit.js";

// What an admin sees of the whole service: the dashboard's numbers and recent activity, and the
// reports (reading, chat and safeguarding, per school and overall, over a date range). All of it
// is read from the database; nothing is sample data.

export const ACTIVE_DAYS = 7;
export const ACTIVITY_PAGE_SIZE = 20;
export const MAX_ACTIVITY_PAGE_SIZE = 50;
export const MAX_REPORT_DAYS = 3 * 366;
export const REPORT_TOP_BOOKS = 10;
export const DATE_MESSAGE = "Dates must look like 2026-09-01";
export const RANGE_ORDER_MESSAGE = "The start date must be on or before the end date";
export const RANGE_TOO_LONG_MESSAGE = "Choose a range of at most three years";
export const SCHOOL_NOT_FOUND_MESSAGE = "School not found";
const DAY_MS = 86_400_000;

export type AdminOverviewPayload = {
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

export type ActivityKind = "registration" | "bookPublished" | "review" | "moderation" | "admin";

export type ActivityItemPayload = {
  id: string;
  kind: ActivityKind;
  summary: string;
  actorName: string | null;
  urgent: boolean;
  createdAt: Date;
};

export type ActivityPagePayload = { items: ActivityItemPayload[]; nextBefore: string | null };

export const ACTIVITY_CURSOR_MESSAGE = "before must be a nextBefore from an earlier page";
const ACTIVITY_SOURCES = ["user", "review", "moderation", "adminAction"] as const;
type ActivitySource = (typeof ACTIVITY_SOURCES)[number];
type ActivityCursor = { at: Date; source: ActivitySource; id: string };

// An opaque cursor: the last item's time, source and row id, so ties in time page exactly.
function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.source}|${cursor.id}`, "utf8").toString("base64url");
}

function decodeActivityCursor(text: string): ActivityCursor | null {
  if (text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text)) {
    return null;
  }
  const [iso, source, id, ...rest] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const at = new Date(iso ?? "");
  const known = ACTIVITY_SOURCES.find((name) => name === source);
  if (rest.length > 0 || !known || !id || Number.isNaN(at.getTime()) || at.toISOString() !== iso) {
    return null;
  }
  return { at, source: known, id };
}

export type ReportSchoolRowPayload = {
  schoolId: string | null;
  schoolName: string;
  students: number;
  activeStudents: number;
  booksRead: number;
  readingMinutes: number;
  chats: number;
  studentMessages: number;
  moderationEvents: number;
};

export type ReportPayload = {
  from: string;
  to: string;
  schoolId: string | null;
  overall: ReportSchoolRowPayload;
  schools: ReportSchoolRowPayload[];
  mostRead: { bookId: string; title: string; author: string; reads: number }[];
  bestRated: { bookId: string; title: string; author: string; averageRating: number; reviews: number }[];
  moderation: { type: string; category: string; severity: string; count: number }[];
  weekly: { weekStart: string; booksRead: number }[];
};

/** A report row before any figure is added. */
function emptyRow(schoolId: string | null, schoolName: string): ReportSchoolRowPayload {
  return {
    schoolId,
    schoolName,
    students: 0,
    activeStudents: 0,
    booksRead: 0,
    readingMinutes: 0,
    chats: 0,
    studentMessages: 0,
    moderationEvents: 0,
  };
}

const ROLE_WORD = { student: "a student", teacher: "a teacher", admin: "an admin" } as const;

function moderationSummary(event: {
  type: string;
  category: string | null;
  user: { displayName: string };
  actor: { displayName: string } | null;
}): string {
  const name = event.user.displayName;
  const category = event.category ? ` (${event.category.replace(/_/g, " ")})` : "";
  switch (event.type) {
    case "strike":
      return `Strike for ${name}${category}`;
    case "block":
      return `${name} was blocked${category}`;
    case "unblock":
      return `${name} was unblocked${event.actor ? ` by ${event.actor.displayName}` : ""}`;
    default:
      return `Safeguarding alert for ${name}${category}`;
  }
}

/** "2026-09-01" to that London day's start, or null. */
function parseDay(text: unknown): { day: string; start: Date; end: Date } | null {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return null;
  }
  const noon = new Date(`${text}T12:00:00Z`);
  if (Number.isNaN(noon.getTime()) || noon.toISOString().slice(0, 10) !== text) {
    return null;
  }
  return { day: text, ...londonDay(noon) };
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (London) of the week holding `at`, as "YYYY-MM-DD". */
export function londonWeekStart(at: Date): string {
  const { start } = londonDay(at);
  // The London date of that midnight, read at noon so DST never moves it across a day.
  const local = new Date(start.getTime() + 12 * 3_600_000);
  const weekday = (local.getUTCDay() + 6) % 7;
  return isoDay(new Date(local.getTime() - weekday * DAY_MS));
}

/** Every week from the one holding `from` to the one holding `to`, oldest first. */
function weeksBetween(from: Date, to: Date): string[] {
  const weeks: string[] = [];
  let cursor = new Date(`${londonWeekStart(from)}T12:00:00Z`);
  const last = londonWeekStart(to);
  while (weeks.length < 200) {
    const week = isoDay(cursor);
    weeks.push(week);
    if (week >= last) {
      break;
    }
    cursor = new Date(cursor.getTime() + 7 * DAY_MS);
  }
  return weeks;
}

const num = (value: unknown) => Number(value ?? 0);

export function createAdminInsightsService(deps: { prisma: PrismaClient; now?: () => Date }) {
  const { prisma } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async overview(actor: Actor): Promise<AdminOverviewPayload> {
      requireAdmin(actor);
      const since = new Date(now().getTime() - ACTIVE_DAYS * DAY_MS);
      const [roles, books, activeUsers, openAlerts] = await Promise.all([
        prisma.user.groupBy({ by: ["role"], _count: { _all: true } }),
        prisma.book.groupBy({ by: ["status"], _count: { _all: true } }),
        prisma.user.count({ where: { lastActiveAt: { gte: since } } }),
        prisma.moderationEvent.count({ where: { type: { in: ["strike", "block", "alert"] }, reviewedAt: null } }),
      ]);
      const byRole = (role: string) => roles.find((row) => row.role === role)?._count._all ?? 0;
      const byStatus = (status: string) => books.find((row) => row.status === status)?._count._all ?? 0;
      return {
        totalUsers: roles.reduce((sum, row) => sum + row._count._all, 0),
        students: byRole("student"),
        teachers: byRole("teacher"),
        admins: byRole("admin"),
        totalBooks: books.reduce((sum, row) => sum + row._count._all, 0),
        publishedBooks: byStatus("published"),
        draftBooks: byStatus("draft"),
        activeUsers,
        openAlerts,
      };
    },

    /** Registrations, reviews, moderation events and admin actions, newest first, a page at a time. */
    async activity(props: {
      actor: Actor;
      before?: string | null;
      limit?: number | null;
    }): Promise<ActivityPagePayload> {
      requireAdmin(props.actor);
      const limit = props.limit ?? ACTIVITY_PAGE_SIZE;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ACTIVITY_PAGE_SIZE) {
        throw badInput(`limit must be between 1 and ${MAX_ACTIVITY_PAGE_SIZE}`);
      }
      const cursor = props.before ? decodeActivityCursor(props.before) : null;
      if (props.before && !cursor) {
        throw badInput(ACTIVITY_CURSOR_MESSAGE);
      }
      // Items after the cursor: older ones, and of those at the cursor's time, the ones listed after
      // it (a later source, or the same source's smaller ids). Rows stamped in the same millisecond
      // are common (one createMany, two pupils registering at once), so a time alone would lose some.
      const after = (source: ActivitySource) => {
        if (!cursor) {
          return {};
        }
        const rank = ACTIVITY_SOURCES.indexOf(source) - ACTIVITY_SOURCES.indexOf(cursor.source);
        const sameTime =
          rank > 0 ? [{ createdAt: cursor.at }] : rank === 0 ? [{ createdAt: cursor.at, id: { lt: cursor.id } }] : [];
        return { OR: [{ createdAt: { lt: cursor.at } }, ...sameTime] };
      };
      const page = (source: ActivitySource) => ({
        where: after(source),
        orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
        take: limit + 1,
      });
      const [users, reviews, events, actions] = await Promise.all([
        prisma.user.findMany({
          ...page("user"),
          select: { id: true, displayName: true, role: true, createdAt: true, school: { select: { name: true } } },
        }),
        prisma.review.findMany({
          ...page("review"),
          select: {
            id: true,
            rating: true,
            createdAt: true,
            user: { select: { displayName: true } },
            book: { select: { title: true } },
          },
        }),
        prisma.moderationEvent.findMany({
          ...page("moderation"),
          select: {
            id: true,
            type: true,
            severity: true,
            category: true,
            createdAt: true,
            user: { select: { displayName: true } },
            actor: { select: { displayName: true } },
          },
        }),
        prisma.adminAction.findMany({
          ...page("adminAction"),
          select: { id: true, action: true, summary: true, actorName: true, createdAt: true },
        }),
      ]);
      // Concatenated in source order, each source in the database's own order; the stable sort by
      // time alone then keeps ties in exactly the order the cursor above assumes.
      const found: (ActivityItemPayload & { source: ActivitySource; rowId: string })[] = [
        ...users.map((user) => ({
          source: "user" as const,
          rowId: user.id,
          id: `registration:${user.id}`,
          kind: "registration" as const,
          summary: `${user.displayName} joined as ${ROLE_WORD[user.role]}${user.school ? ` at ${user.school.name}` : ""}`,
          actorName: null,
          urgent: false,
          createdAt: user.createdAt,
        })),
        ...reviews.map((review) => ({
          source: "review" as const,
          rowId: review.id,
          id: `review:${review.id}`,
          kind: "review" as const,
          summary: `${review.user.displayName} reviewed '${review.book.title}' (${review.rating} out of 5)`,
          actorName: null,
          urgent: false,
          createdAt: review.createdAt,
        })),
        ...events.map((event) => ({
          source: "moderation" as const,
          rowId: event.id,
          id: `moderation:${event.id}`,
          kind: "moderation" as const,
          summary: moderationSummary(event),
          actorName: event.actor?.displayName ?? null,
          urgent: event.severity === "urgent",
          createdAt: event.createdAt,
        })),
        ...actions.map((action) => ({
          source: "adminAction" as const,
          rowId: action.id,
          id: `admin:${action.id}`,
          kind: action.action === "book.published" ? ("bookPublished" as const) : ("admin" as const),
          summary: action.summary,
          actorName: action.actorName,
          urgent: false,
          createdAt: action.createdAt,
        })),
      ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const shown = found.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        items: shown.map(({ source: _source, rowId: _rowId, ...item }) => item),
        nextBefore:
          found.length > limit && last
            ? encodeActivityCursor({ at: last.createdAt, source: last.source, id: last.rowId })
            : null,
      };
    },

    /** Reading, chat and safeguarding over London days `from`..`to` (inclusive), per school and overall. */
    async report(props: {
      actor: Actor;
      from?: string | null;
      to?: string | null;
      schoolId?: string | null;
    }): Promise<ReportPayload> {
      requireAdmin(props.actor);
      const today = isoDay(new Date(londonDay(now()).start.getTime() + 12 * 3_600_000));
      const to = parseDay(props.to ?? today);
      const from = parseDay(props.from ?? isoDay(new Date(new Date(`${today}T12:00:00Z`).getTime() - 29 * DAY_MS)));
      if (!from || !to) {
        throw badInput(DATE_MESSAGE);
      }
      if (from.day > to.day) {
        throw badInput(RANGE_ORDER_MESSAGE);
      }
      if ((to.start.getTime() - from.start.getTime()) / DAY_MS > MAX_REPORT_DAYS) {
        throw badInput(RANGE_TOO_LONG_MESSAGE);
      }
      const schoolId = props.schoolId || null;
      if (
        schoolId &&
        (schoolId.length > 100 || !(await prisma.school.findUnique({ where: { id: schoolId }, select: { id: true } })))
      ) {
        throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
      }
      const start = from.start;
      const end = to.end;
      const inSchool = (column: Prisma.Sql) => (schoolId ? Prisma.sql`AND ${column} = ${schoolId}` : Prisma.empty);

      type Counted = { schoolId: string | null } & Record<string, unknown>;
      const [schools, students, reading, active, chats, events, mostRead, bestRated, moderation, hours] =
        await Promise.all([
          prisma.school.findMany({
            where: schoolId ? { id: schoolId } : {},
            select: { id: true, name: true },
            orderBy: { name: "asc" },
          }),
          prisma.$queryRaw<Counted[]>`
          SELECT u."schoolId", count(*) AS students FROM "User" u
          WHERE u.role = 'student' ${inSchool(Prisma.sql`u."schoolId"`)} GROUP BY 1`,
          prisma.$queryRaw<Counted[]>`
          SELECT u."schoolId",
                 count(*) FILTER (WHERE ub.read AND ub."lastReadAt" >= ${start} AND ub."lastReadAt" < ${end}) AS "booksRead",
                 -- As the student's dashboard counts them: the minutes of read books only.
                 COALESCE(sum(ub."readingTime") FILTER (WHERE ub.read AND ub."lastReadAt" >= ${start} AND ub."lastReadAt" < ${end}), 0) AS "readingMinutes"
          FROM "UserBook" ub JOIN "User" u ON u.id = ub."userId"
          WHERE u.role = 'student' AND COALESCE(ub."lastReadAt", ub."updatedAt") >= ${start}
            AND COALESCE(ub."lastReadAt", ub."updatedAt") < ${end} ${inSchool(Prisma.sql`u."schoolId"`)}
          GROUP BY 1`,
          prisma.$queryRaw<Counted[]>`
          SELECT u."schoolId", count(DISTINCT a."userId") AS "activeStudents"
          FROM (
            SELECT ub."userId" FROM "UserBook" ub
            WHERE COALESCE(ub."lastReadAt", ub."updatedAt") >= ${start} AND COALESCE(ub."lastReadAt", ub."updatedAt") < ${end}
            UNION
            SELECT c."userId" FROM "ChatMessage" m JOIN "Chat" c ON c.id = m."chatId"
            WHERE m.role = 'user' AND m."createdAt" >= ${start} AND m."createdAt" < ${end}
          ) a JOIN "User" u ON u.id = a."userId"
          WHERE u.role = 'student' ${inSchool(Prisma.sql`u."schoolId"`)} GROUP BY 1`,
          prisma.$queryRaw<Counted[]>`
          SELECT u."schoolId", count(*) AS "studentMessages", count(DISTINCT m."chatId") AS chats
          FROM "ChatMessage" m JOIN "Chat" c ON c.id = m."chatId" JOIN "User" u ON u.id = c."userId"
          WHERE u.role = 'student' AND m.role = 'user' AND NOT m."isInitialContext"
            AND m."createdAt" >= ${start} AND m."createdAt" < ${end} ${inSchool(Prisma.sql`u."schoolId"`)}
          GROUP BY 1`,
          prisma.$queryRaw<Counted[]>`
          SELECT e."schoolId", count(*) AS "moderationEvents" FROM "ModerationEvent" e
          WHERE e.type IN ('strike', 'block', 'alert') AND e."createdAt" >= ${start} AND e."createdAt" < ${end}
            ${inSchool(Prisma.sql`e."schoolId"`)}
          GROUP BY 1`,
          prisma.$queryRaw<{ bookId: string; title: string; author: string; reads: unknown }[]>`
          SELECT b.id AS "bookId", b.title, b.author, count(*) AS reads
          FROM "UserBook" ub JOIN "Book" b ON b.id = ub."bookId" JOIN "User" u ON u.id = ub."userId"
          WHERE ub.read AND u.role = 'student' AND ub."lastReadAt" >= ${start} AND ub."lastReadAt" < ${end}
            ${inSchool(Prisma.sql`u."schoolId"`)}
          GROUP BY b.id, b.title, b.author ORDER BY reads DESC, b.title ASC, b.id ASC LIMIT ${REPORT_TOP_BOOKS}`,
          prisma.$queryRaw<{ bookId: string; title: string; author: string; average: unknown; reviews: unknown }[]>`
          SELECT b.id AS "bookId", b.title, b.author, avg(r.rating)::float8 AS average, count(*) AS reviews
          FROM "Review" r JOIN "Book" b ON b.id = r."bookId" JOIN "User" u ON u.id = r."userId"
          WHERE r."createdAt" >= ${start} AND r."createdAt" < ${end} ${inSchool(Prisma.sql`u."schoolId"`)}
          GROUP BY b.id, b.title, b.author ORDER BY average DESC, reviews DESC, b.title ASC, b.id ASC
          LIMIT ${REPORT_TOP_BOOKS}`,
          prisma.$queryRaw<{ type: string; category: string; severity: string; count: unknown }[]>`
          SELECT e.type::text AS type, COALESCE(e.category, '') AS category, e.severity::text AS severity, count(*) AS count
          FROM "ModerationEvent" e
          WHERE e."createdAt" >= ${start} AND e."createdAt" < ${end} ${inSchool(Prisma.sql`e."schoolId"`)}
          GROUP BY 1, 2, 3 ORDER BY count DESC, type ASC, category ASC`,
          // Hours, not weeks: London's weeks are bucketed here, where the time zone rules are known.
          prisma.$queryRaw<{ hour: Date; reads: unknown }[]>`
          SELECT date_trunc('hour', ub."lastReadAt") AS hour, count(*) AS reads
          FROM "UserBook" ub JOIN "User" u ON u.id = ub."userId"
          WHERE ub.read AND u.role = 'student' AND ub."lastReadAt" >= ${start} AND ub."lastReadAt" < ${end}
            ${inSchool(Prisma.sql`u."schoolId"`)}
          GROUP BY 1`,
        ]);

      const rows = new Map<string | null, ReportSchoolRowPayload>(
        schools.map((school) => [school.id, emptyRow(school.id, school.name)]),
      );
      const overall = emptyRow(null, schoolId ? (schools[0]?.name ?? "") : "All schools");
      const add = (found: Counted[], fields: (keyof ReportSchoolRowPayload)[]) => {
        for (const row of found) {
          for (const field of fields) {
            const value = num(row[field]);
            (overall[field] as number) += value;
            const school = rows.get(row.schoolId);
            if (school) {
              (school[field] as number) += value;
            }
          }
        }
      };
      add(students, ["students"]);
      add(reading, ["booksRead", "readingMinutes"]);
      add(active, ["activeStudents"]);
      add(chats, ["chats", "studentMessages"]);
      add(events, ["moderationEvents"]);

      const perWeek = new Map(weeksBetween(start, new Date(end.getTime() - 1)).map((week) => [week, 0]));
      for (const row of hours) {
        const week = londonWeekStart(row.hour);
        perWeek.set(week, (perWeek.get(week) ?? 0) + num(row.reads));
      }

      return {
        from: from.day,
        to: to.day,
        schoolId,
        overall,
        schools: [...rows.values()],
        mostRead: mostRead.map((row) => ({ ...row, reads: num(row.reads) })),
        bestRated: bestRated.map((row) => ({
          bookId: row.bookId,
          title: row.title,
          author: row.author,
          averageRating: Math.round(num(row.average) * 10) / 10,
          reviews: num(row.reviews),
        })),
        moderation: moderation.map((row) => ({ ...row, count: num(row.count) })),
        weekly: [...perWeek.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([weekStart, booksRead]) => ({ weekStart, booksRead })),
      };
    },
  };
}

export type AdminInsightsService = ReturnType<typeof createAdminInsightsService>;
