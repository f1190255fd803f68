import { LRUCache } from "lru-cache";
import type { Actor } from "./actor.js";
import type { Session } from "./session.js";

// A signed-in request verifies its token and reads its account and school: three times what an
// anonymous one costs. A verified session is held here for SESSION_CACHE_TTL_MS per token, so a
// page's burst of requests (and a class's) pays that once, and it is dropped at once when its account
// changes (`forget`, called from auth/account-changes.ts on every instance). Only sessions that were
// accepted are held: a refused token is refused afresh each time.

export const SESSION_CACHE_TTL_MS = 1000;
const MAX_SESSIONS = 10_000;

type Accepted = Session & { actor: Actor };

export type SessionCache = ReturnType<typeof createSessionCache>;

/** `ttlMs` 0: nothing is held, every request reads its session. */
export function createSessionCache(options: { ttlMs?: number; max?: number } = {}) {
  const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const held = new LRUCache<string, Accepted>({ max: options.max ?? MAX_SESSIONS, ttl: Math.max(ttl, 1) });
  // Concurrent requests with one token share one read.
  const reading = new Map<string, Promise<Session>>();
  // Raised by every forget: a read that began before a change must not store what it read.
  let changes = 0;

  async function read(token: string, resolve: () => Promise<Session>): Promise<Session> {
    const startedAt = changes;
    try {
      const session = await resolve();
      if (session.actor && changes === startedAt) {
        held.set(token, session as Accepted);
      }
      return session;
    } finally {
      reading.delete(token);
    }
  }

  return {
    /** The session of `token`: held if accepted less than a TTL ago (and unexpired), else `resolve()`d. */
    session(token: string, resolve: () => Promise<Session>): Promise<Session> {
      if (ttl === 0) {
        return resolve();
      }
      const hit = held.get(token);
      if (hit && (hit.expiresAt === undefined || hit.expiresAt * 1000 > Date.now())) {
        return Promise.resolve(hit);
      }
      let pending = reading.get(token);
      if (!pending) {
        pending = read(token, resolve);
        reading.set(token, pending);
      }
      return pending;
    },

    /** The account `userId` changed (null: some accounts, not known which): its sessions are read afresh. */
    forget(userId: string | null) {
      changes += 1;
      reading.clear();
      if (userId === null) {
        held.clear();
        return;
      }
      const stale = [...held.entries()].filter(([, session]) => session.actor.id === userId).map(([token]) => token);
      for (const token of stale) {
        held.delete(token);
      }
    },
  };
}
