import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

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
