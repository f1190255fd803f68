import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./test-app.js";

// Tests that start instances sharing Redis: the running Redis of this machine (and of CI).

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A key and channel prefix of this run's own: other runs on the same Redis never see its events or counters. */
export const uniqueRedisPrefix = () => `rr-test-${randomUUID().slice(0, 8)}:`;

/** Removes every key under `prefix` (the rate limits' counters a test left). */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) {
      await redis.del(...keys);
    }
  } finally {
    await redis.quit();
  }
}

/**
 * Two instances on the test database and the shared Redis (a prefix of their own), started before the
 * suite's tests and stopped, their keys removed, after them. PostgreSQL only: PGlite serves one process.
 */
export function twoInstancesOverRedis(env: Record<string, string>): { a: TestApp; b: TestApp } {
  const prefix = uniqueRedisPrefix();
  const instances = {} as { a: TestApp; b: TestApp };
  beforeAll(async () => {
    const shared = { ...env, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    [instances.a, instances.b] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });
  afterAll(async () => {
    await Promise.all([instances.a?.stop(), instances.b?.stop()]);
    await dropRedisKeys(prefix);
  });
  return instances;
}
