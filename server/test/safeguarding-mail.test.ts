import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { SUPPORT_REPLY } from "../src/modules/moderation/moderation.service.js";
import { startIsolatedTestApp } from "./helpers/auth-kit.js";
import { buildBook } from "./helpers/book-factory.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import {
  freePort,
  type ReceivedMail,
  REVIEW_ALERTS,
  type SchoolWithStaff,
  schoolWithStaff,
  SET_CONTACTS,
  type SmtpCapture,
  startSmtp,
} from "./helpers/safeguarding-kit.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// Urgent alerts reach a person (issue 19, part C): a child at risk is answered at once, and the
// school's safeguarding lead and deputies (or, with none set, every teacher) get an e-mail through a
// real SMTP server, with a link to the alert and never the child's name or words. Unreviewed, it is
// sent again (here every fraction of a second); a failed SMTP server is retried; several instances on
// one database send each reminder once.

const RISK = "i want to kill myself, nobody would miss me";
const PUBLIC_URL = "https://reading.example.org";
/** The re-send interval of the apps that test it: 0.01 minutes, 600 ms. */
const TINY = "0.01";

type IsolatedApp = TestApp & { databaseUrl: string };

/** A book for every school, one per app (an isolated database has no catalogue). */
const books = new WeakMap<TestApp, Promise<string>>();

function appWith(smtpUrl: string, env: Record<string, string> = {}): Promise<IsolatedApp> {
  return startIsolatedTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL, AI_OFFLINE_PACE_MS: "0", ...env });
}

/** The student says something that puts them at risk, in a chat: the answer, and the alert's id. */
async function disclose(app: TestApp, student: TestUser): Promise<{ reply: string; alertId: string }> {
  if (!books.has(app)) {
    books.set(
      app,
      buildBook(app).then((book) => book.id),
    );
  }
  const bookId = await books.get(app);
  const opened = await app.gql(OPEN_CHAT, { bookId }, student.token);
  const res = await app.gql(SEND, { input: { chatId: opened.body.data.openChat.id, message: RISK } }, student.token);
  expect(res.body.errors).toBeUndefined();
  const alert = await app.db.prisma.moderationEvent.findFirstOrThrow({
    where: { userId: student.id, type: "alert", severity: "urgent" },
    orderBy: { createdAt: "desc" },
  });
  return { reply: res.body.data.sendChatMessage.assistantMessage.content, alertId: alert.id };
}

const aboutAlert = (mails: ReceivedMail[], alertId: string) =>
  mails.filter((mail) => mail.text.includes(`/teacher/alerts/${alertId}`));

/** Waits for the mails about the alert (bounded; the first failure shows what did arrive). */
function mailsFor(smtp: SmtpCapture, alertId: string, count: number): Promise<ReceivedMail[]> {
  return vi.waitFor(
    () => {
      const found = aboutAlert(smtp.mails, alertId);
      expect(found.length, JSON.stringify(smtp.mails.map((m) => m.subject))).toBeGreaterThanOrEqual(count);
      return found;
    },
    { timeout: 15_000, interval: 20 },
  );
}

async function nameContacts(
  app: TestApp,
  admin: TestUser,
  school: SchoolWithStaff,
  lead: TestUser,
  deputies: TestUser[],
) {
  const res = await app.gql(
    SET_CONTACTS,
    { input: { schoolId: school.id, leadId: lead.id, deputyIds: deputies.map((d) => d.id) } },
    admin.token,
  );
  expect(res.body.errors).toBeUndefined();
}

describe("urgent alerts by e-mail", () => {
  let smtp: SmtpCapture;
  let app: IsolatedApp;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await appWith(smtp.url);
    admin = await app.createUser({ role: "admin", school: null });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });
  afterEach(() => smtp.release());

  it("e-mails the school's lead and deputies a link to the alert, never the child's name or words", async () => {
    const school = await schoolWithStaff(app, 3);
    const [lead, deputy, colleague] = school.teachers as [TestUser, TestUser, TestUser];
    await nameContacts(app, admin, school, lead, [deputy]);

    const { reply, alertId } = await disclose(app, school.student);
    expect(reply).toBe(SUPPORT_REPLY);
    const mails = await mailsFor(smtp, alertId, 2);

    expect(mails.map((mail) => mail.to).sort()).toEqual([[deputy.email], [lead.email]].sort());
    expect(smtp.mails.some((mail) => mail.to.includes(colleague.email))).toBe(false);
    const alert = await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: alertId } });
    for (const mail of mails) {
      expect(mail.from).toBe("no-reply@readingroom.local");
      expect(mail.subject).toMatch(new RegExp(`^Urgent safeguarding alert at ${school.name}: .+`));
      expect(mail.text).toContain(`A student at ${school.name} may be at risk.`);
      expect(mail.text).toContain(`\n${PUBLIC_URL}/teacher/alerts/${alertId}\n`);
      expect(mail.text).toContain(`as a safeguarding contact for ${school.name}`);
      expect(mail.text).toMatch(/When: \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d \(London time\)/);
      // Never the child's words (not even a part of them) nor their name.
      const everything = `${mail.subject}\n${mail.text}`.toLowerCase();
      for (const secret of [RISK, "kill myself", "nobody would miss me", school.student.displayName]) {
        expect(everything).not.toContain(secret.toLowerCase());
      }
      expect(everything).not.toContain((alert.messageExcerpt ?? "").toLowerCase());
    }
    await vi.waitFor(async () => {
      const row = await app.db.prisma.safeguardingAlertEmail.findUniqueOrThrow({ where: { eventId: alertId } });
      expect(row).toMatchObject({ sentCount: 1, failedCount: 0, lastError: null });
    });
  });

  it("does not keep the child waiting for the mail server", async () => {
    const school = await schoolWithStaff(app, 1);
    smtp.hold();
    // The mail is mid-delivery (its DATA unanswered) while the child already has the answer.
    const { reply, alertId } = await disclose(app, school.student);
    expect(reply).toBe(SUPPORT_REPLY);
    await vi.waitFor(() => expect(smtp.held).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    expect(aboutAlert(smtp.mails, alertId)).toHaveLength(0);
    smtp.release();
    const [mail] = await mailsFor(smtp, alertId, 1);
    expect(mail?.to).toEqual([school.teachers[0]?.email]);
  });

  it("with no lead set, e-mails every active teacher of the school and says no lead is set", async () => {
    const school = await schoolWithStaff(app, 2);
    const inactive = await app.createUser({ role: "teacher", school: school.name, status: "inactive" });
    const elsewhere = await schoolWithStaff(app, 1);
    const { alertId } = await disclose(app, school.student);
    const mails = await mailsFor(smtp, alertId, 2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(school.teachers.map((t) => t.email).sort());
    const everyone = smtp.mails.flatMap((mail) => mail.to);
    expect(everyone).not.toContain(inactive.email);
    expect(everyone).not.toContain(elsewhere.teachers[0]?.email);
    expect(everyone).not.toContain(admin.email);
    for (const mail of mails) {
      expect(mail.text).toContain(
        `No designated safeguarding lead is set for ${school.name} on Reading Room, so this alert has gone to every teacher of the school.`,
      );
    }
  });

  it("counts only contacts who are still active teachers of the school", async () => {
    const school = await schoolWithStaff(app, 2);
    const [lead, other] = school.teachers as [TestUser, TestUser];
    await nameContacts(app, admin, school, lead, []);
    await app.db.prisma.user.update({ where: { id: lead.id }, data: { status: "inactive" } });
    const { alertId } = await disclose(app, school.student);
    const [mail] = await mailsFor(smtp, alertId, 1);
    expect(mail?.to).toEqual([other.email]);
    expect(mail?.text).toContain("No designated safeguarding lead is set");
  });
});

describe("urgent alert e-mails sent again", () => {
  let smtp: SmtpCapture;
  let app: IsolatedApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await appWith(smtp.url, { ALERT_RESEND_MINUTES: TINY });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("come again while the alert is not reviewed, and stop once it is", async () => {
    const school = await schoolWithStaff(app, 1);
    const teacher = school.teachers[0] as TestUser;
    const { alertId } = await disclose(app, school.student);
    const [first, reminder] = await mailsFor(smtp, alertId, 2);
    expect(first?.subject).toMatch(/^Urgent safeguarding alert at /);
    expect(reminder?.subject).toMatch(/^Reminder, not yet reviewed: Urgent safeguarding alert at /);
    expect(reminder?.text).toContain("This urgent safeguarding alert has not been reviewed yet.");
    expect(reminder?.to).toEqual([teacher.email]);

    const reviewed = await app.gql(
      REVIEW_ALERTS,
      { input: { ids: [alertId], note: "Spoke to the child and their parents." } },
      teacher.token,
    );
    expect(reviewed.body.errors).toBeUndefined();
    const row = await app.db.prisma.safeguardingAlertEmail.findUniqueOrThrow({ where: { eventId: alertId } });
    expect(row.nextSendAt).toBeNull();
    const sent = aboutAlert(smtp.mails, alertId).length;

    // A later alert's first e-mail and reminder: a whole re-send interval has passed since the review.
    const { alertId: later } = await disclose(app, school.student);
    await mailsFor(smtp, later, 2);
    expect(aboutAlert(smtp.mails, alertId)).toHaveLength(sent);
    expect(await app.services.safeguarding.resendDue()).not.toContain(alertId);
  });
});

describe("urgent alert e-mails when the mail server is down", () => {
  let smtp: SmtpCapture | undefined;
  let app: IsolatedApp;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    app = await appWith(`smtp://127.0.0.1:${port}`, { ALERT_RESEND_MINUTES: TINY });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("answer the child all the same, and are sent once the server is back", async () => {
    const school = await schoolWithStaff(app, 1);
    const { reply, alertId } = await disclose(app, school.student);
    expect(reply).toBe(SUPPORT_REPLY);
    const failed = await vi.waitFor(
      async () => {
        const row = await app.db.prisma.safeguardingAlertEmail.findUniqueOrThrow({ where: { eventId: alertId } });
        expect(row.failedCount).toBeGreaterThan(0);
        return row;
      },
      { timeout: 15_000, interval: 20 },
    );
    expect(failed.sentCount).toBe(0);
    expect(failed.lastError).toMatch(/1 of 1 e-mails failed: .*ECONNREFUSED/);

    smtp = await startSmtp(port);
    const [mail] = await mailsFor(smtp, alertId, 1);
    expect(mail?.to).toEqual([school.teachers[0]?.email]);
    await vi.waitFor(async () => {
      const row = await app.db.prisma.safeguardingAlertEmail.findUniqueOrThrow({ where: { eventId: alertId } });
      expect(row.sentCount).toBeGreaterThan(0);
    });
  });
});

describe("urgent alert e-mails with several instances on one database", () => {
  let smtp: SmtpCapture;
  let first: IsolatedApp;
  let second: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    first = await appWith(smtp.url);
    // PostgreSQL: a second instance on the same database. PGlite serves one process, so there the
    // same instance sweeps against itself (the claim is the same statement).
    second = inject("databaseUrl")
      ? await startTestApp({ DATABASE_URL: first.databaseUrl, SMTP_URL: smtp.url, PUBLIC_URL, SEED_CATALOGUE: "false" })
      : first;
  });
  afterAll(async () => {
    if (second !== first) {
      await second?.stop();
    }
    await first?.stop();
    await smtp?.close();
  });

  it("send each due reminder once, however many sweep at the same moment", async () => {
    const school = await schoolWithStaff(first, 1);
    const { prisma } = first.db;
    const alert = await prisma.moderationEvent.create({
      data: {
        type: "alert",
        severity: "urgent",
        category: "risk_self_harm",
        userId: school.student.id,
        schoolId: school.id,
        reason: "Suicide or self-harm in a chat message",
        messageExcerpt: RISK,
      },
    });
    await prisma.safeguardingAlertEmail.create({
      data: { eventId: alert.id, nextSendAt: new Date(Date.now() - 60_000), sentCount: 1 },
    });

    const sweeps = await Promise.all(
      [first, second, first, second, first, second].map((app) => app.services.safeguarding.resendDue()),
    );
    expect(sweeps.flat().filter((id) => id === alert.id).length).toBeLessThanOrEqual(1);
    await vi.waitFor(
      async () => {
        const row = await prisma.safeguardingAlertEmail.findUniqueOrThrow({ where: { eventId: alert.id } });
        expect(row.sentCount).toBe(2);
        expect(row.nextSendAt?.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
      },
      { timeout: 15_000, interval: 20 },
    );
    const mails = aboutAlert(smtp.mails, alert.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Reminder, not yet reviewed: /);
  });
});
