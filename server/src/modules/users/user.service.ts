import type { AccountChanges } from "../../auth/account-changes.js";
import type { Actor } from "../../auth/actor.js";
import { badInput, conflict, notFound } from "../../errors/app-error.js";
import type { Prisma, PrismaClient, Role, UserStatus } from "../../generated/prisma/client.js";
import type { AppPubSub } from "../../pubsub/pubsub.js";
import { Topics } from "../../pubsub/pubsub.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import { quoted, recordAdminAction } from "../admin/audit.js";
import type { ModerationService } from "../moderation/moderation.service.js";
import { authorizeUser } from "./user.policy.js";
import { presentUser, type UserPayload, withSchool } from "./user.presenter.js";

export const ROLES: readonly Role[] = ["student", "teacher", "admin"];
export const STATUSES: readonly UserStatus[] = ["active", "inactive"];
export const USER_NOT_FOUND_MESSAGE = "User not found";
export const INVALID_ROLE_MESSAGE = "Role must be student, teacher or admin";
export const INVALID_STATUS_MESSAGE = "Status must be active or inactive";
export const EMAIL_NOT_EDITABLE_MESSAGE = "Email cannot be changed here";
export const LAST_ADMIN_MESSAGE = "This is the only active admin: make someone else an admin first";
export const USERS_PAGE_SIZE = 25;
export const MAX_USERS_PAGE_SIZE = 100;
const MAX_ID_LENGTH = 100;
const MAX_SEARCH_LENGTH = 100;

/** An account as the admin's user list shows it: the user plus when they were last active. */
export type AdminUserPayload = UserPayload & { lastActiveAt: Date | null };

export type UserPagePayload = { items: AdminUserPayload[]; totalCount: number; nextOffset: number | null };

type UserChanges = { displayName?: string; role?: Role; status?: UserStatus };

/** The Edit form's fields (each optional; email is not one of them). */
function readUserChanges(raw: unknown): UserChanges {
  const source = asRecord(raw);
  const check = new FieldCheck(source);
  const changes: UserChanges = {};
  if (source.email !== undefined) {
    check.fail("email", EMAIL_NOT_EDITABLE_MESSAGE);
  }
  if (source.displayName !== undefined) {
    changes.displayName = check.displayName();
  }
  if (source.role !== undefined) {
    const role = check.string("role", { label: "Role" });
    if (!check.has("role") && !ROLES.includes(role as Role)) {
      check.fail("role", INVALID_ROLE_MESSAGE);
    }
    changes.role = role as Role;
  }
  if (source.status !== undefined) {
    const status = check.string("status", { label: "Status" });
    if (!check.has("status") && !STATUSES.includes(status as UserStatus)) {
      check.fail("status", INVALID_STATUS_MESSAGE);
    }
    changes.status = status as UserStatus;
  }
  check.done();
  if (Object.keys(changes).length === 0) {
    throw badInput(INVALID_ROLE_MESSAGE, { role: INVALID_ROLE_MESSAGE });
  }
  return changes;
}

function describeChanges(before: { displayName: string; role: Role; status: UserStatus }, changes: UserChanges) {
  const parts: string[] = [];
  if (changes.displayName !== undefined && changes.displayName !== before.displayName) {
    parts.push(`name to ${quoted(changes.displayName)}`);
  }
  if (changes.role !== undefined && changes.role !== before.role) {
    parts.push(`role ${before.role} to ${changes.role}`);
  }
  if (changes.status !== undefined && changes.status !== before.status) {
    parts.push(`status ${before.status} to ${changes.status}`);
  }
  return parts;
}

export function createUserService(deps: {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  accounts: Pick<AccountChanges, "changed">;
  moderation: Pick<ModerationService, "displayNameProblem">;
}) {
  const { prisma, pubsub } = deps;

  /**
   * Admin only: name, role and status. The last active admin cannot stop being one (demoted or
   * made inactive). Making an account inactive ends its sessions: its tokens stop working at once.
   */
  async function updateUser(props: { actor: Actor; userId: unknown; input: unknown }): Promise<UserPayload> {
    authorizeUser(props.actor, "changeRole");
    const changes = readUserChanges(props.input);
    // A new name is judged as at registration: schoolmates see it on every review.
    const nameProblem = changes.displayName && (await deps.moderation.displayNameProblem(changes.displayName));
    if (nameProblem) {
      throw badInput(nameProblem, { displayName: nameProblem });
    }
    const userId = typeof props.userId === "string" ? props.userId : "";
    if (!userId || userId.length > MAX_ID_LENGTH) {
      throw badInput("User ID is required");
    }
    const { updated: user, deactivated } = await prisma.$transaction(async (tx) => {
      const target = await tx.user.findUnique({
        where: { id: userId },
        select: { displayName: true, role: true, status: true },
      });
      if (!target) {
        throw notFound(USER_NOT_FOUND_MESSAGE);
      }
      const staysAdmin = (changes.role ?? target.role) === "admin" && (changes.status ?? target.status) === "active";
      if (target.role === "admin" && target.status === "active" && !staysAdmin) {
        // Lock the active admins' rows: two admins demoting each other at once must not both pass.
        const admins = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM "User" WHERE role = 'admin' AND status = 'active' FOR UPDATE`;
        if (admins.length <= 1) {
          throw conflict(LAST_ADMIN_MESSAGE);
        }
      }
      const described = describeChanges(target, changes);
      const deactivated = changes.status === "inactive" && target.status !== "inactive";
      const updated = await tx.user.update({
        where: { id: userId },
        data: { ...changes, ...(deactivated ? { tokenVersion: { increment: 1 } } : {}) },
        include: withSchool,
      });
      if (described.length > 0) {
        await recordAdminAction(tx, props.actor, {
          action: "user.updated",
          targetType: "user",
          targetId: userId,
          summary: `Changed ${quoted(target.displayName)}: ${described.join(", ")}`,
        });
      }
      return { updated, deactivated };
    });
    // After the commit: a session read while the transaction ran must not stay held.
    deps.accounts.changed(user.id);
    const payload = presentUser(user);
    pubsub.publish(Topics.accountUpdated, user.id, payload);
    if (deactivated) {
      // Open WebSockets close too: the account's next connection is refused.
      pubsub.publish(Topics.sessionsRevoked, { userId: user.id, reason: "Account inactive" });
    }
    return payload;
  }

  return {
    currentUser(actor: Actor): UserPayload {
      return presentUser(actor);
    },

    updateUser,

    /** Admin only: the spec's role change (PATCH /api/auth/user/{id} with a role). */
    changeUserRole(props: { actor: Actor; userId: unknown; input: unknown }): Promise<UserPayload> {
      const source = asRecord(props.input);
      return updateUser({ ...props, input: { role: source.role ?? null } });
    },

    /** Admin only: every account, searched by name or email, filtered by role and status, a page at a time. */
    async listUsers(props: {
      actor: Actor;
      search?: string | null;
      role?: Role | null;
      status?: UserStatus | null;
      offset?: number | null;
      limit?: number | null;
    }): Promise<UserPagePayload> {
      authorizeUser(props.actor, "changeRole");
      const search = (props.search ?? "").trim();
      if (search.length > MAX_SEARCH_LENGTH) {
        throw badInput(`Search must be at most ${MAX_SEARCH_LENGTH} characters`);
      }
      if (props.role && !ROLES.includes(props.role)) {
        throw badInput(INVALID_ROLE_MESSAGE);
      }
      if (props.status && !STATUSES.includes(props.status)) {
        throw badInput(INVALID_STATUS_MESSAGE);
      }
      const offset = props.offset ?? 0;
      const limit = props.limit ?? USERS_PAGE_SIZE;
      if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) {
        throw badInput("offset must be a whole number from 0");
      }
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_USERS_PAGE_SIZE) {
        throw badInput(`limit must be between 1 and ${MAX_USERS_PAGE_SIZE}`);
      }
      const filters: Prisma.UserWhereInput[] = [];
      if (search) {
        const pattern = search.replace(/[\\%_]/g, "\\$&");
        filters.push({
          OR: [
            { displayName: { contains: pattern, mode: "insensitive" } },
            { email: { contains: pattern, mode: "insensitive" } },
          ],
        });
      }
      if (props.role) {
        filters.push({ role: props.role });
      }
      if (props.status) {
        filters.push({ status: props.status });
      }
      const where: Prisma.UserWhereInput = { AND: filters };
      const [rows, totalCount] = await Promise.all([
        prisma.user.findMany({
          where,
          include: withSchool,
          orderBy: [{ displayName: "asc" }, { id: "asc" }],
          skip: offset,
          take: limit,
        }),
        prisma.user.count({ where }),
      ]);
      return {
        items: rows.map((row) => ({ ...presentUser(row), lastActiveAt: row.lastActiveAt })),
        totalCount,
        nextOffset: offset + rows.length < totalCount ? offset + rows.length : null,
      };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
