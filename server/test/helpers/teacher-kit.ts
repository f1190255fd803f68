import type { App } from "../../src/app.js";
import { schoolIdOf } from "../../src/db/schools.js";
import { uniqueTag } from "./book-factory.js";
import type { TestApp, TestUser } from "./test-app.js";
import type { Live } from "./ws-kit.js";

// The teacher dashboard tests' pieces: a school of the test's own, the GraphQL documents, and waiting
// until a subscription is surely live (the server starts listening some time after subscribe, and
// nothing tells the client when: so an event is caused again and again until it arrives).

export type School = { id: string; name: string };

/**
 * A school no other test uses. Only on a database of the test file's own (startIsolatedTestApp): the
 * schools query lists every School row, and other files expect the spec's 24.
 */
export function freshSchool(app: Pick<App, "db">): Promise<School> {
  const name = `School ${uniqueTag()}`;
  return app.db.prisma.school.create({ data: { id: schoolIdOf(name), name }, select: { id: true, name: true } });
}

export const ALERT_FIELDS = `id type severity category reason messageExcerpt studentId studentDisplayName chatId bookId
  bookTitle strikeCount blocked createdAt reviewedAt reviewedByName`;
export const STUDENT_FIELDS = `id displayName email status lastActiveAt
  moderation { strikeCount blocked blockedAt blockReason }
  booksReadCount readingMinutes booksRead { bookId title author lastReadAt } chatCount messageCount lastChatAt`;
export const TEACHER_CHAT_FIELDS =
  "id userId studentDisplayName bookId bookTitle characterName messageCount lastUpdated";

export const TEACHER_DASHBOARD = `query TeacherDashboard($schoolId: ID, $search: String, $sort: StudentSort, $offset: Int, $limit: Int) {
  teacherDashboard(schoolId: $schoolId, search: $search, sort: $sort, offset: $offset, limit: $limit) {
    school { id name } totalStudents matchingStudents nextOffset openAlertCount
    students { ${STUDENT_FIELDS} }
    alerts { ${ALERT_FIELDS} }
  }
}`;
export const TEACHER_CHATS = `query TeacherChats($userId: ID, $limit: Int, $cursor: String, $schoolId: ID) {
  teacherChats(userId: $userId, limit: $limit, cursor: $cursor, schoolId: $schoolId) {
    items { ${TEACHER_CHAT_FIELDS} } nextCursor
  }
}`;
export const UNBLOCK_STUDENT = `mutation Unblock($userId: ID!) {
  unblockStudent(userId: $userId) { uid moderation { strikeCount blocked } }
}`;
export const SCHOOL_ACTIVITY = `subscription SchoolActivity($schoolId: ID) {
  schoolActivity(schoolId: $schoolId) { chat { ${TEACHER_CHAT_FIELDS} } studentChatCount studentMessageCount }
}`;
export const MODERATION_ALERTS = `subscription { moderationAlerts { ${ALERT_FIELDS} } }`;

export type TeacherChatItem = {
  id: string;
  userId: string;
  studentDisplayName: string;
  bookId: string;
  bookTitle: string;
  characterName: string | null;
  messageCount: number;
  lastUpdated: string;
};
export type Activity = { chat: TeacherChatItem; studentChatCount: number; studentMessageCount: number };
export type Alert = {
  id: string;
  type: string;
  severity: string;
  category: string | null;
  messageExcerpt: string | null;
  studentId: string;
  studentDisplayName: string;
  chatId: string | null;
  bookId: string | null;
  bookTitle: string | null;
  strikeCount: number;
  blocked: boolean;
  createdAt: string;
  reviewedAt: string | null;
  reviewedByName: string | null;
};

/** Polls `predicate` for up to `ms`; true when it held (never throws on time-out). */
async function heldWithin(predicate: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * Repeats `cause` until every subscription has a new event matching `caused` (or fails after 10 s).
 * Also a barrier: a subscription's events arrive in order, so everything published before is in.
 */
async function causeUntilDelivered<T>(
  subscriptions: Live<T>[],
  caused: (event: T) => boolean,
  cause: () => Promise<void>,
): Promise<void> {
  const seen = subscriptions.map((s) => s.events.length);
  const delivered = () => subscriptions.every((s, i) => s.events.slice(seen[i]).some(caused));
  const deadline = Date.now() + 10_000;
  while (!delivered()) {
    const failed = subscriptions.find((s) => s.errors.length);
    if (failed) {
      throw new Error(`subscription failed: ${JSON.stringify(failed.errors)}`);
    }
    if (Date.now() > deadline) {
      throw new Error("subscriptions never went live");
    }
    await cause();
    await heldWithin(delivered, 250);
  }
}

/** A harmless message from `prober` (a student) into their chat, over GraphQL. */
const SEND_PROBE = `mutation Probe($input: SendChatMessageInput!) { sendChatMessage(input: $input) { userMessage { seq } } }`;

/** Waits until the schoolActivity subscriptions are live: `prober` sends until each has their event. */
export function activityFlows(
  app: TestApp,
  prober: { user: TestUser; chatId: string },
  subscriptions: Live<Activity>[],
): Promise<void> {
  return causeUntilDelivered(
    subscriptions,
    (event) => event.chat.userId === prober.user.id,
    async () => {
      const res = await app.gql(
        SEND_PROBE,
        { input: { chatId: prober.chatId, message: "Who is Mole?" } },
        prober.user.token,
      );
      if (res.body.errors) {
        throw new Error(JSON.stringify(res.body.errors));
      }
    },
  );
}

/**
 * Waits until the moderationAlerts subscriptions are live: `actor` (staff) unblocks `prober` (a
 * student) until each has that unblock event. An unblock is never an open alert, so the dashboards'
 * alert lists stay as they were.
 */
export function alertsFlow(
  app: TestApp,
  actor: TestUser,
  prober: TestUser,
  subscriptions: Live<Alert>[],
): Promise<void> {
  return causeUntilDelivered(
    subscriptions,
    (event) => event.studentId === prober.id && event.type === "unblock",
    async () => {
      const res = await app.gql(UNBLOCK_STUDENT, { userId: prober.id }, actor.token);
      if (res.body.errors) {
        throw new Error(JSON.stringify(res.body.errors));
      }
    },
  );
}
