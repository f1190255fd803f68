import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOL_NAMES, schoolIdOf } from "../src/db/schools.js";
import { Messages } from "../src/errors/app-error.js";
import { ADMIN_ONLY_MESSAGE } from "../src/modules/admin/audit.js";
import { TEACHER_SIGNUP_CLOSED_MESSAGE } from "../src/modules/auth/auth.service.js";
import { SCHOOL_NOT_FOUND_MESSAGE } from "../src/modules/schools/teacher-code.service.js";
import { auditTrail } from "./helpers/admin-kit.js";
import { gqlError, registration, startIsolatedTestApp } from "./helpers/auth-kit.js";
import { TEACHER_CODE, type TestApp, type TestUser } from "./helpers/test-app.js";

// A teacher sign-up code per school (generated and rotated by an admin): it makes teacher accounts at
// its own school only, and once a school has one the server's TEACHER_SIGNUP_CODE no longer works
// there. Each app has a database of its own: a code changes its school for every test that shares it.

const WRONG_CODE = "Valid teacher code is required";
const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const SCHOOL_FIELDS = "id name teacherSignup teacherCodeRotatedAt teacherCodeRotatedBy teacherCount";
const ADMIN_SCHOOLS = `query AdminSchools { adminSchools { ${SCHOOL_FIELDS} } }`;
const ROTATE = `mutation Rotate($schoolId: ID!) {
  rotateTeacherCode(schoolId: $schoolId) { code rotatedAt school { ${SCHOOL_FIELDS} } }
}`;

type AdminSchool = {
  id: string;
  name: string;
  teacherSignup: "ownCode" | "serverCode" | "closed";
  teacherCodeRotatedAt: string | null;
  teacherCodeRotatedBy: string | null;
  teacherCount: number;
};

/** Schools handed out one per use, so that no two tests of a file touch the same school. */
function schoolDealer() {
  const left = [...SCHOOL_NAMES];
  return () => {
    const name = left.splice(Math.floor(Math.random() * left.length), 1)[0];
    if (!name) {
      throw new Error("no school left for this file");
    }
    return { name, id: schoolIdOf(name) };
  };
}

function kit(app: () => TestApp) {
  return {
    registerTeacher: (school: string, teacherCode: string | undefined) =>
      app().api("POST", "/api/auth/register", { body: registration({ role: "teacher", school, teacherCode }) }),
    async rotate(admin: TestUser, schoolId: string): Promise<{ code: string; rotatedAt: string; school: AdminSchool }> {
      const res = await app().gql(ROTATE, { schoolId }, admin.token);
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      return res.body.data.rotateTeacherCode;
    },
    async schools(admin: TestUser): Promise<AdminSchool[]> {
      const res = await app().gql(ADMIN_SCHOOLS, {}, admin.token);
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      return res.body.data.adminSchools;
    },
  };
}

const wrongCode = { error: WRONG_CODE, code: "BAD_USER_INPUT", fields: { teacherCode: WRONG_CODE } };

describe("teacher sign-up codes per school", () => {
  let app: TestApp;
  let admin: TestUser;
  const takeSchool = schoolDealer();
  const { registerTeacher, rotate, schools } = kit(() => app);

  beforeAll(async () => {
    app = await startIsolatedTestApp();
    admin = await app.createUser({ role: "admin", displayName: "Ada Admin" });
  });
  afterAll(() => app?.stop());

  describe("only an admin", () => {
    it.each([
      ["anonymous", null, { message: Messages.authenticationRequired, code: "UNAUTHENTICATED" }],
      ["a student", "student", { message: Messages.forbidden, code: "FORBIDDEN" }],
      ["a teacher", "teacher", { message: Messages.forbidden, code: "FORBIDDEN" }],
    ] as const)("refuses %s the list and a new code, and nothing changes", async (_caller, role, refusal) => {
      const school = takeSchool();
      const token = role ? (await app.createUser({ role, school: school.name })).token : undefined;

      const list = await app.gql(ADMIN_SCHOOLS, {}, token);
      expect(gqlError(list.body)).toEqual(refusal);
      expect(list.body.data).toBeNull();
      const rotation = await app.gql(ROTATE, { schoolId: school.id }, token);
      expect(gqlError(rotation.body)).toEqual(refusal);
      expect(rotation.body.data).toBeNull();

      const row = await app.db.prisma.school.findUniqueOrThrow({ where: { id: school.id } });
      expect(row.teacherCodeHash).toBeNull();
      expect(await auditTrail(app, school.id)).toEqual([]);
      expect((await registerTeacher(school.name, TEACHER_CODE)).status).toBe(201);
    });

    it("is allowed by the service itself, whatever calls it", async () => {
      const school = takeSchool();
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const actor = await app.db.prisma.user.findUniqueOrThrow({
        where: { id: teacher.id },
        include: { school: true },
      });
      await expect(app.services.teacherCodes.rotate({ actor, schoolId: school.id })).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: ADMIN_ONLY_MESSAGE,
      });
      await expect(app.services.teacherCodes.list({ actor })).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: ADMIN_ONLY_MESSAGE,
      });
    });
  });

  it("lists every school in the spec's order: how teachers sign up there and how many it has", async () => {
    const school = takeSchool();
    await app.createUser({ role: "teacher", school: school.name });
    await app.createUser({ role: "teacher", school: school.name, status: "inactive" });
    await app.createUser({ role: "student", school: school.name });

    const before = await schools(admin);
    expect(before.map((row) => row.name)).toEqual([...SCHOOL_NAMES]);
    expect(before.find((row) => row.id === school.id)).toEqual({
      id: school.id,
      name: school.name,
      teacherSignup: "serverCode",
      teacherCodeRotatedAt: null,
      teacherCodeRotatedBy: null,
      teacherCount: 2,
    });

    const { rotatedAt } = await rotate(admin, school.id);
    const after = (await schools(admin)).find((row) => row.id === school.id);
    expect(after).toEqual({
      id: school.id,
      name: school.name,
      teacherSignup: "ownCode",
      teacherCodeRotatedAt: rotatedAt,
      teacherCodeRotatedBy: "Ada Admin",
      teacherCount: 2,
    });
  });

  it("makes teachers at its own school only; the server's code then stops working there, not elsewhere", async () => {
    const a = takeSchool();
    const b = takeSchool();
    const started = Date.now();
    const { code, rotatedAt, school } = await rotate(admin, a.id);
    expect(code).toMatch(CODE_FORMAT);
    expect(Date.parse(rotatedAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(school).toMatchObject({ id: a.id, name: a.name, teacherSignup: "ownCode", teacherCodeRotatedAt: rotatedAt });

    const atA = await registerTeacher(a.name, code);
    expect(atA.status).toBe(201);
    expect(atA.body.user).toMatchObject({ role: "teacher", school: a.name });

    const atB = await registerTeacher(b.name, code);
    expect(atB.status).toBe(400);
    expect(atB.body).toEqual(wrongCode);

    expect((await registerTeacher(b.name, TEACHER_CODE)).status).toBe(201);
    const serverCodeAtA = await registerTeacher(a.name, TEACHER_CODE);
    expect(serverCodeAtA.status).toBe(400);
    expect(serverCodeAtA.body).toEqual(wrongCode);
    expect(await app.db.prisma.user.count({ where: { role: "teacher", schoolId: a.id } })).toBe(1);
  });

  it("takes the code as a teacher types it: any case, spaces or no dashes, O for 0 and I or L for 1", async () => {
    const school = takeSchool();
    const { code } = await rotate(admin, school.id);
    const plain = code.replace(/-/g, "");
    const typed = [
      code.toLowerCase(),
      ` ${code} `,
      plain,
      `${plain.slice(0, 4)} ${plain.slice(4, 8)} ${plain.slice(8)}`,
      code.replace(/-/g, "\u2013"),
      code.replace(/0/g, "O").replace(/1/g, "l"),
    ];
    for (const teacherCode of typed) {
      const res = await registerTeacher(school.name, teacherCode);
      expect(res.status, `${JSON.stringify(teacherCode)}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    // One character different is a different code.
    const last = plain.at(-1) === "2" ? "3" : "2";
    expect((await registerTeacher(school.name, `${plain.slice(0, -1)}${last}`)).body).toEqual(wrongCode);
    expect((await registerTeacher(school.name, plain.slice(0, -1))).body).toEqual(wrongCode);
  });

  it("keeps the server's code exact (it is the operator's secret, compared as set)", async () => {
    const school = takeSchool();
    expect((await registerTeacher(school.name, TEACHER_CODE.toUpperCase())).body).toEqual(wrongCode);
    expect((await registerTeacher(school.name, `  ${TEACHER_CODE}  `)).status).toBe(201);
  });

  it("retires the old code at once when rotated again, and records both in the audit trail", async () => {
    const school = takeSchool();
    const first = await rotate(admin, school.id);
    const second = await rotate(admin, school.id);
    expect(second.code).not.toBe(first.code);
    expect(Date.parse(second.rotatedAt)).toBeGreaterThanOrEqual(Date.parse(first.rotatedAt));

    expect((await registerTeacher(school.name, first.code)).body).toEqual(wrongCode);
    expect((await registerTeacher(school.name, second.code)).status).toBe(201);

    expect(await auditTrail(app, school.id)).toEqual([
      {
        action: "school.teacherCodeGenerated",
        targetType: "school",
        targetId: school.id,
        summary: `Generated a teacher sign-up code for '${school.name}'`,
        actorId: admin.id,
        actorName: "Ada Admin",
      },
      {
        action: "school.teacherCodeRotated",
        targetType: "school",
        targetId: school.id,
        summary: `Rotated the teacher sign-up code of '${school.name}' (the old code no longer works)`,
        actorId: admin.id,
        actorName: "Ada Admin",
      },
    ]);
    const activity = await app.gql(
      "query { adminActivity(limit: 50) { items { kind summary actorName } } }",
      {},
      admin.token,
    );
    expect(activity.body.data.adminActivity.items).toContainEqual({
      kind: "admin",
      summary: `Rotated the teacher sign-up code of '${school.name}' (the old code no longer works)`,
      actorName: "Ada Admin",
    });
  });

  it("stores only the code's SHA-256: the plain code is in no table, and no answer but the first", async () => {
    const school = takeSchool();
    const { code } = await rotate(admin, school.id);
    const plain = code.replace(/-/g, "");
    const row = await app.db.prisma.school.findUniqueOrThrow({ where: { id: school.id } });
    expect(row.teacherCodeHash).toBe(createHash("sha256").update(plain).digest("hex"));

    const tables = await app.db.sql.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    for (const { tablename } of tables) {
      const [found] = await app.db.sql.query<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM "${tablename}" t WHERE to_jsonb(t)::text ILIKE $1 OR to_jsonb(t)::text ILIKE $2`,
        [`%${code}%`, `%${plain}%`],
      );
      expect(found?.rows, tablename).toBe(0);
    }
    expect(JSON.stringify(await schools(admin))).not.toContain(plain);
    expect(JSON.stringify(await schools(admin))).not.toContain(code);
  });

  it("answers 'School not found' for a school that does not exist", async () => {
    for (const schoolId of ["no-such-school", "", "x".repeat(101)]) {
      const res = await app.gql(ROTATE, { schoolId }, admin.token);
      expect(gqlError(res.body)).toEqual({ message: SCHOOL_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
    }
  });
});

describe("teacher sign-up codes on a server without TEACHER_SIGNUP_CODE", () => {
  let app: TestApp;
  let admin: TestUser;
  const takeSchool = schoolDealer();
  const { registerTeacher, rotate, schools } = kit(() => app);

  beforeAll(async () => {
    app = await startIsolatedTestApp({ TEACHER_SIGNUP_CODE: "" });
    admin = await app.createUser({ role: "admin" });
  });
  afterAll(() => app?.stop());

  it("opens teacher sign-up at a school once it has a code of its own, at that school only", async () => {
    const a = takeSchool();
    const b = takeSchool();
    const closed = {
      error: TEACHER_SIGNUP_CLOSED_MESSAGE,
      code: "BAD_USER_INPUT",
      fields: { teacherCode: TEACHER_SIGNUP_CLOSED_MESSAGE },
    };
    expect((await registerTeacher(a.name, "ANY-CODE-1234")).body).toEqual(closed);
    expect((await schools(admin)).every((row) => row.teacherSignup === "closed")).toBe(true);

    const { code } = await rotate(admin, a.id);
    expect((await schools(admin)).find((row) => row.id === a.id)?.teacherSignup).toBe("ownCode");
    expect((await registerTeacher(a.name, code)).status).toBe(201);
    expect((await registerTeacher(a.name, "ANY-CODE-1234")).body).toEqual(wrongCode);
    expect((await registerTeacher(b.name, code)).body).toEqual(closed);
  });
});
