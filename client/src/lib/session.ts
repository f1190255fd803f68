// The session as the spec keeps it: the token under one storage key and the user as JSON under
// another. "Remember me" keeps them in localStorage; otherwise in sessionStorage, which belongs to
// one tab: the tabs of one browser hand it to each other (session-share.ts), never via localStorage.
// A token counts only with three dot-separated parts and an unexpired `exp` (seconds).

export const TOKEN_KEY = "readingRoom.authToken";
export const USER_KEY = "readingRoom.user";

export type SessionUser = {
  uid: string;
  displayName: string;
  email: string;
  role: "student" | "teacher" | "admin";
  school?: string | null;
  status?: string;
  createdAt?: string;
  moderation?: {
    strikeCount: number;
    blocked: boolean;
    blockedAt?: string | null;
    blockReason?: string | null;
  };
};

export type StoredSession = { token: string; user: SessionUser };

function decodePayload(token: string): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) {
    return null;
  }
  try {
    const base64 = (parts[1] as string).replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
    const payload: unknown = JSON.parse(atob(padded));
    return typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Seconds since the epoch at which the token expires, or null for a malformed token. */
export function tokenExpiry(token: string): number | null {
  const exp = decodePayload(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
}

export function isTokenValid(token: string | null | undefined, nowMs = Date.now()): token is string {
  if (!token) {
    return false;
  }
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}

/** Spec: any role other than teacher or admin is a student. */
export function normaliseRole(role: unknown): SessionUser["role"] {
  return role === "teacher" || role === "admin" ? role : "student";
}

function toSessionUser(value: unknown): SessionUser | null {
  const user = value as Partial<SessionUser> | null;
  if (typeof user !== "object" || user === null || typeof user.uid !== "string" || typeof user.email !== "string") {
    return null;
  }
  return { ...user, displayName: user.displayName ?? "", role: normaliseRole(user.role) } as SessionUser;
}

function parseUser(json: string | null): SessionUser | null {
  if (!json) {
    return null;
  }
  try {
    return toSessionUser(JSON.parse(json));
  } catch {
    return null;
  }
}

const stores = (): Storage[] => [window.localStorage, window.sessionStorage];

/** The stored session if its token is still valid; an expired or malformed one is removed. */
export function readStoredSession(nowMs = Date.now()): StoredSession | null {
  for (const store of stores()) {
    const token = store.getItem(TOKEN_KEY);
    if (token === null) {
      continue;
    }
    if (!isTokenValid(token, nowMs)) {
      clearStoredSession();
      return null;
    }
    // A valid token whose user is missing or unreadable stays: the server can say who it is.
    const user = parseUser(store.getItem(USER_KEY));
    return user ? { token, user } : null;
  }
  return null;
}

export function readStoredToken(): string | null {
  for (const store of stores()) {
    const token = store.getItem(TOKEN_KEY);
    if (token !== null) {
      return token;
    }
  }
  return null;
}

/**
 * This tab's session when "Remember me" was off (kept in sessionStorage, which no other tab sees),
 * to hand to a new tab of the same browser that asks for it. Null when there is none or it expired.
 */
export function readTabSession(nowMs = Date.now()): StoredSession | null {
  const token = window.sessionStorage.getItem(TOKEN_KEY);
  if (!isTokenValid(token, nowMs)) {
    return null;
  }
  const user = parseUser(window.sessionStorage.getItem(USER_KEY));
  return user ? { token, user } : null;
}

/** A session another tab sent, if it is one: a valid token and a user. */
export function parseSharedSession(value: unknown, nowMs = Date.now()): StoredSession | null {
  if (typeof value !== "object" || value === null) {
    return null;
  }
  const { token, user } = value as { token?: unknown; user?: unknown };
  if (typeof token !== "string" || !isTokenValid(token, nowMs)) {
    return null;
  }
  const sessionUser = toSessionUser(user);
  return sessionUser ? { token, user: sessionUser } : null;
}

export function storeSession(session: StoredSession, remember: boolean): void {
  clearStoredSession();
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem(TOKEN_KEY, session.token);
  store.setItem(USER_KEY, JSON.stringify(session.user));
}

/** Replaces the stored user (after the server confirms it), wherever the session is kept. */
export function storeUser(user: SessionUser): void {
  for (const store of stores()) {
    if (store.getItem(TOKEN_KEY) !== null) {
      store.setItem(USER_KEY, JSON.stringify(user));
    }
  }
}

export function clearStoredSession(): void {
  for (const store of stores()) {
    store.removeItem(TOKEN_KEY);
    store.removeItem(USER_KEY);
  }
}

export function dashboardPathFor(role: SessionUser["role"]): string {
  switch (role) {
    case "admin":
      return "/admin/dashboard";
    case "teacher":
      return "/teacher/dashboard";
    case "student":
      return "/dashboard";
  }
}
