import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from "graphql";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { startIsolatedTestApp } from "./helpers/auth-kit.js";
import { operationDocument, restRoutes, type RootOperation, rootOperations } from "./helpers/surface-kit.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// Bad input (issue 9, item 5): malformed, oversized and hostile values sent to every mutation (and,
// read-only, every query) and every REST route. Each must be refused with a 4xx and a clear message
// (never a 500 or the generic internal message), the server must stay up, and no row may change.
//
// The cases are generated from the live schema (each argument's type: wrong types, hostile values of
// the right type) and the Express router stack, so a new mutation or route is fuzzed without a line
// here. Values come from a seeded generator: a failure prints its seed; FUZZ_SEED=<seed> replays it.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));

/** mulberry32: small, fast and good enough to pick cases. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof generator>;

// --- Hostile values ------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  `'; DROP TABLE "User"; --`,
  `" OR ""="`,
  "1); SELECT pg_sleep(0); --",
  "%' AND '%'='",
  "\\",
  "%_%",
  "<script>alert(1)</script>",
  `<img src=x onerror="alert(1)">`,
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}",
  "\u0000",
  "abc\u0000def",
  "\ud800",
  "x\udfffy",
  "\u202eevil.exe\u202c",
  "a\u200db\u200dc\u200b",
  "👩‍👩‍👧‍👦🏳️‍🌈🧒🏽",
  "\ufeffBOM",
  "e\u0301\u0301\u0301",
  "𝕳".repeat(5_000),
  "",
  " ",
  "\n\t\r",
  "null",
  "undefined",
  "NaN",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "A".repeat(20_000),
];
const HOSTILE_INTS = [-1, 0, 1, -2147483648, 2147483647, 999_999_999, 7];
const HOSTILE_FLOATS = [-1e308, 1e308, 0, -0, 3.14];
/** Under the 100 KB body limit, over any field's own limit. */
const OVERSIZED_TEXT = "<script>".repeat(7_000);
const ONE_MEGABYTE = "x".repeat(1024 * 1024);

type Leaf = { path: string; type: GraphQLInputType };

/** A value of the right type, as hostile as the type allows. */
function hostileValue(type: GraphQLInputType, rng: Rng, depth = 0): unknown {
  if (isNonNullType(type)) {
    return hostileValue(type.ofType, rng, depth);
  }
  if (isListType(type)) {
    const length = rng.pick([0, 1, 3]);
    return Array.from({ length }, () => hostileValue(type.ofType, rng, depth + 1));
  }
  if (isEnumType(type)) {
    return rng.pick(type.getValues()).value;
  }
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((field) => [field.name, hostileValue(field.type, rng, depth + 1)]),
    );
  }
  switch (getNamedType(type).name) {
    case "Int":
      return rng.pick(HOSTILE_INTS);
    case "Float":
      return rng.pick(HOSTILE_FLOATS);
    case "Boolean":
      return rng.chance(0.5);
    case "DateTimeISO":
      return rng.pick(["1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]);
    default:
      return rng.pick(HOSTILE_STRINGS);
  }
}

/** Values GraphQL must refuse for the type before any resolver runs. */
function wrongValues(type: GraphQLInputType): unknown[] {
  if (isNonNullType(type)) {
    return [null, ...wrongValues(type.ofType)];
  }
  if (isListType(type)) {
    // A single value is coerced to a list of one: only wrong items (or a list of lists) are wrong.
    return wrongValues(type.ofType)
      .filter((value) => value !== null || isNonNullType(type.ofType))
      .map((value) => [value]);
  }
  if (isEnumType(type)) {
    return ["NOT_A_VALUE", "admin' OR '1'='1", 1, { $ne: null }];
  }
  if (isInputObjectType(type)) {
    return ["' OR 1=1 --", 42, [[]], { __unknownField__: "<script>alert(1)</script>" }];
  }
  switch (getNamedType(type).name) {
    case "Int":
      return ["1", 1.5, 2147483648, -2147483649, true, { $gt: 0 }];
    case "Float":
      return ["1.5", true, {}];
    case "Boolean":
      return ["true", 1, {}];
    case "ID":
      return [true, 1.5, { $ne: null }, ["a", "b"]];
    case "String":
      return [42, true, { $ne: null }, ["a", "b"]];
    default:
      return [];
  }
}

/** Every place an argument's value can go wrong: the argument and each field of its input objects. */
function leavesOf(args: readonly GraphQLArgument[]): Leaf[] {
  const leaves: Leaf[] = [];
  const visit = (path: string, type: GraphQLInputType, depth: number) => {
    leaves.push({ path, type });
    const named = getNamedType(type);
    if (isInputObjectType(named) && depth < 3) {
      for (const field of Object.values(named.getFields())) {
        visit(`${path}.${field.name}`, field.type, depth + 1);
      }
    }
  };
  for (const arg of args) {
    visit(arg.name, arg.type, 0);
  }
  return leaves;
}

/** `variables` with the value at `path` (dots into input objects) replaced, creating objects on the way. */
function setAt(variables: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(variables);
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) {
      target[key] = {};
    }
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1) as string] = value;
  return copy;
}

const hostileVariables = (args: readonly GraphQLArgument[], rng: Rng) =>
  Object.fromEntries(args.map((arg) => [arg.name, hostileValue(arg.type, rng)]));

/** One leaf made certainly invalid yet of the right type: text past any limit, an impossible number. */
function poison(leaves: Leaf[], rng: Rng): { path: string; value: unknown } | null {
  const candidates = leaves.filter((leaf) => ["String", "ID", "Int"].includes(getNamedType(leaf.type).name));
  if (candidates.length === 0) {
    return null;
  }
  const leaf = rng.pick(candidates);
  const scalar = getNamedType(leaf.type).name === "Int" ? -2147483648 : OVERSIZED_TEXT;
  const inList = isListType(isNonNullType(leaf.type) ? leaf.type.ofType : leaf.type);
  return { path: leaf.path, value: inList ? [scalar] : scalar };
}

// --- What a refusal must look like ---------------------------------------------------------------

const CLIENT_CODES = new Set([
  "BAD_USER_INPUT",
  "GRAPHQL_VALIDATION_FAILED",
  "GRAPHQL_PARSE_FAILED",
  "BAD_REQUEST",
  "OPERATION_RESOLUTION_FAILURE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "ACCOUNT_INACTIVE",
  "ACCOUNT_RESTRICTED",
  "CONTENT_FLAGGED",
  "PAYLOAD_TOO_LARGE",
  "TOO_MANY_REQUESTS",
]);

type Answer = { status: number; body: any; text: string };

/** Why a GraphQL answer is not a clear refusal, or null when it is. */
function graphqlRefusalProblem(res: Answer, options: { refused: boolean; status?: number }): string | null {
  if (res.status >= 500) {
    return `HTTP ${res.status}`;
  }
  if (res.status === 413 || (res.status === 400 && !res.body?.errors)) {
    // Refused by the body parser or the HTTP layer before GraphQL: { error } as on /api.
    return clearMessage(res.body?.error ?? res.body?.errors?.[0]?.message);
  }
  const errors = res.body?.errors as { message?: unknown; extensions?: Record<string, unknown> }[] | undefined;
  if (!errors?.length) {
    return options.refused ? `accepted (HTTP ${res.status}): ${res.text.slice(0, 200)}` : null;
  }
  for (const error of errors) {
    const code = String(error.extensions?.code);
    const problem = clearMessage(error.message);
    if (problem) {
      return problem;
    }
    if (!CLIENT_CODES.has(code)) {
      return `code ${code}: ${String(error.message)}`;
    }
    if (error.extensions?.stacktrace || error.extensions?.exception) {
      return "stack trace in the answer";
    }
  }
  if (options.status !== undefined && res.status !== options.status) {
    return `HTTP ${res.status}, expected ${options.status}: ${res.text.slice(0, 200)}`;
  }
  return null;
}

function clearMessage(message: unknown): string | null {
  if (typeof message !== "string" || message.trim() === "") {
    return `no message: ${JSON.stringify(message)}`;
  }
  if (message === Messages.internal || /internal server error|prisma|postgres|stack|at \w+ \(/i.test(message)) {
    return `internal message: ${message.slice(0, 200)}`;
  }
  return null;
}

// --- Nothing written -----------------------------------------------------------------------------

/**
 * A checksum of every table's rows. Users' lastActiveAt (and so updatedAt) are left out: any signed-in
 * request may refresh them in the background.
 */
async function tableChecksums(app: TestApp): Promise<Record<string, string>> {
  const tables = await app.db.sql.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const sums: Record<string, string> = {};
  for (const { tablename } of tables) {
    const row = tablename === "User" ? `to_jsonb(t) - 'lastActiveAt' - 'updatedAt'` : "to_jsonb(t)";
    const [result] = await app.db.sql.query<{ rows: string; sum: string | null }>(
      `SELECT count(*)::text AS rows, md5(string_agg(md5((${row})::text), '' ORDER BY md5((${row})::text))) AS sum
       FROM "${tablename}" t`,
    );
    sums[tablename] = `${result?.rows} rows, ${result?.sum}`;
  }
  return sums;
}

// --- The tests -----------------------------------------------------------------------------------

type Caller = "anonymous" | "student" | "teacher" | "admin";

/** A response body as JSON, or undefined when it is not JSON (a refusal must still be readable). */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe(`fuzz (seed ${SEED}; FUZZ_SEED=${SEED} replays it)`, () => {
  let app: TestApp;
  let users: Record<Exclude<Caller, "anonymous">, TestUser>;
  let operations: RootOperation[];
  const tokenOf = (caller: Caller) => (caller === "anonymous" ? undefined : users[caller].token);

  const post = async (body: string, headers: Record<string, string> = {}, path = "/graphql"): Promise<Answer> => {
    const res = await fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: jsonOrUndefined(text), text };
  };
  const gql = (query: string, variables: unknown, caller: Caller) =>
    post(JSON.stringify({ query, variables }), tokenOf(caller) ? { authorization: `Bearer ${tokenOf(caller)}` } : {});

  /** Runs `cases` and fails with every problem (and the seed) unless each is a clear refusal. */
  async function expectAllClear(label: string, problems: string[]) {
    expect(problems, `${label} (seed ${SEED}; rerun with FUZZ_SEED=${SEED})`).toEqual([]);
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status, `server down after ${label}`).toBe(200);
  }

  beforeAll(async () => {
    app = await startIsolatedTestApp({ AI_OFFLINE_PACE_MS: "0" });
    users = {
      student: await app.createUser({ role: "student", school: "Pimlico Academy" }),
      teacher: await app.createUser({ role: "teacher", school: "Pimlico Academy" }),
      admin: await app.createUser({ role: "admin", school: null }),
    };
    operations = await rootOperations();
    // Each user's first request refreshes lastActiveAt in the background: done before any checksum.
    for (const caller of ["student", "teacher", "admin"] as const) {
      await gql("query { me { uid } }", {}, caller);
    }
  });
  afterAll(() => app?.stop());

  it("finds operations and routes to fuzz", () => {
    expect(operations.filter((op) => op.kind === "mutation").length).toBeGreaterThan(10);
    expect(restRoutes(app).length).toBeGreaterThan(10);
  });

  describe("every mutation", () => {
    // One test walks the mutations: they are known only once the schema is built, after collection.
    it("refuses wrong types, hostile values and oversized text with a clear 4xx and writes nothing", async () => {
      const rng = generator(SEED);
      const before = await tableChecksums(app);
      const problems: string[] = [];
      for (const operation of operations.filter((op) => op.kind === "mutation")) {
        const args = operation.field.args;
        const document = operationDocument(operation);
        const leaves = leavesOf(args);

        // Wrong types, one place at a time: GraphQL refuses them (HTTP 400) before any resolver runs.
        for (const leaf of leaves) {
          const wrongs = wrongValues(leaf.type);
          for (const wrong of [rng.pick(wrongs), rng.pick(wrongs)].filter((_, i) => wrongs.length > i)) {
            const variables = setAt(hostileVariables(args, rng), leaf.path, wrong);
            const res = await gql(document, variables, "admin");
            const problem = graphqlRefusalProblem(res, { refused: true, status: 400 });
            if (problem) {
              problems.push(`${operation.name} ${leaf.path}=${JSON.stringify(wrong)}: ${problem}`);
            }
          }
        }

        // Hostile values of the right type, one of them certainly invalid: refused by the service.
        for (let round = 0; round < 4; round++) {
          const bad = poison(leaves, rng);
          if (!bad) {
            break;
          }
          const variables = setAt(hostileVariables(args, rng), bad.path, bad.value);
          for (const caller of ["admin", "student", "teacher"] as const) {
            const res = await gql(document, variables, caller);
            const problem = graphqlRefusalProblem(res, { refused: true });
            if (problem) {
              const shown = JSON.stringify(variables).slice(0, 300);
              problems.push(`${operation.name} as ${caller} with ${bad.path} poisoned, ${shown}: ${problem}`);
            }
          }
        }
      }
      await expectAllClear("mutations", problems);
      expect(await tableChecksums(app)).toEqual(before);
    });
  });

  it("answers hostile values of the right type to every operation without a 500 or an internal error", async () => {
    const rng = generator(SEED + 1);
    const problems: string[] = [];
    for (const operation of operations.filter((op) => op.kind !== "subscription")) {
      const document = operationDocument(operation);
      for (let round = 0; round < 3; round++) {
        const variables = hostileVariables(operation.field.args, rng);
        const caller = rng.pick(["anonymous", "student", "teacher", "admin"] as const);
        const before = operation.kind === "mutation" ? await tableChecksums(app) : null;
        const res = await gql(document, variables, caller);
        const problem = graphqlRefusalProblem(res, { refused: false });
        const accepted = res.status === 200 && !res.body?.errors;
        if (problem) {
          problems.push(`${operation.name} as ${caller}, ${JSON.stringify(variables).slice(0, 300)}: ${problem}`);
        } else if (before && !accepted) {
          const after = await tableChecksums(app);
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length) {
            problems.push(`${operation.name} as ${caller} was refused but changed ${changed.join(", ")}`);
          }
        }
      }
    }
    await expectAllClear("operations", problems);
  });

  it("refuses malformed GraphQL requests and forged tokens with a clear 4xx", async () => {
    const before = await tableChecksums(app);
    const key = new TextEncoder().encode("not-the-server-secret-but-long-enough-for-hs256");
    const forged = [
      "Bearer",
      "Bearer ",
      "Bearer a.b.c",
      "Bearer ' OR 1=1 --",
      `Bearer ${"x".repeat(10_000)}`,
      "Basic YWRtaW46YWRtaW4=",
      // alg none, claiming to be the admin
      `Bearer ${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(
        JSON.stringify({ sub: users.admin.id, ver: 0, exp: 9_999_999_999, iss: "reading-room" }),
      ).toString("base64url")}.`,
      `Bearer ${await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(users.admin.id)
        .setIssuer("reading-room")
        .setExpirationTime("1h")
        .sign(key)}`,
      // The admin's real token with its signature cut off, and with the student's payload swapped in.
      `Bearer ${users.admin.token.split(".").slice(0, 2).join(".")}.`,
      `Bearer ${users.admin.token.split(".")[0]}.${users.student.token.split(".")[1]}.${users.admin.token.split(".")[2]}`,
    ];
    const problems: string[] = [];
    const check = (label: string, res: Answer, status?: number) => {
      const problem = graphqlRefusalProblem(res, { refused: true, ...(status ? { status } : {}) });
      if (problem) {
        problems.push(`${label}: ${problem}`);
      }
    };
    for (const authorization of forged) {
      check(
        `forged ${authorization.slice(0, 40)}`,
        await post(JSON.stringify({ query: "{ me { uid } }" }), { authorization }),
        401,
      );
    }
    const malformed: [string, string, Record<string, string>?][] = [
      ["truncated JSON", `{"query": "{ me { uid } `],
      ["not JSON", "query { me { uid } }"],
      ["trailing comma", `{"query": "{ schools { id } }",}`],
      ["a JSON string", `"{ schools { id } }"`],
      ["a number", "42"],
      ["null", "null"],
      ["query not a string", JSON.stringify({ query: 42 })],
      ["query an object", JSON.stringify({ query: { $ne: null } })],
      ["variables a string", JSON.stringify({ query: "{ schools { id } }", variables: "' OR 1=1 --" })],
      ["variables an array", JSON.stringify({ query: "{ schools { id } }", variables: [1, 2] })],
      ["no query", JSON.stringify({ variables: {} })],
      ["syntax error", JSON.stringify({ query: "{ schools { id " })],
      ["unknown field", JSON.stringify({ query: "{ users { passwordHash } }" })],
      ["null byte in query", JSON.stringify({ query: "{ schools\u0000 { id } }" })],
      ["SQL as a query", JSON.stringify({ query: "' OR 1=1 --" })],
      ["script as a query", JSON.stringify({ query: "<script>alert(1)</script>" })],
      ["unknown operationName", JSON.stringify({ query: "query A { schools { id } }", operationName: "B" })],
      ["two operations, none named", JSON.stringify({ query: "query A { schools { id } } query B { me { uid } }" })],
      ["1 MB query", JSON.stringify({ query: `{ schools { id } } # ${ONE_MEGABYTE}` })],
      [
        "1 MB variable",
        JSON.stringify({
          query: "mutation($e: String!) { requestPasswordReset(email: $e) { message } }",
          variables: { e: ONE_MEGABYTE },
        }),
      ],
      [
        "text/plain",
        JSON.stringify({ query: 'mutation { requestPasswordReset(email: "a@b.co") { message } }' }),
        { "content-type": "text/plain" },
      ],
      ["form encoded", "query=mutation%20%7B%20login%20%7D", { "content-type": "application/x-www-form-urlencoded" }],
      [
        "lone surrogate in JSON",
        `{"query": "mutation($e: String!) { requestPasswordReset(email: $e) { message } }", "variables": {"e": "\\ud800"}}`,
      ],
    ];
    for (const [label, body, headers] of malformed) {
      check(label, await post(body, headers));
    }
    await expectAllClear("malformed requests", problems);
    expect(await tableChecksums(app)).toEqual(before);
  });

  it("refuses hostile bodies, parameters and tokens on every REST route with a clear 4xx", async () => {
    const rng = generator(SEED + 2);
    const before = await tableChecksums(app);
    const problems: string[] = [];
    // Path segments as sent: hostile text percent-encoded as UTF-8 bytes, and broken encodings.
    const encode = (text: string) =>
      [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
    const BAD_ENCODINGS = ["%ED%A0%80", "%E0%A4%A", "%"];
    const segments = [
      ...HOSTILE_STRINGS.filter((text) => text.length < 1000 && text !== "").map(encode),
      ...BAD_ENCODINGS,
      "..",
      encode("x".repeat(5_000)),
    ];
    const bodies: [string, string, string][] = [
      ["malformed JSON", `{"email": "a@b.co", `, "application/json"],
      ["JSON array", JSON.stringify([{ email: "' OR 1=1 --" }]), "application/json"],
      ["JSON string", JSON.stringify("<script>alert(1)</script>"), "application/json"],
      ["JSON number", "-1e309", "application/json"],
      ["JSON null", "null", "application/json"],
      [
        "prototype pollution",
        `{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}`,
        "application/json",
      ],
      [
        "NoSQL operators",
        JSON.stringify({ email: { $ne: null }, password: { $gt: "" }, bookId: { $ne: null }, role: ["admin"] }),
        "application/json",
      ],
      [
        "wrong types",
        JSON.stringify({
          email: 42,
          password: true,
          message: [],
          bookId: {},
          rating: "NaN",
          reviewText: null,
          role: 1,
          token: [],
        }),
        "application/json",
      ],
      ["1 MB", JSON.stringify({ message: ONE_MEGABYTE, reviewText: ONE_MEGABYTE }), "application/json"],
      ["form encoded", "email=a%40b.co&password=x", "application/x-www-form-urlencoded"],
      ["text/plain JSON", JSON.stringify({ role: "admin" }), "text/plain"],
      ["charset", JSON.stringify({ role: "admin" }), "application/json; charset=utf-7"],
    ];
    const forged = [
      "Bearer a.b.c",
      "Bearer ' OR 1=1 --",
      `Bearer ${users.admin.token.slice(0, -12)}${users.admin.token.slice(-12, -4) === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA"}${users.admin.token.slice(-4)}`,
    ];
    for (const route of restRoutes(app)) {
      if (route.path.startsWith("/.*") || route.key === "GET /graphql") {
        continue; // the client's pages and the IDE: static files, no input
      }
      const writes = route.method !== "GET";
      for (let round = 0; round < 8; round++) {
        const path = route.path.replace(/:\w+/g, () => rng.pick(segments));
        const query = rng.pick([
          "",
          "?limit=-1&cursor=%27%20OR%201%3D1%20--",
          "?userId[]=a&userId[]=b&limit=1e309",
          "?before=NaN&limit=9999999999999",
          `?to=${rng.pick(segments)}&schoolId=${rng.pick(segments)}`,
          "?__proto__[admin]=true",
        ]);
        const [label, body, contentType] = rng.pick(bodies);
        const caller = rng.pick(["anonymous", "student", "teacher", "admin", "forged"] as const);
        const authorization =
          caller === "forged" ? rng.pick(forged) : caller === "anonymous" ? undefined : `Bearer ${tokenOf(caller)}`;
        const res = await fetch(`${app.url}${path}${query}`, {
          method: route.method,
          headers: { "content-type": contentType, ...(authorization ? { authorization } : {}) },
          ...(route.method === "GET" ? {} : { body }),
          redirect: "manual",
        });
        const text = await res.text();
        const parsed: any = jsonOrUndefined(text);
        const where = `${route.method} ${path}${query} as ${caller} with ${label}`;
        if (res.status >= 500) {
          problems.push(`${where}: HTTP ${res.status} ${text.slice(0, 200)}`);
        } else if (writes && (res.status < 400 || res.status >= 500)) {
          problems.push(`${where}: accepted (HTTP ${res.status}) ${text.slice(0, 200)}`);
        } else if (res.status >= 400 && route.path.startsWith("/api/")) {
          const problem = parsed ? clearMessage(parsed.error) : `not JSON: ${text.slice(0, 200)}`;
          if (problem) {
            problems.push(`${where}: ${problem}`);
          }
        }
      }
    }
    await expectAllClear("REST routes", problems);
    expect(await tableChecksums(app)).toEqual(before);
  });

  // PostgreSQL cannot store NUL in text: the database's refusal is a 400, not an internal error.
  it.each([
    ["book", "query($id: ID!) { book(id: $id) { id } }", { id: "abc\u0000def" }],
    ["chat", "query($id: ID!) { chat(id: $id) { id } }", { id: "\u0000" }],
    ["openChat", "mutation($id: ID!) { openChat(bookId: $id) { id } }", { id: "\u0000" }],
    ["unblockStudent", "mutation($id: ID!) { unblockStudent(userId: $id) { uid } }", { id: "\u0000" }],
  ])("refuses a NUL byte in the ID of %s with a clear 4xx", async (_name, query, variables) => {
    const res = await gql(query, variables, "admin");
    expect(graphqlRefusalProblem(res, { refused: true })).toBeNull();
  });

  it("refuses a NUL byte in a REST path parameter with a 400 that says why", async () => {
    const res = await fetch(`${app.url}/api/reviews/abc%00def`, {
      headers: { authorization: `Bearer ${users.student.token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: Messages.unstorableText, code: "BAD_USER_INPUT" });
  });

  it.each(["/api/reviews/%E0%A4%A", "/api/chat/teacher/chat/%ED%A0%80", "/covers/%/low"])(
    "refuses the malformed path %s with a 400 that says why",
    async (path) => {
      const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${users.admin.token}` } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: Messages.malformedPath, code: "BAD_USER_INPUT" });
    },
  );
});
