import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { CHANGE_ROLE_FORBIDDEN_MESSAGE } from "../src/modules/users/user.policy.js";
import { INVALID_ROLE_MESSAGE, USER_NOT_FOUND_MESSAGE } from "../src/modules/users/user.service.js";
import { expectNoSecrets, expectUserShape, gqlError, UPDATE_ROLE } from "./helpers/auth-kit.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// Changing a user's role: PATCH /api/auth/user/{id} { role } and the updateUserRole mutation.
// Admins only. The "last active admin" rule needs a database of its own: see last-admin.test.ts.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("user role changes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const roleOf = async (id: string) => (await app.db.prisma.user.findUniqueOrThrow({ where: { id } })).role;

  describe("PATCH /api/auth/user/{id}", () => {
    it("lets an admin change a user's role: 200 with the updated user", async () => {
      const admin = await app.createUser({ role: "admin" });
      const student = await app.createUser({ displayName: "Sam Student", school: "Ashburnham" });

      const res = await app.api("PATCH", `/api/auth/user/${student.id}`, {
        token: admin.token,
        body: { role: "teacher" },
      });

      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["user"]);
      expectUserShape(res.body.user, {
        email: student.email,
        displayName: "Sam Student",
        role: "teacher",
        school: "Ashburnham",
      });
      expect(res.body.user.uid).toBe(student.id);
      expectNoSecrets(res.body);
      expect(await roleOf(student.id)).toBe("teacher");
    });

    it("the changed role applies at once to the user's own session", async () => {
      const admin = await app.createUser({ role: "admin" });
      const student = await app.createUser();
      await app.api("PATCH", `/api/auth/user/${student.id}`, { token: admin.token, body: { role: "admin" } });

      const me = await app.api("GET", "/api/auth/user", { token: student.token });
      expect(me.body.user.role).toBe("admin");
    });

    it("lets an admin demote themselves while another active admin remains", async () => {
      const admin = await app.createUser({ role: "admin" });
      await app.createUser({ role: "admin" });
      const res = await app.api("PATCH", `/api/auth/user/${admin.id}`, {
        token: admin.token,
        body: { role: "teacher" },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe("teacher");
    });

    it.each(["student", "teacher"] as const)("refuses a %s with 403 and changes nothing", async (role) => {
      const actor = await app.createUser({ role });
      const target = await app.createUser();
      for (const id of [target.id, actor.id]) {
        const res = await app.api("PATCH", `/api/auth/user/${id}`, { token: actor.token, body: { role: "admin" } });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: CHANGE_ROLE_FORBIDDEN_MESSAGE, code: "FORBIDDEN" });
      }
      expect(await roleOf(target.id)).toBe("student");
      expect(await roleOf(actor.id)).toBe(role);
    });

    it("refuses a request without a token with 401", async () => {
      const target = await app.createUser();
      const res = await app.api("PATCH", `/api/auth/user/${target.id}`, { body: { role: "admin" } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
      expect(await roleOf(target.id)).toBe("student");
    });

    it("refuses a deactivated admin's token with 401", async () => {
      const admin = await app.createUser({ role: "admin" });
      const target = await app.createUser();
      await app.db.prisma.user.update({ where: { id: admin.id }, data: { status: "inactive" } });
      const res = await app.api("PATCH", `/api/auth/user/${target.id}`, {
        token: admin.token,
        body: { role: "admin" },
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.accountInactive, code: "UNAUTHENTICATED" });
      expect(await roleOf(target.id)).toBe("student");
    });

    it("answers an unknown user id with 404", async () => {
      const admin = await app.createUser({ role: "admin" });
      const res = await app.api("PATCH", `/api/auth/user/${UNKNOWN_ID}`, {
        token: admin.token,
        body: { role: "teacher" },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: USER_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
    });

    it.each([
      ["an unknown role", { role: "superuser" }],
      ["a role in capitals", { role: "ADMIN" }],
      ["no role", {}],
      ["an empty role", { role: "" }],
    ])("refuses %s with 400 and changes nothing", async (_case, body) => {
      const admin = await app.createUser({ role: "admin" });
      const target = await app.createUser();
      const res = await app.api("PATCH", `/api/auth/user/${target.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: INVALID_ROLE_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { role: INVALID_ROLE_MESSAGE },
      });
      expect(await roleOf(target.id)).toBe("student");
    });

    it("refuses a role that is not text with 400", async () => {
      const admin = await app.createUser({ role: "admin" });
      const target = await app.createUser();
      const res = await app.api("PATCH", `/api/auth/user/${target.id}`, { token: admin.token, body: { role: 1 } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Role must be text",
        code: "BAD_USER_INPUT",
        fields: { role: "Role must be text" },
      });
    });

    it("refuses a body that is not valid JSON with 400", async () => {
      const admin = await app.createUser({ role: "admin" });
      const target = await app.createUser();
      const res = await app.api("PATCH", `/api/auth/user/${target.id}`, {
        token: admin.token,
        rawBody: "{role: admin}",
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
      expect(await roleOf(target.id)).toBe("student");
    });
  });

  describe("GraphQL updateUserRole", () => {
    it("lets an admin change a user's role", async () => {
      const admin = await app.createUser({ role: "admin" });
      const teacher = await app.createUser({ role: "teacher", displayName: "Tess Teacher", school: "Newman" });

      const res = await app.gql(UPDATE_ROLE, { id: teacher.id, role: "student" }, admin.token);

      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expectUserShape(res.body.data.updateUserRole, {
        email: teacher.email,
        displayName: "Tess Teacher",
        role: "student",
        school: "Newman",
      });
      expect(await roleOf(teacher.id)).toBe("student");
    });

    it.each(["student", "teacher"] as const)("refuses a %s with FORBIDDEN and changes nothing", async (role) => {
      const actor = await app.createUser({ role });
      const target = await app.createUser();
      const res = await app.gql(UPDATE_ROLE, { id: target.id, role: "admin" }, actor.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      expect(gqlError(res.body)).toEqual({ message: Messages.forbidden, code: "FORBIDDEN" });
      expect(await roleOf(target.id)).toBe("student");
    });

    it("refuses a request without a token with HTTP 401 and UNAUTHENTICATED", async () => {
      const target = await app.createUser();
      const res = await app.gql(UPDATE_ROLE, { id: target.id, role: "admin" });
      expect(res.status).toBe(401);
      expect(gqlError(res.body)).toEqual({ message: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
      expect(await roleOf(target.id)).toBe("student");
    });

    it("answers an unknown user id with NOT_FOUND", async () => {
      const admin = await app.createUser({ role: "admin" });
      const res = await app.gql(UPDATE_ROLE, { id: UNKNOWN_ID, role: "teacher" }, admin.token);
      expect(res.status).toBe(200);
      expect(gqlError(res.body)).toEqual({ message: USER_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
    });

    it("refuses a role outside the Role enum with HTTP 400", async () => {
      const admin = await app.createUser({ role: "admin" });
      const target = await app.createUser();
      const res = await app.gql(UPDATE_ROLE, { id: target.id, role: "superuser" }, admin.token);
      expect(res.status).toBe(400);
      expect(gqlError(res.body)).toEqual({
        message: 'Variable "$role" got invalid value "superuser"; Value "superuser" does not exist in "Role" enum.',
        code: "BAD_USER_INPUT",
      });
      expect(await roleOf(target.id)).toBe("student");
    });
  });
});
