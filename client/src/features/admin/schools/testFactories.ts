// Server-shaped schools for the admin Schools screen's tests (with __typename, as the cache stores
// them), and canned replies for its operations. Each call gives fresh ids, so tests never share data.
import type { AdminSchoolRowFragment } from "../../../gql/graphql";
import type { Reply } from "../../../test/apollo";

let sequence = 0;

export type BuiltAdminSchool = ReturnType<typeof buildAdminSchool>;

/** A school using the server's sign-up code, with no teachers, unless told otherwise. */
export function buildAdminSchool(overrides: Partial<AdminSchoolRowFragment> = {}) {
  sequence += 1;
  return {
    __typename: "AdminSchool" as const,
    id: `school-${sequence}`,
    name: `School ${String(sequence).padStart(3, "0")}`,
    teacherSignup: "serverCode" as AdminSchoolRowFragment["teacherSignup"],
    teacherCodeRotatedAt: null as string | null,
    teacherCodeRotatedBy: null as string | null,
    teacherCount: 0,
    ...overrides,
  };
}

/** The AdminSchoolsList query's answer. */
export function schoolsReply(schools: BuiltAdminSchool[]): Reply {
  return { data: { adminSchools: schools } };
}

/** The AdminSchoolsRotateCode mutation's answer: the code, and the school with its own code now. */
export function rotatedReply(
  school: BuiltAdminSchool,
  code: string,
  { rotatedAt = "2026-11-03T10:00:00.000Z", rotatedBy = "Grace Hopper" } = {},
): Reply {
  return {
    data: {
      rotateTeacherCode: {
        __typename: "TeacherCodeRotation",
        code,
        school: {
          ...school,
          teacherSignup: "ownCode",
          teacherCodeRotatedAt: rotatedAt,
          teacherCodeRotatedBy: rotatedBy,
        },
      },
    },
  };
}
