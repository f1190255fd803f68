import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createTokenService } from "./tokens.js";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const TTL_SECONDS = 7 * 86_400;
const USER = { id: "3f2a1c9e-7b4d-4e8a-9c1f-2d6b8e0a5f7c", tokenVersion: 4 };

const nowSeconds = () => Math.floor(Date.now() / 1000);
const key = (secret: string) => new TextEncoder().encode(secret);

/** A token signed with jose directly, as the service would sign it unless overridden. */
function craftToken(
  overrides: { secret?: string; issuer?: string; exp?: number; claims?: Record<string, unknown> } = {},
) {
  return new SignJWT(overrides.claims ?? { ver: USER.tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(USER.id)
    .setIssuer(overrides.issuer ?? "reading-room")
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? nowSeconds() + 3600)
    .sign(key(overrides.secret ?? SECRET));
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decodePart = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>;

describe("createTokenService", () => {
  const tokens = createTokenService(SECRET, TTL_SECONDS);

  it("issues a three-part JWT", async () => {
    const token = await tokens.issue(USER);
    expect(token.split(".")).toHaveLength(3);
    expect(decodePart(token.split(".")[0])).toEqual({ alg: "HS256", typ: "JWT" });
  });

  it("verifies its own token back to the user id, token version and expiry", async () => {
    const before = nowSeconds();
    const claims = await tokens.verify(await tokens.issue(USER));
    const after = nowSeconds();
    expect(claims).toMatchObject({ userId: USER.id, tokenVersion: USER.tokenVersion });
    expect(claims?.expiresAt).toBeGreaterThanOrEqual(before + TTL_SECONDS);
    expect(claims?.expiresAt).toBeLessThanOrEqual(after + TTL_SECONDS);
  });

  it("keeps a token version of 0", async () => {
    const claims = await tokens.verify(await tokens.issue({ id: USER.id, tokenVersion: 0 }));
    expect(claims?.tokenVersion).toBe(0);
  });

  it("accepts a token crafted the same way with the same secret", async () => {
    expect(await tokens.verify(await craftToken())).toMatchObject({ userId: USER.id, tokenVersion: 4 });
  });

  it("refuses a token whose payload was changed", async () => {
    const [header, payload, signature] = (await tokens.issue(USER)).split(".");
    const raised = base64url({ ...decodePart(payload), ver: 99 });
    expect(await tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
  });

  it("refuses a token whose subject was changed", async () => {
    const [header, payload, signature] = (await tokens.issue(USER)).split(".");
    const other = base64url({ ...decodePart(payload), sub: "someone-else" });
    expect(await tokens.verify(`${header}.${other}.${signature}`)).toBeNull();
  });

  it("refuses a token signed with another secret", async () => {
    const other = createTokenService("another-secret-that-is-at-least-32-chars", TTL_SECONDS);
    expect(await tokens.verify(await other.issue(USER))).toBeNull();
  });

  it("refuses a token it issued with a TTL already over", async () => {
    const shortLived = createTokenService(SECRET, -60);
    expect(await shortLived.verify(await shortLived.issue(USER))).toBeNull();
  });

  it("refuses an expired token signed with the same secret", async () => {
    expect(await tokens.verify(await craftToken({ exp: nowSeconds() - 60 }))).toBeNull();
  });

  it("refuses a token from another issuer", async () => {
    expect(await tokens.verify(await craftToken({ issuer: "someone-else" }))).toBeNull();
  });

  it("refuses a signed token without a numeric token version", async () => {
    expect(await tokens.verify(await craftToken({ claims: {} }))).toBeNull();
    expect(await tokens.verify(await craftToken({ claims: { ver: "4" } }))).toBeNull();
  });

  it.each([
    ["the empty string", ""],
    ["one word", "abc"],
    ["three junk parts", "a.b.c"],
    ["two parts", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0"],
    ["5000 characters", "x".repeat(5000)],
  ])("refuses %s", async (_label, token) => {
    await expect(tokens.verify(token)).resolves.toBeNull();
  });

  it("refuses a correctly signed token longer than 4096 characters", async () => {
    const long = await craftToken({ claims: { ver: USER.tokenVersion, pad: "p".repeat(4000) } });
    expect(long.length).toBeGreaterThan(4096);
    expect(await tokens.verify(long)).toBeNull();
  });

  it("refuses an unsigned (alg none) token", async () => {
    const unsigned = new UnsecuredJWT({ ver: USER.tokenVersion })
      .setSubject(USER.id)
      .setIssuer("reading-room")
      .setIssuedAt()
      .setExpirationTime(nowSeconds() + 3600)
      .encode();
    expect(unsigned.split(".")).toHaveLength(3);
    expect(decodePart(unsigned.split(".")[0])).toMatchObject({ alg: "none" });
    expect(await tokens.verify(unsigned)).toBeNull();
  });

  it("refuses an alg none header on a token it issued", async () => {
    const [, payload] = (await tokens.issue(USER)).split(".");
    const header = base64url({ alg: "none", typ: "JWT" });
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
  });
});
