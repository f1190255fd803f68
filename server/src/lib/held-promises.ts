// Values worked out from the database and held for a short time per key, instead of read on every
// request: Explore's counts and the recommendations (modules/books/catalogue-cache.ts), and the
// rights of live-event subscribers (modules/teacher/staff-access.ts). Each holder drops what a change
// makes stale itself; this only holds.

/**
 * Promises held per key for a time each. Concurrent gets of one key share one load; a failed load is
 * not held, so the next get tries again. At `max` keys, the oldest is dropped, with the stale keys
 * held after it up to the first fresh one.
 */
export function createHeldPromises<T>(options: { max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const held = new Map<string, { at: number; ttl: number; value: Promise<T> }>();
  return {
    /** What `key` holds if it was loaded less than `ttl` ms ago, else `load()`'s, held for `ttl`. */
    get(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
      const at = now();
      const entry = held.get(key);
      if (entry && at - entry.at < entry.ttl) {
        return entry.value;
      }
      if (held.size >= options.max) {
        // Oldest first (a Map keeps insertion order): until under the bound, then while stale.
        for (const [old, value] of held) {
          if (at - value.at < value.ttl && held.size < options.max) {
            break;
          }
          held.delete(old);
        }
      }
      const value = load().catch((error: unknown) => {
        if (held.get(key)?.value === value) {
          held.delete(key);
        }
        throw error;
      });
      held.delete(key);
      held.set(key, { at, ttl, value });
      return value;
    },

    /** Drops `key`, or (a function) every key it accepts. */
    delete(key: string | ((key: string) => boolean)): void {
      if (typeof key === "string") {
        held.delete(key);
        return;
      }
      for (const id of held.keys()) {
        if (key(id)) {
          held.delete(id);
        }
      }
    },

    clear(): void {
      held.clear();
    },
  };
}
