// Server-shaped users for the admin users screen's tests (with __typename, as the cache stores them).
// Each call gives fresh ids, so tests never share data.
import type { Reply } from "../../../test/apollo";

let sequence = 0;

export type BuiltAdminUser = ReturnType<typeof buildAdminUser>;

export function buildAdminUser({
  blocked = false,
  strikeCount = 0,
  ...overrides
}: Record<string, unknown> & { blocked?: boolean; strikeCount?: number } = {}) {
  sequence += 1;
  return {
    __typename: "AdminUser",
    uid: `account-${sequence}`,
    displayName: `User ${String(sequence).padStart(3, "0")}`,
    email: `user${sequence}@school.test`,
    role: "student" as "student" | "teacher" | "admin",
    school: "Pimlico Academy" as string | null,
    status: "active" as "active" | "inactive",
    lastActiveAt: null as string | null,
    createdAt: "2025-01-01T00:00:00.000Z",
    moderation: { __typename: "Moderation", strikeCount, blocked },
    ...overrides,
  };
}

/** `count` users in the order the server lists them (by name). */
export function adminUsers(count: number): BuiltAdminUser[] {
  return Array.from({ length: count }, () => buildAdminUser());
}

/** The AdminUsersList query's answer: one page; the total defaults to the page's length. */
export function usersReply(
  items: BuiltAdminUser[],
  { totalCount = items.length, nextOffset = null }: { totalCount?: number; nextOffset?: number | null } = {},
): Reply {
  return { data: { adminUsers: { __typename: "UserPage", items, totalCount, nextOffset } } };
}

/** The AdminUsersUpdateUser mutation's answer: the user as saved. */
export function updatedReply(user: BuiltAdminUser, changes: Partial<BuiltAdminUser> = {}): Reply {
  const saved = { ...user, ...changes };
  return {
    data: {
      updateUser: {
        __typename: "User",
        uid: saved.uid,
        displayName: saved.displayName,
        role: saved.role,
        status: saved.status,
        school: saved.school,
        moderation: saved.moderation,
      },
    },
  };
}
