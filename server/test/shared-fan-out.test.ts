import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type * as SharedFanOutModule from "../src/graphql/shared-fan-out.js";
import { otherSchool } from "./helpers/book-factory.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import {
  type Activity,
  type Alert,
  ALERT_FIELDS,
  activityFlows,
  alertsFlow,
  MODERATION_ALERTS,
  SCHOOL_ACTIVITY,
  TEACHER_CHAT_FIELDS,
} from "./helpers/teacher-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// Shared fan-out (graphql/shared-fan-out.ts) on the real server: a school's activity and alerts are
// executed once per event for all its teachers, who receive what they would receive unshared, and a
// teacher moved, demoted or deactivated since connecting stops receiving while colleagues who share
// the same execution keep receiving.

// The server's fan-out, to count its executions.
const fanOuts = vi.hoisted(() => [] as ReturnType<typeof SharedFanOutModule.createSharedFanOut>[]);
vi.mock("../src/graphql/shared-fan-out.js", async (importOriginal) => {
  const original = await importOriginal<typeof SharedFanOutModule>();
  return {
    ...original,
    createSharedFanOut: (...args: Parameters<typeof original.createSharedFanOut>) => {
      const fanOut = original.createSharedFanOut(...args);
      fanOuts.push(fanOut);
      return fanOut;
    },
  };
});

const DEACTIVATE = `mutation Deactivate($id: ID!) { updateUser(id: $id, status: inactive) { uid status } }`;
// The same selection through a fragment: not shared, so graphql-js and graphql-ws serve it as before.
const SCHOOL_ACTIVITY_UNSHARED = `subscription SchoolActivityUnshared { ...Activity }
fragment Activity on Subscription {
  schoolActivity { chat { ${TEACHER_CHAT_FIELDS} } studentChatCount studentMessageCount }
}`;
const MODERATION_ALERTS_UNSHARED = `subscription { ...Alerts }
fragment Alerts on Subscription { moderationAlerts { ${ALERT_FIELDS} } }`;

describe("shared fan-out of a school's live events", () => {
  let app: TestApp;
  let bookId: string;
  let open: Live<unknown>[] = [];
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0" });
    ({ id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    }));
  });
  // Each test's subscriptions end with it: the executions counted are the next test's own.
  afterEach(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    open = [];
  });
  afterAll(() => app.stop());

  function live<T>(user: TestUser, query: string): Live<T> {
    const subscription = subscribe<T>(app, user.token, query);
    open.push(subscription as Live<unknown>);
    return subscription;
  }
  const executions = () => fanOuts.reduce((sum, fanOut) => sum + fanOut.executions, 0);
  const openChat = async (student: TestUser) =>
    (await app.gql(OPEN_CHAT, { bookId }, student.token)).body.data.openChat.id as string;
  /** One message from `student`; resolves with the chat's message count after it and its reply. */
  async function send(student: TestUser, chatId: string): Promise<number> {
    const res = await app.gql(SEND, { input: { chatId, message: "Who is Mole?" } }, student.token);
    expect(res.body.errors).toBeUndefined();
    return (res.body.data.sendChatMessage.userMessage.seq as number) + 2;
  }
  /** Every subscription has the activity of the chat's `messageCount`th message, and so every earlier one. */
  const reached = (subscriptions: Live<Activity>[], chatId: string, messageCount: number) =>
    Promise.all(
      subscriptions.map((s) =>
        s.until((events) => events.some((e) => e.chat.id === chatId && e.chat.messageCount === messageCount)),
      ),
    );

  it("executes a school's activity once for all its teachers, who receive what an unshared subscriber does", async () => {
    const student = await app.createUser();
    const teachers = await Promise.all(
      Array.from({ length: 4 }, () => app.createUser({ role: "teacher", school: student.school })),
    );
    const chatId = await openChat(student);
    const shared = teachers.slice(1).map((teacher) => live<Activity>(teacher, SCHOOL_ACTIVITY));
    const unshared = live<Activity>(teachers[0] as TestUser, SCHOOL_ACTIVITY_UNSHARED);
    await activityFlows(app, { user: student, chatId }, [...shared, unshared]);
    await reached([...shared, unshared], chatId, await send(student, chatId));

    const before = executions();
    const seen = shared.map((s) => s.events.length);
    const count = await send(student, chatId);
    await reached([...shared, unshared], chatId, count);

    const fresh = shared.map((s, i) => s.events.slice(seen[i]));
    expect(fresh[0]?.length).toBeGreaterThan(0);
    // One execution per event, however many teachers share it (the unshared one is not counted).
    expect(executions() - before).toBe(fresh[0]?.length);
    const latest = unshared.events.at(-1);
    expect(latest?.chat.messageCount).toBe(count);
    for (const events of fresh) {
      expect(events).toEqual(fresh[0]);
      expect(events.at(-1)).toEqual(latest);
    }
  });

  it("stops a moved, a demoted and a deactivated teacher's school activity; colleagues keep receiving it", async () => {
    const student = await app.createUser();
    const admin = await app.createUser({ role: "admin" });
    const staff = await Promise.all(
      Array.from({ length: 5 }, () => app.createUser({ role: "teacher", school: student.school })),
    );
    const [moved, demoted, deactivated, ...colleagues] = staff.map((teacher) =>
      live<Activity>(teacher, SCHOOL_ACTIVITY),
    );
    const [movedUser, demotedUser, deactivatedUser] = staff as [TestUser, TestUser, TestUser];
    const chatId = await openChat(student);
    await activityFlows(app, { user: student, chatId }, [
      moved,
      demoted,
      deactivated,
      ...colleagues,
    ] as Live<Activity>[]);

    // Moved outside this server (another instance, or the database itself): nothing tells this one,
    // and its cached view of the teacher lapses (forget stands in for the TTL passing).
    const elsewhere = await app.db.prisma.school.findFirstOrThrow({
      where: { name: otherSchool(student.school) },
      select: { id: true },
    });
    await app.db.prisma.user.update({ where: { id: movedUser.id }, data: { schoolId: elsewhere.id } });
    app.services.staffAccess.forget(movedUser.id);
    const madeStudent = await app.api("PATCH", `/api/auth/user/${demotedUser.id}`, {
      token: admin.token,
      body: { role: "student" },
    });
    expect(madeStudent.status).toBe(200);
    const inactive = await app.gql(DEACTIVATE, { id: deactivatedUser.id }, admin.token);
    expect(inactive.body.data?.updateUser.status).toBe("inactive");
    expect(await deactivated?.closed).toBe(4403);

    const stopped = [moved, demoted, deactivated] as Live<Activity>[];
    const before = stopped.map((s) => s.events.length);
    const executed = executions();
    await activityFlows(app, { user: student, chatId }, colleagues);
    await reached(colleagues, chatId, await send(student, chatId));
    expect(executions()).toBeGreaterThan(executed);
    expect(stopped.map((s) => s.events.length)).toEqual(before);
    expect(moved?.errors).toEqual([]);
    expect(demoted?.errors).toEqual([]);
  });

  it("stops a moved or demoted teacher's alerts; colleagues keep receiving the same alert as unshared", async () => {
    const student = await app.createUser();
    const admin = await app.createUser({ role: "admin" });
    const staff = await Promise.all(
      Array.from({ length: 4 }, () => app.createUser({ role: "teacher", school: student.school })),
    );
    const [movedUser, demotedUser, colleagueUser, unsharedUser] = staff as [TestUser, TestUser, TestUser, TestUser];
    const moved = live<Alert>(movedUser, MODERATION_ALERTS);
    const demoted = live<Alert>(demotedUser, MODERATION_ALERTS);
    const colleague = live<Alert>(colleagueUser, MODERATION_ALERTS);
    const unshared = live<Alert>(unsharedUser, MODERATION_ALERTS_UNSHARED);
    await alertsFlow(app, admin, student, [moved, demoted, colleague, unshared]);

    await app.db.prisma.user.update({
      where: { id: movedUser.id },
      data: {
        schoolId: (await app.db.prisma.school.findFirstOrThrow({ where: { name: otherSchool(student.school) } })).id,
      },
    });
    app.services.staffAccess.forget(movedUser.id);
    const madeStudent = await app.api("PATCH", `/api/auth/user/${demotedUser.id}`, {
      token: admin.token,
      body: { role: "student" },
    });
    expect(madeStudent.status).toBe(200);

    const before = [moved.events.length, demoted.events.length];
    const seen = [colleague.events.length];
    await alertsFlow(app, admin, student, [colleague, unshared]);
    const fresh = colleague.events.slice(seen[0]);
    await unshared.until((events) => fresh.every((alert) => events.some((e) => e.id === alert.id)));
    for (const alert of fresh) {
      expect(alert).toEqual(unshared.events.find((e) => e.id === alert.id));
    }
    expect([moved.events.length, demoted.events.length]).toEqual(before);
    expect([...moved.errors, ...demoted.errors]).toEqual([]);
  });
});
