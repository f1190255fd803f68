import type { PrismaClient, Role, UserStatus } from "../../generated/prisma/client.js";

// Whether a subscriber may still receive a school's live events (its students' chats and safeguarding
// alerts): an active admin, or an active teacher of that school. Checked when each event is delivered,
// not only at subscribe time, because a WebSocket's session is from connect time and a teacher may
// have been moved, demoted or deactivated since.
//
// With hundreds of teachers following one school, a database read per event per subscriber would be
// hundreds of reads for one child's message; each subscriber's state is read at most once per TTL
// instead (concurrent checks share one read), and a change made on any instance is seen at once
// (`forget`, told by auth/account-changes.ts).

export const STAFF_ACCESS_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

type StaffState = { role: Role; schoolId: string | null; status: UserStatus };
type Entry = { readAt: number; state: Promise<StaffState | null> };

export function createStaffAccess(deps: { prisma: PrismaClient; ttlMs?: number; now?: () => number }) {
  const ttl = deps.ttlMs ?? STAFF_ACCESS_TTL_MS;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function stateOf(userId: string): Promise<StaffState | null> {
    const at = now();
    const entry = entries.get(userId);
    if (entry && at - entry.readAt < ttl) {
      return entry.state;
    }
    if (entries.size >= MAX_ENTRIES) {
      // Oldest first (a Map keeps insertion order): drop the stale ones.
      for (const [key, old] of entries) {
        if (at - old.readAt < ttl) {
          break;
        }
        entries.delete(key);
      }
    }
    const state = deps.prisma.user
      .findUnique({ where: { id: userId }, select: { role: true, schoolId: true, status: true } })
      .catch((error: unknown) => {
        entries.delete(userId);
        throw error;
      });
    entries.delete(userId);
    entries.set(userId, { readAt: at, state });
    return state;
  }

  return {
    /** An active admin, or an active teacher whose school is `schoolId`. */
    async mayWatch(subscriberId: string, schoolId: string | null): Promise<boolean> {
      const state = await stateOf(subscriberId);
      if (!state || state.status !== "active") {
        return false;
      }
      return (
        state.role === "admin" || (state.role === "teacher" && state.schoolId !== null && state.schoolId === schoolId)
      );
    },

    /** A user's role, school or status changed (null: some users'): their next check reads it afresh. */
    forget(userId: string | null) {
      if (userId === null) {
        entries.clear();
        return;
      }
      entries.delete(userId);
    },
  };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
