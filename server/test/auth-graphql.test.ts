import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOL_NAMES } from "../src/db/schools.js";
import { Messages } from "../src/errors/app-error.js";
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
} from "../src/modules/auth/auth.service.js";
import {
  expectNoSecrets,
  expectUserShape,
  gqlError,
  LOGIN,
  REGISTER,
  registration,
  STRONG_PASSWORD,
  userExists,
} from "./helpers/auth-kit.js";
import { startTestApp, TEACHER_CODE, type TestApp, uniqueEmail } from "./helpers/test-app.js";

// The same account rules over GraphQL: the register and login mutations and the schools query.
// Domain errors keep their code and message (extensions.code, extensions.fields).

describe("GraphQL auth", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  describe("schools", () => {
    it("lists the 24 partner schools in the spec's order, without signing in", async () => {
      const res = await app.gql("query { schools { id name } }");
      expect(res.status).toBe(200);
      expect(res.body.data.schools.map((s: { name: string }) => s.name)).toEqual([...SCHOOL_NAMES]);
      expect(res.body.data.schools[0]).toEqual({ id: "pimlico-academy", name: "Pimlico Academy" });
    });
  });

  describe("register", () => {
    it("creates a student account and answers a token and the user, without secrets", async () => {
      const input = registration();
      const res = await app.gql(REGISTER, { input });

      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.register.token.split(".")).toHaveLength(3);
      expectUserShape(res.body.data.register.user, {
        email: input.email as string,
        displayName: input.displayName as string,
        role: "student",
        school: "Pimlico Academy",
      });
      expectNoSecrets(res.body);
      expect(await userExists(app, input.email as string)).toBe(true);

      const me = await app.api("GET", "/api/auth/user", { token: res.body.data.register.token });
      expect(me.status).toBe(200);
      expect(me.body.user).toEqual(res.body.data.register.user);
    });

    it("creates a teacher with the server's teacher code", async () => {
      const input = registration({ role: "teacher", teacherCode: TEACHER_CODE, school: "Newman" });
      const res = await app.gql(REGISTER, { input });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.register.user).toMatchObject({ role: "teacher", school: "Newman" });
    });

    it("stores the email lower-cased and refuses the same email in another case", async () => {
      const email = uniqueEmail("gql-dup");
      const first = await app.gql(REGISTER, { input: registration({ email: email.toUpperCase() }) });
      expect(first.body.data.register.user.email).toBe(email);

      const second = await app.gql(REGISTER, { input: registration({ email }) });
      expect(second.status).toBe(200);
      expect(second.body.data).toBeNull();
      expect(gqlError(second.body)).toEqual({ message: EMAIL_TAKEN_MESSAGE, code: "CONFLICT" });
      expect(await app.db.prisma.user.count({ where: { email } })).toBe(1);
    });

    it.each([
      ["an empty full name", { displayName: "" }, "displayName", "Full name is required"],
      ["an empty email", { email: "" }, "email", "Email is required"],
      ["an invalid email", { email: "ada@example" }, "email", "Email is invalid"],
      ["an empty password", { password: "" }, "password", "Password is required"],
      ["a 5-character password", { password: "k9#Lq" }, "password", "Password must be at least 6 characters"],
      ["a common password", { password: "letmein1" }, "password", COMMON_PASSWORD_MESSAGE],
      ["a missing school", { school: undefined }, "school", "School is required"],
      ["an unknown school", { school: "Springfield Elementary" }, "school", "Please choose a school from the list"],
      ["the admin role", { role: "admin" }, "role", "Role must be student or teacher"],
      ["a teacher without a code", { role: "teacher" }, "teacherCode", "Valid teacher code is required"],
      [
        "a teacher with a wrong code",
        { role: "teacher", teacherCode: "nope" },
        "teacherCode",
        "Valid teacher code is required",
      ],
    ])("refuses %s with BAD_USER_INPUT and writes nothing", async (_case, overrides, field, message) => {
      const input = registration(overrides);
      const res = await app.gql(REGISTER, { input });

      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      expect(gqlError(res.body)).toEqual({ message, code: "BAD_USER_INPUT", fields: { [field]: message } });
      if (input.email) {
        expect(await userExists(app, input.email as string)).toBe(false);
      }
      expect(await app.db.prisma.user.count({ where: { displayName: input.displayName as string } })).toBe(0);
    });

    it("refuses a role outside the Role enum before running the mutation (HTTP 400)", async () => {
      const input = registration({ role: "superuser" });
      const res = await app.gql(REGISTER, { input });
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(gqlError(res.body).code).toBe("BAD_USER_INPUT");
      expect(await userExists(app, input.email as string)).toBe(false);
    });

    it("refuses an email that is not a string before running the mutation (HTTP 400)", async () => {
      const res = await app.gql(REGISTER, { input: registration({ email: 123 }) });
      expect(res.status).toBe(400);
      expect(gqlError(res.body)).toEqual({
        message:
          'Variable "$input" got invalid value 123 at "input.email"; String cannot represent a non string value: 123',
        code: "BAD_USER_INPUT",
      });
    });
  });

  describe("login", () => {
    it("signs in with email and password", async () => {
      const user = await app.createUser({ displayName: "Dorothy Vaughan", school: "Ark Conway" });
      const res = await app.gql(LOGIN, { input: { email: user.email.toUpperCase(), password: user.password } });

      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expectUserShape(res.body.data.login.user, {
        email: user.email,
        displayName: "Dorothy Vaughan",
        role: "student",
        school: "Ark Conway",
      });
      expect(res.body.data.login.user.uid).toBe(user.id);
      expectNoSecrets(res.body);

      const me = await app.api("GET", "/api/auth/user", { token: res.body.data.login.token });
      expect(me.status).toBe(200);
      expect(me.body.user.uid).toBe(user.id);
    });

    it("answers a wrong password and an unknown email alike, with HTTP 401 and UNAUTHENTICATED", async () => {
      const user = await app.createUser();
      const wrongPassword = await app.gql(LOGIN, { input: { email: user.email, password: "not-the-password" } });
      const unknownEmail = await app.gql(LOGIN, { input: { email: uniqueEmail("ghost"), password: user.password } });

      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.status).toBe(401);
        expect(res.body.data).toBeNull();
        expect(gqlError(res.body)).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
      }
    });

    it.each([
      ["an empty email", { email: "", password: STRONG_PASSWORD }, "email", "Email is required"],
      ["an invalid email", { email: "dorothy", password: STRONG_PASSWORD }, "email", "Email is invalid"],
      ["an empty password", { email: "dorothy@example.org", password: "" }, "password", "Password is required"],
    ])("refuses %s with BAD_USER_INPUT", async (_case, input, field, message) => {
      const res = await app.gql(LOGIN, { input });
      expect(res.status).toBe(200);
      expect(gqlError(res.body)).toEqual({ message, code: "BAD_USER_INPUT", fields: { [field]: message } });
    });

    it("refuses an inactive account with ACCOUNT_INACTIVE", async () => {
      const user = await app.createUser({ status: "inactive" });
      const res = await app.gql(LOGIN, { input: { email: user.email, password: user.password } });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      expect(gqlError(res.body)).toEqual({ message: Messages.accountInactive, code: "ACCOUNT_INACTIVE" });
    });
  });

  describe("request bodies", () => {
    it("answers a body that is not valid JSON with 400", async () => {
      const res = await app.api("POST", "/graphql", { rawBody: '{"query": "{ schools { id } }"' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
    });

    it("answers a body over BODY_LIMIT_BYTES with 413 and writes nothing", async () => {
      const input = registration({ displayName: `Big ${"x".repeat(100 * 1024)}` });
      const res = await app.gql(REGISTER, { input });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: Messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
      expect(await userExists(app, input.email as string)).toBe(false);
    });

    it("answers a query that does not parse with HTTP 400 and GRAPHQL_PARSE_FAILED", async () => {
      const res = await app.gql("mutation { register(");
      expect(res.status).toBe(400);
      expect(gqlError(res.body).code).toBe("GRAPHQL_PARSE_FAILED");
    });
  });
});
