import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schoolIdOf } from "../src/db/schools.js";
import { Messages } from "../src/errors/app-error.js";
import { ADMIN_ONLY_MESSAGE } from "../src/modules/admin/audit.js";
import { BOOK_NOT_FOUND_MESSAGE } from "../src/modules/books/book.policy.js";
import { STUDENTS_ONLY_REVIEW_MESSAGE } from "../src/modules/books/book.service.js";
import { CHAT_ACCESS_MESSAGE, CHAT_NOT_FOUND_MESSAGE } from "../src/modules/chat/chat.service.js";
import { STUDENT_NOT_FOUND_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import { NOT_LEAD_MESSAGE } from "../src/modules/safeguarding/safeguarding.policy.js";
import { ALERT_NOT_FOUND_MESSAGE, SCHOOL_NOT_FOUND_MESSAGE } from "../src/modules/teacher/teacher.service.js";
import { CHANGE_ROLE_FORBIDDEN_MESSAGE } from "../src/modules/users/user.policy.js";
import { writeChat, writeModerationEvent } from "./helpers/admin-kit.js";
import { registration, startIsolatedTestApp, uniqueDisplayName } from "./helpers/auth-kit.js";
import { buildBook, makePng, otherSchool } from "./helpers/book-factory.js";
import { operationDocument, restRoutes, type RootOperation, rootOperations } from "./helpers/surface-kit.js";
import { TEST_PASSWORD, type TestApp, type TestUser, uniqueEmail } from "./helpers/test-app.js";
import { subscribe } from "./helpers/ws-kit.js";

// The authorisation matrix (issue 9, item 4): every GraphQL operation and every REST route, called by
// each kind of caller, against the records of one school (A). One table, MATRIX below, says what each
// caller gets; the operations come from the schema the resolvers build and the routes from the Express
// router stack, so a new operation or route without a row fails "covers every operation".
//
// An allowed call must succeed (no error; a 2xx; a subscription delivers an event). A refused one
// must be refused the product's way: UNAUTHENTICATED (HTTP 401) for no or a dead session, FORBIDDEN
// for a wrong role, NOT_FOUND where another school's record must not be seen to exist; the message
// is part of the expectation. Subscriptions without a session are refused at connection (close 4403).

const CALLERS = [
  "anonymous",
  "student",
  "otherStudent",
  "teacher",
  "otherTeacher",
  "admin",
  "blockedStudent",
  "inactiveStudent",
] as const;
type Caller = (typeof CALLERS)[number];
type SignedIn = Exclude<Caller, "anonymous">;
type Expectation = Record<Caller, string>;

const ROLE_OF: Record<Caller, "student" | "teacher" | "admin" | null> = {
  anonymous: null,
  student: "student",
  otherStudent: "student",
  teacher: "teacher",
  otherTeacher: "teacher",
  admin: "admin",
  blockedStudent: "student",
  inactiveStudent: "student",
};

// --- Outcomes ------------------------------------------------------------------------------------

const OK = "ok";
const deny = (code: string, message: string) => `${code}: ${message}`;
const UNAUTHENTICATED = deny("UNAUTHENTICATED", Messages.authenticationRequired);
const INACTIVE = deny("UNAUTHENTICATED", Messages.accountInactive);
const FORBIDDEN = deny("FORBIDDEN", Messages.forbidden);
const RESTRICTED = deny("ACCOUNT_RESTRICTED", Messages.accountRestricted);
const BOOK_NOT_FOUND = deny("NOT_FOUND", BOOK_NOT_FOUND_MESSAGE);
const CHAT_NOT_FOUND = deny("NOT_FOUND", CHAT_NOT_FOUND_MESSAGE);
const NOT_YOUR_CHAT = deny("FORBIDDEN", CHAT_ACCESS_MESSAGE);
const STUDENT_NOT_FOUND = deny("NOT_FOUND", STUDENT_NOT_FOUND_MESSAGE);
const SCHOOL_NOT_FOUND = deny("NOT_FOUND", SCHOOL_NOT_FOUND_MESSAGE);
const ALERT_NOT_FOUND = deny("NOT_FOUND", ALERT_NOT_FOUND_MESSAGE);
/** A WebSocket without a token is closed at connection_init (4403)... */
const WS_REFUSED = "ws closed 4403";
/** ...and one whose token is refused (here: an inactive account's) with 4401, as HTTP's 401. */
const WS_SIGNED_OUT = "ws closed 4401";

/** Everyone, signed in or not. */
const everyone = (): Expectation => Object.fromEntries(CALLERS.map((caller) => [caller, OK])) as Expectation;

/** Any live session; `over` for the callers refused by the record's own rules. */
const signedIn = (over: Partial<Expectation> = {}, refused = UNAUTHENTICATED, inactive = INACTIVE): Expectation => ({
  ...everyone(),
  anonymous: refused,
  inactiveStudent: inactive,
  ...over,
});

/** Callers of these roles; the others get `denied`. */
const roles = (
  allowed: ("student" | "teacher" | "admin")[],
  denied: string,
  over: Partial<Expectation> = {},
  ws = false,
): Expectation => {
  const base = signedIn({}, ws ? WS_REFUSED : UNAUTHENTICATED, ws ? WS_SIGNED_OUT : INACTIVE);
  for (const caller of CALLERS) {
    const role = ROLE_OF[caller];
    if (role && caller !== "inactiveStudent" && !allowed.includes(role)) {
      base[caller] = denied;
    }
  }
  return { ...base, ...over };
};

/** Any session, but school A's book is "not found" to school B. */
const ofSchoolBook = (over: Partial<Expectation> = {}) =>
  signedIn({ otherStudent: BOOK_NOT_FOUND, otherTeacher: BOOK_NOT_FOUND, ...over });

const adminOnly = (denied = FORBIDDEN) => roles(["admin"], denied);

// --- The world every row is called against -------------------------------------------------------

type Persona = TestUser & { displayName: string };
type World = {
  schoolA: string;
  schoolAId: string;
  schoolBId: string;
  users: Record<SignedIn, Persona>;
  /** Held by school A only: published, with text, a cover and a character. */
  bookId: string;
  /** The student's chat about the book (with two messages). */
  chatId: string;
  /** An open safeguarding alert about a student of school A. */
  alertId: string;
  /** Students acted on (unblocked, renamed) in place of the callers, one per school. */
  pupilA: Persona;
  pupilB: Persona;
  /** A student of school A and their chat, whose messages show the school's live activity. */
  prober: { user: Persona; chatId: string };
  loginUser: Persona;
};

type Vars = Record<string, unknown>;
type Make<T> = (w: World, caller: Caller) => T | Promise<T>;

type GraphQLRow = {
  expect: Expectation;
  vars?: Make<Vars>;
  /** Subscriptions: what to select, what causes an event for `caller`, and which events must not reach them. */
  selection?: string;
  probe?: (w: World, caller: Caller) => Promise<void>;
  leak?: (w: World, caller: Caller, event: any) => boolean;
};
type RestRequest = { path: string; body?: unknown; raw?: Uint8Array; contentType?: string; accept?: string };
type RestRow = { expect: Expectation; request: Make<RestRequest> };
type Row = GraphQLRow | RestRow;
const isRest = (row: Row): row is RestRow => "request" in row;

let app: TestApp;

async function gqlAs(w: World, caller: SignedIn, query: string, variables: Vars): Promise<void> {
  const res = await app.gql(query, variables, w.users[caller].token);
  if (res.status !== 200 || res.body.errors) {
    throw new Error(`${query}: ${JSON.stringify(res.body)}`);
  }
}

/** A new book of school A's for a call that changes or removes it. */
const freshBook = async (w: World, status: "draft" | "published" = "published") =>
  (await buildBook(app, { status, schools: [w.schoolA] })).id;

/** A reset token for a new account, as the emailed link carries it. */
async function freshResetToken(): Promise<string> {
  const user = await app.createUser();
  const token = randomBytes(24).toString("base64url");
  await app.db.prisma.passwordResetToken.create({
    data: {
      userId: user.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return token;
}

const NEW_PASSWORD = "willow-copper-sunrise-81";
const QUESTION = "Who is Mole in this story?";
const bookInput = () => ({ title: `Matrix ${randomBytes(4).toString("hex")}`, author: "A. Writer" });

// --- THE table: one row per operation ("name") and route ("METHOD /path") --------------------------

const MATRIX: Record<string, Row> = {
  // Queries
  adminOverview: { expect: adminOnly() },
  adminActivity: { expect: adminOnly(), vars: () => ({ limit: 5 }) },
  adminReport: { expect: adminOnly(), vars: (w) => ({ schoolId: w.schoolAId }) },
  adminBooks: { expect: adminOnly(), vars: () => ({ limit: 5 }) },
  adminBook: { expect: adminOnly(), vars: (w) => ({ id: w.bookId }) },
  similarBooks: { expect: adminOnly(), vars: () => ({ title: "The Wind in the Willows", author: "Kenneth Grahame" }) },
  adminUsers: { expect: adminOnly(), vars: () => ({ limit: 5 }) },
  adminSchools: { expect: adminOnly() },
  books: { expect: signedIn(), vars: () => ({ first: 5 }) },
  bookGenres: { expect: signedIn() },
  book: { expect: ofSchoolBook(), vars: (w) => ({ id: w.bookId }) },
  bookReviews: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId }) },
  myReview: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId }) },
  dashboard: { expect: signedIn() },
  chat: {
    expect: signedIn({ otherStudent: NOT_YOUR_CHAT, otherTeacher: CHAT_NOT_FOUND, blockedStudent: NOT_YOUR_CHAT }),
    vars: (w) => ({ id: w.chatId }),
  },
  bookReader: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId }) },
  readerPart: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId, chapter: 0, part: 0 }) },
  schools: { expect: everyone() },
  teacherDashboard: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: SCHOOL_NOT_FOUND }),
    vars: (w) => ({ schoolId: w.schoolAId, limit: 5 }),
  },
  teacherChats: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: STUDENT_NOT_FOUND }),
    vars: (w) => ({ userId: w.users.student.id, limit: 5 }),
  },
  me: { expect: signedIn() },
  safeguardingContacts: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: SCHOOL_NOT_FOUND }),
    vars: (w) => ({ schoolId: w.schoolAId }),
  },
  safeguardingAlert: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: ALERT_NOT_FOUND }),
    vars: (w) => ({ id: w.alertId }),
  },

  // Mutations (each call that changes a record gets a record of its own)
  createBook: {
    expect: adminOnly(),
    vars: (w) => ({ input: { ...bookInput(), allSchools: false, schoolIds: [w.schoolAId] } }),
  },
  updateBook: { expect: adminOnly(), vars: async (w) => ({ id: await freshBook(w), input: bookInput() }) },
  setBookText: {
    expect: adminOnly(),
    vars: async (w) => ({ id: await freshBook(w, "draft"), text: "Chapter 1\n\nMole went out.\n\nRat rowed." }),
  },
  publishBook: { expect: adminOnly(), vars: async (w) => ({ id: await freshBook(w, "draft") }) },
  unpublishBook: { expect: adminOnly(), vars: async (w) => ({ id: await freshBook(w) }) },
  deleteBook: { expect: adminOnly(), vars: async (w) => ({ id: await freshBook(w) }) },
  updateUser: {
    expect: adminOnly(),
    vars: (w) => ({ id: w.pupilA.id, displayName: w.pupilA.displayName }),
  },
  register: { expect: everyone(), vars: () => ({ input: registration() }) },
  login: { expect: everyone(), vars: (w) => ({ input: { email: w.loginUser.email, password: TEST_PASSWORD } }) },
  requestPasswordReset: { expect: everyone(), vars: () => ({ email: uniqueEmail("nobody") }) },
  completePasswordReset: {
    expect: everyone(),
    vars: async () => ({ input: { token: await freshResetToken(), password: NEW_PASSWORD } }),
  },
  setBookRead: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId, read: true }) },
  submitReview: {
    expect: ofSchoolBook({
      teacher: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      otherTeacher: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      admin: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      blockedStudent: RESTRICTED,
    }),
    vars: (w) => ({ bookId: w.bookId, rating: 4, reviewText: "A gentle story about friends by the river." }),
  },
  openChat: { expect: ofSchoolBook(), vars: (w) => ({ bookId: w.bookId }) },
  sendChatMessage: {
    // Only the chat's owner may write in it: staff read chats, they never write in them.
    expect: signedIn({
      otherStudent: NOT_YOUR_CHAT,
      teacher: NOT_YOUR_CHAT,
      otherTeacher: NOT_YOUR_CHAT,
      admin: NOT_YOUR_CHAT,
      blockedStudent: NOT_YOUR_CHAT,
    }),
    vars: (w) => ({ input: { chatId: w.chatId, message: QUESTION } }),
  },
  moderateMessage: {
    expect: ofSchoolBook({ blockedStudent: RESTRICTED }),
    vars: (w) => ({ bookId: w.bookId, message: QUESTION }),
  },
  unblockStudent: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: STUDENT_NOT_FOUND }),
    vars: (w) => ({ userId: w.pupilA.id }),
  },
  saveReadingProgress: {
    expect: ofSchoolBook(),
    vars: (w) => ({
      input: { bookId: w.bookId, chapter: 0, paragraph: 0, seenChapter: 0, seenParagraph: 0, activeSeconds: 5 },
    }),
  },
  saveReaderPrefs: { expect: signedIn(), vars: () => ({ input: { theme: "sepia" } }) },
  setSafeguardingContacts: {
    // Only an admin or the school's lead, and school A has none at each call: its teacher is refused.
    expect: roles(["teacher", "admin"], FORBIDDEN, {
      teacher: deny("FORBIDDEN", NOT_LEAD_MESSAGE),
      otherTeacher: SCHOOL_NOT_FOUND,
    }),
    vars: async (w) => {
      await app.db.prisma.safeguardingContact.deleteMany({ where: { schoolId: w.schoolAId } });
      return { input: { schoolId: w.schoolAId, leadId: w.users.teacher.id, deputyIds: [] } };
    },
  },
  reviewSafeguardingAlerts: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: ALERT_NOT_FOUND }),
    vars: async (w) => {
      const alert = await writeModerationEvent(app, w.pupilA, { type: "concern", schoolId: w.schoolAId });
      return { input: { ids: [alert.id], note: "Spoke to the student." } };
    },
  },
  updateUserRole: { expect: adminOnly(), vars: (w) => ({ id: w.pupilA.id, role: "student" }) },
  rotateTeacherCode: { expect: adminOnly(), vars: (w) => ({ schoolId: w.schoolAId }) },

  // Subscriptions
  chatEvents: {
    // afterSeq -1 replays the stored messages: an allowed subscriber has an event at once.
    expect: signedIn(
      { otherStudent: NOT_YOUR_CHAT, otherTeacher: CHAT_NOT_FOUND, blockedStudent: NOT_YOUR_CHAT },
      WS_REFUSED,
      WS_SIGNED_OUT,
    ),
    vars: (w) => ({ chatId: w.chatId, afterSeq: -1 }),
    selection: "chatId",
    leak: (w, _caller, event) => event.chatId !== w.chatId,
  },
  moderationAlerts: {
    // Each teacher follows their own school: school B's teacher is served, but never school A's alerts.
    expect: roles(["teacher", "admin"], FORBIDDEN, {}, true),
    selection: "studentId",
    // The other school's event goes first: had it leaked, it would arrive before the caller's own.
    probe: async (w, caller) => {
      const pupils = caller === "teacher" ? [w.pupilB, w.pupilA] : [w.pupilA, w.pupilB];
      for (const pupil of pupils) {
        await gqlAs(w, "admin", UNBLOCK, { userId: pupil.id });
      }
    },
    leak: (w, caller, event) =>
      (caller === "teacher" && event.studentId !== w.pupilA.id) ||
      (caller === "otherTeacher" && event.studentId !== w.pupilB.id),
  },
  schoolActivity: {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: SCHOOL_NOT_FOUND }, true),
    vars: (w) => ({ schoolId: w.schoolAId }),
    selection: "chat { userId }",
    probe: (w) => sendProbe(w),
    leak: (w, _caller, event) => event.chat.userId !== w.prober.user.id,
  },
  accountUpdated: {
    expect: signedIn({}, WS_REFUSED, WS_SIGNED_OUT),
    selection: "uid",
    // The admin saves the caller's name unchanged: the account event still goes out.
    probe: async (w, caller) => {
      const user = w.users[caller as SignedIn];
      await gqlAs(w, "admin", UPDATE_NAME, { id: user.id, displayName: user.displayName });
    },
    leak: (w, caller, event) => event.uid !== w.users[caller as SignedIn].id,
  },

  // REST
  "GET /healthz": { expect: everyone(), request: () => ({ path: "/healthz" }) },
  "GET /graphql": { expect: everyone(), request: () => ({ path: "/graphql", accept: "text/html" }) },
  "GET /.*/": { expect: everyone(), request: () => ({ path: "/books", accept: "text/html" }) },
  "POST /api/auth/register": {
    expect: everyone(),
    request: () => ({ path: "/api/auth/register", body: registration() }),
  },
  "POST /api/auth/login": {
    expect: everyone(),
    request: (w) => ({ path: "/api/auth/login", body: { email: w.loginUser.email, password: TEST_PASSWORD } }),
  },
  "POST /api/auth/reset-password": {
    expect: everyone(),
    request: () => ({ path: "/api/auth/reset-password", body: { email: uniqueEmail("nobody") } }),
  },
  "POST /api/auth/reset-password/complete": {
    expect: everyone(),
    request: async () => ({
      path: "/api/auth/reset-password/complete",
      body: { token: await freshResetToken(), password: NEW_PASSWORD },
    }),
  },
  "GET /api/auth/user": { expect: signedIn(), request: () => ({ path: "/api/auth/user" }) },
  "PATCH /api/auth/user/:id": {
    expect: adminOnly(deny("FORBIDDEN", CHANGE_ROLE_FORBIDDEN_MESSAGE)),
    request: (w) => ({ path: `/api/auth/user/${w.pupilA.id}`, body: { role: "student" } }),
  },
  "PATCH /api/auth/user/:id/moderation/unblock": {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: STUDENT_NOT_FOUND }),
    request: (w) => ({ path: `/api/auth/user/${w.pupilA.id}/moderation/unblock` }),
  },
  "GET /api/reviews/:bookId": { expect: ofSchoolBook(), request: (w) => ({ path: `/api/reviews/${w.bookId}` }) },
  "POST /api/reviews/:bookId": {
    expect: ofSchoolBook({
      teacher: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      otherTeacher: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      admin: deny("FORBIDDEN", STUDENTS_ONLY_REVIEW_MESSAGE),
      blockedStudent: RESTRICTED,
    }),
    request: (w) => ({
      path: `/api/reviews/${w.bookId}`,
      body: { rating: 5, reviewText: "I liked the boat trip best of all." },
    }),
  },
  "POST /api/chat/moderate": {
    expect: ofSchoolBook({ blockedStudent: RESTRICTED }),
    request: (w) => ({ path: "/api/chat/moderate", body: { bookId: w.bookId, message: QUESTION } }),
  },
  "GET /api/chat/teacher/chats": {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: STUDENT_NOT_FOUND }),
    request: (w) => ({ path: `/api/chat/teacher/chats?userId=${w.users.student.id}` }),
  },
  "GET /api/chat/teacher/chat/:chatId": {
    // The teachers' route: even the chat's owner is refused here (they read it through GraphQL).
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: CHAT_NOT_FOUND }),
    request: (w) => ({ path: `/api/chat/teacher/chat/${encodeURIComponent(w.chatId)}` }),
  },
  "GET /api/safeguarding/alerts.csv": {
    expect: roles(["teacher", "admin"], FORBIDDEN, { otherTeacher: SCHOOL_NOT_FOUND }),
    request: (w) => ({ path: `/api/safeguarding/alerts.csv?schoolId=${w.schoolAId}` }),
  },
  "PUT /api/admin/books/:id/cover": {
    expect: adminOnly(deny("FORBIDDEN", ADMIN_ONLY_MESSAGE)),
    request: async (w) => ({
      path: `/api/admin/books/${await freshBook(w, "draft")}/cover`,
      raw: await makePng(),
      contentType: "image/png",
    }),
  },
  "PUT /api/admin/books/:id/text": {
    expect: adminOnly(deny("FORBIDDEN", ADMIN_ONLY_MESSAGE)),
    request: async (w) => ({
      path: `/api/admin/books/${await freshBook(w, "draft")}/text`,
      raw: Buffer.from("Chapter 1\n\nMole went out.\n\nRat rowed."),
      contentType: "text/plain",
    }),
  },
  // The dev outbox answers any caller on this machine (the tests are): it is off in production.
  "GET /api/dev/outbox": { expect: everyone(), request: () => ({ path: "/api/dev/outbox?to=nobody@example.com" }) },
  // Cover images are public (an <img> sends no token); the URL carries the book's id only.
  "GET /covers/:bookId/:size": { expect: everyone(), request: (w) => ({ path: `/covers/${w.bookId}/low` }) },
};

const UNBLOCK = `mutation Unblock($userId: ID!) { unblockStudent(userId: $userId) { uid } }`;
const UPDATE_NAME = `mutation Rename($id: ID!, $displayName: String) { updateUser(id: $id, displayName: $displayName) { uid } }`;
const SEND_PROBE = `mutation Probe($input: SendChatMessageInput!) { sendChatMessage(input: $input) { userMessage { seq } } }`;

async function sendProbe(w: World): Promise<void> {
  const res = await app.gql(SEND_PROBE, { input: { chatId: w.prober.chatId, message: QUESTION } }, w.prober.user.token);
  if (res.body.errors) {
    throw new Error(JSON.stringify(res.body.errors));
  }
}

// --- Calling a row as a caller -------------------------------------------------------------------

const tokenOf = (w: World, caller: Caller) => (caller === "anonymous" ? undefined : w.users[caller].token);

/** "ok", or "CODE: message", with the HTTP status noted when it is not the one the code maps to. */
function graphqlOutcome(res: { status: number; body: any }, field: string): string {
  const errors = res.body?.errors as { message: string; extensions?: { code?: string } }[] | undefined;
  if (!errors?.length) {
    return res.status === 200 && res.body?.data && field in res.body.data
      ? OK
      : `HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
  }
  const [error] = errors;
  const code = error?.extensions?.code;
  const status = code === "UNAUTHENTICATED" ? 401 : code === "TOO_MANY_REQUESTS" ? 429 : 200;
  return `${deny(String(code), String(error?.message))}${res.status === status ? "" : ` (HTTP ${res.status})`}`;
}

const REST_STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ACCOUNT_RESTRICTED: 423,
  BAD_USER_INPUT: 400,
};

async function restOutcome(w: World, caller: Caller, method: string, row: RestRow): Promise<string> {
  const request = await row.request(w, caller);
  const headers: Record<string, string> = { accept: request.accept ?? "application/json" };
  const token = tokenOf(w, caller);
  if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (request.raw) {
    headers["content-type"] = request.contentType ?? "application/octet-stream";
    body = new Uint8Array(request.raw);
  } else if (request.body !== undefined || method !== "GET") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body ?? {});
  }
  const res = await fetch(`${app.url}${request.path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  if (res.status >= 200 && res.status < 300) {
    return OK;
  }
  let parsed: { error?: string; code?: string } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    return `HTTP ${res.status}: ${text.slice(0, 200)}`;
  }
  const outcome = deny(String(parsed.code), String(parsed.error));
  return res.status === REST_STATUS[String(parsed.code)] ? outcome : `${outcome} (HTTP ${res.status})`;
}

async function graphqlOutcomeOf(w: World, caller: Caller, operation: RootOperation, row: GraphQLRow) {
  const variables = (await row.vars?.(w, caller)) ?? {};
  const document = operationDocument(operation, {
    args: operation.field.args.filter((arg) => arg.name in variables),
    ...(row.selection ? { selection: row.selection } : {}),
  });
  if (operation.kind !== "subscription") {
    return graphqlOutcome(await app.gql(document, variables, tokenOf(w, caller)), operation.name);
  }
  return subscriptionOutcome(w, caller, document, variables, row);
}

const within = (ms: number, done: () => boolean) =>
  new Promise<void>((resolve) => {
    const deadline = Date.now() + ms;
    const tick = () => (done() || Date.now() > deadline ? resolve() : setTimeout(tick, 20));
    tick();
  });

/**
 * "ok" once an event for the caller arrives (causing one with the row's probe until it does), the
 * first error's "CODE: message", or "ws closed <code>" when the connection was refused.
 */
async function subscriptionOutcome(w: World, caller: Caller, document: string, variables: Vars, row: GraphQLRow) {
  const live = subscribe<any>(app, tokenOf(w, caller) ?? null, document, variables);
  let closedWith: number | null = null;
  void live.closed.then((code) => {
    closedWith = code;
  });
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await within(250, () => live.events.length > 0 || live.errors.length > 0 || closedWith !== null);
      const [error] = live.errors;
      if (error?.extensions?.code) {
        return deny(String(error.extensions.code), error.message);
      }
      if (error || closedWith !== null) {
        await within(2_000, () => closedWith !== null);
        return `ws closed ${closedWith}`;
      }
      if (live.events.length > 0) {
        const leaked = live.events.find((event) => row.leak?.(w, caller, event));
        return leaked ? `LEAK: ${JSON.stringify(leaked)}` : OK;
      }
      if (Date.now() > deadline) {
        return "no event within 10 s";
      }
      await row.probe?.(w, caller);
    }
  } finally {
    await live.dispose();
  }
}

// --- The tests -----------------------------------------------------------------------------------

describe("authorisation matrix", () => {
  let w: World;
  let operations: Map<string, RootOperation>;

  beforeAll(async () => {
    // A database of its own: rotateTeacherCode gives school A a code of its own, which would refuse
    // the server's code there to every other test file on a shared database.
    app = await startIsolatedTestApp({ AI_OFFLINE_PACE_MS: "0" });
    operations = new Map((await rootOperations()).map((operation) => [operation.name, operation]));
    const schoolA = otherSchool();
    const schoolB = otherSchool(schoolA);
    const persona = async (options: Parameters<TestApp["createUser"]>[0]): Promise<Persona> => {
      const displayName = uniqueDisplayName(`Matrix ${options?.role ?? "student"}`);
      return { ...(await app.createUser({ ...options, displayName })), displayName };
    };
    const users: Record<SignedIn, Persona> = {
      student: await persona({ role: "student", school: schoolA }),
      otherStudent: await persona({ role: "student", school: schoolB }),
      teacher: await persona({ role: "teacher", school: schoolA }),
      otherTeacher: await persona({ role: "teacher", school: schoolB }),
      admin: await persona({ role: "admin", school: null }),
      blockedStudent: await persona({ role: "student", school: schoolA, blocked: true }),
      inactiveStudent: await persona({ role: "student", school: schoolA, status: "inactive" }),
    };
    const book = await buildBook(app, { schools: [schoolA], characterList: ["Mole"] });
    const now = new Date();
    const chatId = await writeChat(app, users.student, book.id, [{ at: now }, { at: now, role: "assistant" }], {
      schoolId: schoolIdOf(schoolA),
    });
    const pupilA = await persona({ role: "student", school: schoolA });
    const pupilB = await persona({ role: "student", school: schoolB });
    const proberUser = await persona({ role: "student", school: schoolA });
    const proberChat = await writeChat(app, proberUser, book.id, [{ at: now }, { at: now, role: "assistant" }], {
      schoolId: schoolIdOf(schoolA),
    });
    const alert = await writeModerationEvent(app, pupilA, {
      type: "alert",
      schoolId: schoolIdOf(schoolA),
      severity: "urgent",
      category: "self_harm_risk",
    });
    w = {
      schoolA,
      schoolAId: schoolIdOf(schoolA),
      schoolBId: schoolIdOf(schoolB),
      users,
      bookId: book.id,
      chatId,
      alertId: alert.id,
      pupilA,
      pupilB,
      prober: { user: proberUser, chatId: proberChat },
      loginUser: await persona({ role: "student", school: schoolA }),
    };
  });
  afterAll(() => app?.stop());

  it("covers every operation of the schema and every REST route, and nothing else", () => {
    const surface = [...operations.keys(), ...restRoutes(app).map((route) => route.key)].sort();
    expect(Object.keys(MATRIX).sort()).toEqual(surface);
  });

  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const row = MATRIX[key] as Row;
    const actual = {} as Expectation;
    for (const caller of CALLERS) {
      if (isRest(row)) {
        const [method] = key.split(" ");
        actual[caller] = await restOutcome(w, caller, method as string, row);
      } else {
        const operation = operations.get(key);
        expect(operation, `${key} is not an operation of the schema`).toBeDefined();
        actual[caller] = await graphqlOutcomeOf(w, caller, operation as RootOperation, row);
      }
    }
    expect(actual).toEqual(row.expect);
  });
});
