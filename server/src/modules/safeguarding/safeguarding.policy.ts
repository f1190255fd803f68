import type { Actor } from "../../auth/actor.js";
import { badInput, forbidden, notFound } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { NO_SCHOOL_MESSAGE } from "../moderation/moderation.service.js";
import { SCHOOL_NOT_FOUND_MESSAGE, SCHOOL_REQUIRED_MESSAGE } from "../teacher/teacher.service.js";

// Who may see and do what in safeguarding. Staff only: a teacher acts on their own school, and any
// other school is "not found" (nothing leaks that it exists); an admin on any school. Changing a
// school's contacts is for an admin or the school's own designated safeguarding lead.

export const NOT_LEAD_MESSAGE =
  "Only the school's designated safeguarding lead or an admin can change its safeguarding contacts";

export type SchoolRef = { id: string; name: string };

type Db = PrismaClient | Prisma.TransactionClient;

export function requireStaff(actor: Actor): void {
  if (actor.role !== "teacher" && actor.role !== "admin") {
    throw forbidden();
  }
}

/**
 * The school a staff member acts on: a teacher's own (another is "not found"); an admin's the one
 * asked for. `anyForAdmin`: an admin who names none means every school (null).
 */
export async function schoolInScope(
  db: Db,
  actor: Actor,
  wanted: string | null,
  options: { anyForAdmin: boolean },
): Promise<SchoolRef | null> {
  requireStaff(actor);
  if (actor.role === "teacher") {
    if (!actor.school) {
      throw notFound(NO_SCHOOL_MESSAGE);
    }
    if (wanted && wanted !== actor.school.id) {
      throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
    }
    return { id: actor.school.id, name: actor.school.name };
  }
  if (!wanted) {
    if (options.anyForAdmin) {
      return null;
    }
    throw badInput(SCHOOL_REQUIRED_MESSAGE);
  }
  const school = await db.school.findUnique({ where: { id: wanted }, select: { id: true, name: true } });
  if (!school) {
    throw notFound(SCHOOL_NOT_FOUND_MESSAGE);
  }
  return school;
}

/** An admin, or the school's designated safeguarding lead (a teacher of that school). */
export function mayEditContacts(actor: Actor, leadId: string | null): boolean {
  return actor.role === "admin" || (actor.role === "teacher" && leadId === actor.id);
}

/** The events a staff member may see: those of students of their school now (an admin: all). */
export function visibleEvents(actor: Actor, schoolId: string | null): Prisma.ModerationEventWhereInput {
  requireStaff(actor);
  const scope = actor.role === "teacher" ? actor.schoolId : schoolId;
  if (actor.role === "teacher" && !scope) {
    throw notFound(NO_SCHOOL_MESSAGE);
  }
  return { user: scope ? { schoolId: scope, role: "student" } : { role: "student" } };
}
