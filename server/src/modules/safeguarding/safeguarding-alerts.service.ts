import type { Actor } from "../../auth/actor.js";
import { notFound } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { ALL_SCHOOLS, type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import { type ModerationAlertPayload, presentModerationEvent } from "../moderation/moderation.presenter.js";
import { ALERT_NOT_FOUND_MESSAGE } from "../teacher/teacher.service.js";
import { categoryLabel, eventLabel, eventTypeLabel } from "./alert-labels.js";
import { toCsv } from "./alert-csv.js";
import type { ExportQuery, ReviewInput } from "./safeguarding.input.js";
import { schoolInScope, visibleEvents } from "./safeguarding.policy.js";

// A safeguarding event as staff deal with it: one alert with its notes, several reviewed at once with
// one note, and the school's events as CSV. Notes are an audit trail: added, never changed or removed
// (there is no operation for it, and the database refuses it: see the migration safeguarding_alerts).

/** The events staff review (an unblock is a teacher's own act, not something to review). */
export const REVIEWABLE_TYPES = ["strike", "block", "alert", "concern"] as const;
/** The most rows one CSV holds: past it the newest are kept (a date range narrows the export). */
export const MAX_EXPORT_ROWS = 50_000;

export type SafeguardingNotePayload = { id: string; authorName: string; text: string; createdAt: Date };

export type SafeguardingAlertDetailPayload = {
  alert: ModerationAlertPayload;
  schoolName: string | null;
  notes: SafeguardingNotePayload[];
  emailsSent: number;
  lastEmailedAt: Date | null;
};

export type AlertsCsvPayload = { filename: string; csv: string; rows: number };

const detailInclude = {
  user: { select: { displayName: true, strikeCount: true, blocked: true, schoolId: true } },
  reviewedBy: { select: { displayName: true } },
  school: { select: { name: true } },
  notes: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  alertEmail: { select: { sentCount: true, lastSentAt: true } },
} satisfies Prisma.ModerationEventInclude;

type DetailRow = Prisma.ModerationEventGetPayload<{ include: typeof detailInclude }>;

const CSV_HEADER = [
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
] as const;

/** "2026-03-05" (London) as the instant that day starts. */
function londonDayStart(day: string): Date {
  // Midnight in London is 00:00 UTC in winter, 23:00 UTC the day before in summer.
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const londonHour = Number(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(noonUtc),
  );
  return new Date(noonUtc.getTime() - londonHour * 3_600_000);
}

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "school"
  );
}

export function createSafeguardingAlertsService(deps: { prisma: PrismaClient; pubsub: AppPubSub }) {
  const { prisma, pubsub } = deps;

  async function bookTitles(rows: { bookId: string | null }[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap((row) => (row.bookId ? [row.bookId] : [])))];
    if (!ids.length) {
      return new Map();
    }
    const books = await prisma.book.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } });
    return new Map(books.map((book) => [book.id, book.title]));
  }

  function presentDetail(row: DetailRow, titles: Map<string, string>): SafeguardingAlertDetailPayload {
    return {
      alert: {
        ...presentModerationEvent(
          row,
          row.user,
          row.bookId ? (titles.get(row.bookId) ?? null) : null,
          row.reviewedBy?.displayName ?? null,
        ),
        // Whose staff see it live: the student's school now, as the dashboards list it.
        schoolId: row.user.schoolId,
      },
      schoolName: row.school?.name ?? null,
      notes: row.notes.map((note) => ({
        id: note.id,
        authorName: note.authorName,
        text: note.text,
        createdAt: note.createdAt,
      })),
      emailsSent: row.alertEmail?.sentCount ?? 0,
      lastEmailedAt: row.alertEmail?.lastSentAt ?? null,
    };
  }

  async function details(where: Prisma.ModerationEventWhereInput): Promise<SafeguardingAlertDetailPayload[]> {
    const rows = await prisma.moderationEvent.findMany({
      where,
      include: detailInclude,
      orderBy: [{ severity: "desc" }, { createdAt: "desc" }, { id: "asc" }],
    });
    const titles = await bookTitles(rows);
    return rows.map((row) => presentDetail(row, titles));
  }

  return {
    /** One alert with its notes: a teacher's own school's (any other is "not found"); an admin's any. */
    async get(props: { actor: Actor; alertId: string }): Promise<SafeguardingAlertDetailPayload> {
      const [detail] = await details({
        id: props.alertId,
        type: { in: [...REVIEWABLE_TYPES] },
        ...visibleEvents(props.actor, null),
      });
      if (!detail) {
        throw notFound(ALERT_NOT_FOUND_MESSAGE);
      }
      return detail;
    },

    /**
     * Reviews alerts with one note (what was done): each gets the note, and those not yet reviewed are
     * marked reviewed by the actor now (the first review stands; a later note is added to the trail).
     * All or nothing: one alert the actor may not see and none is touched. Urgent e-mails stop.
     */
    async review(props: { actor: Actor; input: ReviewInput }): Promise<SafeguardingAlertDetailPayload[]> {
      const { actor, input } = props;
      const where: Prisma.ModerationEventWhereInput = {
        id: { in: input.ids },
        type: { in: [...REVIEWABLE_TYPES] },
        ...visibleEvents(actor, null),
      };
      await prisma.$transaction(async (tx) => {
        const found = await tx.moderationEvent.count({ where });
        if (found !== input.ids.length) {
          throw notFound(ALERT_NOT_FOUND_MESSAGE);
        }
        const at = new Date();
        await tx.moderationEvent.updateMany({
          where: { id: { in: input.ids }, reviewedAt: null },
          data: { reviewedAt: at, reviewedById: actor.id },
        });
        await tx.safeguardingNote.createMany({
          data: input.ids.map((eventId) => ({
            eventId,
            authorId: actor.id,
            authorName: actor.displayName,
            text: input.note,
            createdAt: at,
          })),
        });
        await tx.safeguardingAlertEmail.updateMany({
          where: { eventId: { in: input.ids } },
          data: { nextSendAt: null },
        });
      });
      const reviewed = await details({ id: { in: input.ids } });
      // Every open dashboard of the school drops them.
      for (const { alert } of reviewed) {
        if (alert.schoolId) {
          pubsub.publish(Topics.moderationAlert, alert.schoolId, alert);
        }
        pubsub.publish(Topics.moderationAlert, ALL_SCHOOLS, alert);
      }
      return reviewed;
    },

    /**
     * The safeguarding events as CSV, oldest first, with their notes: a teacher's own school; an
     * admin's school, or every school. `from` and `to` are London days, both included.
     */
    async exportCsv(props: { actor: Actor; query: ExportQuery }): Promise<AlertsCsvPayload> {
      const { actor, query } = props;
      const school = await schoolInScope(prisma, actor, query.schoolId, { anyForAdmin: true });
      const createdAt: Prisma.DateTimeFilter = {};
      if (query.from) {
        createdAt.gte = londonDayStart(query.from);
      }
      if (query.to) {
        createdAt.lt = londonDayStart(nextDay(query.to));
      }
      const rows = await prisma.moderationEvent.findMany({
        where: {
          type: { in: [...REVIEWABLE_TYPES] },
          ...visibleEvents(actor, school?.id ?? null),
          ...(query.from || query.to ? { createdAt } : {}),
        },
        include: {
          user: { select: { displayName: true, school: { select: { name: true } } } },
          school: { select: { name: true } },
          reviewedBy: { select: { displayName: true } },
          notes: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: MAX_EXPORT_ROWS,
      });
      rows.reverse();
      const titles = await bookTitles(rows);
      const csv = toCsv({
        header: CSV_HEADER,
        rows: rows.map((row) => [
          row.id,
          row.createdAt.toISOString(),
          row.school?.name ?? row.user.school?.name ?? "",
          eventTypeLabel(row),
          eventLabel(row),
          row.severity,
          categoryLabel(row.category),
          row.user.displayName,
          row.reason,
          row.messageExcerpt,
          row.bookId ? (titles.get(row.bookId) ?? "") : "",
          row.reviewedAt ? "Reviewed" : "Open",
          row.reviewedAt?.toISOString(),
          row.reviewedBy?.displayName ?? (row.reviewedAt ? "(account removed)" : ""),
          row.notes.map((note) => `${note.createdAt.toISOString()} ${note.authorName}: ${note.text}`).join("\n"),
        ]),
      });
      const range = query.from || query.to ? `-${query.from ?? "start"}-to-${query.to ?? "now"}` : "";
      const today = new Date().toISOString().slice(0, 10);
      return {
        filename: `safeguarding-alerts-${school ? slug(school.name) : "all-schools"}${range}-${today}.csv`,
        csv,
        rows: rows.length,
      };
    },
  };
}

export type SafeguardingAlertsService = ReturnType<typeof createSafeguardingAlertsService>;
