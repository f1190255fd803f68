import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_TAKEN_MESSAGE,
  TOO_MANY_REGISTRATIONS_MESSAGE,
  TOO_MANY_TEACHER_CODES_MESSAGE,
} from "../src/modules/auth/auth.service.js";
import { NAME_CONTACT_MESSAGE, NAME_UNKIND_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import { gqlError, REGISTER, registration, userExists } from "./helpers/auth-kit.js";
import { type HttpResult, startTestApp, TEACHER_CODE, type TestApp, uniqueEmail } from "./helpers/test-app.js";

// What an attack probe found open at sign-up: registrations without limit (and "email taken" as an
// oracle for which children have accounts), teacher codes guessed at 700 a second, and display names
// nobody judged. Each address below is a different client behind the trusted proxy (X-Forwarded-For).

let nextAddress = 0;
/** A client address no other test uses. */
const freshAddress = () => `203.0.113.${(nextAddress += 1)}`;

function expectTooMany(res: HttpResult, message: string, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: message, code: "TOO_MANY_REQUESTS" });
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe("registration limits", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      TRUST_PROXY: "1",
      REGISTRATIONS_PER_MINUTE_PER_ADDRESS: "3",
    });
  });
  afterAll(() => app.stop());

  const register = (address: string, body: Record<string, unknown>) =>
    app.api("POST", "/api/auth/register", { body, headers: { "x-forwarded-for": address } });

  it("refuses the 4th account from one address in a minute with 429 and Retry-After, writing nothing", async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await register(address, registration())).status).toBe(201);
    }
    const fourth = registration();
    expectTooMany(await register(address, fourth), TOO_MANY_REGISTRATIONS_MESSAGE, 60);
    expect(await userExists(app, fourth.email as string)).toBe(false);

    // Another address (another school) is not held up.
    expect((await register(freshAddress(), registration())).status).toBe(201);
  });

  it("counts 'email taken' answers too, so they cannot list which children have accounts", async () => {
    const address = freshAddress();
    const taken = registration();
    expect((await register(address, taken)).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const res = await register(address, registration({ email: taken.email }));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(EMAIL_TAKEN_MESSAGE);
    }
    expectTooMany(await register(address, registration({ email: taken.email })), TOO_MANY_REGISTRATIONS_MESSAGE, 60);
  });

  it("counts GraphQL and REST registrations together", async () => {
    const address = freshAddress();
    expect((await register(address, registration())).status).toBe(201);
    const viaGraphql = () =>
      app.api("POST", "/graphql", {
        body: { query: REGISTER, variables: { input: registration() } },
        headers: { "x-forwarded-for": address },
      });
    expect((await viaGraphql()).body.data.register.token).toEqual(expect.any(String));
    expect((await viaGraphql()).body.data.register.token).toEqual(expect.any(String));
    const refused = await viaGraphql();
    expect(refused.status).toBe(429);
    expect(gqlError(refused.body)).toEqual({ message: TOO_MANY_REGISTRATIONS_MESSAGE, code: "TOO_MANY_REQUESTS" });
  });

  it("does not count a form that fails validation (a child fixing a typo is not held up)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await register(address, registration({ password: "abc" }))).status).toBe(400);
    }
  });
});

describe("registrations across the deployment", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      TRUST_PROXY: "1",
      REGISTRATIONS_PER_MINUTE_PER_ADDRESS: "3",
      REGISTRATIONS_PER_MINUTE: "8",
    });
  });
  afterAll(() => app.stop());

  it("holds REGISTRATIONS_PER_MINUTE over accounts spread across addresses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const address = freshAddress();
      for (let j = 0; j < 2; j++) {
        const res = await app.api("POST", "/api/auth/register", {
          body: registration(),
          headers: { "x-forwarded-for": address },
        });
        statuses.push(res.status);
      }
    }
    expect(statuses).toEqual([...Array(8).fill(201), 429, 429]);
    const res = await app.api("POST", "/api/auth/register", {
      body: registration(),
      headers: { "x-forwarded-for": freshAddress() },
    });
    expectTooMany(res, TOO_MANY_REGISTRATIONS_MESSAGE, 60);
  });
});

describe("teacher sign-up codes", () => {
  let app: TestApp;
  beforeAll(async () => {
    // The real defaults: 5 wrong codes an hour per address, 50 across the deployment.
    app = await startTestApp({
      TRUST_PROXY: "1",
      TEACHER_CODE_FAILURES_PER_HOUR_PER_ADDRESS: "5",
      TEACHER_CODE_FAILURES_PER_HOUR: "50",
    });
  });
  afterAll(() => app.stop());

  const registerTeacher = (address: string, teacherCode: string) => {
    const body = registration({ role: "teacher", teacherCode, school: "Ark Conway" });
    return app.api("POST", "/api/auth/register", { body, headers: { "x-forwarded-for": address } });
  };

  it("refuses every code from an address after 5 wrong ones, the right one included, with 429", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await registerTeacher(address, `guess-${i}-abcdefgh`);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ teacherCode: "Valid teacher code is required" });
    }
    const teachers = () => app.db.prisma.user.count({ where: { role: "teacher" } });
    const before = await teachers();
    expectTooMany(await registerTeacher(address, TEACHER_CODE), TOO_MANY_TEACHER_CODES_MESSAGE, 3600);
    expect(await teachers()).toBe(before);

    // A teacher elsewhere signs up as usual.
    expect((await registerTeacher(freshAddress(), TEACHER_CODE)).status).toBe(201);
  });

  it("counts a burst of guesses sent at once in full", async () => {
    const address = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => registerTeacher(address, `burst-guess-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("counts only wrong codes: a staff room signing up together from one address gets through", async () => {
    const address = freshAddress();
    for (let i = 0; i < 8; i++) {
      expect((await registerTeacher(address, TEACHER_CODE)).status).toBe(201);
    }
    for (let i = 0; i < 5; i++) {
      expect((await registerTeacher(address, "not-the-code-at-all")).status).toBe(400);
    }
    expect((await registerTeacher(address, "not-the-code-at-all")).status).toBe(429);
  });

  it("does not count a missing code (not a guess)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 7; i++) {
      expect((await registerTeacher(address, "")).status).toBe(400);
    }
    expect((await registerTeacher(address, TEACHER_CODE)).status).toBe(201);
  });
});

describe("teacher code guesses across the deployment", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      TRUST_PROXY: "1",
      TEACHER_CODE_FAILURES_PER_HOUR_PER_ADDRESS: "5",
      TEACHER_CODE_FAILURES_PER_HOUR: "8",
    });
  });
  afterAll(() => app.stop());

  it("holds TEACHER_CODE_FAILURES_PER_HOUR over guesses spread across addresses", async () => {
    const body = () => registration({ role: "teacher", teacherCode: "spread-guess", school: "Ark Conway" });
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const address = freshAddress();
      for (let j = 0; j < 3; j++) {
        const res = await app.api("POST", "/api/auth/register", {
          body: body(),
          headers: { "x-forwarded-for": address },
        });
        statuses.push(res.status);
        bodies.push(res.body);
      }
    }
    expect(statuses, JSON.stringify(bodies)).toHaveLength(12);
    expect(statuses.filter((s) => s === 400)).toHaveLength(8);
    expect(statuses.slice(8).every((s) => s === 429)).toBe(true);
  });
});

describe("display names", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it.each([
    ["You Are A Stupid Idiot Loser", NAME_UNKIND_MESSAGE],
    ["shut up loser", NAME_UNKIND_MESSAGE],
    ["Text me 07700 900123", NAME_CONTACT_MESSAGE],
    ["Jo 07700-900-123", NAME_CONTACT_MESSAGE],
  ])("refuses %j at registration over GraphQL, with no account, strike or alert", async (displayName, message) => {
    const input = registration({ displayName });
    const res = await app.gql(REGISTER, { input });
    expect(gqlError(res.body)).toEqual({
      message,
      code: "BAD_USER_INPUT",
      fields: { displayName: message },
    });
    expect(await userExists(app, input.email as string)).toBe(false);
    expect(await app.db.prisma.moderationEvent.count({ where: { messageExcerpt: displayName } })).toBe(0);
  });

  it.each(["Ada Lovelace", "Dick Whittington", "Mohammed Ali", "Year 7 Jo", "Zoë O'Brien-Smith"])(
    "accepts %j",
    async (displayName) => {
      const res = await app.api("POST", "/api/auth/register", { body: registration({ displayName }) });
      expect(res.status).toBe(201);
      expect(res.body.user.displayName).toBe(displayName);
    },
  );

  it("refuses an admin's rename to an unkind name or a phone number, and keeps the old name", async () => {
    const admin = await app.createUser({ role: "admin" });
    const student = await app.createUser({ displayName: "Ben Reader" });
    const rename = (displayName: string) =>
      app.gql(
        `mutation Rename($id: ID!, $displayName: String) { updateUser(id: $id, displayName: $displayName) { displayName } }`,
        { id: student.id, displayName },
        admin.token,
      );
    for (const [name, message] of [
      ["You Are A Stupid Idiot Loser", NAME_UNKIND_MESSAGE],
      ["Text me 07700 900123", NAME_CONTACT_MESSAGE],
    ] as const) {
      const res = await rename(name);
      expect(gqlError(res.body)).toEqual({ message, code: "BAD_USER_INPUT", fields: { displayName: message } });
    }
    const row = await app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(row.displayName).toBe("Ben Reader");
    expect(row.strikeCount).toBe(0);

    const fine = await rename("Ben Bookworm");
    expect(fine.body.data.updateUser.displayName).toBe("Ben Bookworm");
  });

  it("refuses the same over REST at registration", async () => {
    const email = uniqueEmail("name");
    const res = await app.api("POST", "/api/auth/register", {
      body: registration({ email, displayName: "You Are A Stupid Idiot Loser" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: NAME_UNKIND_MESSAGE,
      code: "BAD_USER_INPUT",
      fields: { displayName: NAME_UNKIND_MESSAGE },
    });
    expect(await userExists(app, email)).toBe(false);
  });
});
