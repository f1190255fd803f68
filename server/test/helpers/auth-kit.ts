import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { expect, inject, vi } from "vitest";
import { type Classifier, createClassifier } from "../../src/modules/moderation/classify.js";
import { LinearModel } from "../../src/modules/moderation/model/linear-model.js";
import { createThrowawayDatabase } from "./global-setup.js";
import { startTestApp, type TestApp, uniqueEmail } from "./test-app.js";
import { type Live, subscribe } from "./ws-kit.js";

// Shared pieces of the account tests (auth, password reset, roles, subscriptions).

export const STRONG_PASSWORD = "maple-kettle-orbit-42";
export const OTHER_STRONG_PASSWORD = "quiet-lantern-harbour-7";

/**
 * A first name and random letters: no digits (a run of them reads as a phone number), and never one of the
 * rare strings the safeguarding classifier would refuse as a name.
 */
export function uniqueDisplayName(first = "Ada"): string {
  classifier ??= createClassifier({ model: LinearModel.load() });
  for (;;) {
    const name = `${first} ${randomBytes(6)
      .toString("base64url")
      .replace(/[^A-Za-z]/g, "x")}`;
    const verdict = classifier.classifyFast(name);
    if (!verdict.flagged && !verdict.concern) {
      return name;
    }
  }
}
let classifier: Classifier | undefined;

/** A valid student registration with a unique email and name; override any field. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    displayName: uniqueDisplayName(),
    email: uniqueEmail("reg"),
    password: STRONG_PASSWORD,
    school: "Pimlico Academy",
    ...overrides,
  };
}

/** The user as both transports show it (spec section 3); dates as ISO strings. */
export function expectUserShape(
  user: unknown,
  expected: { email: string; displayName: string; role: string; school: string | null; status?: string },
) {
  expect(user).toEqual({
    uid: expect.any(String),
    displayName: expected.displayName,
    email: expected.email,
    role: expected.role,
    school: expected.school,
    status: expected.status ?? "active",
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    moderation: { strikeCount: 0, blocked: false, blockedAt: null, blockReason: null },
  });
}

/** No secret or internal field of the account appears anywhere in a response body. */
export function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of ["passwordHash", "tokenVersion", "$argon2", '"password"']) {
    expect(text).not.toContain(secret);
  }
}

export async function userExists(app: TestApp, email: string): Promise<boolean> {
  return (await app.db.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } })) !== null;
}

export async function outboxFor(app: TestApp, email: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await app.api("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.body.messages;
}

const RESET_LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** Waits (bounded) until `count` reset mails reached the dev outbox; returns their tokens, newest first. */
export async function waitForResetTokens(app: TestApp, email: string, count = 1): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const messages = await outboxFor(app, email);
      expect(messages).toHaveLength(count);
      return messages.map((m) => {
        const match = RESET_LINK.exec(m.text);
        expect(match, m.text).not.toBeNull();
        return match?.[1] as string;
      });
    },
    { timeout: 10_000, interval: 50 },
  );
}

export async function waitForResetToken(app: TestApp, email: string): Promise<string> {
  const [token] = await waitForResetTokens(app, email, 1);
  return token as string;
}

/** The signing secret the app generated and stored (JWT_SECRET is unset in the tests). */
export async function storedJwtSecret(app: TestApp): Promise<Uint8Array> {
  const row = await app.db.prisma.serverSetting.findUniqueOrThrow({ where: { key: "jwt_secret" } });
  return new TextEncoder().encode(row.value);
}

/** A token like the server's own, with any claim or the key changed. */
export function signToken(
  key: Uint8Array,
  claims: { sub: string; ver?: number; exp: number; iss?: string | null },
): Promise<string> {
  const jwt = new SignJWT(claims.ver === undefined ? {} : { ver: claims.ver })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(claims.exp);
  if (claims.iss !== null) {
    jwt.setIssuer(claims.iss ?? "reading-room");
  }
  return jwt.sign(key);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// --- GraphQL documents -------------------------------------------------------------------------

export const USER_FIELDS = `uid displayName email role school status createdAt
  moderation { strikeCount blocked blockedAt blockReason }`;

export const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { token user { ${USER_FIELDS} } }
}`;
export const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { token user { ${USER_FIELDS} } }
}`;
export const ME = `query Me { me { ${USER_FIELDS} } }`;
export const REQUEST_RESET = `mutation RequestReset($email: String!) { requestPasswordReset(email: $email) { message } }`;
export const COMPLETE_RESET = `mutation CompleteReset($input: CompletePasswordResetInput!) {
  completePasswordReset(input: $input) { message }
}`;
export const UPDATE_ROLE = `mutation UpdateRole($id: ID!, $role: Role!) {
  updateUserRole(id: $id, role: $role) { ${USER_FIELDS} }
}`;

/** The single error of a GraphQL answer, as { message, code, fields? }. */
export function gqlError(body: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) {
  expect(body.errors, JSON.stringify(body)).toHaveLength(1);
  const [error] = body.errors ?? [];
  return {
    message: error?.message,
    code: error?.extensions?.code,
    ...(error?.extensions?.fields ? { fields: error.extensions.fields } : {}),
  };
}

// --- WebSocket subscriptions -------------------------------------------------------------------

export type AccountEvent = { uid: string; role: string };

export type AccountSubscription = Live<AccountEvent>;

/** Subscribes to accountUpdated over graphql-ws, collecting events, errors and the close code. */
export function subscribeAccountUpdated(app: TestApp, connectionParams?: Record<string, unknown>): AccountSubscription {
  return subscribe<AccountEvent>(app, connectionParams ?? null, "subscription { accountUpdated { uid role } }");
}

// --- A database of the test's own ---------------------------------------------------------------

/**
 * An app whose database no other test file uses, for assertions about every row of a table (such as
 * "the only active admin"). PGlite apps always have their own copy; on PostgreSQL this creates (and
 * on stop drops) a fresh database, which the app migrates at start.
 */
export async function startIsolatedTestApp(
  env: Record<string, string> = {},
): Promise<TestApp & { databaseUrl: string }> {
  if (!inject("databaseUrl")) {
    return Object.assign(await startTestApp(env), { databaseUrl: "" });
  }
  const database = await createThrowawayDatabase("rr_test_iso");
  const app = await startTestApp({ SEED_CATALOGUE: "false", ...env, DATABASE_URL: database.url });
  const stop = app.stop.bind(app);
  return Object.assign(app, {
    databaseUrl: database.url,
    async stop() {
      await stop();
      await database.drop();
    },
  });
}
