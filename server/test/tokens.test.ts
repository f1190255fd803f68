import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import {
  expectNoSecrets,
  expectUserShape,
  gqlError,
  ME,
  nowSeconds,
  signToken,
  storedJwtSecret,
} from "./helpers/auth-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// Session tokens (spec section 4): GET /api/auth/user and the GraphQL `me` query accept only a
// valid, unexpired token of an active account, and answer anything else with HTTP 401.

type BadToken = { name: string; make: (user: TestUser) => Promise<string> };

describe("session tokens", () => {
  let app: TestApp;
  let key: Uint8Array;
  beforeAll(async () => {
    app = await startTestApp();
    key = await storedJwtSecret(app);
  });
  afterAll(() => app.stop());

  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  const badTokens: BadToken[] = [
    { name: "a single word", make: async () => "abc" },
    { name: "three dot-separated junk parts", make: async () => "a.b.c" },
    {
      name: "a valid token with a modified payload",
      make: async (user) => {
        const [header, payload, signature] = user.token.split(".") as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
        return [header, base64url({ ...claims, exp: claims.exp + 3600 }), signature].join(".");
      },
    },
    {
      name: "a token signed with another secret",
      make: (user) =>
        signToken(new TextEncoder().encode("another-secret-that-is-long-enough-0123456789"), {
          sub: user.id,
          ver: 0,
          exp: nowSeconds() + 3600,
        }),
    },
    {
      name: "an expired token",
      make: (user) => signToken(key, { sub: user.id, ver: 0, exp: nowSeconds() - 60 }),
    },
    {
      name: "a token from another issuer",
      make: (user) => signToken(key, { sub: user.id, ver: 0, exp: nowSeconds() + 3600, iss: "someone-else" }),
    },
    {
      name: "a token without an issuer",
      make: (user) => signToken(key, { sub: user.id, ver: 0, exp: nowSeconds() + 3600, iss: null }),
    },
    {
      name: "a token without a token version",
      make: (user) => signToken(key, { sub: user.id, exp: nowSeconds() + 3600 }),
    },
    {
      name: "a token of an earlier token version",
      make: (user) => signToken(key, { sub: user.id, ver: -1, exp: nowSeconds() + 3600 }),
    },
    {
      name: "a token for an account that does not exist",
      make: () => signToken(key, { sub: "00000000-0000-4000-8000-000000000000", ver: 0, exp: nowSeconds() + 3600 }),
    },
    {
      name: "an unsigned token (alg none)",
      make: async (user) =>
        `${base64url({ alg: "none", typ: "JWT" })}.${base64url({
          sub: user.id,
          ver: 0,
          iss: "reading-room",
          exp: nowSeconds() + 3600,
        })}.`,
    },
  ];

  it("the stored secret signs tokens the server accepts (so the refusals below are about the claims)", async () => {
    const user = await app.createUser();
    const token = await signToken(key, { sub: user.id, ver: 0, exp: nowSeconds() + 3600 });
    expect((await app.api("GET", "/api/auth/user", { token })).status).toBe(200);
  });

  describe("GET /api/auth/user", () => {
    it("answers a valid token with 200 and the signed-in user, without secrets", async () => {
      const user = await app.createUser({ role: "teacher", school: "Phoenix Academy", displayName: "Ms Frizzle" });
      const res = await app.api("GET", "/api/auth/user", { token: user.token });

      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["user"]);
      expectUserShape(res.body.user, {
        email: user.email,
        displayName: "Ms Frizzle",
        role: "teacher",
        school: "Phoenix Academy",
      });
      expect(res.body.user.uid).toBe(user.id);
      expectNoSecrets(res.body);
    });

    it("accepts the bearer scheme in any case", async () => {
      const user = await app.createUser();
      const res = await app.api("GET", "/api/auth/user", { headers: { authorization: `bearer ${user.token}` } });
      expect(res.status).toBe(200);
      expect(res.body.user.uid).toBe(user.id);
    });

    it("answers a request without a token with 401", async () => {
      const res = await app.api("GET", "/api/auth/user");
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
    });

    it.each([
      ["another scheme", (token: string) => `Basic ${token}`],
      ["no scheme", (token: string) => token],
      ["two tokens", (token: string) => `Bearer ${token} ${token}`],
    ])("answers an authorization header with %s with 401", async (_case, header) => {
      const user = await app.createUser();
      const res = await app.api("GET", "/api/auth/user", { headers: { authorization: header(user.token) } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.invalidToken, code: "UNAUTHENTICATED" });
    });

    it.each(badTokens.map((t) => [t.name, t] as const))("answers %s with 401", async (_name, bad) => {
      const user = await app.createUser();
      const res = await app.api("GET", "/api/auth/user", { token: await bad.make(user) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.invalidToken, code: "UNAUTHENTICATED" });
    });

    it("answers the token of an account deactivated since with 401", async () => {
      const user = await app.createUser();
      expect((await app.api("GET", "/api/auth/user", { token: user.token })).status).toBe(200);
      await app.db.prisma.user.update({ where: { id: user.id }, data: { status: "inactive" } });

      const res = await app.api("GET", "/api/auth/user", { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.accountInactive, code: "UNAUTHENTICATED" });
    });

    it("answers a token whose version was raised since (revoked) with 401", async () => {
      const user = await app.createUser();
      await app.db.prisma.user.update({ where: { id: user.id }, data: { tokenVersion: { increment: 1 } } });
      const res = await app.api("GET", "/api/auth/user", { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.invalidToken, code: "UNAUTHENTICATED" });
    });

    it("lets a public route through despite a bad token", async () => {
      const user = await app.createUser();
      const res = await app.api("POST", "/api/auth/login", {
        body: { email: user.email, password: user.password },
        token: "a.b.c",
      });
      expect(res.status).toBe(200);
    });
  });

  describe("GraphQL me", () => {
    it("answers a valid token with the signed-in user", async () => {
      const user = await app.createUser({ displayName: "Katherine Johnson", school: "WLFS" });
      const res = await app.gql(ME, {}, user.token);

      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expectUserShape(res.body.data.me, {
        email: user.email,
        displayName: "Katherine Johnson",
        role: "student",
        school: "WLFS",
      });
      expect(res.body.data.me.uid).toBe(user.id);
    });

    it("answers a request without a token with HTTP 401 and UNAUTHENTICATED", async () => {
      const res = await app.gql(ME);
      expect(res.status).toBe(401);
      expect(res.body.data).toBeNull();
      expect(gqlError(res.body)).toEqual({ message: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
    });

    it.each(badTokens.map((t) => [t.name, t] as const))(
      "answers %s with HTTP 401 and UNAUTHENTICATED",
      async (_name, bad) => {
        const user = await app.createUser();
        const res = await app.gql(ME, {}, await bad.make(user));
        expect(res.status).toBe(401);
        expect(gqlError(res.body)).toEqual({ message: Messages.invalidToken, code: "UNAUTHENTICATED" });
      },
    );

    it("answers the token of a deactivated account with HTTP 401 and UNAUTHENTICATED", async () => {
      const user = await app.createUser();
      await app.db.prisma.user.update({ where: { id: user.id }, data: { status: "inactive" } });
      const res = await app.gql(ME, {}, user.token);
      expect(res.status).toBe(401);
      expect(gqlError(res.body)).toEqual({ message: Messages.accountInactive, code: "UNAUTHENTICATED" });
    });
  });
});
