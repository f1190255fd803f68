import type { Actor } from "../../auth/actor.js";
import { badInput, conflict, notFound } from "../../errors/app-error.js";
import type { PrismaClient, Role } from "../../generated/prisma/client.js";
import type { AppPubSub } from "../../pubsub/pubsub.js";
import { Topics } from "../../pubsub/pubsub.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import type { StaffAccess } from "../teacher/staff-access.js";
import { authorizeUser } from "./user.policy.js";
import { presentUser, type UserPayload, withSchool } from "./user.presenter.js";

export const ROLES: readonly Role[] = ["student", "teacher", "admin"];
export const USER_NOT_FOUND_MESSAGE = "User not found";
export const INVALID_ROLE_MESSAGE = "Role must be student, teacher or admin";
export const LAST_ADMIN_MESSAGE = "This is the only active admin: make someone else an admin first";
const MAX_ID_LENGTH = 100;

export function createUserService(deps: { prisma: PrismaClient; pubsub: AppPubSub; staffAccess: StaffAccess }) {
  const { prisma, pubsub } = deps;
  return {
    currentUser(actor: Actor): UserPayload {
      return presentUser(actor);
    },

    /** Admin only. The last active admin cannot give up the role. */
    async changeUserRole(props: { actor: Actor; userId: unknown; input: unknown }): Promise<UserPayload> {
      authorizeUser(props.actor, "changeRole");
      const check = new FieldCheck(asRecord(props.input));
      const role = check.string("role", { label: "Role" });
      if (!check.has("role") && !ROLES.includes(role as Role)) {
        check.fail("role", INVALID_ROLE_MESSAGE);
      }
      check.done();
      const userId = typeof props.userId === "string" ? props.userId : "";
      if (!userId || userId.length > MAX_ID_LENGTH) {
        throw badInput("User ID is required");
      }
      const user = await prisma.$transaction(async (tx) => {
        const target = await tx.user.findUnique({ where: { id: userId }, select: { role: true, status: true } });
        if (!target) {
          throw notFound(USER_NOT_FOUND_MESSAGE);
        }
        if (target.role === "admin" && target.status === "active" && role !== "admin") {
          // Lock the active admins' rows: two admins demoting each other at once must not both pass.
          const admins = await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM "User" WHERE role = 'admin' AND status = 'active' FOR UPDATE`;
          if (admins.length <= 1) {
            throw conflict(LAST_ADMIN_MESSAGE);
          }
        }
        return tx.user.update({ where: { id: userId }, data: { role: role as Role }, include: withSchool });
      });
      deps.staffAccess.forget(user.id);
      const payload = presentUser(user);
      pubsub.publish(Topics.accountUpdated, user.id, payload);
      return payload;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
