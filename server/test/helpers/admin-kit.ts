import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { App } from "../../src/app.js";
import { SCHOOLS } from "../../src/db/schools.js";
import type { ModerationEventType, ModerationSeverity } from "../../src/generated/prisma/client.js";
import type { HttpResult, TestUser } from "./test-app.js";

// The admin tests' pieces: the GraphQL documents, real images and text bodies for the upload routes,
// an empty database for each test (the admin's numbers are about every row), a snapshot of every
// table a refused call must leave alone, and students' use of a book written directly.

// --- GraphQL documents -------------------------------------------------------------------------

export const ADMIN_BOOK_FIELDS = `id title author category genre description characterList publishedYear pages
  status hasText hasCover coverUrl allSchools schoolIds textSizeBytes updatedAt usage { readers reviews chats }`;
export const ADMIN_USER_FIELDS = "uid displayName email role school status createdAt lastActiveAt";
export const REPORT_ROW_FIELDS = `schoolId schoolName students activeStudents booksRead readingMinutes chats
  studentMessages moderationEvents`;

export const ADMIN_OVERVIEW = `query AdminOverview {
  adminOverview { totalUsers students teachers admins totalBooks publishedBooks draftBooks activeUsers openAlerts }
}`;
export const ADMIN_ACTIVITY = `query AdminActivity($before: String, $limit: Int) {
  adminActivity(before: $before, limit: $limit) { items { id kind summary actorName urgent createdAt } nextBefore }
}`;
export const ADMIN_REPORT = `query AdminReport($from: String, $to: String, $schoolId: ID) {
  adminReport(from: $from, to: $to, schoolId: $schoolId) {
    from to schoolId
    overall { ${REPORT_ROW_FIELDS} }
    schools { ${REPORT_ROW_FIELDS} }
    mostRead { bookId title author reads }
    bestRated { bookId title author averageRating reviews }
    moderation { type category severity count }
    weekly { weekStart booksRead }
  }
}`;
export const ADMIN_BOOKS = `query AdminBooks($search: String, $status: BookStatus, $offset: Int, $limit: Int) {
  adminBooks(search: $search, status: $status, offset: $offset, limit: $limit) {
    items { ${ADMIN_BOOK_FIELDS} } totalCount nextOffset
  }
}`;
export const ADMIN_BOOK = `query AdminBook($id: ID!) { adminBook(id: $id) { ${ADMIN_BOOK_FIELDS} } }`;
export const CREATE_BOOK = `mutation CreateBook($input: BookInput!) { createBook(input: $input) { ${ADMIN_BOOK_FIELDS} } }`;
export const UPDATE_BOOK = `mutation UpdateBook($id: ID!, $input: BookInput!) {
  updateBook(id: $id, input: $input) { ${ADMIN_BOOK_FIELDS} }
}`;
export const SET_BOOK_TEXT = `mutation SetBookText($id: ID!, $text: String!) {
  setBookText(id: $id, text: $text) { ${ADMIN_BOOK_FIELDS} }
}`;
export const PUBLISH_BOOK = `mutation PublishBook($id: ID!) { publishBook(id: $id) { ${ADMIN_BOOK_FIELDS} } }`;
export const UNPUBLISH_BOOK = `mutation UnpublishBook($id: ID!) { unpublishBook(id: $id) { ${ADMIN_BOOK_FIELDS} } }`;
export const DELETE_BOOK = `mutation DeleteBook($id: ID!, $permanently: Boolean) {
  deleteBook(id: $id, permanently: $permanently) { outcome bookId book { ${ADMIN_BOOK_FIELDS} } }
}`;
export const ADMIN_USERS = `query AdminUsers($search: String, $role: Role, $status: UserStatus, $offset: Int, $limit: Int) {
  adminUsers(search: $search, role: $role, status: $status, offset: $offset, limit: $limit) {
    items { ${ADMIN_USER_FIELDS} } totalCount nextOffset
  }
}`;
export const UPDATE_USER = `mutation UpdateUser($id: ID!, $displayName: String, $role: Role, $status: UserStatus) {
  updateUser(id: $id, displayName: $displayName, role: $role, status: $status) { uid displayName email role school status }
}`;

// --- Upload bodies -------------------------------------------------------------------------------

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

/** A real image of one colour in the given format (sharp). */
export function makeImage(format: ImageFormat, width = 40, height = 60, background = "#2a6f97"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A real PNG of at least `minBytes`: random pixels, stored uncompressed. */
export function makeLargePng(minBytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 8;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** `text` as UTF-16 (little-endian unless told), with or without its byte-order mark. */
export function utf16(text: string, options: { bom?: boolean; bigEndian?: boolean } = {}): Buffer {
  const body = Buffer.from(text, "utf16le");
  if (options.bigEndian) {
    body.swap16();
  }
  const bom = options.bigEndian ? [0xfe, 0xff] : [0xff, 0xfe];
  return options.bom === false ? body : Buffer.concat([Buffer.from(bom), body]);
}

/** PUT /api/admin/books/{id}/cover or /text with a raw body, as the admin's browser sends it. */
export async function upload(
  app: Pick<App, "url">,
  what: "cover" | "text",
  bookId: string,
  body: Uint8Array,
  options: { token?: string; contentType?: string } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {
    "content-type": options.contentType ?? (what === "cover" ? "image/png" : "text/plain"),
  };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
  }
  const res = await fetch(`${app.url}/api/admin/books/${encodeURIComponent(bookId)}/${what}`, {
    method: "PUT",
    headers,
    // A copy on an ArrayBuffer of its own: what fetch's types accept.
    body: new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as any, headers: res.headers };
}

// --- The database as a whole ---------------------------------------------------------------------

const FIXED_SCHOOL_IDS = SCHOOLS.map((school) => school.id);

/**
 * Everything but the 24 schools and the server's settings, gone: the admin's numbers count every row,
 * so each test starts from nothing. Only on a database of the file's own (startIsolatedTestApp).
 */
export async function emptyDatabase(app: Pick<App, "db">): Promise<void> {
  const { prisma } = app.db;
  await prisma.$transaction([
    prisma.chatMessage.deleteMany(),
    prisma.chat.deleteMany(),
    prisma.review.deleteMany(),
    prisma.userBook.deleteMany(),
    prisma.moderationEvent.deleteMany(),
    prisma.adminAction.deleteMany(),
    prisma.passwordResetToken.deleteMany(),
    prisma.bookCoverRendition.deleteMany(),
    prisma.bookCover.deleteMany(),
    prisma.bookText.deleteMany(),
    prisma.bookSchool.deleteMany(),
    prisma.book.deleteMany(),
    prisma.user.deleteMany(),
    prisma.school.deleteMany({ where: { id: { notIn: FIXED_SCHOOL_IDS } } }),
  ]);
}

/** Rows per table (all of them, or those of one book). */
export async function rowCounts(app: Pick<App, "db">, bookId?: string) {
  const { prisma } = app.db;
  const ofBook = bookId ? { bookId } : {};
  const [
    books,
    bookTexts,
    bookCovers,
    bookCoverRenditions,
    bookSchools,
    userBooks,
    reviews,
    chats,
    chatMessages,
    moderationEvents,
  ] = await Promise.all([
    prisma.book.count({ where: bookId ? { id: bookId } : {} }),
    prisma.bookText.count({ where: ofBook }),
    prisma.bookCover.count({ where: ofBook }),
    prisma.bookCoverRendition.count({ where: ofBook }),
    prisma.bookSchool.count({ where: ofBook }),
    prisma.userBook.count({ where: ofBook }),
    prisma.review.count({ where: ofBook }),
    prisma.chat.count({ where: ofBook }),
    prisma.chatMessage.count({ where: bookId ? { chat: { bookId } } : {} }),
    prisma.moderationEvent.count({ where: ofBook }),
  ]);
  return {
    books,
    bookTexts,
    bookCovers,
    bookCoverRenditions,
    bookSchools,
    userBooks,
    reviews,
    chats,
    chatMessages,
    moderationEvents,
  };
}

/**
 * Every row an admin operation could change, for "a refused call changed nothing". Users without
 * lastActiveAt and updatedAt: any signed-in request refreshes those in the background.
 */
export async function snapshot(app: Pick<App, "db">) {
  const { prisma } = app.db;
  const [counts, users, adminActions, books, bookSchools, bookTexts, bookCovers] = await Promise.all([
    rowCounts(app),
    prisma.user.findMany({
      select: {
        id: true,
        displayName: true,
        email: true,
        role: true,
        status: true,
        tokenVersion: true,
        schoolId: true,
      },
      orderBy: { id: "asc" },
    }),
    prisma.adminAction.count(),
    prisma.book.findMany({ orderBy: { id: "asc" } }),
    prisma.bookSchool.findMany({ orderBy: [{ bookId: "asc" }, { schoolId: "asc" }] }),
    prisma.bookText.findMany({ select: { bookId: true, sha256: true, updatedAt: true }, orderBy: { bookId: "asc" } }),
    prisma.bookCover.findMany({ select: { bookId: true, sha256: true }, orderBy: { bookId: "asc" } }),
  ]);
  return { counts, adminActions, users, books, bookSchools, bookTexts, bookCovers };
}

/** The audit records, oldest first, as the tests compare them. */
export async function auditTrail(app: Pick<App, "db">, targetId?: string) {
  return app.db.prisma.adminAction.findMany({
    where: targetId ? { targetId } : {},
    select: { action: true, targetType: true, targetId: true, summary: true, actorId: true, actorName: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

// --- Students' use of books, written directly ----------------------------------------------------

type Db = Pick<App, "db">;

export function recordReading(
  app: Db,
  student: Pick<TestUser, "id">,
  bookId: string,
  fields: { read?: boolean; lastReadAt?: Date | null; readingTime?: number } = {},
) {
  return app.db.prisma.userBook.create({
    data: {
      id: `${student.id}_${bookId}`,
      userId: student.id,
      bookId,
      read: fields.read ?? true,
      lastReadAt: fields.lastReadAt === undefined ? new Date() : fields.lastReadAt,
      ...(fields.readingTime === undefined ? {} : { readingTime: fields.readingTime }),
    },
  });
}

export function writeReview(
  app: Db,
  student: Pick<TestUser, "id">,
  bookId: string,
  fields: { rating?: number; createdAt?: Date } = {},
) {
  return app.db.prisma.review.create({
    data: {
      userId: student.id,
      bookId,
      rating: fields.rating ?? 4,
      reviewText: "A good read.",
      ...(fields.createdAt ? { createdAt: fields.createdAt, updatedAt: fields.createdAt } : {}),
    },
  });
}

/**
 * A chat of the student's about the book with the given messages (the student's and the assistant's
 * replies alternate unless told), as openChat and sendChatMessage store them.
 */
export async function writeChat(
  app: Db,
  student: Pick<TestUser, "id">,
  bookId: string,
  messages: { at: Date; role?: "user" | "assistant"; initialContext?: boolean }[],
  options: { schoolId?: string | null; characterName?: string } = {},
) {
  const id = `${student.id}_${bookId}${options.characterName ? `_char_${options.characterName}` : ""}`;
  await app.db.prisma.chat.create({
    data: {
      id,
      userId: student.id,
      bookId,
      schoolId: options.schoolId ?? null,
      studentDisplayName: "Student",
      characterName: options.characterName ?? null,
      messageCount: messages.length,
      messages: {
        create: messages.map((message, seq) => ({
          seq,
          role: message.role ?? "user",
          content: message.initialContext ? "I am reading chapter one." : `Message ${seq}`,
          isInitialContext: message.initialContext ?? false,
          createdAt: message.at,
        })),
      },
    },
  });
  return id;
}

export function writeModerationEvent(
  app: Db,
  student: Pick<TestUser, "id">,
  fields: {
    type: ModerationEventType;
    schoolId?: string | null;
    category?: string | null;
    severity?: ModerationSeverity;
    at?: Date;
    actorId?: string | null;
    bookId?: string | null;
    chatId?: string | null;
    reviewedAt?: Date | null;
  },
) {
  return app.db.prisma.moderationEvent.create({
    data: {
      type: fields.type,
      userId: student.id,
      schoolId: fields.schoolId ?? null,
      category: fields.category ?? null,
      severity: fields.severity ?? "normal",
      reason: "Harmful content in a chat message",
      actorId: fields.actorId ?? null,
      bookId: fields.bookId ?? null,
      chatId: fields.chatId ?? null,
      reviewedAt: fields.reviewedAt ?? null,
      ...(fields.at ? { createdAt: fields.at } : {}),
    },
  });
}

/** A student's reading record, review and chat (two messages) of a book, and a strike from that chat. */
export async function useBook(app: Db, student: Pick<TestUser, "id">, bookId: string) {
  await recordReading(app, student, bookId);
  await writeReview(app, student, bookId);
  const now = new Date();
  const chatId = await writeChat(app, student, bookId, [{ at: now }, { at: now, role: "assistant" }]);
  const event = await writeModerationEvent(app, student, { type: "strike", bookId, chatId, category: "bullying_hate" });
  return { chatId, eventId: event.id };
}
