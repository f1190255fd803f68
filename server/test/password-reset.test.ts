import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import {
  COMMON_PASSWORD_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  RESET_COMPLETED_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from "../src/modules/auth/auth.service.js";
import {
  COMPLETE_RESET,
  gqlError,
  LOGIN,
  OTHER_STRONG_PASSWORD,
  outboxFor,
  REQUEST_RESET,
  STRONG_PASSWORD,
  waitForResetToken,
  waitForResetTokens,
} from "./helpers/auth-kit.js";
import { startTestApp, type TestApp, type TestUser, uniqueEmail } from "./helpers/test-app.js";

// Password reset (spec sections 4 and 8): the request always gets the same neutral answer; an
// existing account is mailed a single-use, expiring link; completing it replaces the password and
// ends every earlier session.

const INVALID_LINK = {
  error: INVALID_RESET_LINK_MESSAGE,
  code: "BAD_USER_INPUT",
  fields: { token: INVALID_RESET_LINK_MESSAGE },
};

describe("password reset", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const requestReset = (email: unknown) => app.api("POST", "/api/auth/reset-password", { body: { email } });
  const completeReset = (token: unknown, password: unknown) =>
    app.api("POST", "/api/auth/reset-password/complete", { body: { token, password } });
  const login = (email: string, password: string) => app.api("POST", "/api/auth/login", { body: { email, password } });

  /** Asks for a link for the user and returns the token of the mail it gets. */
  async function resetTokenFor(user: TestUser): Promise<string> {
    expect((await requestReset(user.email)).status).toBe(200);
    return waitForResetToken(app, user.email);
  }

  describe("POST /api/auth/reset-password", () => {
    it("answers a known and an unknown email with the same neutral message", async () => {
      const user = await app.createUser();
      const known = await requestReset(user.email);
      const unknown = await requestReset(uniqueEmail("nobody"));

      for (const res of [known, unknown]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
    });

    it("mails an existing account a link to /reset-password with a token", async () => {
      const user = await app.createUser({ displayName: "Mary Jackson" });
      await requestReset(user.email.toUpperCase());

      await waitForResetToken(app, user.email);
      const [mail] = await outboxFor(app, user.email);
      expect(mail).toMatchObject({ to: user.email, subject: "Reset your Reading Room password" });
      expect(mail?.text).toMatch(/^Hello Mary Jackson,/);
      expect(mail?.text).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    });

    it("mails nobody for an unknown email or an inactive account", async () => {
      const unknown = uniqueEmail("nobody");
      const inactive = await app.createUser({ status: "inactive" });
      expect((await requestReset(unknown)).body).toEqual({ message: RESET_REQUESTED_MESSAGE });
      expect((await requestReset(inactive.email)).body).toEqual({ message: RESET_REQUESTED_MESSAGE });

      await app.services.auth.drain(); // the background mail jobs have finished
      expect(await outboxFor(app, unknown)).toEqual([]);
      expect(await outboxFor(app, inactive.email)).toEqual([]);
      expect(await app.db.prisma.passwordResetToken.count({ where: { userId: inactive.id } })).toBe(0);
    });

    it.each([
      ["a missing email", undefined, "Email is required"],
      ["an invalid email", "not-an-email", "Email is invalid"],
      ["an email that is not text", 42, "Email must be text"],
    ])("refuses %s with 400", async (_case, email, message) => {
      const res = await requestReset(email);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: "BAD_USER_INPUT", fields: { email: message } });
    });

    it("keeps answering neutrally past the per-account limit, but sends no more mail", async () => {
      const user = await app.createUser();
      for (let i = 0; i < 6; i++) {
        const res = await requestReset(user.email);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
      await app.services.auth.drain();
      // RESET_REQUESTS_PER_HOUR defaults to 5.
      expect(await outboxFor(app, user.email)).toHaveLength(5);
    });
  });

  describe("POST /api/auth/reset-password/complete", () => {
    it("replaces the password: the old one is refused, the new one signs in", async () => {
      const user = await app.createUser();
      const token = await resetTokenFor(user);

      const res = await completeReset(token, STRONG_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: RESET_COMPLETED_MESSAGE });

      const old = await login(user.email, user.password);
      expect(old.status).toBe(401);
      expect(old.body).toEqual({ error: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
      const fresh = await login(user.email, STRONG_PASSWORD);
      expect(fresh.status).toBe(200);
      expect(fresh.body.user.uid).toBe(user.id);
    });

    it("ends every session started before the reset", async () => {
      const user = await app.createUser();
      expect((await app.api("GET", "/api/auth/user", { token: user.token })).status).toBe(200);

      expect((await completeReset(await resetTokenFor(user), STRONG_PASSWORD)).status).toBe(200);

      const res = await app.api("GET", "/api/auth/user", { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.invalidToken, code: "UNAUTHENTICATED" });
    });

    it("accepts a link only once", async () => {
      const user = await app.createUser();
      const token = await resetTokenFor(user);
      expect((await completeReset(token, STRONG_PASSWORD)).status).toBe(200);

      const again = await completeReset(token, OTHER_STRONG_PASSWORD);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID_LINK);
      expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
      expect((await login(user.email, OTHER_STRONG_PASSWORD)).status).toBe(401);
    });

    it("accepts a link once even when it is used twice at the same moment", async () => {
      const user = await app.createUser();
      const token = await resetTokenFor(user);
      const results = await Promise.all([
        completeReset(token, STRONG_PASSWORD),
        completeReset(token, OTHER_STRONG_PASSWORD),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const winner = results[0]?.status === 200 ? STRONG_PASSWORD : OTHER_STRONG_PASSWORD;
      expect((await login(user.email, winner)).status).toBe(200);
    });

    it("retires the earlier links as soon as a newer one is sent", async () => {
      const user = await app.createUser();
      const older = await resetTokenFor(user);
      expect((await requestReset(user.email)).status).toBe(200);
      const [newest] = await waitForResetTokens(app, user.email, 2);
      expect(newest).not.toBe(older);

      const stale = await completeReset(older, OTHER_STRONG_PASSWORD);
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual(INVALID_LINK);
      expect((await login(user.email, user.password)).status).toBe(200);

      expect((await completeReset(newest, STRONG_PASSWORD)).status).toBe(200);
      expect((await login(user.email, STRONG_PASSWORD)).status).toBe(200);
    });

    it("refuses an expired link with 400 and keeps the password", async () => {
      const user = await app.createUser();
      const token = await resetTokenFor(user);
      await app.db.prisma.passwordResetToken.updateMany({
        where: { userId: user.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });

      const res = await completeReset(token, STRONG_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID_LINK);
      expect((await login(user.email, user.password)).status).toBe(200);
      expect((await app.api("GET", "/api/auth/user", { token: user.token })).status).toBe(200);
    });

    it.each([
      ["an unknown token", "x".repeat(43)],
      ["a missing token", undefined],
      ["an empty token", ""],
      ["a too long token", "x".repeat(201)],
    ])("refuses %s with 400", async (_case, token) => {
      const res = await completeReset(token, STRONG_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID_LINK);
    });

    it.each([
      ["a missing password", undefined, "Password is required"],
      ["a 5-character password", "k9#Lq", "Password must be at least 6 characters"],
      ["a common password", "iloveyou", COMMON_PASSWORD_MESSAGE],
      ["a password that is not text", 12345678, "Password must be text"],
      [
        "one character repeated",
        "zzzzzzzzzz",
        "Password cannot be one character repeated. Try a few words you will remember.",
      ],
      ["only spaces", "          ", "Password cannot be only spaces"],
      [
        "the account's own email",
        (email: string) => `${email.split("@")[0]}!`,
        "Password cannot contain your email address. Try a few words you will remember.",
      ],
    ])("refuses %s with 400, changes nothing and leaves the link usable", async (_case, given, message) => {
      const user = await app.createUser();
      const token = await resetTokenFor(user);

      const password = typeof given === "function" ? given(user.email) : given;
      const res = await completeReset(token, password);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: "BAD_USER_INPUT", fields: { password: message } });
      expect((await login(user.email, user.password)).status).toBe(200);
      expect((await app.api("GET", "/api/auth/user", { token: user.token })).status).toBe(200);

      expect((await completeReset(token, STRONG_PASSWORD)).status).toBe(200);
    });
  });

  describe("over GraphQL", () => {
    it("requestPasswordReset answers known and unknown emails with the same message", async () => {
      const user = await app.createUser();
      for (const email of [user.email, uniqueEmail("nobody")]) {
        const res = await app.gql(REQUEST_RESET, { email });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ data: { requestPasswordReset: { message: RESET_REQUESTED_MESSAGE } } });
      }
      await waitForResetToken(app, user.email);
    });

    it("requestPasswordReset refuses an invalid email with BAD_USER_INPUT", async () => {
      const res = await app.gql(REQUEST_RESET, { email: "nope" });
      expect(gqlError(res.body)).toEqual({
        message: "Email is invalid",
        code: "BAD_USER_INPUT",
        fields: { email: "Email is invalid" },
      });
    });

    it("completePasswordReset replaces the password once", async () => {
      const user = await app.createUser();
      await app.gql(REQUEST_RESET, { email: user.email });
      const token = await waitForResetToken(app, user.email);

      const done = await app.gql(COMPLETE_RESET, { input: { token, password: STRONG_PASSWORD } });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ data: { completePasswordReset: { message: RESET_COMPLETED_MESSAGE } } });

      const login = await app.gql(LOGIN, { input: { email: user.email, password: STRONG_PASSWORD } });
      expect(login.body.data.login.user.uid).toBe(user.id);
      const old = await app.gql(LOGIN, { input: { email: user.email, password: user.password } });
      expect(gqlError(old.body)).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });

      const again = await app.gql(COMPLETE_RESET, { input: { token, password: OTHER_STRONG_PASSWORD } });
      expect(again.status).toBe(200);
      expect(gqlError(again.body)).toEqual({
        message: INVALID_RESET_LINK_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { token: INVALID_RESET_LINK_MESSAGE },
      });
    });

    it("completePasswordReset refuses a short password and changes nothing", async () => {
      const user = await app.createUser();
      await app.gql(REQUEST_RESET, { email: user.email });
      const token = await waitForResetToken(app, user.email);

      const res = await app.gql(COMPLETE_RESET, { input: { token, password: "abc" } });
      expect(gqlError(res.body)).toEqual({
        message: "Password must be at least 6 characters",
        code: "BAD_USER_INPUT",
        fields: { password: "Password must be at least 6 characters" },
      });
      expect((await login(user.email, user.password)).status).toBe(200);
    });
  });
});
