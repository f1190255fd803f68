// Fixed-window counters: at most `limit` hits per key in each window. In memory for one process;
// a shared store (Redis) can implement the same interface for several instances.

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export type RateLimiter = {
  hit(key: string): Promise<RateLimitResult>;
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
    async reset(key) {
      windows.delete(key);
    },
  };
}
