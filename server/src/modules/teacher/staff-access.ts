import type { PrismaClient, Role, UserStatus } from "../../generated/prisma/client.js";
import { createHeldPromises } from "../../lib/held-promises.js";

// Whether a subscriber may still receive a school's live events (its students' chats and safeguarding
// alerts): an active admin, or an active teacher of that school. Checked when each event is delivered,
// not only at subscribe time, because a WebSocket's session is from connect time and a teacher may
// have been moved, demoted or deactivated since.
//
// With hundreds of teachers following one school, a database read per event per subscriber would be
// hundreds of reads for one child's message; each subscriber's state is read at most once per TTL
// instead (concurrent checks share one read), and a change made on any instance is seen at once
// (`forget`, told by auth/account-changes.ts). The reads that fall due together (an event reaching
// every teacher of a school a second after the last) are made as one statement per READ_BATCH.

export const STAFF_ACCESS_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;
/** The most subscribers read in one statement. */
export const READ_BATCH = 500;

type StaffState = { role: Role; schoolId: string | null; status: UserStatus };
type Waiter = { resolve: (state: StaffState | null) => void; reject: (error: unknown) => void };

export function createStaffAccess(deps: { prisma: PrismaClient; ttlMs?: number; now?: () => number }) {
  const ttl = deps.ttlMs ?? STAFF_ACCESS_TTL_MS;
  const held = createHeldPromises<StaffState | null>({ max: MAX_ENTRIES, now: deps.now });

  // The reads asked for in this turn of the event loop, made together in the next.
  let due: Map<string, Waiter[]> | null = null;

  function read(userId: string): Promise<StaffState | null> {
    if (!due) {
      due = new Map();
      setImmediate(flush);
    }
    const waiting = due;
    return new Promise((resolve, reject) => {
      waiting.set(userId, [...(waiting.get(userId) ?? []), { resolve, reject }]);
    });
  }

  async function flush() {
    const waiting = [...(due ?? [])];
    due = null;
    for (let start = 0; start < waiting.length; start += READ_BATCH) {
      const batch = waiting.slice(start, start + READ_BATCH);
      try {
        const rows = await deps.prisma.user.findMany({
          where: { id: { in: batch.map(([userId]) => userId) } },
          select: { id: true, role: true, schoolId: true, status: true },
        });
        const byId = new Map(rows.map(({ id, ...state }) => [id, state]));
        for (const [userId, waiters] of batch) {
          waiters.forEach((waiter) => waiter.resolve(byId.get(userId) ?? null));
        }
      } catch (error) {
        batch.forEach(([, waiters]) => waiters.forEach((waiter) => waiter.reject(error)));
      }
    }
  }

  return {
    /** An active admin, or an active teacher whose school is `schoolId`. */
    async mayWatch(subscriberId: string, schoolId: string | null): Promise<boolean> {
      const state = await held.get(subscriberId, ttl, () => read(subscriberId));
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
        held.clear();
        return;
      }
      held.delete(userId);
    },
  };
}

export type StaffAccess = ReturnType<typeof createStaffAccess>;
