import { Messages } from "../errors/app-error.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { withSchool } from "../modules/users/user.presenter.js";
import type { Actor } from "./actor.js";
import type { SessionCache } from "./session-cache.js";
import type { TokenService } from "./tokens.js";

/**
 * Who is calling: an actor, or nobody with the reason a presented token was refused. `expiresAt`
 * (seconds since the epoch) is the token's exp: a WebSocket closes then (graphql/websocket.ts).
 */
export type Session = { actor: Actor | null; tokenError: string | null; expiresAt?: number };

export const ANONYMOUS: Session = { actor: null, tokenError: null };

// lastActiveAt is written at most this often per user, not on every request.
const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

/** "Bearer <token>" (any case) to the token; undefined when absent, null when malformed. */
export function bearerToken(header: unknown): string | null | undefined {
  if (header === undefined || header === null || header === "") {
    return undefined;
  }
  if (typeof header !== "string") {
    return null;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** With a cache, an accepted token is verified and its account read at most once a TTL (session-cache.ts). */
export function createSessionResolver(deps: { prisma: PrismaClient; tokens: TokenService; cache?: SessionCache }) {
  return async function resolveSession(authorization: unknown): Promise<Session> {
    const token = bearerToken(authorization);
    if (token === undefined) {
      return ANONYMOUS;
    }
    if (token === null) {
      return { actor: null, tokenError: Messages.invalidToken };
    }
    return deps.cache ? deps.cache.session(token, () => verifySession(token)) : verifySession(token);
  };

  async function verifySession(token: string): Promise<Session> {
    const claims = await deps.tokens.verify(token);
    if (!claims) {
      return { actor: null, tokenError: Messages.invalidToken };
    }
    const user = await deps.prisma.user.findUnique({ where: { id: claims.userId }, include: withSchool });
    if (!user) {
      return { actor: null, tokenError: Messages.invalidToken };
    }
    // A deactivated account hears why (its token was also retired, so reactivating it revives nothing).
    if (user.status !== "active") {
      return { actor: null, tokenError: Messages.accountInactive };
    }
    if (user.tokenVersion !== claims.tokenVersion) {
      return { actor: null, tokenError: Messages.invalidToken };
    }
    const now = Date.now();
    if (!user.lastActiveAt || now - user.lastActiveAt.getTime() > ACTIVITY_RESOLUTION_MS) {
      // Bookkeeping only: a failure here must not fail the request.
      void deps.prisma.user
        .update({ where: { id: user.id }, data: { lastActiveAt: new Date(now) }, select: { id: true } })
        .catch(() => {});
    }
    return { actor: user, tokenError: null, expiresAt: claims.expiresAt };
  }
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;
