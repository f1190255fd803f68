import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { UPDATE_USER } from "./helpers/admin-kit.js";
import { COMPLETE_RESET, gqlError, ME, REQUEST_RESET, STRONG_PASSWORD, waitForResetToken } from "./helpers/auth-kit.js";
import { startBookApp } from "./helpers/gemini-app.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { twoInstancesOverRedis } from "./helpers/redis-kit.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// The session cache (auth/session-cache.ts) holds a verified token and its account for
// SESSION_CACHE_MS. Here it holds them for a minute, far longer than any test waits: what a test sees
// changed, it sees because the change dropped the session, never because the minute passed.

const HELD_FOR_A_MINUTE = { SESSION_CACHE_MS: "60000", AI_OFFLINE_PACE_MS: "0" };
const UNBLOCK = `mutation Unblock($userId: ID!) { unblockStudent(userId: $userId) { uid } }`;
const BULLYING = "you are a stupid idiot and everyone hates you";

const me = async (app: TestApp, user: TestUser) => {
  const res = await app.gql(ME, {}, user.token);
  return res.body.errors ? { error: gqlError(res.body) } : res.body.data.me;
};

describe("the session cache", () => {
  let app: TestApp;
  let bookId: string;
  let admin: TestUser;
  beforeAll(async () => {
    ({ app, bookId } = await startBookApp(HELD_FOR_A_MINUTE));
    admin = await app.createUser({ role: "admin" });
  });
  afterAll(() => app.stop());

  it("holds an accepted session: a write that bypasses Prisma's user model is not seen until it is announced", async () => {
    const student = await app.createUser();
    expect((await me(app, student)).status).toBe("active");
    // Raw SQL is invisible to the cache (db/watched-writes.ts): this is what the cache saves, a read a request.
    await app.db.prisma.$executeRaw`UPDATE "User" SET "displayName" = 'Renamed Raw' WHERE id = ${student.id}`;
    expect((await me(app, student)).displayName).not.toBe("Renamed Raw");

    app.services.accounts.changed(student.id);
    expect((await me(app, student)).displayName).toBe("Renamed Raw");
  });

  it("drops the session when an admin deactivates the account", async () => {
    const student = await app.createUser();
    expect((await me(app, student)).status).toBe("active");
    const res = await app.gql(UPDATE_USER, { id: student.id, status: "inactive" }, admin.token);
    expect(res.body.errors).toBeUndefined();
    expect(await me(app, student)).toEqual({ error: { message: Messages.accountInactive, code: "UNAUTHENTICATED" } });
  });

  it("drops the session when an admin changes the role: the new rights apply to the next request", async () => {
    const student = await app.createUser();
    expect((await app.api("GET", "/api/safeguarding/alerts.csv", { token: student.token })).status).toBe(403);
    expect((await app.gql(UPDATE_USER, { id: student.id, role: "teacher" }, admin.token)).body.errors).toBeUndefined();
    expect((await me(app, student)).role).toBe("teacher");
    expect((await app.api("GET", "/api/safeguarding/alerts.csv", { token: student.token })).status).toBe(200);

    expect((await app.gql(UPDATE_USER, { id: student.id, role: "student" }, admin.token)).body.errors).toBeUndefined();
    expect((await app.api("GET", "/api/safeguarding/alerts.csv", { token: student.token })).status).toBe(403);
  });

  it("drops the session when the school changes (a direct write through Prisma)", async () => {
    const student = await app.createUser({ school: "Pimlico Academy" });
    expect((await me(app, student)).school).toBe("Pimlico Academy");
    const other = await app.db.prisma.school.findFirstOrThrow({ where: { name: { not: "Pimlico Academy" } } });
    await app.db.prisma.user.update({ where: { id: student.id }, data: { schoolId: other.id } });
    expect((await me(app, student)).school).toBe(other.name);
  });

  it("drops the session on a password reset: the old token is refused at once", async () => {
    const student = await app.createUser();
    expect((await me(app, student)).status).toBe("active");
    expect((await app.gql(REQUEST_RESET, { email: student.email })).body.errors).toBeUndefined();
    const token = await waitForResetToken(app, student.email);
    const done = await app.gql(COMPLETE_RESET, { input: { token, password: STRONG_PASSWORD } });
    expect(done.body.errors).toBeUndefined();
    expect(await me(app, student)).toEqual({ error: { message: Messages.invalidToken, code: "UNAUTHENTICATED" } });
  });

  it("drops the session on each strike, on the block, and on the unblock", async () => {
    const student = await app.createUser();
    const teacher = await app.createUser({ role: "teacher", school: student.school });
    const chatId = (await app.gql(OPEN_CHAT, { bookId }, student.token)).body.data.openChat.id;
    const send = (message: string) => app.gql(SEND, { input: { chatId, message } }, student.token);
    expect((await me(app, student)).moderation).toMatchObject({ strikeCount: 0, blocked: false });

    expect(gqlError((await send(BULLYING)).body).code).toBe("CONTENT_FLAGGED");
    expect((await me(app, student)).moderation).toMatchObject({ strikeCount: 1, blocked: false });
    await send(BULLYING);
    await send(BULLYING);
    expect((await me(app, student)).moderation).toMatchObject({ strikeCount: 3, blocked: true });
    expect(gqlError((await send("Who is Mole?")).body).code).toBe("ACCOUNT_RESTRICTED");

    expect((await app.gql(UNBLOCK, { userId: student.id }, teacher.token)).body.errors).toBeUndefined();
    expect((await me(app, student)).moderation).toMatchObject({ strikeCount: 0, blocked: false });
    expect((await send("Who is Mole?")).body.errors).toBeUndefined();
  });

  it("never holds a refused token", async () => {
    const student = await app.createUser({ status: "inactive" });
    expect((await me(app, student)).error.code).toBe("UNAUTHENTICATED");
    await app.db.prisma.$executeRaw`UPDATE "User" SET status = 'active' WHERE id = ${student.id}`;
    expect((await me(app, student)).status).toBe("active");
  });
});

// Two instances on one PostgreSQL and one Redis: a change made through one drops the sessions the
// other holds. PGlite serves one process, so this runs on PostgreSQL only.
describe.runIf(process.env.TEST_DATABASE === "postgres")("the session cache on two instances", () => {
  const instances = twoInstancesOverRedis(HELD_FOR_A_MINUTE);

  // The event crosses Redis: the other instance refuses within moments, not after the held minute.
  const soon = { timeout: 10_000, interval: 50 };

  it("a deactivation through one instance is refused by the other", async () => {
    const admin = await instances.a.createUser({ role: "admin" });
    const student = await instances.a.createUser();
    expect((await me(instances.b, student)).status).toBe("active");
    expect(
      (await instances.a.gql(UPDATE_USER, { id: student.id, status: "inactive" }, admin.token)).body.errors,
    ).toBeUndefined();
    await expect.poll(async () => (await me(instances.b, student)).error?.message, soon).toBe(Messages.accountInactive);
  });

  it("a demotion through one instance is seen by the other", async () => {
    const admin = await instances.a.createUser({ role: "admin" });
    const teacher = await instances.a.createUser({ role: "teacher" });
    expect((await instances.b.api("GET", "/api/safeguarding/alerts.csv", { token: teacher.token })).status).toBe(200);
    expect(
      (await instances.a.gql(UPDATE_USER, { id: teacher.id, role: "student" }, admin.token)).body.errors,
    ).toBeUndefined();
    await expect
      .poll(
        async () => (await instances.b.api("GET", "/api/safeguarding/alerts.csv", { token: teacher.token })).status,
        soon,
      )
      .toBe(403);
  });

  it("a direct write on one instance's client is seen by the other", async () => {
    const student = await instances.a.createUser();
    expect((await me(instances.b, student)).displayName).toBe("Test student");
    await instances.a.db.prisma.user.update({ where: { id: student.id }, data: { displayName: "Moved On" } });
    await expect.poll(async () => (await me(instances.b, student)).displayName, soon).toBe("Moved On");
  });
});
