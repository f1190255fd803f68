import type { Actor } from "../../auth/actor.js";
import { badInput, forbidden, notFound } from "../../errors/app-error.js";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { ALL_SCHOOLS, type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import { SharedTopic } from "../../pubsub/shared-topic.js";
import { withoutControlCharacters } from "../../validation/fields.js";
import type { SchoolActivityPayload, TeacherChatPayload } from "../chat/chat.presenter.js";
import { heldBySchool } from "../books/book.policy.js";
import type { ChatService } from "../chat/chat.service.js";
import { type ModerationAlertPayload, presentModerationEvent } from "../moderation/moderation.presenter.js";
import { NO_SCHOOL_MESSAGE, STUDENT_NOT_FOUND_MESSAGE } from "../moderation/moderation.service.js";
import type { StaffAccess } from "./staff-access.js";

// The teacher dashboard (spec sections 2, 4, 6, 7): the students of the teacher's school with their
// reading, their chats page by page, and the safeguarding events still to be reviewed. A teacher sees
// only students (role student) of their own school; anything else is "not found", so nothing leaks that
// it exists. An admin may look at any school.

export const SCHOOL_NOT_FOUND_MESSAGE = "School not found";
export const SCHOOL_REQUIRED_MESSAGE = "Choose a school";
export const ALERT_NOT_FOUND_MESSAGE = "Alert not found";
export const INVALID_CURSOR_MESSAGE = "Invalid cursor";
export const STUDENT_PAGE_SIZE = 30;
export const MAX_STUDENT_PAGE_SIZE = 100;
/** Spec: the chats modal loads 10 at a time; 'Show All' pages through 20 at a time. */
export const CHAT_LIST_PAGE_SIZE = 10;
export const MAX_CHAT_LIST_PAGE_SIZE = 50;
export const MAX_SEARCH_LENGTH = 100;
/** Open alerts listed at once (the panel says how many more there are). */
export const ALERT_LIST_SIZE = 50;
export const STUDENT_SORTS = ["name", "booksRead", "lastActive"] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
/** Events that ask for a teacher's attention (an unblock is a teacher's own act). */
const ALERT_TYPES = ["strike", "block", "alert", "concern"] as const;
const MAX_ID_LENGTH = 300;

export type SchoolPayload = { id: string; name: string };

export type ReadBookPayload = { bookId: string; title: string; author: string; lastReadAt: Date | null };

export type SchoolStudentPayload = {
  id: string;
  displayName: string;
  email: string;
  status: "active" | "inactive";
  lastActiveAt: Date | null;
  moderation: { strikeCount: number; blocked: boolean; blockedAt: Date | null; blockReason: string | null };
  booksReadCount: number;
  readingMinutes: number;
  booksRead: ReadBookPayload[];
  chatCount: number;
  messageCount: number;
  lastChatAt: Date | null;
};

export type TeacherDashboardPayload = {
  school: SchoolPayload;
  /** Every student of the school, whatever the search. */
  totalStudents: number;
  /** Students matching the search. */
  matchingStudents: number;
  students: SchoolStudentPayload[];
  /** Pass as `offset` for the next page of students; null when this is the last. */
  nextOffset: number | null;
  alerts: ModerationAlertPayload[];
  openAlertCount: number;
};

export type TeacherChatPagePayload = { items: TeacherChatPayload[]; nextCursor: string | null };

type StudentRow = {
  id: string;
  displayName: string;
  email: string;
  status: "active" | "inactive";
  lastActiveAt: Date | null;
  strikeCount: number;
  blocked: boolean;
  blockedAt: Date | null;
  blockReason: string | null;
  booksReadCount: number;
  readingMinutes: number;
  chatCount: number;
  messageCount: number;
  lastChatAt: Date | null;
  matching: number;
};

// Whatever the sort, the students who need a teacher first: blocked, then by strikes (most first). In
// the query, not the page, so they lead the first page however many pages the school has.
const NEEDS_ATTENTION_FIRST = Prisma.sql`u.blocked DESC, u."strikeCount" DESC`;

const ORDER_BY: Record<StudentSort, Prisma.Sql> = {
  name: Prisma.sql`${NEEDS_ATTENTION_FIRST}, lower(u."displayName") ASC, u.id ASC`,
  booksRead: Prisma.sql`${NEEDS_ATTENTION_FIRST}, "booksReadCount" DESC, lower(u."displayName") ASC, u.id ASC`,
  lastActive: Prisma.sql`${NEEDS_ATTENTION_FIRST}, u."lastActiveAt" DESC NULLS LAST, lower(u."displayName") ASC, u.id ASC`,
};

/** Name or email contains the search, case-insensitively; %, _ and \ in it are plain characters. */
function searchCondition(search: string): Prisma.Sql {
  if (!search) {
    return Prisma.empty;
  }
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return Prisma.sql`AND (u."displayName" ILIKE ${pattern} OR u.email ILIKE ${pattern})`;
}

/** A whole number within [1, max] from GraphQL (a number) or a query string (digits), or the default. */
function pageSize(value: unknown, fallback: number, max: number, name = "limit"): number {
  if (value === undefined || value === null || value === "") {
    return fallback;
  }
  const number = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 1 || number > max) {
    throw badInput(`${name} must be a whole number from 1 to ${max}`);
  }
  return number;
}

function offsetOf(value: unknown): number {
  if (value === undefined || value === null) {
    return 0;
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1_000_000) {
    throw badInput("offset must be a whole number from 0");
  }
  return value;
}

function idOf(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === "") {
    return null;
  }
  if (typeof value !== "string" || value.length > MAX_ID_LENGTH) {
    throw badInput(`${name} must be an ID`);
  }
  return value;
}

/** Chats are listed newest activity first; the cursor is the last item's (lastUpdated, id). */
function encodeCursor(chat: { updatedAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([chat.updatedAt.toISOString(), chat.id])).toString("base64url");
}

function decodeCursor(value: unknown): { updatedAt: Date; id: string } | null {
  if (value === undefined || value === null || value === "") {
    return null;
  }
  if (typeof value !== "string" || value.length > 1000) {
    throw badInput(INVALID_CURSOR_MESSAGE);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    ) {
      const updatedAt = new Date(parsed[0]);
      if (!Number.isNaN(updatedAt.getTime())) {
        return { updatedAt, id: parsed[1] };
      }
    }
  } catch {
    // Not base64url JSON: the same answer as any other malformed cursor.
  }
  throw badInput(INVALID_CURSOR_MESSAGE);
}

const chatListSelect = {
  id: true,
  userId: true,
  bookId: true,
  characterName: true,
  messageCount: true,
  updatedAt: true,
  summary: true,
  book: { select: { title: true } },
  user: { select: { displayName: true } },
} as const;

function presentTeacherChat(row: {
  id: string;
  userId: string;
  bookId: string;
  characterName: string | null;
  messageCount: number;
  updatedAt: Date;
  summary: string | null;
  book: { title: string };
  user: { displayName: string };
}): TeacherChatPayload {
  return {
    id: row.id,
    userId: row.userId,
    studentDisplayName: row.user.displayName,
    bookId: row.bookId,
    bookTitle: row.book.title,
    characterName: row.characterName,
    messageCount: row.messageCount,
    lastUpdated: row.updatedAt,
    // An empty chat has nothing to summarise (nor any summary left from before).
    summary: row.messageCount > 0 ? row.summary : null,
  };
}

export function createTeacherService(deps: {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  chats: ChatService;
  staffAccess: StaffAccess;
}) {
  const { prisma, pubsub } = deps;

  function requireStaff(actor: Actor) {
    if (actor.role !== "teacher" && actor.role !== "admin") {
      throw forbidden();
    }
  }

  /**
   * The school the caller looks at: a teacher's own (asking for another is "not found"); for an admin
   * the one asked for, else their own.
   */
  async function schoolFor(actor: Actor, schoolId: unknown): Promise<SchoolPayload> {
    requireStaff(actor);
    const wanted = idOf(schoolId, "schoolId");
    if (actor.role === "teacher") {
      if (!actor.schoolId || !actor.school) {
        throw notFound(NO_SCHOOL_MESSAGE);
      }
      if (wanted && wanted !== actor.schoolId) {
        throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
      }
      return { id: actor.school.id, name: actor.school.name };
    }
    const id = wanted ?? actor.schoolId;
    if (!id) {
      throw badInput(SCHOOL_REQUIRED_MESSAGE);
    }
    const school = await prisma.school.findUnique({ where: { id }, select: { id: true, name: true } });
    if (!school) {
      throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
    }
    return school;
  }

  /** A student the caller may see: role student, of the teacher's school (an admin: any school). */
  async function visibleStudent(actor: Actor, userId: unknown): Promise<{ id: string; schoolId: string | null }> {
    requireStaff(actor);
    if (actor.role === "teacher" && !actor.schoolId) {
      throw notFound(NO_SCHOOL_MESSAGE);
    }
    const id = typeof userId === "string" && userId.length <= MAX_ID_LENGTH ? userId : "";
    const student = id
      ? await prisma.user.findUnique({ where: { id }, select: { id: true, role: true, schoolId: true } })
      : null;
    if (!student || student.role !== "student" || (actor.role === "teacher" && student.schoolId !== actor.schoolId)) {
      throw notFound(STUDENT_NOT_FOUND_MESSAGE);
    }
    return student;
  }

  async function presentAlerts(
    rows: Prisma.ModerationEventGetPayload<{
      include: {
        user: { select: { displayName: true; strikeCount: true; blocked: true } };
        reviewedBy: { select: { displayName: true } };
      };
    }>[],
  ): Promise<ModerationAlertPayload[]> {
    const bookIds = [...new Set(rows.flatMap((row) => (row.bookId ? [row.bookId] : [])))];
    const books = bookIds.length
      ? await prisma.book.findMany({ where: { id: { in: bookIds } }, select: { id: true, title: true } })
      : [];
    const titles = new Map(books.map((book) => [book.id, book.title]));
    return rows.map((row) =>
      presentModerationEvent(
        row,
        row.user,
        row.bookId ? (titles.get(row.bookId) ?? null) : null,
        row.reviewedBy?.displayName ?? null,
      ),
    );
  }

  const alertInclude = {
    user: { select: { displayName: true, strikeCount: true, blocked: true } },
    reviewedBy: { select: { displayName: true } },
  } as const;

  async function openAlerts(schoolId: string): Promise<{ alerts: ModerationAlertPayload[]; total: number }> {
    // The students of the school now (a student who moved school takes their history along).
    const where: Prisma.ModerationEventWhereInput = {
      type: { in: [...ALERT_TYPES] },
      reviewedAt: null,
      user: { schoolId, role: "student" },
    };
    const [rows, total] = await Promise.all([
      prisma.moderationEvent.findMany({
        where,
        include: alertInclude,
        // Urgent (risk to the child) first, then the newest.
        orderBy: [{ severity: "desc" }, { createdAt: "desc" }, { id: "asc" }],
        take: ALERT_LIST_SIZE,
      }),
      prisma.moderationEvent.count({ where }),
    ]);
    return { alerts: await presentAlerts(rows), total };
  }

  async function studentsOf(
    schoolId: string,
    options: { search: string; sort: StudentSort; offset: number; limit: number },
  ): Promise<{ rows: StudentRow[]; total: number }> {
    const matches = searchCondition(options.search);
    // The books the student can see, as their own dashboard counts them (published, complete, held).
    const visibleHere = Prisma.sql`b.status = 'published' AND b."hasText" AND b."hasCover" AND (b."allSchools" OR EXISTS (
      SELECT 1 FROM "BookSchool" bs WHERE bs."bookId" = b.id AND bs."schoolId" = ${schoolId}))`;
    const [rows, totals] = await Promise.all([
      prisma.$queryRaw<StudentRow[]>`
        SELECT u.id, u."displayName", u.email, u.status::text AS status, u."lastActiveAt",
          u."strikeCount", u.blocked, u."blockedAt", u."blockReason",
          COALESCE(r.books, 0)::int AS "booksReadCount", COALESCE(r.minutes, 0)::int AS "readingMinutes",
          COALESCE(c.chats, 0)::int AS "chatCount", COALESCE(c.messages, 0)::int AS "messageCount",
          c.last_chat AS "lastChatAt",
          count(*) OVER ()::int AS matching
        FROM "User" u
        LEFT JOIN LATERAL (
          SELECT count(*) AS books, sum(ub."readingTime") AS minutes
          FROM "UserBook" ub JOIN "Book" b ON b.id = ub."bookId"
          WHERE ub."userId" = u.id AND ub.read AND ${visibleHere}
        ) r ON TRUE
        LEFT JOIN LATERAL (
          SELECT count(*) AS chats, sum(ch."messageCount") AS messages, max(ch."updatedAt") AS last_chat
          FROM "Chat" ch WHERE ch."userId" = u.id
        ) c ON TRUE
        WHERE u."schoolId" = ${schoolId} AND u.role = 'student' ${matches}
        ORDER BY ${ORDER_BY[options.sort]}
        LIMIT ${options.limit} OFFSET ${options.offset}`,
      prisma.user.count({ where: { schoolId, role: "student" } }),
    ]);
    return { rows, total: totals };
  }

  async function booksReadBy(schoolId: string, userIds: string[]): Promise<Map<string, ReadBookPayload[]>> {
    const byStudent = new Map<string, ReadBookPayload[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) {
      return byStudent;
    }
    const rows = await prisma.userBook.findMany({
      where: {
        userId: { in: userIds },
        read: true,
        book: { status: "published", hasText: true, hasCover: true, ...heldBySchool(schoolId) },
      },
      orderBy: [{ lastReadAt: { sort: "desc", nulls: "last" } }, { id: "asc" }],
      select: { userId: true, bookId: true, lastReadAt: true, book: { select: { title: true, author: true } } },
    });
    for (const row of rows) {
      byStudent
        .get(row.userId)
        ?.push({ bookId: row.bookId, title: row.book.title, author: row.book.author, lastReadAt: row.lastReadAt });
    }
    return byStudent;
  }

  return {
    schoolFor,

    /**
     * The whole dashboard in one call: the school, a page of its students (searched by name or email
     * and sorted) with the books each has read and their chat totals, and the open safeguarding alerts.
     * A fixed handful of statements whatever the number of students.
     */
    async dashboard(props: {
      actor: Actor;
      schoolId?: unknown;
      search?: unknown;
      sort?: unknown;
      offset?: unknown;
      limit?: unknown;
    }): Promise<TeacherDashboardPayload> {
      const school = await schoolFor(props.actor, props.schoolId);
      if (props.search !== undefined && props.search !== null && typeof props.search !== "string") {
        throw badInput("search must be text");
      }
      const search = withoutControlCharacters(props.search ?? "").trim();
      if (search.length > MAX_SEARCH_LENGTH) {
        throw badInput(`Search can be at most ${MAX_SEARCH_LENGTH} characters`);
      }
      const sort = props.sort ?? "name";
      if (!STUDENT_SORTS.includes(sort as StudentSort)) {
        throw badInput(`sort must be one of ${STUDENT_SORTS.join(", ")}`);
      }
      const offset = offsetOf(props.offset);
      const limit = pageSize(props.limit, STUDENT_PAGE_SIZE, MAX_STUDENT_PAGE_SIZE);
      const [{ rows, total }, { alerts, total: openAlertCount }] = await Promise.all([
        studentsOf(school.id, { search, sort: sort as StudentSort, offset, limit }),
        openAlerts(school.id),
      ]);
      const books = await booksReadBy(
        school.id,
        rows.map((row) => row.id),
      );
      const matching = rows[0]?.matching ?? (offset === 0 ? 0 : await countMatching(school.id, search));
      return {
        school,
        totalStudents: total,
        matchingStudents: matching,
        students: rows.map((row) => ({
          id: row.id,
          displayName: row.displayName,
          email: row.email,
          status: row.status,
          lastActiveAt: row.lastActiveAt,
          moderation: {
            strikeCount: row.strikeCount,
            blocked: row.blocked,
            blockedAt: row.blockedAt,
            blockReason: row.blockReason,
          },
          booksReadCount: row.booksReadCount,
          readingMinutes: row.readingMinutes,
          booksRead: books.get(row.id) ?? [],
          chatCount: row.chatCount,
          messageCount: row.messageCount,
          lastChatAt: row.lastChatAt,
        })),
        nextOffset: offset + rows.length < matching ? offset + rows.length : null,
        alerts,
        openAlertCount,
      };
    },

    /**
     * Spec: GET /api/chat/teacher/chats?limit&cursor&userId. The school's students' chats (or one
     * student's), newest activity first, a page at a time; every chat exactly once across the pages.
     */
    async listChats(props: {
      actor: Actor;
      userId?: unknown;
      limit?: unknown;
      cursor?: unknown;
      schoolId?: unknown;
    }): Promise<TeacherChatPagePayload> {
      const { actor } = props;
      requireStaff(actor);
      const limit = pageSize(props.limit, CHAT_LIST_PAGE_SIZE, MAX_CHAT_LIST_PAGE_SIZE);
      const after = decodeCursor(props.cursor);
      const userId = idOf(props.userId, "userId");
      let scope: Prisma.ChatWhereInput;
      if (userId) {
        scope = { userId: (await visibleStudent(actor, userId)).id };
      } else if (actor.role === "teacher" || props.schoolId) {
        scope = { user: { schoolId: (await schoolFor(actor, props.schoolId)).id, role: "student" } };
      } else {
        scope = { user: { role: "student" } };
      }
      const rows = await prisma.chat.findMany({
        where: {
          ...scope,
          ...(after
            ? {
                OR: [{ updatedAt: { lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { lt: after.id } }],
              }
            : {}),
        },
        orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
        take: limit + 1,
        select: chatListSelect,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(presentTeacherChat),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },

    /** Spec: GET /api/chat/teacher/chat/{chatId}: a student's chat and a page of its messages. */
    async chatMessages(props: { actor: Actor; chatId: unknown; before?: unknown; limit?: unknown }) {
      requireStaff(props.actor);
      if (props.actor.role === "teacher" && !props.actor.schoolId) {
        throw notFound(NO_SCHOOL_MESSAGE);
      }
      const before =
        typeof props.before === "string" && /^-?\d{1,9}$/.test(props.before) ? Number(props.before) : props.before;
      const limit = pageSize(props.limit, 100, 100);
      const chat = await deps.chats.getChat({ actor: props.actor, chatId: props.chatId });
      const page = await deps.chats.messagesOf(chat.id, before, limit);
      return { chat, messages: page.items, nextBefore: page.nextBefore };
    },

    /** The safeguarding events of a school still to be reviewed, urgent first. */
    async alerts(props: { actor: Actor; schoolId?: unknown }) {
      const school = await schoolFor(props.actor, props.schoolId);
      return openAlerts(school.id);
    },

    /**
     * The school's chat activity, live (a teacher: their school; an admin: the one asked for, or all).
     * Each event goes out only while the subscriber is still staff of the student's school.
     */
    async followActivity(props: { actor: Actor; schoolId?: unknown }): Promise<AsyncIterable<SchoolActivityPayload>> {
      const { actor } = props;
      requireStaff(actor);
      const topic =
        actor.role === "admin" && (props.schoolId === undefined || props.schoolId === null)
          ? ALL_SCHOOLS
          : (await schoolFor(actor, props.schoolId)).id;
      // Read once for all the school's staff on a WebSocket (graphql/shared-fan-out.ts), checked per subscriber.
      return new SharedTopic(
        `${Topics.schoolActivity}:${topic}`,
        () => pubsub.subscribe(Topics.schoolActivity, topic),
        (event: SchoolActivityPayload) => deps.staffAccess.mayWatch(actor.id, event.schoolId),
      );
    },

    /**
     * The school's safeguarding events, live (a teacher: their school; an admin: every school). Each
     * goes out only while the subscriber is still staff of the event's school (a role or school changed
     * since the WebSocket connected stops them).
     */
    followAlerts(props: { actor: Actor }): AsyncIterable<ModerationAlertPayload> {
      const { actor } = props;
      requireStaff(actor);
      if (actor.role !== "admin" && !actor.schoolId) {
        throw notFound(NO_SCHOOL_MESSAGE);
      }
      const topic = actor.role === "admin" ? ALL_SCHOOLS : (actor.schoolId as string);
      return new SharedTopic(
        `${Topics.moderationAlert}:${topic}`,
        () => pubsub.subscribe(Topics.moderationAlert, topic),
        (alert: ModerationAlertPayload) => deps.staffAccess.mayWatch(actor.id, alert.schoolId),
      );
    },
  };

  /**
   * Students matching a search, when a page past the end gave no row to read the count from. The same
   * condition as the page's (Prisma's `contains` would take % and _ in the search as wildcards).
   */
  async function countMatching(schoolId: string, search: string): Promise<number> {
    const [row] = await prisma.$queryRaw<{ matching: number }[]>`
      SELECT count(*)::int AS matching FROM "User" u
      WHERE u."schoolId" = ${schoolId} AND u.role = 'student' ${searchCondition(search)}`;
    return row?.matching ?? 0;
  }
}

export type TeacherService = ReturnType<typeof createTeacherService>;
