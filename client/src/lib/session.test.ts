import { describe, expect, it } from "vitest";
import { makeToken, tokenExpiringIn } from "../test/factories";
import {
  clearStoredSession,
  dashboardPathFor,
  isTokenValid,
  normaliseRole,
  parseSharedSession,
  readStoredSession,
  readStoredToken,
  readTabSession,
  type SessionUser,
  storeSession,
  storeUser,
  TOKEN_KEY,
  tokenExpiry,
  USER_KEY,
} from "./session";

const NOW_MS = Date.UTC(2025, 5, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

const user: SessionUser = { uid: "u1", displayName: "Ada", email: "ada@school.test", role: "student" };

describe("isTokenValid", () => {
  it("accepts a three-part token whose exp (in seconds) is in the future", () => {
    expect(isTokenValid(makeToken({ exp: NOW_S + 60 }), NOW_MS)).toBe(true);
  });

  it("reads exp as seconds, not milliseconds", () => {
    // One minute ahead in milliseconds would be far in the future if read as seconds; one minute
    // ahead in seconds is valid only when multiplied by 1000.
    expect(isTokenValid(makeToken({ exp: NOW_S + 1 }), NOW_MS)).toBe(true);
    expect(isTokenValid(makeToken({ exp: NOW_S - 1 }), NOW_MS)).toBe(false);
    expect(tokenExpiry(makeToken({ exp: NOW_S + 60 }))).toBe(NOW_S + 60);
  });

  it("rejects an expired token, and one expiring exactly now", () => {
    expect(isTokenValid(makeToken({ exp: NOW_S - 3600 }), NOW_MS)).toBe(false);
    expect(isTokenValid(makeToken({ exp: NOW_S }), NOW_MS)).toBe(false);
  });

  it("rejects a token without exactly three non-empty dot-separated parts", () => {
    const good = makeToken({ exp: NOW_S + 60 });
    const [header, payload] = good.split(".");
    expect(isTokenValid(`${header}.${payload}`, NOW_MS)).toBe(false);
    expect(isTokenValid(`${good}.extra`, NOW_MS)).toBe(false);
    expect(isTokenValid(`${header}.${payload}.`, NOW_MS)).toBe(false);
    expect(isTokenValid(`.${payload}.sig`, NOW_MS)).toBe(false);
    expect(isTokenValid("not-a-token", NOW_MS)).toBe(false);
  });

  it("rejects empty, null and undefined", () => {
    expect(isTokenValid("", NOW_MS)).toBe(false);
    expect(isTokenValid(null, NOW_MS)).toBe(false);
    expect(isTokenValid(undefined, NOW_MS)).toBe(false);
  });

  it("rejects a payload that is not base64 or not JSON", () => {
    expect(isTokenValid("header.%%%not base64%%%.sig", NOW_MS)).toBe(false);
    expect(isTokenValid(`header.${btoa("not json")}.sig`, NOW_MS)).toBe(false);
    expect(isTokenValid(`header.${btoa("42")}.sig`, NOW_MS)).toBe(false);
    expect(isTokenValid(`header.${btoa("null")}.sig`, NOW_MS)).toBe(false);
  });

  it("decodes base64url payloads (- and _ and no padding)", () => {
    // "??>" encodes to "Pz8+" in base64 and "Pz8-" in base64url.
    const token = makeToken({ exp: NOW_S + 60, note: "??>??>" });
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(isTokenValid(token, NOW_MS)).toBe(true);
  });

  it("rejects a token without exp", () => {
    expect(isTokenValid(makeToken({ sub: "u1" }), NOW_MS)).toBe(false);
    expect(tokenExpiry(makeToken({ sub: "u1" }))).toBeNull();
  });

  it("rejects a non-number exp", () => {
    expect(isTokenValid(makeToken({ exp: String(NOW_S + 60) }), NOW_MS)).toBe(false);
    expect(isTokenValid(makeToken({ exp: null }), NOW_MS)).toBe(false);
    expect(isTokenValid(makeToken({ exp: true }), NOW_MS)).toBe(false);
  });

  it("uses the current time by default", () => {
    expect(isTokenValid(tokenExpiringIn(60))).toBe(true);
    expect(isTokenValid(tokenExpiringIn(-60))).toBe(false);
  });
});

describe("stored session", () => {
  it("'remember me' keeps token and user in localStorage", () => {
    const token = tokenExpiringIn(3600);
    storeSession({ token, user }, true);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(USER_KEY) ?? "null")).toEqual(user);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
    expect(readStoredSession()).toEqual({ token, user });
  });

  it("without 'remember me' keeps token and user in sessionStorage", () => {
    const token = tokenExpiringIn(3600);
    storeSession({ token, user }, false);
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(window.sessionStorage.getItem(USER_KEY) ?? "null")).toEqual(user);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    expect(readStoredSession()).toEqual({ token, user });
  });

  it("storing a new session replaces one kept in the other storage", () => {
    storeSession({ token: tokenExpiringIn(3600), user }, true);
    const token = tokenExpiringIn(7200);
    storeSession({ token, user }, false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    expect(readStoredToken()).toBe(token);
  });

  it("readStoredSession removes an expired token together with the user", () => {
    storeSession({ token: tokenExpiringIn(-1), user }, true);
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("readStoredSession removes a malformed token together with the user", () => {
    storeSession({ token: "garbage", user }, false);
    expect(readStoredSession()).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it("readStoredSession treats an expired token as expired at the given time", () => {
    const token = makeToken({ exp: NOW_S + 60 });
    storeSession({ token, user }, true);
    expect(readStoredSession(NOW_MS)).toEqual({ token, user });
    expect(readStoredSession(NOW_MS + 61_000)).toBeNull();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("readStoredSession returns null when nothing is stored", () => {
    expect(readStoredSession()).toBeNull();
    expect(readStoredToken()).toBeNull();
  });

  it("readStoredSession normalises the stored user's role and display name", () => {
    const token = tokenExpiringIn(3600);
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify({ uid: "u2", email: "b@school.test", role: "librarian" }));
    expect(readStoredSession()).toEqual({
      token,
      user: { uid: "u2", email: "b@school.test", role: "student", displayName: "" },
    });
  });

  it("storeUser replaces the user where the session is kept", () => {
    storeSession({ token: tokenExpiringIn(3600), user }, false);
    storeUser({ ...user, displayName: "Ada Lovelace" });
    expect(JSON.parse(window.sessionStorage.getItem(USER_KEY) ?? "null")).toMatchObject({
      displayName: "Ada Lovelace",
    });
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("clearStoredSession removes token and user from both storages", () => {
    window.localStorage.setItem(TOKEN_KEY, "a");
    window.localStorage.setItem(USER_KEY, "{}");
    window.sessionStorage.setItem(TOKEN_KEY, "b");
    window.sessionStorage.setItem(USER_KEY, "{}");
    clearStoredSession();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe("the session another tab may have", () => {
  it("readTabSession gives this tab's sessionStorage session, never a remembered one", () => {
    storeSession({ token: tokenExpiringIn(3600), user }, true);
    expect(readTabSession()).toBeNull();
    const token = tokenExpiringIn(3600);
    storeSession({ token, user }, false);
    expect(readTabSession()).toEqual({ token, user });
  });

  it("readTabSession gives nothing for an expired token or an unreadable user", () => {
    storeSession({ token: makeToken({ exp: NOW_S + 60 }), user }, false);
    expect(readTabSession(NOW_MS + 61_000)).toBeNull();
    window.sessionStorage.setItem(TOKEN_KEY, tokenExpiringIn(3600));
    window.sessionStorage.setItem(USER_KEY, "{not json");
    expect(readTabSession()).toBeNull();
  });

  it("parseSharedSession takes a valid token with a user, and normalises the user", () => {
    const token = tokenExpiringIn(3600);
    expect(parseSharedSession({ token, user })).toEqual({ token, user });
    expect(parseSharedSession({ token, user: { uid: "u2", email: "b@school.test", role: "librarian" } })).toEqual({
      token,
      user: { uid: "u2", email: "b@school.test", role: "student", displayName: "" },
    });
  });

  it("parseSharedSession refuses anything else", () => {
    const token = makeToken({ exp: NOW_S + 60 });
    expect(parseSharedSession({ token, user }, NOW_MS + 61_000)).toBeNull();
    expect(parseSharedSession({ token: "garbage", user })).toBeNull();
    expect(parseSharedSession({ token: tokenExpiringIn(3600) })).toBeNull();
    expect(parseSharedSession({ token: tokenExpiringIn(3600), user: { uid: 1, email: "x" } })).toBeNull();
    expect(parseSharedSession({ user })).toBeNull();
    expect(parseSharedSession(null)).toBeNull();
    expect(parseSharedSession("token")).toBeNull();
  });
});

describe("normaliseRole", () => {
  it("keeps teacher and admin", () => {
    expect(normaliseRole("teacher")).toBe("teacher");
    expect(normaliseRole("admin")).toBe("admin");
    expect(normaliseRole("student")).toBe("student");
  });

  it("makes anything else a student", () => {
    for (const role of ["Admin", "TEACHER", "librarian", "", null, undefined, 1, {}]) {
      expect(normaliseRole(role)).toBe("student");
    }
  });
});

describe("dashboardPathFor", () => {
  it("sends each role to its dashboard", () => {
    expect(dashboardPathFor("student")).toBe("/dashboard");
    expect(dashboardPathFor("teacher")).toBe("/teacher/dashboard");
    expect(dashboardPathFor("admin")).toBe("/admin/dashboard");
  });
});
