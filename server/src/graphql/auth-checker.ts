import type { AuthChecker } from "type-graphql";
import type { Actor } from "../auth/actor.js";
import { forbidden, unauthenticated } from "../errors/app-error.js";
import type { GraphQLContext } from "./context.js";

// Roles only; per-record rules (same school, own chat) live in the services' policies.
// An arrow function on purpose: type-graphql instantiates anything with a prototype as a class.
export const authChecker: AuthChecker<GraphQLContext> = ({ context }, roles) => {
  requireRole(context, roles);
  return true;
};

/** The actor, or an UNAUTHENTICATED / FORBIDDEN error. */
export function requireRole(context: GraphQLContext, roles: readonly string[] = []): Actor {
  if (!context.actor) {
    throw unauthenticated(context.tokenError ?? undefined);
  }
  if (roles.length > 0 && !roles.includes(context.actor.role)) {
    throw forbidden();
  }
  return context.actor;
}
