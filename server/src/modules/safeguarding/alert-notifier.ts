import type { Logger } from "pino";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Mailer } from "../../mail/mailer.js";
import { eventLabel } from "./alert-labels.js";
import { urgentAlertEmail } from "./alert-mail.js";
import type { SafeguardingContactsService } from "./safeguarding-contacts.service.js";

// Urgent alerts reach a person: an e-mail to the school's safeguarding contacts at once, and again
// every `resendMs` until someone reviews the alert. The state lives in SafeguardingAlertEmail, so it
// survives a restart and is shared by every instance on the database:
// - the first e-mail is claimed by inserting the alert's row (a second call finds it and does nothing);
// - a re-send is claimed by moving the row's nextSendAt on in one UPDATE: two instances sweeping at once
//   both try, PostgreSQL's row lock lets one through, and the other re-reads the row, no longer due;
// - an e-mail that reached nobody (the SMTP server is down) is tried again within a minute; one that
//   reached some of the recipients counts as sent, so a bad address does not flood the others.
// Nothing here is awaited by the child's request: the moderation service hands over the alert's id.

const SWEEP_BATCH = 100;
const PARALLEL_ALERTS = 5;
const MAX_RETRY_MS = 60_000;
const MAX_SWEEP_MS = 30_000;
const MIN_SWEEP_MS = 25;

export function createAlertNotifier(deps: {
  prisma: PrismaClient;
  mailer: Mailer;
  contacts: SafeguardingContactsService;
  publicUrl: string;
  resendMs: number;
  logger: Logger;
}) {
  const { prisma, logger } = deps;
  const retryMs = Math.min(deps.resendMs, MAX_RETRY_MS);
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | null = null;
  let stopped = false;

  function track(work: Promise<unknown>): void {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /**
   * Sends the alert's e-mail to each recipient; records the outcome on the alert's row. `resend`: the
   * sweep's, a reminder unless it retries a first e-mail that reached nobody.
   */
  async function deliver(eventId: string, resend: boolean): Promise<void> {
    const event = await prisma.moderationEvent.findUnique({
      where: { id: eventId },
      select: {
        type: true,
        category: true,
        createdAt: true,
        reviewedAt: true,
        school: { select: { id: true, name: true } },
        user: { select: { school: { select: { id: true, name: true } } } },
        alertEmail: { select: { sentCount: true, failedCount: true } },
      },
    });
    if (!event || event.reviewedAt) {
      return;
    }
    const school = event.school ?? event.user.school;
    if (!school) {
      await recordFailure(eventId, "the student has no school");
      return;
    }
    const recipients = await deps.contacts.recipientsFor(school.id);
    if (recipients.people.length === 0) {
      await recordFailure(eventId, "nobody to e-mail: no active teacher or admin");
      return;
    }
    const mail = {
      label: eventLabel(event),
      schoolName: school.name,
      raisedAt: event.createdAt,
      link: `${deps.publicUrl}/teacher/alerts/${encodeURIComponent(eventId)}`,
      audience: recipients.audience,
      // A sweep may overtake a slow first e-mail (not counted yet): it is a reminder all the same.
      reminder: resend && !(event.alertEmail?.sentCount === 0 && (event.alertEmail?.failedCount ?? 0) > 0),
      resendMs: deps.resendMs,
    };
    const results = await Promise.allSettled(
      recipients.people.map((person) => deps.mailer.send(urgentAlertEmail(person.email, mail))),
    );
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    const problem = failed.length
      ? `${failed.length} of ${results.length} e-mails failed: ${errorText(failed[0]?.reason)}`
      : null;
    if (failed.length === results.length) {
      await recordFailure(eventId, problem ?? "");
      return;
    }
    await prisma.$executeRaw`
      UPDATE "SafeguardingAlertEmail"
      SET "sentCount" = "sentCount" + 1, "lastSentAt" = now(), "lastError" = ${problem}
      WHERE "eventId" = ${eventId}`;
    if (problem) {
      logger.error({ eventId, problem }, "urgent alert e-mail failed for some recipients");
    } else {
      logger.info({ eventId, recipients: results.length, audience: recipients.audience }, "urgent alert e-mailed");
    }
  }

  /** Nothing reached anyone: try again within a minute (sooner when the re-send interval is shorter). */
  async function recordFailure(eventId: string, problem: string): Promise<void> {
    logger.error({ eventId, problem }, "urgent alert e-mail not sent: will try again");
    await prisma.$executeRaw`
      UPDATE "SafeguardingAlertEmail"
      SET "failedCount" = "failedCount" + 1, "lastError" = ${problem.slice(0, 1000)},
        "nextSendAt" = LEAST("nextSendAt", now() + (${retryMs}::double precision * interval '1 millisecond'))
      WHERE "eventId" = ${eventId}`;
  }

  async function firstSend(eventId: string): Promise<void> {
    const claimed = await prisma.$queryRaw<{ eventId: string }[]>`
      INSERT INTO "SafeguardingAlertEmail" ("eventId", "nextSendAt")
      SELECT e.id, now() + (${deps.resendMs}::double precision * interval '1 millisecond')
      FROM "ModerationEvent" e
      WHERE e.id = ${eventId} AND e.severity = 'urgent' AND e."reviewedAt" IS NULL
      ON CONFLICT ("eventId") DO NOTHING
      RETURNING "eventId"`;
    if (claimed.length) {
      await deliver(eventId, false);
    }
  }

  /**
   * Claims the alerts whose e-mail is due (a reviewed one is retired instead: nextSendAt null) and
   * sends them. Returns the ids this instance claimed.
   */
  async function resendDue(): Promise<string[]> {
    const rows = await prisma.$queryRaw<{ eventId: string; due: boolean }[]>`
      UPDATE "SafeguardingAlertEmail" AS m
      SET "nextSendAt" = CASE WHEN e."reviewedAt" IS NULL
        THEN now() + (${deps.resendMs}::double precision * interval '1 millisecond') ELSE NULL END
      FROM "ModerationEvent" AS e
      WHERE e.id = m."eventId" AND m."nextSendAt" <= now() AND m."eventId" IN (
        SELECT "eventId" FROM "SafeguardingAlertEmail"
        WHERE "nextSendAt" <= now()
        ORDER BY "nextSendAt"
        LIMIT ${SWEEP_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING m."eventId" AS "eventId", e."reviewedAt" IS NULL AS due`;
    const due = rows.filter((row) => row.due).map((row) => row.eventId);
    for (let i = 0; i < due.length; i += PARALLEL_ALERTS) {
      await Promise.all(
        due
          .slice(i, i + PARALLEL_ALERTS)
          .map((eventId) =>
            deliver(eventId, true).catch((error: unknown) =>
              logger.error({ err: error, eventId }, "urgent alert re-send failed: will try again"),
            ),
          ),
      );
    }
    return due;
  }

  function sweep(): void {
    if (sweeping || stopped) {
      return;
    }
    sweeping = resendDue()
      .catch((error: unknown) => logger.error({ err: error }, "urgent alert re-send sweep failed"))
      .finally(() => {
        sweeping = null;
      });
  }

  return {
    /**
     * E-mails an urgent alert's recipients now, without making the caller wait; failures are logged
     * and retried by the re-send sweep. Safe to call twice for one alert.
     */
    notifyUrgent(eventId: string): void {
      if (stopped) {
        return;
      }
      track(
        firstSend(eventId).catch((error: unknown) =>
          logger.error({ err: error, eventId }, "urgent alert e-mail failed: the re-send will try again"),
        ),
      );
    },

    resendDue,

    /** Starts sweeping for due re-sends (a few times per interval, at least every 30 seconds). */
    start(): void {
      if (timer || stopped) {
        return;
      }
      const period = Math.max(MIN_SWEEP_MS, Math.min(MAX_SWEEP_MS, Math.floor(deps.resendMs / 4)));
      timer = setInterval(sweep, period);
      timer.unref();
    },

    /** Stops sweeping and waits for the e-mails being sent. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await sweeping;
      await Promise.allSettled([...inFlight]);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type AlertNotifier = ReturnType<typeof createAlertNotifier>;
