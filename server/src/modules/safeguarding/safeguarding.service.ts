import type { Logger } from "pino";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AppPubSub } from "../../pubsub/pubsub.js";
import { createAlertNotifier } from "./alert-notifier.js";
import { createSafeguardingAlertsService } from "./safeguarding-alerts.service.js";
import { createSafeguardingContactsService } from "./safeguarding-contacts.service.js";

// Safeguarding alerts that reach a person (issue 19, part C): each school's safeguarding contacts,
// urgent alerts e-mailed to them and re-sent until reviewed, reviews with an append-only trail of
// notes, and the CSV export. One object for GraphQL, REST and the moderation service.

export function createSafeguardingService(deps: {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  mailer: Mailer;
  logger: Logger;
  /** Where the e-mail's link points (PUBLIC_URL). */
  publicUrl: string;
  /** ALERT_RESEND_MINUTES, in milliseconds. */
  resendMs: number;
}) {
  const contacts = createSafeguardingContactsService({ prisma: deps.prisma, logger: deps.logger });
  const alerts = createSafeguardingAlertsService({ prisma: deps.prisma, pubsub: deps.pubsub });
  const notifier = createAlertNotifier({
    prisma: deps.prisma,
    mailer: deps.mailer,
    contacts,
    publicUrl: deps.publicUrl,
    resendMs: deps.resendMs,
    logger: deps.logger,
  });
  return {
    contacts: contacts.get,
    setContacts: contacts.set,
    alert: alerts.get,
    review: alerts.review,
    exportCsv: alerts.exportCsv,
    /** An urgent alert was raised: its e-mail goes out in the background (see alert-notifier.ts). */
    notifyUrgent: notifier.notifyUrgent,
    /** One sweep for due re-sends, now (the timer's work; tests call it directly). */
    resendDue: notifier.resendDue,
    startResending: notifier.start,
    stop: notifier.stop,
  };
}

export type SafeguardingService = ReturnType<typeof createSafeguardingService>;
