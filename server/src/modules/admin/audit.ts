import type { Actor } from "../../auth/actor.js";
import { forbidden } from "../../errors/app-error.js";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";

// Admin-only work: who may do it, and the record every admin action leaves (who, what, when), written
// in the same transaction as the change so the two cannot disagree.

export const ADMIN_ONLY_MESSAGE = "Only an admin can do that";

export function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") {
    throw forbidden(ADMIN_ONLY_MESSAGE);
  }
}

export type AdminActionKind =
  | "book.created"
  | "book.updated"
  | "book.coverChanged"
  | "book.textChanged"
  | "book.published"
  | "book.unpublished"
  | "book.archived"
  | "book.deleted"
  | "user.updated"
  | "school.teacherCodeGenerated"
  | "school.teacherCodeRotated";

export type Db = PrismaClient | Prisma.TransactionClient;

export async function recordAdminAction(
  db: Db,
  actor: Actor,
  entry: { action: AdminActionKind; targetType: "book" | "user" | "school"; targetId: string; summary: string },
): Promise<void> {
  await db.adminAction.create({
    data: { actorId: actor.id, actorName: actor.displayName, ...entry },
    select: { id: true },
  });
}

/** A title or name inside a summary line, kept short. */
export function quoted(text: string, max = 80): string {
  return `'${text.length > max ? `${text.slice(0, max - 1)}…` : text}'`;
}
