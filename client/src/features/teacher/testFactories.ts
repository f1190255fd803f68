// Server-shaped students, alerts and chats for the teacher screens' tests (with __typename, as the
// cache stores them), and a live test client with the app's own cache. Each call gives fresh ids, so
// tests never share data.
import { ApolloClient } from "@apollo/client";
import { createCache } from "../../lib/apollo";
import type { Reply, Resolver } from "../../test/apollo";
import { createLiveTestClient } from "../chat/testFactories";

let sequence = 0;

type Moderation = { strikeCount?: number; blocked?: boolean; blockedAt?: string | null; blockReason?: string | null };

export function buildModeration({ strikeCount = 0, blocked = false, ...rest }: Moderation = {}) {
  return {
    __typename: "Moderation",
    strikeCount,
    blocked,
    blockedAt: blocked ? "2025-03-04T09:00:00.000Z" : null,
    blockReason: blocked ? "Repeated harmful content" : null,
    ...rest,
  };
}

export function buildReadBook(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "ReadBook",
    bookId: `book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    lastReadAt: "2025-03-05T12:00:00.000Z" as string | null,
    ...overrides,
  };
}

export type BuiltStudent = ReturnType<typeof buildStudent>;

export function buildStudent({ moderation, ...overrides }: Record<string, unknown> & { moderation?: Moderation } = {}) {
  sequence += 1;
  return {
    __typename: "SchoolStudent",
    id: `student-${sequence}`,
    displayName: `Student ${sequence}`,
    email: `student${sequence}@school.test`,
    status: "active",
    lastActiveAt: null as string | null,
    moderation: buildModeration(moderation),
    booksReadCount: 0,
    readingMinutes: 0,
    booksRead: [] as ReturnType<typeof buildReadBook>[],
    chatCount: 0,
    messageCount: 0,
    lastChatAt: null as string | null,
    ...overrides,
  };
}

export type BuiltAlert = ReturnType<typeof buildAlert>;

export function buildAlert(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "ModerationAlert",
    id: `alert-${sequence}`,
    type: "strike",
    // The server names the event (type and category) in staff's words.
    label: "Strike: Bullying or hate",
    severity: "normal",
    category: "bullying_hate",
    reason: "Unkind words about a classmate",
    messageExcerpt: null as string | null,
    studentId: `student-${sequence}`,
    studentDisplayName: `Student ${sequence}`,
    chatId: null as string | null,
    bookId: null as string | null,
    bookTitle: null as string | null,
    strikeCount: 1,
    blocked: false,
    createdAt: "2025-03-05T10:00:00.000Z",
    reviewedAt: null as string | null,
    reviewedByName: null as string | null,
    ...overrides,
  };
}

export type BuiltTeacherChat = ReturnType<typeof buildTeacherChat>;

export function buildTeacherChat(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "TeacherChat",
    id: `chat-${sequence}`,
    userId: `student-${sequence}`,
    studentDisplayName: `Student ${sequence}`,
    bookId: `book-${sequence}`,
    bookTitle: `Book ${sequence}`,
    characterName: null as string | null,
    messageCount: 2,
    lastUpdated: "2025-03-05T10:00:00.000Z",
    summary: null as string | null,
    ...overrides,
  };
}

type DashboardData = {
  schoolName?: string;
  students?: BuiltStudent[];
  alerts?: BuiltAlert[];
  totalStudents?: number;
  matchingStudents?: number;
  nextOffset?: number | null;
  openAlertCount?: number;
};

/** The TeacherDashboard query's answer; the counts default to what the lists say. */
export function dashboardReply({
  schoolName = "Pimlico Academy",
  students = [],
  alerts = [],
  totalStudents = students.length,
  matchingStudents = students.length,
  nextOffset = null,
  openAlertCount = alerts.length,
}: DashboardData = {}): Reply {
  return {
    data: {
      teacherDashboard: {
        __typename: "TeacherDashboard",
        school: { __typename: "School", id: "school-1", name: schoolName },
        totalStudents,
        matchingStudents,
        nextOffset,
        students,
        alerts,
        openAlertCount,
      },
    },
  };
}

/** The TeacherChats query's answer: one page. */
export function chatsReply(items: BuiltTeacherChat[], nextCursor: string | null = null): Reply {
  return { data: { teacherChats: { __typename: "TeacherChatPage", items, nextCursor } } };
}

/** A schoolActivity event: a student of the school sent a message in this chat. */
export function activityEvent(chat: BuiltTeacherChat, totals: { chats: number; messages: number }) {
  return {
    schoolActivity: {
      __typename: "SchoolActivity",
      chat,
      studentChatCount: totals.chats,
      studentMessageCount: totals.messages,
    },
  };
}

/** A moderationAlerts event. */
export function alertEvent(alert: BuiltAlert) {
  return { moderationAlerts: alert };
}

/**
 * createLiveTestClient (subscriptions held open for `push`), but with the app's cache (createCache),
 * so that a student card's moderation merges as it does in the app.
 */
export function createTeacherTestClient(resolvers: Record<string, Resolver> = {}) {
  const test = createLiveTestClient(resolvers);
  const client = new ApolloClient({ link: test.client.link, cache: createCache() });
  return { ...test, client };
}
