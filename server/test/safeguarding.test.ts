import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { NO_SCHOOL_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import { CONCERN_LABEL } from "../src/modules/safeguarding/alert-labels.js";
import {
  LEAD_REQUIRED_MESSAGE,
  NOT_A_TEACHER_HERE_MESSAGE,
} from "../src/modules/safeguarding/safeguarding-contacts.service.js";
import {
  BAD_DAY_MESSAGE,
  CHOOSE_ALERTS_MESSAGE,
  LEAD_ALSO_DEPUTY_MESSAGE,
  NOTE_REQUIRED_MESSAGE,
  NOTE_TOO_LONG_MESSAGE,
  MAX_NOTE_LENGTH,
} from "../src/modules/safeguarding/safeguarding.input.js";
import { NOT_LEAD_MESSAGE } from "../src/modules/safeguarding/safeguarding.policy.js";
import {
  ALERT_NOT_FOUND_MESSAGE,
  SCHOOL_NOT_FOUND_MESSAGE,
  SCHOOL_REQUIRED_MESSAGE,
} from "../src/modules/teacher/teacher.service.js";
import { writeModerationEvent } from "./helpers/admin-kit.js";
import { gqlError, startIsolatedTestApp } from "./helpers/auth-kit.js";
import {
  parseCsv,
  REVIEW_ALERTS,
  SAFEGUARDING_ALERT,
  SAFEGUARDING_CONTACTS,
  type SchoolWithStaff,
  schoolWithStaff,
  SET_CONTACTS,
} from "./helpers/safeguarding-kit.js";
import { TEACHER_DASHBOARD } from "./helpers/teacher-kit.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// Safeguarding (issue 19, part C): each school's designated safeguarding lead and deputies, reviewing
// alerts with a note (one or several at once), the notes as an audit trail nobody can change, and the
// CSV export. The e-mails are in safeguarding-mail.test.ts.

describe("safeguarding", () => {
  let app: TestApp & { databaseUrl: string };
  let admin: TestUser;

  beforeAll(async () => {
    app = await startIsolatedTestApp();
    admin = await app.createUser({ role: "admin", school: null, displayName: "Ada Admin" });
  });
  afterAll(() => app?.stop());

  const names = (list: { displayName: string }[]) => list.map((person) => person.displayName).sort();

  async function setContacts(caller: TestUser, input: Record<string, unknown>) {
    return app.gql(SET_CONTACTS, { input }, caller.token);
  }

  describe("contacts", () => {
    let school: SchoolWithStaff;
    let lead: TestUser & { displayName: string };
    let deputy: TestUser & { displayName: string };
    let colleague: TestUser & { displayName: string };

    beforeAll(async () => {
      school = await schoolWithStaff(app, 0);
      const teacher = async (displayName: string) => ({
        ...(await app.createUser({ role: "teacher", school: school.name, displayName })),
        displayName,
      });
      lead = await teacher("Lena Lead");
      deputy = await teacher("Dev Deputy");
      colleague = await teacher("Cal Colleague");
    });

    it("are none at first; an admin names the lead and deputies from the school's teachers", async () => {
      const before = await app.gql(SAFEGUARDING_CONTACTS, { schoolId: school.id }, admin.token);
      expect(before.body.data.safeguardingContacts).toMatchObject({
        school: { id: school.id, name: school.name },
        lead: null,
        deputies: [],
        canEdit: true,
      });
      expect(names(before.body.data.safeguardingContacts.candidates)).toEqual(names([lead, deputy, colleague]));

      const res = await setContacts(admin, { schoolId: school.id, leadId: lead.id, deputyIds: [deputy.id] });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.setSafeguardingContacts).toMatchObject({
        lead: { id: lead.id, displayName: "Lena Lead" },
        deputies: [{ id: deputy.id, displayName: "Dev Deputy" }],
        canEdit: true,
      });
    });

    it("are shown to every teacher of the school, who may not change them unless they are the lead", async () => {
      await setContacts(admin, { schoolId: school.id, leadId: lead.id, deputyIds: [deputy.id] });
      const seen = await app.gql(SAFEGUARDING_CONTACTS, {}, colleague.token);
      expect(seen.body.data.safeguardingContacts).toMatchObject({
        school: { id: school.id },
        lead: { id: lead.id },
        deputies: [{ id: deputy.id }],
        candidates: [],
        canEdit: false,
      });
      for (const refused of [colleague, deputy]) {
        const res = await setContacts(refused, { leadId: refused.id, deputyIds: [] });
        expect(gqlError(res.body)).toEqual({ code: "FORBIDDEN", message: NOT_LEAD_MESSAGE });
      }
      const stored = await app.db.prisma.safeguardingContact.findMany({ where: { schoolId: school.id } });
      expect(stored.map((row) => `${row.role}:${row.userId}`).sort()).toEqual(
        [`lead:${lead.id}`, `deputy:${deputy.id}`].sort(),
      );
    });

    it("can be changed by the school's lead, who may hand over (and then may not change them again)", async () => {
      await setContacts(admin, { schoolId: school.id, leadId: lead.id, deputyIds: [deputy.id] });
      const asLead = await app.gql(SAFEGUARDING_CONTACTS, {}, lead.token);
      expect(asLead.body.data.safeguardingContacts.canEdit).toBe(true);
      expect(asLead.body.data.safeguardingContacts.candidates).toHaveLength(3);

      const noLead = await setContacts(lead, { leadId: null, deputyIds: [deputy.id] });
      expect(gqlError(noLead.body)).toMatchObject({ code: "BAD_USER_INPUT", message: LEAD_REQUIRED_MESSAGE });

      const handed = await setContacts(lead, { leadId: deputy.id, deputyIds: [lead.id, colleague.id] });
      expect(handed.body.errors).toBeUndefined();
      expect(handed.body.data.setSafeguardingContacts).toMatchObject({ lead: { id: deputy.id }, canEdit: false });
      expect(names(handed.body.data.setSafeguardingContacts.deputies)).toEqual(["Cal Colleague", "Lena Lead"]);

      const again = await setContacts(lead, { leadId: lead.id, deputyIds: [] });
      expect(gqlError(again.body)).toEqual({ code: "FORBIDDEN", message: NOT_LEAD_MESSAGE });
      // An admin may leave a school without a lead.
      const cleared = await setContacts(admin, { schoolId: school.id, leadId: null, deputyIds: [] });
      expect(cleared.body.data.setSafeguardingContacts).toMatchObject({ lead: null, deputies: [] });
    });

    it("name only active teachers of the same school", async () => {
      const other = await schoolWithStaff(app, 1);
      const inactive = await app.createUser({ role: "teacher", school: school.name, status: "inactive" });
      const otherAdmin = await app.createUser({ role: "admin", school: school.name });
      for (const [leadId, deputyIds] of [
        [other.teachers[0]?.id, []],
        [lead.id, [other.teachers[0]?.id]],
        [school.student.id, []],
        [other.student.id, []],
        [inactive.id, []],
        [otherAdmin.id, []],
        ["no-such-user", []],
      ] as [string, string[]][]) {
        const res = await setContacts(admin, { schoolId: school.id, leadId, deputyIds });
        expect(gqlError(res.body), leadId).toEqual({ code: "BAD_USER_INPUT", message: NOT_A_TEACHER_HERE_MESSAGE });
      }
      const both = await setContacts(admin, { schoolId: school.id, leadId: lead.id, deputyIds: [lead.id] });
      expect(gqlError(both.body)).toMatchObject({ code: "BAD_USER_INPUT", message: LEAD_ALSO_DEPUTY_MESSAGE });
      const tooMany = await setContacts(admin, {
        schoolId: school.id,
        leadId: lead.id,
        deputyIds: Array.from({ length: 11 }, (_, i) => `deputy-${i}`),
      });
      expect(gqlError(tooMany.body).code).toBe("BAD_USER_INPUT");
    });

    it("of another school are 'not found' to a teacher; refused to students; an admin names the school", async () => {
      const other = await schoolWithStaff(app, 1);
      const outsider = other.teachers[0] as TestUser;
      const read = await app.gql(SAFEGUARDING_CONTACTS, { schoolId: school.id }, outsider.token);
      expect(gqlError(read.body)).toEqual({ code: "NOT_FOUND", message: SCHOOL_NOT_FOUND_MESSAGE });
      const write = await setContacts(outsider, { schoolId: school.id, leadId: outsider.id, deputyIds: [] });
      expect(gqlError(write.body)).toEqual({ code: "NOT_FOUND", message: SCHOOL_NOT_FOUND_MESSAGE });
      const student = await app.gql(SAFEGUARDING_CONTACTS, {}, other.student.token);
      expect(gqlError(student.body)).toEqual({ code: "FORBIDDEN", message: Messages.forbidden });
      const noSchool = await app.gql(SAFEGUARDING_CONTACTS, {}, admin.token);
      expect(gqlError(noSchool.body)).toMatchObject({ code: "BAD_USER_INPUT", message: SCHOOL_REQUIRED_MESSAGE });
      const unknown = await app.gql(SAFEGUARDING_CONTACTS, { schoolId: "no-such-school" }, admin.token);
      expect(gqlError(unknown.body)).toEqual({ code: "NOT_FOUND", message: SCHOOL_NOT_FOUND_MESSAGE });
      const schoolless = await app.createUser({ role: "teacher", school: null });
      const none = await app.gql(SAFEGUARDING_CONTACTS, {}, schoolless.token);
      expect(gqlError(none.body)).toEqual({ code: "NOT_FOUND", message: NO_SCHOOL_MESSAGE });
    });
  });

  describe("reviewing alerts", () => {
    it("reviews several alerts with one note: who, when and the note are kept; the rest stay open", async () => {
      const school = await schoolWithStaff(app, 1);
      const teacher = school.teachers[0] as TestUser;
      const { student } = school;
      const urgent = await writeModerationEvent(app, student, {
        type: "alert",
        severity: "urgent",
        category: "risk_self_harm",
        schoolId: school.id,
      });
      const concern = await writeModerationEvent(app, student, {
        type: "concern",
        category: "personal_details",
        schoolId: school.id,
      });
      const strike = await writeModerationEvent(app, student, {
        type: "strike",
        category: "bullying_hate",
        schoolId: school.id,
      });

      // The concern is listed with the others, with its label.
      const dashboard = await app.gql(TEACHER_DASHBOARD, { limit: 5 }, teacher.token);
      const listed = dashboard.body.data.teacherDashboard.alerts as { id: string; type: string }[];
      expect(listed.map((alert) => alert.id).sort()).toEqual([urgent.id, concern.id, strike.id].sort());
      const labels = await app.gql(`query { teacherDashboard(limit: 1) { alerts { id label } } }`, {}, teacher.token);
      expect(labels.body.data.teacherDashboard.alerts).toEqual(
        expect.arrayContaining([
          { id: concern.id, label: CONCERN_LABEL },
          { id: urgent.id, label: "Suicide or self-harm" },
          { id: strike.id, label: "Strike: Bullying or hate" },
        ]),
      );

      const note = "Spoke to the student with the DSL; parents called. Logged on CPOMS.";
      const res = await app.gql(REVIEW_ALERTS, { input: { ids: [urgent.id, concern.id], note } }, teacher.token);
      expect(res.body.errors).toBeUndefined();
      const reviewed = res.body.data.reviewSafeguardingAlerts as {
        alert: { id: string; reviewedAt: string; reviewedByName: string };
        notes: { authorName: string; text: string; createdAt: string }[];
      }[];
      expect(reviewed.map((item) => item.alert.id).sort()).toEqual([urgent.id, concern.id].sort());
      for (const item of reviewed) {
        expect(item.alert.reviewedAt).toEqual(expect.any(String));
        expect(item.notes).toEqual([
          { id: expect.any(String), authorName: expect.any(String), text: note, createdAt: item.alert.reviewedAt },
        ]);
      }
      const teacherName = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: teacher.id } })).displayName;
      expect(reviewed.every((item) => item.notes[0]?.authorName === teacherName)).toBe(true);
      expect(reviewed.every((item) => item.alert.reviewedByName === teacherName)).toBe(true);

      const rows = await app.db.prisma.moderationEvent.findMany({
        where: { id: { in: [urgent.id, concern.id, strike.id] } },
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(urgent.id)?.reviewedById).toBe(teacher.id);
      expect(byId.get(concern.id)?.reviewedById).toBe(teacher.id);
      expect(byId.get(strike.id)).toMatchObject({ reviewedAt: null, reviewedById: null });
      expect(await app.db.prisma.safeguardingNote.count({ where: { eventId: strike.id } })).toBe(0);

      const after = await app.gql(TEACHER_DASHBOARD, { limit: 5 }, teacher.token);
      expect(after.body.data.teacherDashboard.alerts.map((alert: { id: string }) => alert.id)).toEqual([strike.id]);
      expect(after.body.data.teacherDashboard.openAlertCount).toBe(1);
    });

    it("adds a later note to a reviewed alert: the first review stands, the notes are in order", async () => {
      const school = await schoolWithStaff(app, 2);
      const [first, second] = school.teachers as [TestUser, TestUser];
      const alert = await writeModerationEvent(app, school.student, {
        type: "alert",
        severity: "urgent",
        category: "risk_abuse",
        schoolId: school.id,
      });
      await app.gql(REVIEW_ALERTS, { input: { ids: [alert.id], note: "Referred to the DSL." } }, first.token);
      const reviewedAt = (await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: alert.id } }))
        .reviewedAt;
      const later = await app.gql(
        REVIEW_ALERTS,
        { input: { ids: [alert.id, alert.id], note: "  Social care called back.  " } },
        second.token,
      );
      expect(later.body.errors).toBeUndefined();
      const detail = await app.gql(SAFEGUARDING_ALERT, { id: alert.id }, first.token);
      const { data } = detail.body;
      expect(data.safeguardingAlert.alert).toMatchObject({
        id: alert.id,
        label: "Possible abuse",
        reviewedAt: reviewedAt?.toISOString(),
      });
      expect(data.safeguardingAlert.notes.map((note: { text: string }) => note.text)).toEqual([
        "Referred to the DSL.",
        "Social care called back.",
      ]);
      expect(data.safeguardingAlert.schoolName).toBe(school.name);
      const stored = await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: alert.id } });
      expect(stored.reviewedById).toBe(first.id);
    });

    it("is all or nothing: an alert of another school is 'not found', and nothing is reviewed", async () => {
      const school = await schoolWithStaff(app, 1);
      const other = await schoolWithStaff(app, 1);
      const teacher = school.teachers[0] as TestUser;
      const ours = await writeModerationEvent(app, school.student, { type: "concern", schoolId: school.id });
      const theirs = await writeModerationEvent(app, other.student, { type: "concern", schoolId: other.id });
      const unblock = await writeModerationEvent(app, school.student, { type: "unblock", schoolId: school.id });
      for (const ids of [[ours.id, theirs.id], [theirs.id], [unblock.id], ["no-such-alert"]]) {
        const res = await app.gql(REVIEW_ALERTS, { input: { ids, note: "Checked." } }, teacher.token);
        expect(gqlError(res.body), ids.join()).toEqual({ code: "NOT_FOUND", message: ALERT_NOT_FOUND_MESSAGE });
      }
      const detail = await app.gql(SAFEGUARDING_ALERT, { id: theirs.id }, teacher.token);
      expect(gqlError(detail.body)).toEqual({ code: "NOT_FOUND", message: ALERT_NOT_FOUND_MESSAGE });
      const student = await app.gql(REVIEW_ALERTS, { input: { ids: [ours.id], note: "Me" } }, school.student.token);
      expect(gqlError(student.body)).toEqual({ code: "FORBIDDEN", message: Messages.forbidden });
      const untouched = await app.db.prisma.moderationEvent.findMany({ where: { id: { in: [ours.id, theirs.id] } } });
      expect(untouched.every((row) => row.reviewedAt === null)).toBe(true);
      expect(await app.db.prisma.safeguardingNote.count({ where: { eventId: { in: [ours.id, theirs.id] } } })).toBe(0);

      // An admin reviews any school's alerts.
      const byAdmin = await app.gql(
        REVIEW_ALERTS,
        { input: { ids: [ours.id, theirs.id], note: "Seen." } },
        admin.token,
      );
      expect(byAdmin.body.errors).toBeUndefined();
      expect(byAdmin.body.data.reviewSafeguardingAlerts).toHaveLength(2);
    });

    it("needs a note, and at least one alert", async () => {
      const school = await schoolWithStaff(app, 1);
      const teacher = school.teachers[0] as TestUser;
      const alert = await writeModerationEvent(app, school.student, { type: "concern", schoolId: school.id });
      for (const [input, message] of [
        [{ ids: [alert.id], note: "" }, NOTE_REQUIRED_MESSAGE],
        [{ ids: [alert.id], note: " \n\t " }, NOTE_REQUIRED_MESSAGE],
        [{ ids: [alert.id], note: "x".repeat(MAX_NOTE_LENGTH + 1) }, NOTE_TOO_LONG_MESSAGE],
        [{ ids: [], note: "Checked." }, CHOOSE_ALERTS_MESSAGE],
      ] as const) {
        const res = await app.gql(REVIEW_ALERTS, { input }, teacher.token);
        expect(gqlError(res.body)).toMatchObject({ code: "BAD_USER_INPUT", message });
      }
      expect(
        (await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: alert.id } })).reviewedAt,
      ).toBeNull();
    });
  });

  describe("the audit trail", () => {
    it("offers no way to change or remove a note, and the database refuses it", async () => {
      const { buildGraphQLSchema } = await import("../src/graphql/schema.js");
      const { createAppPubSub } = await import("../src/pubsub/pubsub.js");
      const schema = await buildGraphQLSchema(createAppPubSub());
      const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
      expect(mutations.filter((name) => /note|safeguarding/i.test(name)).sort()).toEqual([
        "reviewSafeguardingAlerts",
        "setSafeguardingContacts",
      ]);

      const school = await schoolWithStaff(app, 1);
      const teacher = school.teachers[0] as TestUser;
      const alert = await writeModerationEvent(app, school.student, { type: "concern", schoolId: school.id });
      await app.gql(REVIEW_ALERTS, { input: { ids: [alert.id], note: "Original note." } }, teacher.token);
      const { prisma } = app.db;
      const note = await prisma.safeguardingNote.findFirstOrThrow({ where: { eventId: alert.id } });

      const attempts: [string, () => Promise<unknown>][] = [
        ["update", () => prisma.safeguardingNote.update({ where: { id: note.id }, data: { text: "Rewritten" } })],
        [
          "updateMany",
          () => prisma.safeguardingNote.updateMany({ where: { eventId: alert.id }, data: { authorName: "X" } }),
        ],
        ["delete", () => prisma.safeguardingNote.delete({ where: { id: note.id } })],
        ["deleteMany", () => prisma.safeguardingNote.deleteMany({ where: { eventId: alert.id } })],
        [
          "raw UPDATE",
          () => prisma.$executeRaw`UPDATE "SafeguardingNote" SET text = 'Rewritten' WHERE id = ${note.id}`,
        ],
        ["raw DELETE", () => prisma.$executeRaw`DELETE FROM "SafeguardingNote" WHERE id = ${note.id}`],
        ["TRUNCATE", () => prisma.$executeRawUnsafe(`TRUNCATE "SafeguardingNote"`)],
        // Removing the alert would take its notes with it: refused too.
        ["delete the alert", () => prisma.moderationEvent.delete({ where: { id: alert.id } })],
      ];
      for (const [what, attempt] of attempts) {
        await expect(attempt(), what).rejects.toThrow(/audit trail: they cannot be changed or deleted/);
      }
      expect(await prisma.safeguardingNote.findUniqueOrThrow({ where: { id: note.id } })).toEqual(note);
      expect(await prisma.moderationEvent.count({ where: { id: alert.id } })).toBe(1);
    });
  });

  describe("the CSV export", () => {
    let school: SchoolWithStaff;
    let other: SchoolWithStaff;
    let teacher: TestUser;
    const injected = '=HYPERLINK("http://evil.example","click")';

    beforeAll(async () => {
      school = await schoolWithStaff(app, 1);
      other = await schoolWithStaff(app, 1);
      teacher = school.teachers[0] as TestUser;
      const urgent = await writeModerationEvent(app, school.student, {
        type: "alert",
        severity: "urgent",
        category: "risk_self_harm",
        schoolId: school.id,
        at: new Date("2026-03-05T10:00:00Z"),
      });
      await app.db.prisma.moderationEvent.update({
        where: { id: urgent.id },
        data: { messageExcerpt: injected },
      });
      await writeModerationEvent(app, school.student, {
        type: "concern",
        category: "personal_details",
        schoolId: school.id,
        at: new Date("2026-03-06T10:00:00Z"),
      });
      await writeModerationEvent(app, other.student, { type: "strike", category: "sexual", schoolId: other.id });
      await app.gql(
        REVIEW_ALERTS,
        { input: { ids: [urgent.id], note: '-Called parents\nthen the DSL, "urgently"' } },
        teacher.token,
      );
    });

    const download = (token: string | undefined, query = "") =>
      app.api("GET", `/api/safeguarding/alerts.csv${query}`, token ? { token } : {});

    it("gives a teacher their school's alerts with the notes, every cell safe for a spreadsheet", async () => {
      const res = await download(teacher.token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="safeguarding-alerts-${school.id}-\\d{4}-\\d\\d-\\d\\d\\.csv"$`),
      );
      const [header, ...rows] = parseCsv(res.body as string);
      expect(header).toEqual([
        "Alert ID",
        "Raised (UTC)",
        "School",
        "Type",
        "What",
        "Severity",
        "Category",
        "Student",
        "Reason",
        "What the student wrote",
        "Book",
        "Status",
        "Reviewed (UTC)",
        "Reviewed by",
        "Notes",
      ]);
      expect(rows).toHaveLength(2);
      const [urgent, concern] = rows as [string[], string[]];
      const teacherName = (await app.db.prisma.user.findUniqueOrThrow({ where: { id: teacher.id } })).displayName;
      expect(urgent.slice(1, 8)).toEqual([
        "2026-03-05T10:00:00.000Z",
        school.name,
        "Urgent alert",
        "Suicide or self-harm",
        "urgent",
        "Suicide or self-harm",
        school.student.displayName,
      ]);
      // The child's words as text, never a formula; the note's leading '-' too (only at the cell's start).
      expect(urgent[9]).toBe(`'${injected}`);
      expect(urgent[11]).toBe("Reviewed");
      expect(urgent[13]).toBe(teacherName);
      expect(urgent[12]).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      expect(urgent[14]).toBe(`${urgent[12]} ${teacherName}: -Called parents\nthen the DSL, "urgently"`);
      expect(concern.slice(3, 5)).toEqual(["Possible concern", CONCERN_LABEL]);
      expect(concern[11]).toBe("Open");
      expect((res.body as string).includes(other.student.displayName)).toBe(false);
    });

    it("narrows to London days, both included", async () => {
      const res = await download(teacher.token, "?from=2026-03-06&to=2026-03-06");
      expect(res.status).toBe(200);
      const [, ...rows] = parseCsv(res.body as string);
      expect(rows.map((row) => row[4])).toEqual([CONCERN_LABEL]);
      expect(res.headers.get("content-disposition")).toContain("-2026-03-06-to-2026-03-06-");
      // Not a day at all (the fuzz test found "undefined" answered 500): a clear 400.
      for (const query of ["?from=2026-02-30", "?to=undefined", "?from=NaN-aa-bb", "?to=%00"]) {
        const bad = await download(teacher.token, query);
        expect(bad.status, query).toBe(400);
        expect(bad.body, query).toMatchObject({ code: "BAD_USER_INPUT", error: BAD_DAY_MESSAGE });
      }
    });

    it("refuses another school to a teacher, students and the signed-out; gives an admin any or all", async () => {
      const outsider = other.teachers[0] as TestUser;
      const refused = await download(outsider.token, `?schoolId=${school.id}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ code: "NOT_FOUND", error: SCHOOL_NOT_FOUND_MESSAGE });
      const own = await download(outsider.token);
      expect(
        parseCsv(own.body as string)
          .slice(1)
          .map((row) => row[2]),
      ).toEqual([other.name]);
      const student = await download(school.student.token);
      expect(student).toMatchObject({ status: 403, body: { code: "FORBIDDEN", error: Messages.forbidden } });
      const anonymous = await download(undefined);
      expect(anonymous.status).toBe(401);

      const one = await download(admin.token, `?schoolId=${other.id}`);
      expect(
        parseCsv(one.body as string)
          .slice(1)
          .map((row) => row[2]),
      ).toEqual([other.name]);
      const all = await download(admin.token);
      expect(all.headers.get("content-disposition")).toContain("safeguarding-alerts-all-schools-");
      const schools = new Set(
        parseCsv(all.body as string)
          .slice(1)
          .map((row) => row[2]),
      );
      expect(schools.has(school.name) && schools.has(other.name)).toBe(true);
    });
  });
});
