// Fixed-window counters: at most `limit` hits per key in each window. In memory for one process, or
// in Redis when several instances serve one deployment (createRedisRateLimiter below).

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one hit (before the work it limits, so concurrent hits are all counted). */
  hit(key: string): Promise<RateLimitResult>;
  /** Takes back one hit of the current window: for limits that count only failures. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

export function createMemoryRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  const sweep = (t: number) => {
    // Drop finished windows now and then, so memory stays bounded by the keys of one window.
    if (t - lastSweep < options.windowMs) {
      return;
    }
    lastSweep = t;
    for (const [key, w] of windows) {
      if (t - w.start >= options.windowMs) {
        windows.delete(key);
      }
    }
  };
  return {
    async hit(key) {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || t - w.start >= options.windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000));
      return { allowed: w.count <= options.limit, retryAfterSeconds };
    },
    async refund(key) {
      const w = windows.get(key);
      if (w && w.count > 0) {
        w.count -= 1;
      }
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

// INCR and the window's expiry in one step: the first hit of a window starts its clock.
const HIT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then redis.call("PEXPIRE", KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

// DECR only while the window lives and has hits: a refund never starts a window or goes below zero.
const REFUND_SCRIPT = `
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count > 0 then redis.call("DECR", KEYS[1]) end
return 0
`;

type RedisCommands = {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
};

/**
 * The same fixed windows, counted in Redis so that every instance shares them: ten tries per minute
 * means ten across the whole deployment, not ten per instance. When Redis does not answer, this
 * instance counts on its own until it does (sign-in keeps working, still limited).
 */
export function createRedisRateLimiter(options: {
  redis: RedisCommands;
  /** Names this limiter's keys, e.g. "rr:rate:login-email:". */
  prefix: string;
  limit: number;
  windowMs: number;
  onError?: (error: unknown) => void;
}): RateLimiter {
  const fallback = createMemoryRateLimiter({ limit: options.limit, windowMs: options.windowMs });
  return {
    async hit(key) {
      try {
        const [count, ttl] = (await options.redis.eval(HIT_SCRIPT, 1, options.prefix + key, options.windowMs)) as [
          number,
          number,
        ];
        return { allowed: count <= options.limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        options.onError?.(error);
        return fallback.hit(key);
      }
    },
    async refund(key) {
      await fallback.refund(key);
      try {
        await options.redis.eval(REFUND_SCRIPT, 1, options.prefix + key);
      } catch (error) {
        options.onError?.(error);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await options.redis.del(options.prefix + key);
      } catch (error) {
        options.onError?.(error);
      }
    },
  };
}
