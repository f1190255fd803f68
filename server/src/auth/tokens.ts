import { randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { PrismaClient } from "../generated/prisma/client.js";

// Session tokens: HS256 JWTs (three dot-separated parts) whose payload carries the user id, the
// user's tokenVersion (raised to revoke every earlier token) and `exp` in seconds.

export type TokenClaims = { userId: string; tokenVersion: number; expiresAt: number };

export type TokenService = {
  issue(user: { id: string; tokenVersion: number }): Promise<string>;
  /** The claims of a valid token, or null for a malformed, tampered or expired one. */
  verify(token: string): Promise<TokenClaims | null>;
};

const ISSUER = "reading-room";
const MAX_TOKEN_LENGTH = 4096;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user) {
      return new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH || token.split(".").length !== 3) {
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer: ISSUER });
        if (typeof payload.sub !== "string" || typeof payload.ver !== "number" || typeof payload.exp !== "number") {
          return null;
        }
        return { userId: payload.sub, tokenVersion: payload.ver, expiresAt: payload.exp };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) {
          return null;
        }
        throw error;
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when configured, otherwise one generated at first start and kept
 * in the database, so restarts and every instance on the same database share it.
 */
export async function resolveTokenSecret(prisma: PrismaClient, configured: string | undefined): Promise<string> {
  if (configured) {
    return configured;
  }
  const key = "jwt_secret";
  // One statement: instances starting together on a new database must agree on one secret (an upsert
  // with an empty update reads, then inserts, and the second instance's insert fails).
  await prisma.$executeRaw`INSERT INTO "ServerSetting" ("key", "value") VALUES (${key}, ${randomBytes(48).toString("base64url")})
    ON CONFLICT ("key") DO NOTHING`;
  const row = await prisma.serverSetting.findUniqueOrThrow({ where: { key } });
  return row.value;
}
