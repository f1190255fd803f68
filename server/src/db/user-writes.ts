import type { PrismaClient } from "../generated/prisma/client.js";

// Writes to accounts, seen as they happen: the session cache and staff access hold an account for a
// second (auth/session-cache.ts, modules/teacher/staff-access.ts) and must drop it the moment its
// role, school, status, strikes or token version change, whichever code made the change. Every write
// through Prisma's user model is seen here; raw SQL that writes "User" must announce itself.

/** `null`: many accounts, or ones not known by id (updateMany, deleteMany). */
export type UserWriteListener = (userId: string | null) => void;

// Bookkeeping that no session or check reads: writing only these is not a change of the account.
const UNWATCHED = new Set(["lastActiveAt", "readerPrefs"]);

const listenersOf = new WeakMap<object, Set<UserWriteListener>>();

const changes = (data: unknown) =>
  !data || typeof data !== "object" || Object.keys(data).some((field) => !UNWATCHED.has(field));

const idOf = (value: unknown): string | null => {
  const id = value && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : null;
};

/** `prisma`, telling onUserWrite's listeners of each write to a user once the statement has run. */
export function watchUserWrites(prisma: PrismaClient): PrismaClient {
  const listeners = new Set<UserWriteListener>();
  const tell = (userId: string | null) => {
    for (const listener of listeners) {
      listener(userId);
    }
  };
  const watched = prisma.$extends({
    query: {
      user: {
        async update({ args, query }) {
          const result = await query(args);
          if (changes(args.data)) {
            tell(idOf(result) ?? idOf(args.where));
          }
          return result;
        },
        async upsert({ args, query }) {
          const result = await query(args);
          tell(idOf(result) ?? idOf(args.where));
          return result;
        },
        async updateMany({ args, query }) {
          const result = await query(args);
          if (changes(args.data)) {
            tell(null);
          }
          return result;
        },
        async delete({ args, query }) {
          const result = await query(args);
          tell(idOf(result) ?? idOf(args.where));
          return result;
        },
        async deleteMany({ args, query }) {
          const result = await query(args);
          tell(null);
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
  listenersOf.set(watched, listeners);
  return watched;
}

/**
 * Calls `listener` after each write to a user through `prisma` (from watchUserWrites). Inside a
 * transaction that is before the commit: a caller that must not be raced announces again after it.
 * Returns the unsubscribe.
 */
export function onUserWrite(prisma: PrismaClient, listener: UserWriteListener): () => void {
  const listeners = listenersOf.get(prisma);
  if (!listeners) {
    throw new Error("onUserWrite: this client was not made by watchUserWrites");
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
