import { storeSession, type SessionUser } from "../lib/session";

let sequence = 0;

/** A user as the server's SessionUserFields fragment returns it (with __typename for the cache). */
export function buildUser(overrides: Partial<SessionUser> = {}) {
  sequence += 1;
  return {
    __typename: "User",
    uid: `user-${sequence}`,
    displayName: `Reader ${sequence}`,
    email: `reader${sequence}@school.test`,
    role: "student" as SessionUser["role"],
    school: "Hackney Primary",
    status: "active",
    createdAt: "2025-01-01T00:00:00.000Z",
    moderation: { __typename: "Moderation", strikeCount: 0, blocked: false, blockedAt: null, blockReason: null },
    ...overrides,
  };
}

const base64Url = (value: string) => btoa(value).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** A JWT-shaped token (header.payload.signature) with the given payload. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A token expiring `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number): string {
  return makeToken({ sub: "user", exp: Math.floor(Date.now() / 1000) + seconds });
}

/** Stores a signed-in session as a previous visit would have left it. */
export function storeSignedIn(user: SessionUser, { remember = true, token = tokenExpiringIn(3600) } = {}) {
  storeSession({ token, user }, remember);
  return token;
}
