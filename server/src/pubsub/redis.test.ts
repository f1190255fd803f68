import { randomUUID } from "node:crypto";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRedisRateLimiter } from "../auth/rate-limit.js";
import { createRedisPubSub, decodeEvent, encodeEvent, Topics } from "./pubsub.js";
import { connectRedis, type RedisConnections } from "./redis.js";

// Against the real Redis on this machine (REDIS_URL in CI is the same), under a prefix of the run's own.

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const logger = pino({ level: "silent" });

describe("event encoding", () => {
  it("brings Dates back as Dates, at any depth, and leaves look-alike strings alone", () => {
    const at = new Date("2026-11-25T08:30:00.123Z");
    const decoded = decodeEvent(
      encodeEvent("CHAT_EVENT:c1", { at, nested: { list: [at, "2026-11-25T08:30:00.123Z"] }, none: null }),
    );
    expect(decoded.type).toBe("CHAT_EVENT:c1");
    const detail = decoded.detail as { at: Date; nested: { list: unknown[] }; none: null };
    expect(detail.at).toBeInstanceOf(Date);
    expect(detail.at.getTime()).toBe(at.getTime());
    expect(detail.nested.list[0]).toBeInstanceOf(Date);
    expect(detail.nested.list[1]).toBe("2026-11-25T08:30:00.123Z");
    expect(detail.none).toBeNull();
  });

  it("refuses a message without a type", () => {
    expect(() => decodeEvent(JSON.stringify({ detail: 1 }))).toThrow("event without a type");
    expect(() => decodeEvent("not json")).toThrow();
  });
});

describe("Redis pub/sub and rate limits", () => {
  const prefix = `rr-unit-${randomUUID().slice(0, 8)}:`;
  let one: RedisConnections;
  let two: RedisConnections;
  beforeAll(async () => {
    [one, two] = await Promise.all([
      connectRedis(REDIS_URL, { prefix, logger }),
      connectRedis(REDIS_URL, { prefix, logger }),
    ]);
  });
  afterAll(async () => {
    const keys = await one.command.keys(`${prefix}*`);
    if (keys.length) {
      await one.command.del(...keys);
    }
    await Promise.all([one.close(), two.close()]);
  });

  it("delivers an event published by one process to the listeners of both, once each", async () => {
    const [a, b] = await Promise.all([createRedisPubSub(one, logger), createRedisPubSub(two, logger)]);
    const heard: string[] = [];
    const listen = async (name: string, pubsub: typeof a) => {
      for await (const event of pubsub.subscribe(Topics.sessionsRevoked)) {
        heard.push(`${name}:${event.userId}`);
        if (event.userId === "last") {
          return;
        }
      }
    };
    const listening = Promise.all([listen("a", a), listen("b", b)]);
    // Each subscriber's listener is attached on its first next(); give both that turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    a.publish(Topics.sessionsRevoked, { userId: "u1", reason: "Account inactive" });
    a.publish(Topics.sessionsRevoked, { userId: "last", reason: "Account inactive" });
    await listening;
    expect(heard.sort()).toEqual(["a:last", "a:u1", "b:last", "b:u1"]);
  });

  it("keeps topics apart: a chat's subscribers hear that chat only", async () => {
    const pubsub = await createRedisPubSub(two, logger);
    const chatA = pubsub.subscribe(Topics.accountUpdated, "user-a")[Symbol.asyncIterator]();
    const first = chatA.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const payload = { uid: "user-a", role: "student" } as never;
    pubsub.publish(Topics.accountUpdated, "user-b", { uid: "user-b", role: "teacher" } as never);
    pubsub.publish(Topics.accountUpdated, "user-a", payload);
    expect((await first).value).toEqual(payload);
    await chatA.return?.();
  });

  it("shares one window between processes: the limit holds across them", async () => {
    const make = (redis: RedisConnections) =>
      createRedisRateLimiter({ redis: redis.command, prefix: `${prefix}rate:test:`, limit: 3, windowMs: 60_000 });
    const [x, y] = [make(one), make(two)];
    const results = [await x.hit("k"), await y.hit("k"), await x.hit("k"), await y.hit("k")];
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await one.command.pttl(`${prefix}rate:test:k`)).toBeGreaterThan(0);

    await y.reset("k");
    expect((await x.hit("k")).allowed).toBe(true);
  });

  it("takes back a refunded hit in the shared window, never below zero", async () => {
    const make = (redis: RedisConnections) =>
      createRedisRateLimiter({ redis: redis.command, prefix: `${prefix}rate:refund:`, limit: 2, windowMs: 60_000 });
    const [x, y] = [make(one), make(two)];
    await y.refund("fresh");
    expect(await one.command.exists(`${prefix}rate:refund:fresh`)).toBe(0);
    await x.hit("k");
    await x.hit("k");
    await y.refund("k");
    expect((await x.hit("k")).allowed).toBe(true);
    expect((await y.hit("k")).allowed).toBe(false);
  });

  it("counts on its own when Redis does not answer, and says so", async () => {
    const onError = vi.fn();
    const broken = {
      eval: () => Promise.reject(new Error("Connection is closed.")),
      del: () => Promise.reject(new Error("Connection is closed.")),
    };
    const limiter = createRedisRateLimiter({ redis: broken, prefix, limit: 2, windowMs: 60_000, onError });
    const results = [await limiter.hit("k"), await limiter.hit("k"), await limiter.hit("k")];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(onError).toHaveBeenCalledTimes(3);
  });

  it("names REDIS_URL when Redis cannot be reached at start", async () => {
    await expect(connectRedis("redis://127.0.0.1:1", { prefix, logger })).rejects.toThrow(
      /^REDIS_URL: cannot connect to Redis/,
    );
  });
});
