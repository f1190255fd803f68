import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STUDENT_NOT_FOUND_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { otherSchool } from "./helpers/book-factory.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// PATCH /api/auth/user/{id}/moderation/unblock and unblockStudent (spec 4 Moderation, 6, 7): a teacher
// of the student's school (or an admin) sets strikeCount 0, blocked false, blockedAt and blockReason
// null; the act is recorded with the teacher; the student can send again at once. Anyone else: 404 for
// a student of another school (nothing leaks), 403 for a student caller.

const UNBLOCK = `mutation Unblock($userId: ID!) {
  unblockStudent(userId: $userId) { uid moderation { strikeCount blocked blockedAt blockReason } }
}`;

describe("unblocking a student", () => {
  let app: TestApp;
  let bookId: string;
  beforeAll(async () => {
    app = await startTestApp({ AI_OFFLINE_PACE_MS: "0" });
    ({ id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    }));
  });
  afterAll(() => app.stop());

  async function blockedStudent(): Promise<TestUser> {
    const student = await app.createUser();
    await app.db.prisma.user.update({
      where: { id: student.id },
      data: { strikeCount: 3, blocked: true, blockedAt: new Date(), blockReason: "Repeated harmful content" },
    });
    return student;
  }

  const unblockRest = (caller: TestUser | null, id: string) =>
    app.api("PATCH", `/api/auth/user/${id}/moderation/unblock`, caller ? { token: caller.token } : {});

  it("resets strikes and the block, records the teacher, and the student can send again at once", async () => {
    const student = await blockedStudent();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = (await app.gql(OPEN_CHAT, { bookId }, student.token)).body.data.openChat.id;
    const refused = await app.gql(SEND, { input: { chatId, message: "Who is Mole?" } }, student.token);
    expect(gqlError(refused.body).code).toBe("ACCOUNT_RESTRICTED");

    const res = await unblockRest(teacher, student.id);
    expect(res.status).toBe(200);
    expect(res.body.user.moderation).toEqual({ strikeCount: 0, blocked: false, blockedAt: null, blockReason: null });
    const event = await app.db.prisma.moderationEvent.findFirstOrThrow({ where: { userId: student.id } });
    expect(event).toMatchObject({ type: "unblock", actorId: teacher.id });

    const again = await app.gql(SEND, { input: { chatId, message: "Who is Mole?" } }, student.token);
    expect(again.body.errors).toBeUndefined();
  });

  it("works through GraphQL, and for an admin at any school", async () => {
    const student = await blockedStudent();
    const admin = await app.createUser({ role: "admin" });
    const res = await app.gql(UNBLOCK, { userId: student.id }, admin.token);
    expect(res.body.data.unblockStudent.moderation).toEqual({
      strikeCount: 0,
      blocked: false,
      blockedAt: null,
      blockReason: null,
    });
  });

  it("refuses everyone else and changes nothing", async () => {
    const student = await blockedStudent();
    const otherTeacher = await app.createUser({ role: "teacher", school: otherSchool(student.school) });
    const noSchool = await app.createUser({ role: "teacher", school: null });
    const classmate = await app.createUser({ school: student.school });
    const colleague = await app.createUser({ role: "teacher", school: student.school });
    const sameSchoolTeacher = await app.createUser({ role: "teacher", school: student.school });

    expect(await unblockRest(otherTeacher, student.id)).toMatchObject({
      status: 404,
      body: { error: STUDENT_NOT_FOUND_MESSAGE },
    });
    expect((await unblockRest(noSchool, student.id)).status).toBe(404);
    expect((await unblockRest(classmate, student.id)).status).toBe(403);
    expect((await unblockRest(null, student.id)).status).toBe(401);
    // Only students: a colleague (teacher) is "not found"; so is an unknown id.
    expect((await unblockRest(sameSchoolTeacher, colleague.id)).status).toBe(404);
    expect((await unblockRest(sameSchoolTeacher, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const overGraphQL = await app.gql(UNBLOCK, { userId: student.id }, classmate.token);
    expect(gqlError(overGraphQL.body).code).toBe("FORBIDDEN");

    const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(row).toMatchObject({ strikeCount: 3, blocked: true });
    expect(await app.db.prisma.moderationEvent.count({ where: { userId: student.id } })).toBe(0);
  });
});
