import type { ModerationEvent } from "../../generated/prisma/client.js";

/** A safeguarding event as teachers see it, live and in lists. */
export type ModerationAlertPayload = {
  id: string;
  type: ModerationEvent["type"];
  severity: ModerationEvent["severity"];
  category: string | null;
  reason: string;
  messageExcerpt: string | null;
  studentId: string;
  studentDisplayName: string;
  /** The student's school when the event happened: whose staff may see it. */
  schoolId: string | null;
  chatId: string | null;
  bookId: string | null;
  bookTitle: string | null;
  /** The student's strikes and block state right after the event. */
  strikeCount: number;
  blocked: boolean;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedByName: string | null;
};

export function presentModerationEvent(
  event: ModerationEvent,
  student: { displayName: string; strikeCount: number; blocked: boolean },
  bookTitle: string | null,
  reviewedByName: string | null = null,
): ModerationAlertPayload {
  return {
    id: event.id,
    type: event.type,
    severity: event.severity,
    category: event.category,
    reason: event.reason,
    messageExcerpt: event.messageExcerpt,
    studentId: event.userId,
    studentDisplayName: student.displayName,
    schoolId: event.schoolId,
    chatId: event.chatId,
    bookId: event.bookId,
    bookTitle,
    strikeCount: student.strikeCount,
    blocked: student.blocked,
    createdAt: event.createdAt,
    reviewedAt: event.reviewedAt,
    reviewedByName,
  };
}
