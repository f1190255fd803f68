import { SignJWT } from "jose";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Messages } from "../src/errors/app-error.js";
import { DEFAULT_GRAPHQL_LIMITS } from "../src/graphql/limits.js";
import { MAX_SUBSCRIPTIONS_PER_CONNECTION, SESSION_EXPIRED } from "../src/graphql/websocket.js";
import { otherSchool } from "./helpers/book-factory.js";
import { CHAT_EVENTS, type ChatEvent, OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { activityFlows, type Activity, SCHOOL_ACTIVITY } from "./helpers/teacher-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// Issue 9's hardening, against the real HTTP and WebSocket server: GraphQL limits on both transports,
// introspection and the IDE behind GRAPHQL_IDE, body limits, security headers, CORS closed by default,
// WebSocket origin checks, sockets dropped when the token expires, and subscribers re-checked on every
// event they are sent.

const JWT_SECRET = "hardening-test-secret-0123456789abcdef";
const PARTNER = "https://partner.example.org";
const EVIL = "https://evil.example.com";

const ALIASES = `query { me { ${Array.from({ length: DEFAULT_GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: uid`).join(" ")} } }`;
const DEACTIVATE = `mutation Deactivate($id: ID!) { updateUser(id: $id, status: inactive) { uid status } }`;
const ALIAS_MESSAGE = `Query uses too many aliases: ${DEFAULT_GRAPHQL_LIMITS.maxAliases + 1}, the limit is ${DEFAULT_GRAPHQL_LIMITS.maxAliases}.`;
const INTROSPECT = "query { __schema { queryType { name } } }";

// Misspellings graphql-js answers with a hint taken from the schema: a field (validation) and an enum
// value in a variable (coercion, after validation). The hint goes with introspection.
const MISSPELT_FIELD = {
  query: "{ bookz }",
  variables: {},
  code: "GRAPHQL_VALIDATION_FAILED",
  message: 'Cannot query field "bookz" on type "Query".',
  hint: ' Did you mean "book" or "books"?',
};
const MISSPELT_VALUE = {
  query: "query Books($category: BookCategory) { books(category: $category) { totalCount } }",
  variables: { category: "primery" },
  code: "BAD_USER_INPUT",
  message: 'Variable "$category" got invalid value "primery"; Value "primery" does not exist in "BookCategory" enum.',
  hint: ' Did you mean the enum value "primary"?',
};
const MISSPELT = [MISSPELT_FIELD, MISSPELT_VALUE];

/** Each misspelling over HTTP, signed out and signed in: the status and the one error's message and code. */
async function misspeltOverHttp(app: TestApp) {
  const user = await app.createUser();
  const answers = [];
  for (const { query, variables } of MISSPELT) {
    for (const token of [undefined, user.token]) {
      const res = await app.gql(query, variables, token);
      expect(res.body.errors, JSON.stringify(res.body)).toHaveLength(1);
      const [error] = res.body.errors as { message: string; extensions: { code: string } }[];
      answers.push({ status: res.status, message: error?.message, code: error?.extensions.code });
    }
  }
  return answers;
}

/** What misspeltOverHttp should answer, with or without the hints. */
const misspeltAnswers = (withHints: boolean) =>
  MISSPELT.flatMap(({ message, hint, code }) =>
    ["signed out", "signed in"].map(() => ({ status: 400, message: withHints ? message + hint : message, code })),
  );

/** A WebSocket upgrade with the given headers: the HTTP status it was refused with, or "open". */
function upgrade(app: TestApp, headers: Record<string, string>): Promise<number | "open"> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${app.port}/graphql`, "graphql-transport-ws", { headers });
    socket.once("open", () => {
      socket.close();
      resolve("open");
    });
    socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    socket.once("error", reject);
  });
}

/** A raw request with a declared (or chunked) body, for limits fetch would not let us break. */
function rawRequest(
  app: TestApp,
  options: { method: string; path: string; headers: Record<string, string | number>; body: Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: app.port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    // The server may answer and close before the whole body is sent.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" ? undefined : reject(error)));
    req.end(options.body);
  });
}

describe("hardening (development defaults: IDE and introspection on)", () => {
  let app: TestApp;
  const open: Live<unknown>[] = [];
  beforeAll(async () => {
    app = await startTestApp({ JWT_SECRET, AI_OFFLINE_PACE_MS: "0" });
  });
  afterAll(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    await app.stop();
  });
  function live<T>(auth: string | Record<string, unknown> | null, query: string, variables = {}): Live<T> {
    const subscription = subscribe<T>(app, auth, query, variables);
    open.push(subscription as Live<unknown>);
    return subscription;
  }

  describe("GraphQL limits", () => {
    it("answers a document over a limit with 400 and the limit's message, over HTTP", async () => {
      const user = await app.createUser();
      const res = await app.gql(ALIASES, {}, user.token);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ message: ALIAS_MESSAGE, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }),
      ]);
      expect(res.body.data).toBeUndefined();
    });

    it("refuses the same document over the WebSocket, with the same message and code", async () => {
      const user = await app.createUser();
      const subscription = live<unknown>(user.token, ALIASES);
      await expect
        .poll(() => subscription.errors)
        .toEqual([
          expect.objectContaining({ message: ALIAS_MESSAGE, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }),
        ]);
      expect(subscription.events).toEqual([]);
    });

    it("stops parsing a document past the token limit, on both transports", async () => {
      const user = await app.createUser();
      const huge = `query { me { ${"uid ".repeat(DEFAULT_GRAPHQL_LIMITS.maxTokens)} } }`;
      const res = await app.gql(huge, {}, user.token);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        // graphql-js's own wording (sic: "more that").
        message: expect.stringMatching(/Document contains more tha[nt] \d+ tokens/),
        extensions: { code: "GRAPHQL_PARSE_FAILED" },
      });
      const subscription = live<unknown>(user.token, huge);
      await expect.poll(() => subscription.errors[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    });

    it("refuses a batch (a JSON array body) with 400", async () => {
      const res = await app.api("POST", "/graphql", {
        body: [{ query: "{ __typename }" }, { query: "{ __typename }" }],
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/batching disabled/i);
    });

    it("lets a connection hold a few dozen subscriptions, not more", async () => {
      const user = await app.createUser();
      const client = live<unknown>(user.token, "subscription { accountUpdated { uid } }");
      await expect.poll(() => client.errors.length + client.events.length, { timeout: 100 }).toBe(0);
      // One connection per subscription in ws-kit: open MAX + 1 on a raw connection instead.
      const socket = new WebSocket(`ws://127.0.0.1:${app.port}/graphql`, "graphql-transport-ws");
      const messages: { type: string; id?: string; payload?: { message: string }[] }[] = [];
      socket.on("message", (data) => messages.push(JSON.parse(String(data))));
      await new Promise((resolve) => socket.once("open", resolve));
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${user.token}` } }));
      await expect.poll(() => messages.some((m) => m.type === "connection_ack")).toBe(true);
      for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) {
        socket.send(
          JSON.stringify({
            id: `s${i}`,
            type: "subscribe",
            payload: { query: "subscription { accountUpdated { uid } }" },
          }),
        );
      }
      await expect
        .poll(() => messages.filter((m) => m.type === "error"))
        .toEqual([
          {
            id: `s${MAX_SUBSCRIPTIONS_PER_CONNECTION}`,
            type: "error",
            payload: [
              {
                message: `Too many subscriptions on one connection: the limit is ${MAX_SUBSCRIPTIONS_PER_CONNECTION}.`,
                extensions: { code: "BAD_REQUEST" },
              },
            ],
          },
        ]);
      socket.close();
    });
  });

  describe("introspection and the IDE, on outside production", () => {
    it("answers introspection over HTTP and over the WebSocket", async () => {
      const user = await app.createUser();
      const res = await app.gql(INTROSPECT);
      expect(res.status).toBe(200);
      expect(res.body.data.__schema.queryType.name).toBe("Query");
      const subscription = live<{ queryType: { name: string } }>(user.token, INTROSPECT);
      await expect.poll(() => subscription.events[0]?.queryType.name).toBe("Query");
    });

    it('keeps graphql-js\'s "Did you mean" hints over HTTP, signed out and signed in', async () => {
      expect(await misspeltOverHttp(app)).toEqual(misspeltAnswers(true));
    });

    it("serves the IDE under its own policy, whose nonce is the one on its inline script", async () => {
      const res = await fetch(`${app.url}/graphql`, { headers: { accept: "text/html" } });
      const html = await res.text();
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(html).toContain(`<script type="module" nonce="${nonce}">`);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // The client's pages keep the strict policy.
      const page = await fetch(`${app.url}/api/healthz-nothing`);
      expect(page.headers.get("content-security-policy")).not.toContain("nonce-");
    });
  });

  describe("body limits", () => {
    const big = Buffer.from(JSON.stringify({ query: "{ __typename }", pad: "x".repeat(200 * 1024) }));

    it.each([
      ["POST", "/graphql"],
      ["POST", "/api/auth/login"],
      ["POST", "/api/reviews/some-book"],
      ["PATCH", "/api/auth/user/someone"],
      ["POST", "/"],
      ["POST", "/covers/x/small"],
    ])("refuses a declared body over the limit at %s %s with 413 and a JSON error", async (method, path) => {
      const res = await rawRequest(app, {
        method,
        path,
        headers: { "content-type": "application/json", "content-length": big.length },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: Messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
    });

    it.each(["/graphql", "/api/auth/login"])(
      "refuses a chunked body over the limit at %s (no length declared)",
      async (path) => {
        const res = await rawRequest(app, {
          method: "POST",
          path,
          headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
          body: big,
        });
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toEqual({ error: Messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
      },
    );

    it("still accepts a body under the limit", async () => {
      const res = await app.api("POST", "/graphql", { body: { query: "{ __typename }", pad: "x".repeat(50 * 1024) } });
      expect(res.status).toBe(200);
    });

    it("closes a WebSocket whose frame is over the limit (1009)", async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${app.port}/graphql`, "graphql-transport-ws");
      await new Promise((resolve) => socket.once("open", resolve));
      const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
      socket.send(JSON.stringify({ type: "connection_init", payload: { pad: "x".repeat(200 * 1024) } }));
      expect(await closed).toBe(1009);
    });
  });

  describe("security headers", () => {
    it("sends the CSP and the other headers on the client's pages and the API", async () => {
      for (const path of ["/", "/login", "/healthz", "/api/nothing-here"]) {
        const res = await fetch(`${app.url}${path}`, { headers: { accept: "text/html" } });
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp, path).toContain("default-src 'self'");
        expect(csp, path).toContain("script-src 'self';");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(csp, path).toContain(`connect-src 'self' ws://127.0.0.1:${app.port}`);
        expect(csp, path).not.toContain("unsafe-inline");
        expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
        expect(res.headers.get("permissions-policy"), path).toContain("camera=()");
        expect(res.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
        expect(res.headers.get("x-frame-options"), path).toBe("DENY");
        // Plain http here: no HSTS (it would pin a local address to https).
        expect(res.headers.get("strict-transport-security"), path).toBeNull();
      }
    });
  });

  describe("CORS, closed by default", () => {
    it("gives another origin no Access-Control-Allow-Origin, and refuses its preflight", async () => {
      const res = await fetch(`${app.url}/graphql`, {
        method: "POST",
        headers: { origin: EVIL, "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      const preflight = await fetch(`${app.url}/graphql`, {
        method: "OPTIONS",
        headers: {
          origin: EVIL,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    });
  });

  describe("WebSocket origin", () => {
    it("opens for the page's own origin and for clients that send none", async () => {
      expect(await upgrade(app, { origin: app.url })).toBe("open");
      expect(await upgrade(app, {})).toBe("open");
    });

    it("refuses another site's page with 403 before any message", async () => {
      expect(await upgrade(app, { origin: EVIL })).toBe(403);
      expect(await upgrade(app, { origin: "null" })).toBe(403);
    });
  });

  describe("token expiry", () => {
    it("closes the connection with 4401 when its token expires", async () => {
      const user = await app.createUser();
      const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      const token = await new SignJWT({ ver: row.tokenVersion })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(user.id)
        .setIssuer("reading-room")
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
        .sign(new TextEncoder().encode(JWT_SECRET));
      const subscription = live<unknown>(token, "subscription { accountUpdated { uid } }");
      expect(await subscription.closed).toBe(SESSION_EXPIRED.code);
    });

    it("keeps a connection whose token has long to run", async () => {
      const user = await app.createUser();
      const admin = await app.createUser({ role: "admin" });
      const subscription = live<{ role: string }>(user.token, "subscription { accountUpdated { uid role } }");
      const deadline = Date.now() + 10_000;
      while (!subscription.events.length && Date.now() < deadline) {
        await app.api("PATCH", `/api/auth/user/${user.id}`, { token: admin.token, body: { role: "student" } });
      }
      expect(subscription.events[0]?.role).toBe("student");
    });
  });

  describe("each event re-checks its subscriber", () => {
    const openChat = async (user: TestUser, bookId: string) =>
      (await app.gql(OPEN_CHAT, { bookId }, user.token)).body.data.openChat.id as string;
    const send = async (user: TestUser, chatId: string, message: string) => {
      const res = await app.gql(SEND, { input: { chatId, message } }, user.token);
      expect(res.body.errors).toBeUndefined();
    };
    let bookId: string;
    beforeAll(async () => {
      ({ id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
        where: { slug: "the-wind-in-the-willows" },
        select: { id: true },
      }));
    });

    /** Sends until `subscriptions` have each seen a message of seq > after. */
    async function flows(student: TestUser, chatId: string, subscriptions: Live<ChatEvent>[]) {
      const deadline = Date.now() + 10_000;
      const seen = subscriptions.map((s) => s.events.length);
      while (subscriptions.some((s, i) => !s.events.slice(seen[i]).some((e) => e.kind === "message"))) {
        if (Date.now() > deadline) {
          throw new Error("chat events never flowed");
        }
        await send(student, chatId, "Who is Mole?");
      }
    }

    it("stops a teacher's chat events once they are made a student, while the owner's continue", async () => {
      const student = await app.createUser();
      const teacher = await app.createUser({ role: "teacher", school: student.school });
      const admin = await app.createUser({ role: "admin" });
      const chatId = await openChat(student, bookId);
      const owner = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId });
      const watching = live<ChatEvent>(teacher.token, CHAT_EVENTS, { chatId });
      await flows(student, chatId, [owner, watching]);

      const res = await app.api("PATCH", `/api/auth/user/${teacher.id}`, {
        token: admin.token,
        body: { role: "student" },
      });
      expect(res.status).toBe(200);
      const before = watching.events.length;
      const ownerBefore = owner.events.length;
      await send(student, chatId, "Who is Badger?");
      await owner.until((events) => events.slice(ownerBefore).some((e) => e.message?.content === "Who is Badger?"));
      // The reply streams after the message: wait for the owner to have the whole reply too.
      await owner.until((events) =>
        events.slice(ownerBefore).some((e) => e.kind === "message" && e.message?.role === "assistant"),
      );
      expect(watching.events.slice(before)).toEqual([]);
      expect(watching.errors).toEqual([]);
    });

    it("stops a teacher's school activity once they are deactivated, and their socket closes", async () => {
      const probe = await app.createUser();
      const teacher = await app.createUser({ role: "teacher", school: probe.school });
      const colleague = await app.createUser({ role: "teacher", school: probe.school });
      const admin = await app.createUser({ role: "admin" });
      const probeChat = await openChat(probe, bookId);
      const watched = live<Activity>(teacher.token, SCHOOL_ACTIVITY);
      const colleagues = live<Activity>(colleague.token, SCHOOL_ACTIVITY);
      await activityFlows(app, { user: probe, chatId: probeChat }, [watched, colleagues]);

      const res = await app.gql(DEACTIVATE, { id: teacher.id }, admin.token);
      expect(res.body.data?.updateUser.status).toBe("inactive");
      expect(await watched.closed).toBe(4403);
      const before = watched.events.length;
      await activityFlows(app, { user: probe, chatId: probeChat }, [colleagues]);
      expect(watched.events.length).toBe(before);
    });

    it("stops a teacher's school activity once they are moved to another school", async () => {
      const probe = await app.createUser();
      const teacher = await app.createUser({ role: "teacher", school: probe.school });
      const colleague = await app.createUser({ role: "teacher", school: probe.school });
      const probeChat = await openChat(probe, bookId);
      const watched = live<Activity>(teacher.token, SCHOOL_ACTIVITY);
      const colleagues = live<Activity>(colleague.token, SCHOOL_ACTIVITY);
      await activityFlows(app, { user: probe, chatId: probeChat }, [watched, colleagues]);

      // A move made outside this server (another instance, or the database itself): no event tells
      // this one, and its cached view of the teacher lapses (forget stands in for the TTL passing).
      const elsewhere = await app.db.prisma.school.findFirstOrThrow({
        where: { name: otherSchool(probe.school) },
        select: { id: true },
      });
      await app.db.prisma.user.update({ where: { id: teacher.id }, data: { schoolId: elsewhere.id } });
      app.services.staffAccess.forget(teacher.id);
      const before = watched.events.length;
      await activityFlows(app, { user: probe, chatId: probeChat }, [colleagues]);
      expect(watched.events.length).toBe(before);
      expect(watched.errors).toEqual([]);
    });

    it("closes a student's socket when they are blocked; deactivated, they cannot open another", async () => {
      const student = await app.createUser();
      const chatId = await openChat(student, bookId);
      const own = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId });
      await flows(student, chatId, [own]);
      // Three harmful messages block the account (as moderation.test.ts shows in full).
      for (const harmful of [
        "you are a stupid idiot and everyone in this class hates you",
        "this book is fucking boring",
        "i am going to stab you tomorrow after school",
      ]) {
        await app.gql(SEND, { input: { chatId, message: harmful } }, student.token);
      }
      expect(await own.closed).toBe(4403);
      const admin = await app.createUser({ role: "admin" });
      const res = await app.gql(DEACTIVATE, { id: student.id }, admin.token);
      expect(res.body.data?.updateUser.status).toBe("inactive");
      const again = live<ChatEvent>(student.token, CHAT_EVENTS, { chatId });
      expect(await again.closed).toBe(4401);
      expect(again.events).toEqual([]);
    });
  });
});

describe("hardening (production-like: IDE off, https PUBLIC_URL, one CORS origin)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      GRAPHQL_IDE: "false",
      PUBLIC_URL: "https://reading.example.org",
      CORS_ORIGINS: `${PARTNER}, https://other-partner.example.org`,
    });
  });
  afterAll(() => app.stop());

  it("refuses introspection over HTTP and over the WebSocket", async () => {
    const user = await app.createUser();
    const res = await app.gql(INTROSPECT);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/introspection/i),
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    const subscription = subscribe<unknown>(app, user.token, INTROSPECT);
    try {
      await expect.poll(() => subscription.errors[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
      expect(subscription.errors[0]?.message).toMatch(/introspection/i);
      expect(subscription.events).toEqual([]);
    } finally {
      await subscription.dispose();
    }
  });

  it("does not hint at field names when introspection is off", async () => {
    const user = await app.createUser();
    const subscription = subscribe<unknown>(app, user.token, "query { me { uidd } }");
    try {
      await expect.poll(() => subscription.errors.length).toBe(1);
      expect(subscription.errors[0]?.message).toBe('Cannot query field "uidd" on type "User".');
    } finally {
      await subscription.dispose();
    }
  });

  it('gives no "Did you mean" hint over HTTP either, signed out or signed in', async () => {
    const answers = await misspeltOverHttp(app);
    expect(answers).toEqual(misspeltAnswers(false));
    expect(JSON.stringify(answers)).not.toContain("Did you mean");
  });

  it("gives no hint for a misspelt variable value over the WebSocket", async () => {
    const user = await app.createUser();
    const subscription = subscribe<unknown>(app, user.token, MISSPELT_VALUE.query, MISSPELT_VALUE.variables);
    try {
      await expect.poll(() => subscription.errors.length).toBe(1);
      expect(subscription.errors[0]).toMatchObject({
        message: MISSPELT_VALUE.message,
        extensions: { code: "BAD_USER_INPUT" },
      });
    } finally {
      await subscription.dispose();
    }
  });

  it("does not serve the IDE", async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { accept: "text/html" } });
    expect(await res.text()).not.toMatch(/altair/i);
    expect((await fetch(`${app.url}/graphql-ide/main.js`)).status).toBe(404);
  });

  it("sends HSTS and upgrade-insecure-requests when the public address is https", async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("allows exactly the listed origins cross-origin, with their preflights", async () => {
    const preflight = await fetch(`${app.url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: PARTNER,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/content-type/i);

    const res = await fetch(`${app.url}/graphql`, {
      method: "POST",
      headers: { origin: PARTNER, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(res.headers.get("vary")).toMatch(/origin/i);

    for (const origin of [EVIL, `${PARTNER}.evil.example.com`, "http://partner.example.org"]) {
      const other = await fetch(`${app.url}/graphql`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
      expect(other.status, origin).toBe(403);
      expect(other.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });

  it("opens the WebSocket for PUBLIC_URL's origin and the listed ones only", async () => {
    expect(await upgrade(app, { origin: "https://reading.example.org" })).toBe("open");
    expect(await upgrade(app, { origin: PARTNER })).toBe("open");
    expect(await upgrade(app, { origin: EVIL })).toBe(403);
  });
});
