import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import {
  COMMON_PASSWORD_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
} from "../src/modules/auth/auth.service.js";
import { NAME_CONTACT_MESSAGE, NAME_UNKIND_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import { expectNoSecrets, expectUserShape, registration, STRONG_PASSWORD, userExists } from "./helpers/auth-kit.js";
import { startTestApp, TEACHER_CODE, type TestApp, uniqueEmail } from "./helpers/test-app.js";

// Registration and login over REST (spec sections 5, 7 and 8), and how /api treats request bodies.

describe("REST auth", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  /** Asserts a refused registration wrote nothing: neither its email nor its name is in the database. */
  async function expectNothingWritten(payload: Record<string, unknown>) {
    if (typeof payload.email === "string" && payload.email.trim()) {
      expect(await userExists(app, payload.email)).toBe(false);
    }
    if (typeof payload.displayName === "string" && payload.displayName.trim()) {
      expect(await app.db.prisma.user.count({ where: { displayName: payload.displayName.trim() } })).toBe(0);
    }
  }

  describe("POST /api/auth/register", () => {
    it("creates a student account and answers 201 with a token and the user, without secrets", async () => {
      const payload = registration();
      const res = await app.api("POST", "/api/auth/register", { body: payload });

      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
      expect(res.body.token.split(".")).toHaveLength(3);
      expectUserShape(res.body.user, {
        email: payload.email as string,
        displayName: payload.displayName as string,
        role: "student",
        school: "Pimlico Academy",
      });
      expectNoSecrets(res.body);
      const row = await app.db.prisma.user.findUniqueOrThrow({ where: { email: payload.email as string } });
      expect(row.id).toBe(res.body.user.uid);
      expect(row.passwordHash).not.toContain(STRONG_PASSWORD);
    });

    it("signs the new account in: its token reads the user back", async () => {
      const reg = await app.api("POST", "/api/auth/register", { body: registration() });
      const me = await app.api("GET", "/api/auth/user", { token: reg.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ user: reg.body.user });
    });

    it("stores the email trimmed and lower-cased", async () => {
      const email = uniqueEmail("mixed");
      const res = await app.api("POST", "/api/auth/register", {
        body: registration({ email: `  ${email.toUpperCase()}  ` }),
      });
      expect(res.status).toBe(201);
      expect(res.body.user.email).toBe(email);
      expect(await userExists(app, email)).toBe(true);
    });

    it("refuses a second account for the same email in another case with 409", async () => {
      const email = uniqueEmail("dup");
      expect((await app.api("POST", "/api/auth/register", { body: registration({ email }) })).status).toBe(201);

      const res = await app.api("POST", "/api/auth/register", {
        body: registration({ email: email.toUpperCase(), displayName: "Someone Else" }),
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: EMAIL_TAKEN_MESSAGE, code: "CONFLICT" });
      const rows = await app.db.prisma.user.findMany({ where: { email } });
      expect(rows.map((r) => r.displayName)).not.toContain("Someone Else");
      expect(rows).toHaveLength(1);
    });

    it("creates exactly one account when the same email registers twice at once", async () => {
      const email = uniqueEmail("race");
      const results = await Promise.all(
        [1, 2].map(() => app.api("POST", "/api/auth/register", { body: registration({ email }) })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await app.db.prisma.user.count({ where: { email } })).toBe(1);
    });

    it("creates a teacher with the server's teacher code", async () => {
      const payload = registration({ role: "teacher", teacherCode: TEACHER_CODE, school: "Ark Conway" });
      const res = await app.api("POST", "/api/auth/register", { body: payload });
      expect(res.status).toBe(201);
      expectUserShape(res.body.user, {
        email: payload.email as string,
        displayName: payload.displayName as string,
        role: "teacher",
        school: "Ark Conway",
      });
    });

    // Spec section 5, plus the server's own rules; every refusal is a 400 that writes nothing.
    it.each([
      ["a missing full name", { displayName: undefined }, "displayName", "Full name is required"],
      ["a blank full name", { displayName: "   " }, "displayName", "Full name is required"],
      [
        "a too long full name",
        { displayName: "x".repeat(101) },
        "displayName",
        "Full name must be at most 100 characters",
      ],
      ["a missing email", { email: undefined }, "email", "Email is required"],
      ["an empty email", { email: "" }, "email", "Email is required"],
      ["an invalid email", { email: "ada.example.org" }, "email", "Email is invalid"],
      ["an email with a space", { email: "ada lovelace@example.org" }, "email", "Email is invalid"],
      ["a missing password", { password: undefined }, "password", "Password is required"],
      ["an empty password", { password: "" }, "password", "Password is required"],
      ["a 5-character password", { password: "k9#Lq" }, "password", "Password must be at least 6 characters"],
      ["a too long password", { password: "p".repeat(257) }, "password", "Password must be at most 256 characters"],
      ["a common password", { password: "password" }, "password", COMMON_PASSWORD_MESSAGE],
      ["a common password in capitals", { password: "QWERTY123" }, "password", COMMON_PASSWORD_MESSAGE],
      [
        "one character repeated as a password",
        { password: "aaaaaaaaaaaa" },
        "password",
        "Password cannot be one character repeated. Try a few words you will remember.",
      ],
      ["a password of twelve spaces", { password: " ".repeat(12) }, "password", "Password cannot be only spaces"],
      [
        "a password holding the email's first part",
        { email: "ada.lovelace@example.org", password: "Ada.Lovelace-1815" },
        "password",
        "Password cannot contain your email address. Try a few words you will remember.",
      ],
      [
        "the email itself as a password",
        { email: "ada.lovelace@example.org", password: "ada.lovelace@example.org" },
        "password",
        "Password cannot contain your email address. Try a few words you will remember.",
      ],
      ["an unkind full name", { displayName: "You Are A Stupid Idiot Loser" }, "displayName", NAME_UNKIND_MESSAGE],
      ["a phone number in the full name", { displayName: "Text me 07700 900123" }, "displayName", NAME_CONTACT_MESSAGE],
      ["an email in the full name", { displayName: "ada@example.org" }, "displayName", NAME_CONTACT_MESSAGE],
      ["a web address in the full name", { displayName: "Ada www.ada-games.com" }, "displayName", NAME_CONTACT_MESSAGE],
      ["a missing school", { school: undefined }, "school", "School is required"],
      ["an empty school", { school: "" }, "school", "School is required"],
      ["an unknown school", { school: "Hogwarts" }, "school", "Please choose a school from the list"],
      ["the admin role", { role: "admin" }, "role", "Role must be student or teacher"],
      ["a teacher without a code", { role: "teacher" }, "teacherCode", "Valid teacher code is required"],
      [
        "a teacher with a wrong code",
        { role: "teacher", teacherCode: "guess" },
        "teacherCode",
        "Valid teacher code is required",
      ],
      [
        "a teacher with the code in another case",
        { role: "teacher", teacherCode: TEACHER_CODE.toUpperCase() },
        "teacherCode",
        "Valid teacher code is required",
      ],
    ])("refuses %s with 400 and writes nothing", async (_case, overrides, field, message) => {
      const payload = registration(overrides);
      const res = await app.api("POST", "/api/auth/register", { body: payload });

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: "BAD_USER_INPUT", fields: { [field]: message } });
      await expectNothingWritten(payload);
    });

    it("lists every invalid field and reports the first one, in form order", async () => {
      const res = await app.api("POST", "/api/auth/register", {
        body: { displayName: "", email: "nope", password: "123", school: "" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Full name is required",
        code: "BAD_USER_INPUT",
        fields: {
          displayName: "Full name is required",
          email: "Email is invalid",
          password: "Password must be at least 6 characters",
          school: "School is required",
        },
      });
    });

    it.each([
      ["email", 123, "Email must be text"],
      ["password", 123456789, "Password must be text"],
      ["displayName", { first: "Ada" }, "Full name must be text"],
      ["school", ["Pimlico Academy"], "School must be text"],
      ["role", true, "Role must be text"],
    ])("refuses a %s that is not text with 400 and writes nothing", async (field, value, message) => {
      const payload = registration({ [field]: value });
      const res = await app.api("POST", "/api/auth/register", { body: payload });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: "BAD_USER_INPUT", fields: { [field]: message } });
      await expectNothingWritten(payload);
    });
  });

  describe("request bodies", () => {
    it("answers a body that is not valid JSON with 400 and writes nothing", async () => {
      const email = uniqueEmail("broken");
      const res = await app.api("POST", "/api/auth/register", {
        rawBody: `{"email":"${email}","password":"${STRONG_PASSWORD}","displayName":"Ada",`,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
      expect(await userExists(app, email)).toBe(false);
    });

    it("answers a body over BODY_LIMIT_BYTES (100 KiB) with 413 and writes nothing", async () => {
      const payload = registration({ bio: "x".repeat(100 * 1024) });
      const res = await app.api("POST", "/api/auth/register", { body: payload });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: Messages.payloadTooLarge, code: "PAYLOAD_TOO_LARGE" });
      await expectNothingWritten(payload);
    });

    it("accepts a body just under the limit", async () => {
      // Unknown fields are ignored; what matters is that the parser lets the request through.
      const payload = registration({ bio: "x".repeat(90 * 1024) });
      const res = await app.api("POST", "/api/auth/register", { body: payload });
      expect(res.status).toBe(201);
    });

    it("answers a JSON array body with 400", async () => {
      const res = await app.api("POST", "/api/auth/register", { body: [registration()] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Request body must be a JSON object", code: "BAD_USER_INPUT" });
    });

    it("answers a JSON string body with 400", async () => {
      const res = await app.api("POST", "/api/auth/login", { body: "ada@example.org" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
    });

    it("answers a JSON null body with 400", async () => {
      const res = await app.api("POST", "/api/auth/login", { rawBody: "null" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
    });

    it("answers a body that is not JSON at all (text/plain) with 400 and writes nothing", async () => {
      const payload = registration();
      const res = await app.api("POST", "/api/auth/register", {
        rawBody: JSON.stringify(payload),
        headers: { "content-type": "text/plain" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Request body must be a JSON object", code: "BAD_USER_INPUT" });
      await expectNothingWritten(payload);
    });

    it("answers a request without a body with 400", async () => {
      const res = await app.api("POST", "/api/auth/login");
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Request body must be a JSON object", code: "BAD_USER_INPUT" });
    });
  });

  describe("POST /api/auth/login", () => {
    it("signs in with email and password: 200 with a token and the user", async () => {
      const user = await app.createUser({ displayName: "Grace Hopper" });
      const res = await app.api("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });

      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
      expectUserShape(res.body.user, {
        email: user.email,
        displayName: "Grace Hopper",
        role: "student",
        school: "Pimlico Academy",
      });
      expect(res.body.user.uid).toBe(user.id);
      expectNoSecrets(res.body);
      const me = await app.api("GET", "/api/auth/user", { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body.user.uid).toBe(user.id);
    });

    it("signs in a registered account with its email in another case and spaces around it", async () => {
      const payload = registration();
      expect((await app.api("POST", "/api/auth/register", { body: payload })).status).toBe(201);
      const res = await app.api("POST", "/api/auth/login", {
        body: { email: ` ${(payload.email as string).toUpperCase()} `, password: STRONG_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(payload.email);
    });

    it("answers a wrong password and an unknown email with the same 401", async () => {
      const user = await app.createUser();
      const wrongPassword = await app.api("POST", "/api/auth/login", {
        body: { email: user.email, password: `${user.password}!` },
      });
      const unknownEmail = await app.api("POST", "/api/auth/login", {
        body: { email: uniqueEmail("ghost"), password: user.password },
      });

      for (const res of [wrongPassword, unknownEmail]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
      }
    });

    it("does not trim the password", async () => {
      const user = await app.createUser();
      const res = await app.api("POST", "/api/auth/login", {
        body: { email: user.email, password: ` ${user.password}` },
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
    });

    it.each([
      ["a missing email", { password: STRONG_PASSWORD }, "email", "Email is required"],
      ["an invalid email", { email: "grace", password: STRONG_PASSWORD }, "email", "Email is invalid"],
      ["a missing password", { email: "grace@example.org" }, "password", "Password is required"],
      ["an empty password", { email: "grace@example.org", password: "" }, "password", "Password is required"],
      ["an email that is not text", { email: 123, password: STRONG_PASSWORD }, "email", "Email must be text"],
    ])("refuses %s with 400", async (_case, body, field, message) => {
      const res = await app.api("POST", "/api/auth/login", { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: "BAD_USER_INPUT", fields: { [field]: message } });
    });

    it("refuses an inactive account with 403, but only with the right password", async () => {
      const user = await app.createUser({ status: "inactive" });
      const right = await app.api("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
      expect(right.status).toBe(403);
      expect(right.body).toEqual({ error: Messages.accountInactive, code: "ACCOUNT_INACTIVE" });

      const wrong = await app.api("POST", "/api/auth/login", {
        body: { email: user.email, password: "not-it-at-all" },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: INVALID_CREDENTIALS_MESSAGE, code: "UNAUTHENTICATED" });
    });
  });
});
