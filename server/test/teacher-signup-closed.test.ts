import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEACHER_SIGNUP_CLOSED_MESSAGE } from "../src/modules/auth/auth.service.js";
import { gqlError, REGISTER, registration, userExists } from "./helpers/auth-kit.js";
import { startTestApp, TEACHER_CODE, type TestApp } from "./helpers/test-app.js";

// Without TEACHER_SIGNUP_CODE no code is right: teacher sign-up is closed, student sign-up is not.

describe("registration without a teacher sign-up code configured", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TEACHER_SIGNUP_CODE: "" });
  });
  afterAll(() => app.stop());

  it.each([
    ["no code", {}],
    ["an empty code", { teacherCode: "" }],
    ["the code other servers use", { teacherCode: TEACHER_CODE }],
  ])("refuses a teacher with %s over REST: 400, nothing written", async (_case, code) => {
    const payload = registration({ role: "teacher", ...code });
    const res = await app.api("POST", "/api/auth/register", { body: payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: TEACHER_SIGNUP_CLOSED_MESSAGE,
      code: "BAD_USER_INPUT",
      fields: { teacherCode: TEACHER_SIGNUP_CLOSED_MESSAGE },
    });
    expect(await userExists(app, payload.email as string)).toBe(false);
  });

  it("refuses a teacher over GraphQL, nothing written", async () => {
    const input = registration({ role: "teacher", teacherCode: TEACHER_CODE });
    const res = await app.gql(REGISTER, { input });
    expect(res.status).toBe(200);
    expect(gqlError(res.body)).toEqual({
      message: TEACHER_SIGNUP_CLOSED_MESSAGE,
      code: "BAD_USER_INPUT",
      fields: { teacherCode: TEACHER_SIGNUP_CLOSED_MESSAGE },
    });
    expect(await userExists(app, input.email as string)).toBe(false);
  });

  it("still registers students", async () => {
    const payload = registration();
    const res = await app.api("POST", "/api/auth/register", { body: payload });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("student");
  });
});
