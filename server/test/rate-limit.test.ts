import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INVALID_CREDENTIALS_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  TOO_MANY_LOGINS_MESSAGE,
  TOO_MANY_RESETS_MESSAGE,
} from "../src/modules/auth/auth.service.js";
import { gqlError, LOGIN } from "./helpers/auth-kit.js";
import { startTestApp, type TestApp, type TestUser, uniqueEmail } from "./helpers/test-app.js";

// Login attempts are limited per account (LOGIN_ATTEMPTS_PER_MINUTE, here 3) before the password is
// looked at; reset requests per address (RESET_REQUESTS_PER_HOUR_PER_ADDRESS, here 2). Both
// transports share the counters.

describe("rate limits", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_ATTEMPTS_PER_MINUTE: "3", RESET_REQUESTS_PER_HOUR_PER_ADDRESS: "2" });
  });
  afterAll(() => app.stop());

  const login = (email: string, password: string) => app.api("POST", "/api/auth/login", { body: { email, password } });

  async function failLogins(user: TestUser, times: number) {
    for (let i = 0; i < times; i++) {
      const res = await login(user.email, "wrong-password");
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
    }
  }

  function expectTooManyLogins(res: { status: number; body: unknown; headers: Headers }) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: TOO_MANY_LOGINS_MESSAGE, code: "TOO_MANY_REQUESTS" });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  describe("login", () => {
    it("refuses the 4th attempt in a minute with 429 and Retry-After, even with the right password", async () => {
      const user = await app.createUser();
      await failLogins(user, 3);
      expectTooManyLogins(await login(user.email, user.password));
    });

    it("counts the account whatever the case of the email", async () => {
      const user = await app.createUser();
      for (const email of [user.email.toUpperCase(), ` ${user.email}`, user.email]) {
        expect((await login(email, "wrong-password")).status).toBe(401);
      }
      expectTooManyLogins(await login(user.email, user.password));
    });

    it("limits an unknown email the same way", async () => {
      const email = uniqueEmail("ghost");
      for (let i = 0; i < 3; i++) {
        expect((await login(email, "wrong-password")).status).toBe(401);
      }
      expectTooManyLogins(await login(email, "wrong-password"));
    });

    it("leaves other accounts alone", async () => {
      const locked = await app.createUser();
      const other = await app.createUser();
      await failLogins(locked, 3);
      expectTooManyLogins(await login(locked.email, locked.password));

      const res = await login(other.email, other.password);
      expect(res.status).toBe(200);
      expect(res.body.user.uid).toBe(other.id);
    });

    it("starts counting again after a successful login", async () => {
      const user = await app.createUser();
      await failLogins(user, 2);
      expect((await login(user.email, user.password)).status).toBe(200);
      await failLogins(user, 2);
      expect((await login(user.email, user.password)).status).toBe(200);
    });

    it("counts GraphQL and REST attempts together, and refuses over GraphQL with TOO_MANY_REQUESTS", async () => {
      const user = await app.createUser();
      await failLogins(user, 2);
      const third = await app.gql(LOGIN, { input: { email: user.email, password: "wrong-password" } });
      expect(gqlError(third.body)).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });

      const fourth = await app.gql(LOGIN, { input: { email: user.email, password: user.password } });
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers.get("retry-after"))).toBe(fourth.body.errors[0].extensions.retryAfterSeconds);
      expect(fourth.body.data).toBeNull();
      expect(gqlError(fourth.body)).toEqual({ message: TOO_MANY_LOGINS_MESSAGE, code: "TOO_MANY_REQUESTS" });
      const retryAfter = fourth.body.errors[0].extensions.retryAfterSeconds;
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      expectTooManyLogins(await login(user.email, user.password));
    });
  });

  describe("password reset requests", () => {
    it("refuses the 3rd request from one address in an hour with 429 and Retry-After", async () => {
      for (const email of [uniqueEmail("reset"), uniqueEmail("reset")]) {
        const res = await app.api("POST", "/api/auth/reset-password", { body: { email } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
      const res = await app.api("POST", "/api/auth/reset-password", { body: { email: uniqueEmail("reset") } });
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ error: TOO_MANY_RESETS_MESSAGE, code: "TOO_MANY_REQUESTS" });
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    });
  });
});

// A stranger failing at someone's password from one address must not lock its owner out of their
// own sign-in (the per-account lock used to): failures count per account and address, with a higher
// ceiling per account for guesses spread over many addresses.
describe("login limits per account and address", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      TRUST_PROXY: "1",
      LOGIN_ATTEMPTS_PER_MINUTE: "3",
      LOGIN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: "7",
    });
  });
  afterAll(() => app.stop());

  let nextAddress = 0;
  const freshAddress = () => `198.51.100.${(nextAddress += 1)}`;
  const login = (address: string, email: string, password: string) =>
    app.api("POST", "/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": address } });

  it("lets the owner in from their own address while a stranger's address is locked", async () => {
    const user = await app.createUser();
    const stranger = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await login(stranger, user.email, "wrong-password")).status).toBe(401);
    }
    expect((await login(stranger, user.email, user.password)).status).toBe(429);

    const res = await login(freshAddress(), user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.user.uid).toBe(user.id);
  });

  it("does not count a locked address's further tries against the account", async () => {
    const user = await app.createUser();
    const stranger = freshAddress();
    for (let i = 0; i < 30; i++) {
      await login(stranger, user.email, "wrong-password");
    }
    expect((await login(freshAddress(), user.email, user.password)).status).toBe(200);
  });

  it("refuses everyone once guesses from many addresses reach the account's ceiling", async () => {
    const user = await app.createUser();
    for (const address of [freshAddress(), freshAddress(), freshAddress()]) {
      for (let i = 0; i < 3; i++) {
        await login(address, user.email, "wrong-password");
      }
    }
    const res = await login(freshAddress(), user.email, user.password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: TOO_MANY_LOGINS_MESSAGE, code: "TOO_MANY_REQUESTS" });
  });
});
