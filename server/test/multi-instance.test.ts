import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TOO_MANY_LOGINS_MESSAGE } from "../src/modules/auth/auth.service.js";
import { buildBook } from "./helpers/book-factory.js";
import { createThrowawayDatabase } from "./helpers/global-setup.js";
import { CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type Activity, activityFlows, SCHOOL_ACTIVITY } from "./helpers/teacher-kit.js";
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from "./helpers/redis-kit.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// Two server instances on one PostgreSQL and one Redis, as behind a load balancer: what happens
// through one is seen by the people connected to the other. PGlite serves one process, so this runs
// on PostgreSQL only.

const REDIS_URL = TEST_REDIS_URL;
const onPostgres = process.env.TEST_DATABASE === "postgres";

describe.runIf(onPostgres)("two instances sharing Redis", () => {
  const prefix = uniqueRedisPrefix();
  let a: TestApp;
  let b: TestApp;
  const open: Live<unknown>[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix, LOGIN_ATTEMPTS_PER_MINUTE: "4", AI_OFFLINE_PACE_MS: "0" };
    [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    await Promise.all([a?.stop(), b?.stop()]);
    await dropRedisKeys(prefix);
  });

  function live<T>(app: TestApp, token: string, query: string, variables: Record<string, unknown> = {}): Live<T> {
    const subscription = subscribe<T>(app, token, query, variables);
    open.push(subscription as Live<unknown>);
    return subscription;
  }

  async function studentWithChat(app: TestApp, school = "Ark Conway") {
    const student = await app.createUser({ role: "student", school });
    const book = await buildBook(app, { text: "Mole was tired of spring cleaning.\n\nHe went out into the sun." });
    const opened = await app.gql(OPEN_CHAT, { bookId: book.id }, student.token);
    expect(opened.body.errors).toBeUndefined();
    return { student, chatId: opened.body.data.openChat.id as string };
  }

  it("reports Redis in the health check of each instance", async () => {
    for (const app of [a, b]) {
      const res = await app.api("GET", "/healthz");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "ok", database: "up", redis: "up" });
    }
  });

  it("delivers a message sent through instance A to a teacher watching on instance B", async () => {
    const { student, chatId } = await studentWithChat(a);
    const teacher = await b.createUser({ role: "teacher", school: student.school });
    const activity = live<Activity>(b, teacher.token, SCHOOL_ACTIVITY, {});
    // Sent through A until B's subscriber has an event: proves the subscription is live across instances.
    await activityFlows(a, { user: student, chatId }, [activity]);

    const chat = live<ChatEvent>(b, teacher.token, CHAT_EVENTS, { chatId });
    const replies: number[] = [];
    await vi.waitFor(
      async () => {
        if (!chat.events.length) {
          const sent = await a.gql(SEND, { input: { chatId, message: "Where did Mole go?" } }, student.token);
          expect(sent.body.errors).toBeUndefined();
          replies.push(sent.body.data.sendChatMessage.assistantMessage.seq as number);
        }
        expect(chat.errors).toEqual([]);
        // The reply streams (partial events) and then arrives whole, on the other instance.
        expect(chat.events.some((event) => event.kind === "message" && replies.includes(event.seq))).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );
    // Dates travel through Redis and still serialise as the same ISO timestamps.
    const delivered = chat.events.find((event) => event.kind === "message" && event.message?.role === "assistant");
    const stored = await a.db.prisma.chatMessage.findFirstOrThrow({ where: { id: delivered?.message?.id } });
    expect((delivered?.message as { timestamp?: string } | undefined)?.timestamp).toBe(stored.createdAt.toISOString());
    expect(activity.events.at(-1)?.chat.userId).toBe(student.id);
  });

  it("closes a student's WebSocket on instance B when an admin deactivates them on instance A", async () => {
    const { student, chatId } = await studentWithChat(b);
    const admin = await a.createUser({ role: "admin" });
    const chat = live<ChatEvent>(b, student.token, CHAT_EVENTS, { chatId });
    // Live once a message sent through A arrives on B.
    await vi.waitFor(
      async () => {
        if (!chat.events.length) {
          expect((await a.gql(SEND, { input: { chatId, message: "Who is Mole?" } }, student.token)).status).toBe(200);
        }
        expect(chat.events.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 200 },
    );

    const res = await a.gql(
      `mutation Deactivate($id: ID!) { updateUser(id: $id, status: inactive) { status } }`,
      { id: student.id },
      admin.token,
    );
    expect(res.body).toEqual({ data: { updateUser: { status: "inactive" } } });
    expect(await chat.closed).toBe(4403);
  });

  it("counts login attempts across both instances: the 5th is refused wherever it lands", async () => {
    const user = await a.createUser();
    for (const app of [a, b, a, b]) {
      const res = await app.api("POST", "/api/auth/login", { body: { email: user.email, password: "wrong-password" } });
      expect(res.status).toBe(401);
    }
    for (const app of [a, b]) {
      const res = await app.api("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: TOO_MANY_LOGINS_MESSAGE, code: "TOO_MANY_REQUESTS" });
    }
  });
});

describe.runIf(onPostgres)("two instances starting together on a new database", () => {
  it("both migrate, seed and serve, with one signing secret and one copy of the catalogue", async () => {
    const database = await createThrowawayDatabase("rr_twostart");
    const prefix = `rr-test-${randomUUID().slice(0, 8)}:`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SEED_CATALOGUE: "true",
      ADMIN_EMAIL: "head@school.example.org",
      ADMIN_PASSWORD: "maple-kettle-orbit-42",
    };
    const started = await Promise.allSettled([startTestApp(env), startTestApp(env)]);
    const apps = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      expect(started.filter((result) => result.status === "rejected")).toEqual([]);
      const [a, b] = apps as [TestApp, TestApp];
      // A token signed by one instance is accepted by the other: they share the generated secret.
      const login = await a.api("POST", "/api/auth/login", {
        body: { email: "head@school.example.org", password: "maple-kettle-orbit-42" },
      });
      expect(login.status).toBe(200);
      const me = await b.api("GET", "/api/auth/user", { token: login.body.token });
      expect(me.status).toBe(200);
      expect(await a.db.prisma.user.count({ where: { role: "admin" } })).toBe(1);
      const titles = await a.db.prisma.book.groupBy({ by: ["title"], _count: true });
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.filter((row) => row._count > 1)).toEqual([]);
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
      await database.drop();
    }
  });
});
