import { SCHOOLS } from "../../db/schools.js";
import type { PrismaClient } from "../../generated/prisma/client.js";

export type SchoolPayload = { id: string; name: string };

const SPEC_ORDER = new Map(SCHOOLS.map((school, index) => [school.id, index]));

/** Schools in the spec's order (the order they were seeded in); any others after them, by name. */
export function inSpecOrder<T extends SchoolPayload>(rows: T[]): T[] {
  const rank = (id: string) => SPEC_ORDER.get(id) ?? SPEC_ORDER.size;
  return rows.sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
}

export function createSchoolService(deps: { prisma: PrismaClient }) {
  return {
    /** The partner schools in the spec's order (the order they were seeded in). */
    async listSchools(): Promise<SchoolPayload[]> {
      return inSpecOrder(await deps.prisma.school.findMany({ select: { id: true, name: true } }));
    },
  };
}

export type SchoolService = ReturnType<typeof createSchoolService>;
