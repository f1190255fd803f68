import type { Actor } from "../../auth/actor.js";
import { forbidden } from "../../errors/app-error.js";

// Per-record rules about accounts. Services call authorize() before acting; it throws when denied.

export type UserAction = "changeRole";

export const CHANGE_ROLE_FORBIDDEN_MESSAGE = "Only an admin can change a user's role";

export function authorizeUser(actor: Actor, action: UserAction): void {
  switch (action) {
    case "changeRole":
      if (actor.role !== "admin") {
        throw forbidden(CHANGE_ROLE_FORBIDDEN_MESSAGE);
      }
      return;
  }
}
