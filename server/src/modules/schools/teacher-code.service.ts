import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { Actor } from "../../auth/actor.js";
import { notFound } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { quoted, recordAdminAction, requireAdmin } from "../admin/audit.js";
import { inSpecOrder } from "./school.service.js";

// Teacher sign-up codes, one per school. An admin generates (and rotates) a school's code; it is shown
// once and only its hash is kept. A code makes a teacher account at its own school only. The server's
// TEACHER_SIGNUP_CODE is the bootstrap: it works at a school only while the school has no code of its own.

/** Crockford's base32: no I, L, O or U, so nothing reads as another character or spells a word. */
export const TEACHER_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 12 characters of 32: 60 random bits, typed as XXXX-XXXX-XXXX. */
export const TEACHER_CODE_LENGTH = 12;
const GROUP_LENGTH = 4;
/** Longer input is no code (and is not worth hashing). */
const MAX_CODE_INPUT_LENGTH = 200;
const MAX_ID_LENGTH = 100;

export const SCHOOL_NOT_FOUND_MESSAGE = "School not found";

/** How a teacher can sign up at a school: its own code, the server's code, or not at all. */
export type TeacherSignup = "ownCode" | "serverCode" | "closed";

export type TeacherCodeCheck = "ok" | "wrong" | "closed";

/** A school as the admin's Schools screen shows it. */
export type AdminSchoolPayload = {
  id: string;
  name: string;
  teacherSignup: TeacherSignup;
  teacherCodeRotatedAt: Date | null;
  teacherCodeRotatedBy: string | null;
  teacherCount: number;
};

export type RotatedTeacherCodePayload = {
  /** The new code in plain text, grouped XXXX-XXXX-XXXX: answered this once, never stored. */
  code: string;
  school: AdminSchoolPayload;
  rotatedAt: Date;
};

const adminSchoolSelect = {
  id: true,
  name: true,
  teacherCodeHash: true,
  teacherCodeRotatedAt: true,
  teacherCodeRotatedBy: true,
  _count: { select: { users: { where: { role: "teacher" } } } },
} satisfies Prisma.SchoolSelect;

type AdminSchoolRow = Prisma.SchoolGetPayload<{ select: typeof adminSchoolSelect }>;

/** A new code: TEACHER_CODE_LENGTH characters drawn uniformly from the alphabet, grouped by four. */
export function generateTeacherCode(): string {
  const characters = Array.from(
    { length: TEACHER_CODE_LENGTH },
    () => TEACHER_CODE_ALPHABET[randomInt(TEACHER_CODE_ALPHABET.length)],
  ).join("");
  return characters.match(new RegExp(`.{1,${GROUP_LENGTH}}`, "g"))?.join("-") ?? characters;
}

/**
 * A school code as typed, reduced to its characters: any case, spaces, dashes and invisible
 * characters (pasted from an email) ignored, and the look-alikes read as Crockford reads them
 * (O as 0; I and L as 1). "abcd efgh-jk0o" and "ABCD-EFGH-JK00" are the same code.
 */
export function normaliseTeacherCode(code: string): string {
  return code
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\p{Pd}\p{Cf}]/gu, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** The stored form of a school code: SHA-256 of its normalised characters, in hex. */
export function hashTeacherCode(code: string): string {
  return sha256(normaliseTeacherCode(code)).toString("hex");
}

/** Constant-time comparison of two digests of equal length. */
function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createTeacherCodeService(deps: {
  prisma: PrismaClient;
  bootstrapCode: string | undefined;
  logger: Logger;
}) {
  const { prisma, logger } = deps;
  const bootstrapCode = deps.bootstrapCode?.trim() || undefined;

  const signupOf = (row: Pick<AdminSchoolRow, "teacherCodeHash">): TeacherSignup => {
    if (row.teacherCodeHash) {
      return "ownCode";
    }
    return bootstrapCode ? "serverCode" : "closed";
  };

  const present = (row: AdminSchoolRow): AdminSchoolPayload => ({
    id: row.id,
    name: row.name,
    teacherSignup: signupOf(row),
    teacherCodeRotatedAt: row.teacherCodeRotatedAt,
    teacherCodeRotatedBy: row.teacherCodeRotatedBy,
    teacherCount: row._count.users,
  });

  return {
    /**
     * Whether `code` makes a teacher account at the school: its own code (compared forgivingly, see
     * normaliseTeacherCode) once it has one; until then the server's code, compared exactly as the
     * operator set it (after trimming). "closed" when the school has no code and the server none either.
     */
    async check(schoolId: string, code: string): Promise<TeacherCodeCheck> {
      const school = await prisma.school.findUnique({ where: { id: schoolId }, select: { teacherCodeHash: true } });
      const given = code.length > MAX_CODE_INPUT_LENGTH ? "" : code;
      if (school?.teacherCodeHash) {
        const expected = Buffer.from(school.teacherCodeHash, "hex");
        return given && sameDigest(sha256(normaliseTeacherCode(given)), expected) ? "ok" : "wrong";
      }
      if (!bootstrapCode) {
        return "closed";
      }
      // Digests of both, so that neither the length nor the content leaks through timing.
      return given && sameDigest(sha256(given.trim()), sha256(bootstrapCode)) ? "ok" : "wrong";
    },

    /** Every school for the admin's Schools screen: how teachers sign up there, and how many it has. */
    async list(props: { actor: Actor }): Promise<AdminSchoolPayload[]> {
      requireAdmin(props.actor);
      const rows = await prisma.school.findMany({ select: adminSchoolSelect });
      return inSpecOrder(rows).map(present);
    },

    /**
     * A new code for the school, replacing its old one at once (and the server's code there). Only the
     * hash is stored; the plain code is in this answer and nowhere else.
     */
    async rotate(props: { actor: Actor; schoolId: unknown }): Promise<RotatedTeacherCodePayload> {
      const { actor } = props;
      requireAdmin(actor);
      const schoolId = props.schoolId;
      if (typeof schoolId !== "string" || !schoolId || schoolId.length > MAX_ID_LENGTH) {
        throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
      }
      const code = generateTeacherCode();
      const rotatedAt = new Date();
      const school = await prisma.$transaction(async (tx) => {
        // Lock the row: two admins rotating one school's code at once run one after the other.
        const [before] = await tx.$queryRaw<{ name: string; teacherCodeHash: string | null }[]>`
          SELECT name, "teacherCodeHash" FROM "School" WHERE id = ${schoolId} FOR UPDATE`;
        if (!before) {
          throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
        }
        const after = await tx.school.update({
          where: { id: schoolId },
          data: {
            teacherCodeHash: hashTeacherCode(code),
            teacherCodeRotatedAt: rotatedAt,
            teacherCodeRotatedBy: actor.displayName,
          },
          select: adminSchoolSelect,
        });
        const rotated = before.teacherCodeHash !== null;
        await recordAdminAction(tx, actor, {
          action: rotated ? "school.teacherCodeRotated" : "school.teacherCodeGenerated",
          targetType: "school",
          targetId: schoolId,
          summary: rotated
            ? `Rotated the teacher sign-up code of ${quoted(before.name)} (the old code no longer works)`
            : `Generated a teacher sign-up code for ${quoted(before.name)}`,
        });
        return after;
      });
      // Never the code: logs are read by more people than admins.
      logger.info({ schoolId, actorId: actor.id }, "teacher sign-up code rotated");
      return { code, school: present(school), rotatedAt };
    },
  };
}

export type TeacherCodeService = ReturnType<typeof createTeacherCodeService>;
