import type { Actor } from "../../auth/actor.js";
import { badInput, conflict, notFound } from "../../errors/app-error.js";
import type { PrismaClient, Role } from "../../generated/prisma/client.js";
import type { AppPubSub } from "../../pubsub/pubsub.js";
import { Topics } from "../../pubsub/pubsub.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import { authorizeUser } from "./user.policy.js";
import { presentUser, type UserPayload, withSchool } from "./user.presenter.js";

export const ROLES: readonly Role[] = ["student", "teacher", "admin"];
export const USER_NOT_FOUND_MESSAGE = "User not found";
export const INVALID_ROLE_MESSAGE = "Role must be student, teacher or admin";
export const LAST_ADMIN_MESSAGE =
  "You are the only active admin: make someone else an admin before changing your own role";
const MAX_ID_LENGTH = 100;

export function createUserService(deps: { prisma: PrismaClient; pubsub: AppPubSub }) {
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
        const target = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
        if (!target) {
          throw notFound(USER_NOT_FOUND_MESSAGE);
        }
        if (target.role === "admin" && role !== "admin") {
          const admins = await tx.user.count({ where: { role: "admin", status: "active" } });
          if (admins <= 1) {
            throw conflict(LAST_ADMIN_MESSAGE);
          }
        }
        return tx.user.update({ where: { id: userId }, data: { role: role as Role }, include: withSchool });
      });
      const payload = presentUser(user);
      pubsub.publish(Topics.accountUpdated, user.id, payload);
      return payload;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
