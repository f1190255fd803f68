import type { Logger } from "pino";
import type { Actor } from "../../auth/actor.js";
import { badInput, forbidden } from "../../errors/app-error.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { SetContactsInput } from "./safeguarding.input.js";
import { mayEditContacts, NOT_LEAD_MESSAGE, type SchoolRef, schoolInScope } from "./safeguarding.policy.js";

// A school's designated safeguarding lead (DSL) and deputies: the teachers an urgent alert is e-mailed
// to. Set by an admin, or by the school's lead (handing over, naming deputies). Only active teachers
// of the same school can be named.

export const NOT_A_TEACHER_HERE_MESSAGE = "Only active teachers of the school can be safeguarding contacts";
export const LEAD_REQUIRED_MESSAGE = "Choose a safeguarding lead";

export type StaffPayload = { id: string; displayName: string };

export type SafeguardingContactsPayload = {
  school: SchoolRef;
  lead: StaffPayload | null;
  deputies: StaffPayload[];
  /** The school's active teachers, to choose from: for those who may change the contacts only. */
  candidates: StaffPayload[];
  canEdit: boolean;
};

/** Who an urgent alert goes to, and why them. */
export type AlertRecipients = {
  /** contacts: the lead and deputies; allTeachers: no contact set; admins: the school has no active teacher. */
  audience: "contacts" | "allTeachers" | "admins";
  people: { id: string; email: string; displayName: string }[];
};

const byName = (a: StaffPayload, b: StaffPayload) =>
  a.displayName.localeCompare(b.displayName, "en-GB") || a.id.localeCompare(b.id);

export function createSafeguardingContactsService(deps: { prisma: PrismaClient; logger: Logger }) {
  const { prisma } = deps;

  /** The contacts still able to act: active teachers of the school (one who left no longer counts). */
  async function currentContacts(schoolId: string) {
    const rows = await prisma.safeguardingContact.findMany({
      where: { schoolId, user: { schoolId, role: "teacher", status: "active" } },
      select: { role: true, user: { select: { id: true, displayName: true, email: true } } },
    });
    const lead = rows.find((row) => row.role === "lead")?.user ?? null;
    const deputies = rows.filter((row) => row.role === "deputy").map((row) => row.user);
    return { lead, deputies };
  }

  async function present(actor: Actor, school: SchoolRef): Promise<SafeguardingContactsPayload> {
    const { lead, deputies } = await currentContacts(school.id);
    const canEdit = mayEditContacts(actor, lead?.id ?? null);
    const candidates = canEdit
      ? await prisma.user.findMany({
          where: { schoolId: school.id, role: "teacher", status: "active" },
          select: { id: true, displayName: true },
          orderBy: [{ displayName: "asc" }, { id: "asc" }],
        })
      : [];
    const staff = (user: StaffPayload) => ({ id: user.id, displayName: user.displayName });
    return {
      school,
      lead: lead ? staff(lead) : null,
      deputies: deputies.map(staff).sort(byName),
      candidates: candidates.map(staff).sort(byName),
      canEdit,
    };
  }

  return {
    /** The school's contacts: any teacher of the school may see who they are (an admin: any school). */
    async get(props: { actor: Actor; schoolId: string | null }): Promise<SafeguardingContactsPayload> {
      const school = await schoolInScope(prisma, props.actor, props.schoolId, { anyForAdmin: false });
      return present(props.actor, school as SchoolRef);
    },

    /**
     * Replaces the school's lead and deputies together. An admin, or the school's current lead; the
     * school's row is locked meanwhile, so two changes at once cannot leave two leads.
     */
    async set(props: { actor: Actor; input: SetContactsInput }): Promise<SafeguardingContactsPayload> {
      const { actor, input } = props;
      const school = (await schoolInScope(prisma, actor, input.schoolId, { anyForAdmin: false })) as SchoolRef;
      const named = [...(input.leadId ? [input.leadId] : []), ...input.deputyIds];
      await prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM "School" WHERE id = ${school.id} FOR UPDATE`;
        if (actor.role !== "admin") {
          const lead = await tx.safeguardingContact.findFirst({
            where: {
              schoolId: school.id,
              role: "lead",
              user: { schoolId: school.id, role: "teacher", status: "active" },
            },
            select: { userId: true },
          });
          if (!mayEditContacts(actor, lead?.userId ?? null)) {
            throw forbidden(NOT_LEAD_MESSAGE);
          }
          // A lead may hand over, not leave the school without one (only an admin can).
          if (!input.leadId) {
            throw badInput(LEAD_REQUIRED_MESSAGE, { leadId: LEAD_REQUIRED_MESSAGE });
          }
        }
        const teachers = await tx.user.count({
          where: { id: { in: named }, schoolId: school.id, role: "teacher", status: "active" },
        });
        if (teachers !== named.length) {
          throw badInput(NOT_A_TEACHER_HERE_MESSAGE);
        }
        await tx.safeguardingContact.deleteMany({ where: { schoolId: school.id } });
        await tx.safeguardingContact.createMany({
          data: named.map((userId) => ({
            schoolId: school.id,
            userId,
            role: userId === input.leadId ? ("lead" as const) : ("deputy" as const),
          })),
        });
      });
      deps.logger.info(
        { schoolId: school.id, actorId: actor.id, leadId: input.leadId, deputies: input.deputyIds.length },
        "safeguarding contacts changed",
      );
      return present(actor, school);
    },

    /**
     * Who an urgent alert of the school is e-mailed to: its lead and deputies; with none set, every
     * active teacher of the school; with no teacher either, the active admins (someone must know).
     */
    async recipientsFor(schoolId: string): Promise<AlertRecipients> {
      const { lead, deputies } = await currentContacts(schoolId);
      const contacts = [...(lead ? [lead] : []), ...deputies];
      if (contacts.length) {
        return { audience: "contacts", people: contacts };
      }
      const select = { id: true, email: true, displayName: true } as const;
      const teachers = await prisma.user.findMany({
        where: { schoolId, role: "teacher", status: "active" },
        select,
        orderBy: { id: "asc" },
      });
      if (teachers.length) {
        return { audience: "allTeachers", people: teachers };
      }
      const admins = await prisma.user.findMany({
        where: { role: "admin", status: "active" },
        select,
        orderBy: { id: "asc" },
      });
      return { audience: "admins", people: admins };
    },
  };
}

export type SafeguardingContactsService = ReturnType<typeof createSafeguardingContactsService>;
