import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { CHAT_NOT_FOUND_MESSAGE } from "../src/modules/chat/chat.service.js";
import { STUDENT_NOT_FOUND_MESSAGE } from "../src/modules/moderation/moderation.service.js";
import {
  ALERT_NOT_FOUND_MESSAGE,
  SCHOOL_NOT_FOUND_MESSAGE,
  SCHOOL_REQUIRED_MESSAGE,
} from "../src/modules/teacher/teacher.service.js";
import { gqlError, startIsolatedTestApp } from "./helpers/auth-kit.js";
import { buildBook, type BuiltBook, otherSchool } from "./helpers/book-factory.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import {
  type Activity,
  activityFlows,
  type Alert,
  alertsFlow,
  freshSchool,
  MODERATION_ALERTS,
  SCHOOL_ACTIVITY,
  type School,
  TEACHER_CHATS,
  TEACHER_DASHBOARD,
  type TeacherChatItem,
} from "./helpers/teacher-kit.js";
import { REVIEW_ALERTS } from "./helpers/safeguarding-kit.js";
import type { HttpResult, TestApp, TestUser } from "./helpers/test-app.js";
import { type Live, subscribe } from "./helpers/ws-kit.js";

// The teacher dashboard (spec 2 Teacher dashboard, 3 Teacher chat list item, 6, 7): a teacher sees
// the students (role student) of their own school only: their reading, chats (GET
// /api/chat/teacher/chats and /chat/{chatId}), safeguarding alerts and live activity. Anything of
// another school is "not found"; a student is refused; a teacher without a school is told so.
//
// These tests assert about every student and chat of a school, so the file runs on a database of its
// own and each test makes schools of its own (the 24 fixed schools are shared with other files).

const NO_SCHOOL = "No school found for your account.";
const CHAT_LIMIT_MESSAGE = "limit must be a whole number from 1 to 50";
const INVALID_CURSOR = "Invalid cursor";
const BULLYING = "you are a stupid idiot and everyone in this class hates you";
const RISK = "i want to kill myself, nobody would miss me";
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

type Student = {
  id: string;
  displayName: string;
  email: string;
  status: string;
  lastActiveAt: string | null;
  moderation: { strikeCount: number; blocked: boolean; blockedAt: string | null; blockReason: string | null };
  booksReadCount: number;
  readingMinutes: number;
  booksRead: { bookId: string; title: string; author: string; lastReadAt: string | null }[];
  chatCount: number;
  messageCount: number;
  lastChatAt: string | null;
};
type Dashboard = {
  school: School;
  totalStudents: number;
  matchingStudents: number;
  nextOffset: number | null;
  openAlertCount: number;
  students: Student[];
  alerts: Alert[];
};
type ChatPage = { items: TeacherChatItem[]; nextCursor: string | null };

describe("teacher dashboard", () => {
  let app: TestApp;
  let books: BuiltBook[];
  const open: Live<unknown>[] = [];

  beforeAll(async () => {
    app = await startIsolatedTestApp({ AI_OFFLINE_PACE_MS: "0" });
    books = await Promise.all([1, 2, 3, 4, 5].map(() => buildBook(app, { characterList: ["Mole"] })));
  });
  afterAll(async () => {
    await Promise.all(open.map((live) => live.dispose()));
    await app.stop();
  });

  function live<T>(user: TestUser | null, query: string, variables: Record<string, unknown> = {}): Live<T> {
    const subscription = subscribe<T>(app, user ? user.token : null, query, variables);
    open.push(subscription as Live<unknown>);
    return subscription;
  }

  async function openChat(student: TestUser, book: BuiltBook = books[0] as BuiltBook, characterName?: string) {
    const res = await app.gql(
      OPEN_CHAT,
      { bookId: book.id, ...(characterName ? { characterName } : {}) },
      student.token,
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.openChat.id as string;
  }

  const send = (user: TestUser, chatId: string, message: string) =>
    app.gql(SEND, { input: { chatId, message } }, user.token);

  async function dashboardOf(user: TestUser, variables: Record<string, unknown> = {}): Promise<Dashboard> {
    const res = await app.gql(TEACHER_DASHBOARD, variables, user.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.teacherDashboard;
  }

  async function chatPage(user: TestUser, variables: Record<string, unknown>): Promise<ChatPage> {
    const res = await app.gql(TEACHER_CHATS, variables, user.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.teacherChats;
  }

  const getRest = (user: TestUser | null, route: string) => app.api("GET", route, user ? { token: user.token } : {});

  /** A reading record written directly, with the dates and minutes a test needs. */
  function recordReading(
    user: TestUser,
    book: BuiltBook,
    fields: { read?: boolean; lastReadAt?: Date | null; readingTime?: number } = {},
  ) {
    return app.db.prisma.userBook.create({
      data: {
        id: `${user.id}_${book.id}`,
        userId: user.id,
        bookId: book.id,
        read: fields.read ?? true,
        lastReadAt: fields.lastReadAt === undefined ? new Date() : fields.lastReadAt,
        ...(fields.readingTime === undefined ? {} : { readingTime: fields.readingTime }),
      },
    });
  }

  /** A chat row written directly (as openChat would store it), with the time and count a test needs. */
  function chatRow(
    student: TestUser,
    school: School | null,
    book: BuiltBook,
    fields: { updatedAt: Date; messageCount?: number; characterName?: string },
  ) {
    return {
      id: `${student.id}_${book.id}${fields.characterName ? `_char_${fields.characterName}` : ""}`,
      userId: student.id,
      bookId: book.id,
      schoolId: school?.id ?? null,
      // A stale copy on purpose: lists show the student's name as it is now.
      studentDisplayName: "Old name",
      messageCount: fields.messageCount ?? 0,
      characterName: fields.characterName ?? null,
      createdAt: new Date(Date.UTC(2020, 0, 1)),
      updatedAt: fields.updatedAt,
    };
  }

  describe("who may see what", () => {
    it("refuses another school's teacher (not found), a student (403) and anonymous callers (401)", async () => {
      const school = await freshSchool(app);
      const elsewhere = await freshSchool(app);
      const student = await app.createUser({ school: school.name });
      const colleague = await app.createUser({ role: "teacher", school: school.name });
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const otherTeacher = await app.createUser({ role: "teacher", school: elsewhere.name });
      const chatId = await openChat(student);
      const alert = await app.db.prisma.moderationEvent.create({
        data: { type: "strike", userId: student.id, schoolId: school.id, reason: "Bullying or hate in a chat message" },
      });

      // Their own school's teacher sees all of it.
      expect((await dashboardOf(teacher)).students.map((s) => s.id)).toEqual([student.id]);
      expect((await chatPage(teacher, { userId: student.id })).items.map((c) => c.id)).toEqual([chatId]);
      expect((await getRest(teacher, `/api/chat/teacher/chat/${chatId}`)).status).toBe(200);
      // Only students: a colleague is "not found" too.
      expect(gqlError((await app.gql(TEACHER_CHATS, { userId: colleague.id }, teacher.token)).body)).toEqual({
        message: STUDENT_NOT_FOUND_MESSAGE,
        code: "NOT_FOUND",
      });

      // Another school's teacher: "not found", whether asked by school, student, chat or alert.
      const notFound: [string, Record<string, unknown>, string][] = [
        [TEACHER_DASHBOARD, { schoolId: school.id }, SCHOOL_NOT_FOUND_MESSAGE],
        [TEACHER_CHATS, { userId: student.id }, STUDENT_NOT_FOUND_MESSAGE],
        [TEACHER_CHATS, { schoolId: school.id }, SCHOOL_NOT_FOUND_MESSAGE],
        [REVIEW_ALERTS, { input: { ids: [alert.id], note: "Checked." } }, ALERT_NOT_FOUND_MESSAGE],
      ];
      for (const [query, variables, message] of notFound) {
        const res = await app.gql(query, variables, otherTeacher.token);
        expect(gqlError(res.body), JSON.stringify(variables)).toEqual({ message, code: "NOT_FOUND" });
      }
      const restNotFound: [string, string][] = [
        [`/api/chat/teacher/chats?userId=${student.id}`, STUDENT_NOT_FOUND_MESSAGE],
        [`/api/chat/teacher/chats?schoolId=${school.id}`, SCHOOL_NOT_FOUND_MESSAGE],
        [`/api/chat/teacher/chat/${chatId}`, CHAT_NOT_FOUND_MESSAGE],
      ];
      for (const [route, message] of restNotFound) {
        expect(await getRest(otherTeacher, route), route).toMatchObject({
          status: 404,
          body: { error: message, code: "NOT_FOUND" },
        });
      }
      const activity = live<Activity>(otherTeacher, SCHOOL_ACTIVITY, { schoolId: school.id });
      await expect
        .poll(() => activity.errors[0], { timeout: 10_000 })
        .toMatchObject({
          message: SCHOOL_NOT_FOUND_MESSAGE,
          extensions: { code: "NOT_FOUND" },
        });

      // A student, even about their own chat: 403.
      for (const [query, variables] of [
        [TEACHER_DASHBOARD, {}],
        [TEACHER_DASHBOARD, { schoolId: school.id }],
        [TEACHER_CHATS, {}],
        [TEACHER_CHATS, { userId: student.id }],
        [REVIEW_ALERTS, { input: { ids: [alert.id], note: "Checked." } }],
      ] as const) {
        const res = await app.gql(query, variables, student.token);
        expect(gqlError(res.body)).toEqual({ message: Messages.forbidden, code: "FORBIDDEN" });
      }
      for (const route of [
        "/api/chat/teacher/chats",
        `/api/chat/teacher/chats?userId=${student.id}`,
        `/api/chat/teacher/chat/${chatId}`,
      ]) {
        expect(await getRest(student, route), route).toMatchObject({
          status: 403,
          body: { error: Messages.forbidden, code: "FORBIDDEN" },
        });
      }
      for (const query of [SCHOOL_ACTIVITY, MODERATION_ALERTS]) {
        const refused = live<unknown>(student, query);
        await expect
          .poll(() => refused.errors[0], { timeout: 10_000 })
          .toMatchObject({
            message: Messages.forbidden,
            extensions: { code: "FORBIDDEN" },
          });
      }

      // Nobody signed in: 401, and a WebSocket without a token is closed (4403).
      for (const [query, variables] of [
        [TEACHER_DASHBOARD, {}],
        [TEACHER_CHATS, {}],
        [REVIEW_ALERTS, { input: { ids: [alert.id], note: "Checked." } }],
      ] as const) {
        expect(gqlError((await app.gql(query, variables)).body)).toEqual({
          message: Messages.authenticationRequired,
          code: "UNAUTHENTICATED",
        });
      }
      for (const route of ["/api/chat/teacher/chats", `/api/chat/teacher/chat/${chatId}`]) {
        expect(await getRest(null, route), route).toMatchObject({
          status: 401,
          body: { error: Messages.authenticationRequired, code: "UNAUTHENTICATED" },
        });
      }
      const anonymous = live<Activity>(null, SCHOOL_ACTIVITY);
      expect(await anonymous.closed).toBe(4403);
      expect(anonymous.events).toEqual([]);

      // Nothing was changed on the way.
      const row = await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: alert.id } });
      expect(row).toMatchObject({ reviewedAt: null, reviewedById: null });
    });

    it("tells a teacher without a school so, everywhere", async () => {
      const school = await freshSchool(app);
      const student = await app.createUser({ school: school.name });
      const chatId = await openChat(student);
      const alert = await app.db.prisma.moderationEvent.create({
        data: { type: "strike", userId: student.id, schoolId: school.id, reason: "Bullying or hate in a chat message" },
      });
      const teacher = await app.createUser({ role: "teacher", school: null });

      for (const [query, variables] of [
        [TEACHER_DASHBOARD, {}],
        [TEACHER_DASHBOARD, { schoolId: school.id }],
        [TEACHER_CHATS, {}],
        [TEACHER_CHATS, { userId: student.id }],
        [REVIEW_ALERTS, { input: { ids: [alert.id], note: "Checked." } }],
      ] as const) {
        const res = await app.gql(query, variables, teacher.token);
        expect(gqlError(res.body), JSON.stringify(variables)).toEqual({ message: NO_SCHOOL, code: "NOT_FOUND" });
      }
      for (const route of [
        "/api/chat/teacher/chats",
        `/api/chat/teacher/chats?userId=${student.id}`,
        `/api/chat/teacher/chat/${chatId}`,
      ]) {
        expect(await getRest(teacher, route), route).toMatchObject({
          status: 404,
          body: { error: NO_SCHOOL, code: "NOT_FOUND" },
        });
      }
      for (const query of [SCHOOL_ACTIVITY, MODERATION_ALERTS]) {
        const refused = live<unknown>(teacher, query);
        await expect
          .poll(() => refused.errors[0], { timeout: 10_000 })
          .toMatchObject({
            message: NO_SCHOOL,
            extensions: { code: "NOT_FOUND" },
          });
      }
    });

    it("lets an admin look at any school, and asks which when they have none", async () => {
      const school = await freshSchool(app);
      const student = await app.createUser({ school: school.name, displayName: "Ada Lovelace" });
      const chatId = await openChat(student);
      const admin = await app.createUser({ role: "admin" });

      const dashboard = await dashboardOf(admin, { schoolId: school.id });
      expect(dashboard.school).toEqual(school);
      expect(dashboard.students.map((s) => s.id)).toEqual([student.id]);
      expect((await chatPage(admin, { userId: student.id })).items.map((c) => c.id)).toEqual([chatId]);
      expect((await chatPage(admin, { schoolId: school.id })).items.map((c) => c.id)).toEqual([chatId]);
      const messages = await getRest(admin, `/api/chat/teacher/chat/${chatId}`);
      expect(messages).toMatchObject({ status: 200, body: { chat: { id: chatId, userId: student.id } } });

      expect(gqlError((await app.gql(TEACHER_DASHBOARD, {}, admin.token)).body)).toEqual({
        message: SCHOOL_REQUIRED_MESSAGE,
        code: "BAD_USER_INPUT",
      });
      const unknown = await app.gql(TEACHER_DASHBOARD, { schoolId: "no-such-school" }, admin.token);
      expect(gqlError(unknown.body)).toEqual({ message: SCHOOL_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
      // An admin of a school sees theirs without asking.
      const schoolAdmin = await app.createUser({ role: "admin", school: school.name });
      expect((await dashboardOf(schoolAdmin)).school).toEqual(school);
    });
  });

  describe("the students", () => {
    it("lists the school's students only, with the books each has read, their reading and their chats", async () => {
      const school = await freshSchool(app);
      const elsewhere = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name, displayName: "Aaron Teacher" });
      await app.createUser({ role: "teacher", school: school.name, displayName: "Abe Colleague" });
      await app.createUser({ role: "admin", school: school.name, displayName: "Ada Admin" });
      await app.createUser({ school: elsewhere.name, displayName: "Ada Elsewhere" });
      const ada = await app.createUser({ school: school.name, displayName: "Ada Lovelace" });
      const bob = await app.createUser({ school: school.name, displayName: "Bob Builder" });
      const [b1, b2, b3, b4] = books as [BuiltBook, BuiltBook, BuiltBook, BuiltBook];
      await recordReading(ada, b1, { lastReadAt: new Date("2024-03-01T08:00:00.000Z"), readingTime: 15 });
      await recordReading(ada, b2, { lastReadAt: new Date("2024-05-01T08:00:00.000Z"), readingTime: 20 });
      await recordReading(ada, b3, { lastReadAt: null });
      await recordReading(ada, b4, { read: false, lastReadAt: null, readingTime: 99 });
      await recordReading(bob, b1, { lastReadAt: new Date("2024-04-01T08:00:00.000Z") });
      // Books the student cannot see count nowhere (as on their own dashboard): withdrawn, or held
      // only by another school.
      const withdrawn = await buildBook(app, { status: "draft" });
      const heldElsewhere = await buildBook(app, { schools: [otherSchool(school.name)] });
      await recordReading(ada, withdrawn, { lastReadAt: new Date("2024-07-01T08:00:00.000Z"), readingTime: 7 });
      await recordReading(ada, heldElsewhere, { lastReadAt: new Date("2024-07-02T08:00:00.000Z"), readingTime: 8 });
      await app.db.prisma.chat.createMany({
        data: [
          chatRow(ada, school, b1, { updatedAt: new Date("2024-06-01T10:00:00.000Z"), messageCount: 4 }),
          chatRow(ada, school, b1, {
            updatedAt: new Date("2024-06-02T10:00:00.000Z"),
            messageCount: 6,
            characterName: "Mole",
          }),
        ],
      });
      const blockedAt = new Date("2024-06-03T10:00:00.000Z");
      await app.db.prisma.user.update({
        where: { id: bob.id },
        data: { strikeCount: 3, blocked: true, blockedAt, blockReason: "Repeated harmful content" },
      });

      const dashboard = await dashboardOf(teacher);
      expect(dashboard).toMatchObject({ school, totalStudents: 2, matchingStudents: 2, nextOffset: null });
      expect(dashboard.students).toEqual([
        // Blocked Bob first: a student who needs the teacher leads the list.
        {
          id: bob.id,
          displayName: "Bob Builder",
          email: bob.email,
          status: "active",
          lastActiveAt: null,
          moderation: {
            strikeCount: 3,
            blocked: true,
            blockedAt: blockedAt.toISOString(),
            blockReason: "Repeated harmful content",
          },
          booksReadCount: 1,
          readingMinutes: 10,
          booksRead: [{ bookId: b1.id, title: b1.title, author: b1.author, lastReadAt: "2024-04-01T08:00:00.000Z" }],
          chatCount: 0,
          messageCount: 0,
          lastChatAt: null,
        },
        {
          id: ada.id,
          displayName: "Ada Lovelace",
          email: ada.email,
          status: "active",
          lastActiveAt: null,
          moderation: { strikeCount: 0, blocked: false, blockedAt: null, blockReason: null },
          booksReadCount: 3,
          readingMinutes: 45,
          // Most recently read first; never-dated last ('Unknown'); the unread book not at all.
          booksRead: [
            { bookId: b2.id, title: b2.title, author: b2.author, lastReadAt: "2024-05-01T08:00:00.000Z" },
            { bookId: b1.id, title: b1.title, author: b1.author, lastReadAt: "2024-03-01T08:00:00.000Z" },
            { bookId: b3.id, title: b3.title, author: b3.author, lastReadAt: null },
          ],
          chatCount: 2,
          messageCount: 10,
          lastChatAt: "2024-06-02T10:00:00.000Z",
        },
      ]);
    });

    describe("search, sort and pages", () => {
      let school: School;
      let teacher: TestUser;
      const ids: Record<string, string> = {};
      const emails: Record<string, string> = {};

      beforeAll(async () => {
        school = await freshSchool(app);
        const elsewhere = await freshSchool(app);
        teacher = await app.createUser({ role: "teacher", school: school.name, displayName: "Byron Teacher" });
        await app.createUser({ school: elsewhere.name, displayName: "Ada Byron" });
        const read: Record<string, number> = { ada: 3, bob: 1, dan: 1 };
        const lastActive: Record<string, string> = {
          cleo: "2025-06-03T09:00:00.000Z",
          dan: "2025-06-02T09:00:00.000Z",
          ada: "2025-06-01T09:00:00.000Z",
        };
        const names: Record<string, string> = {
          ada: "Ada Byron",
          bob: "bob_builder",
          pct: "100% Reader",
          cleo: "Cleo Joy",
          dan: "dan yates",
        };
        for (const [key, displayName] of Object.entries(names)) {
          const user = await app.createUser({ school: school.name, displayName });
          ids[key] = user.id;
          emails[key] = user.email;
          for (const book of books.slice(0, read[key] ?? 0)) {
            await recordReading(user, book);
          }
          if (lastActive[key]) {
            await app.db.prisma.user.update({
              where: { id: user.id },
              data: { lastActiveAt: new Date(lastActive[key]) },
            });
          }
        }
      });

      const namesOf = (dashboard: Dashboard) => dashboard.students.map((s) => s.displayName);

      it("sorts by name (A to Z, any case), books read (most first) and last active (most recent first)", async () => {
        expect(namesOf(await dashboardOf(teacher))).toEqual([
          "100% Reader",
          "Ada Byron",
          "bob_builder",
          "Cleo Joy",
          "dan yates",
        ]);
        expect(namesOf(await dashboardOf(teacher, { sort: "name" }))).toEqual(namesOf(await dashboardOf(teacher)));
        expect(namesOf(await dashboardOf(teacher, { sort: "booksRead" }))).toEqual([
          "Ada Byron",
          "bob_builder",
          "dan yates",
          "100% Reader",
          "Cleo Joy",
        ]);
        expect(namesOf(await dashboardOf(teacher, { sort: "lastActive" }))).toEqual([
          "Cleo Joy",
          "dan yates",
          "Ada Byron",
          "100% Reader",
          "bob_builder",
        ]);
      });

      it("searches names and emails, case-insensitively, with % and _ as plain characters", async () => {
        const search = async (text: string, offset?: number) => {
          const dashboard = await dashboardOf(teacher, { search: text, ...(offset === undefined ? {} : { offset }) });
          expect(dashboard.totalStudents, text).toBe(5);
          return { names: namesOf(dashboard), matching: dashboard.matchingStudents, nextOffset: dashboard.nextOffset };
        };
        // Emails here are student-<hex>@test.readingroom.local: the searches use letters they cannot hold.
        expect(await search("aDA bYRON")).toEqual({ names: ["Ada Byron"], matching: 1, nextOffset: null });
        expect(await search("  byron  ")).toEqual({ names: ["Ada Byron"], matching: 1, nextOffset: null });
        const danLocalPart = (emails.dan as string).split("@")[0] as string;
        expect(await search(danLocalPart.toUpperCase())).toEqual({
          names: ["dan yates"],
          matching: 1,
          nextOffset: null,
        });
        expect((await search("@test.readingroom.local")).matching).toBe(5);
        expect(await search("%")).toEqual({ names: ["100% Reader"], matching: 1, nextOffset: null });
        expect(await search("0%")).toEqual({ names: ["100% Reader"], matching: 1, nextOffset: null });
        expect(await search("_")).toEqual({ names: ["bob_builder"], matching: 1, nextOffset: null });
        expect(await search("b_b")).toEqual({ names: ["bob_builder"], matching: 1, nextOffset: null });
        expect(await search("\\")).toEqual({ names: [], matching: 0, nextOffset: null });
        expect(await search("nobody-by-this-name")).toEqual({ names: [], matching: 0, nextOffset: null });
        // A page past the end still counts the matches, with the same rules.
        expect(await search("%", 5)).toEqual({ names: [], matching: 1, nextOffset: null });
        expect(await search("_", 3)).toEqual({ names: [], matching: 1, nextOffset: null });
        expect(await search("byron", 1)).toEqual({ names: [], matching: 1, nextOffset: null });
      });

      it("pages with offset and limit: nextOffset until the last page, counts on every page", async () => {
        const seen: string[] = [];
        const nextOffsets: (number | null)[] = [];
        let offset: number | null = 0;
        while (offset !== null) {
          const page: Dashboard = await dashboardOf(teacher, { offset, limit: 2 });
          expect(page).toMatchObject({ totalStudents: 5, matchingStudents: 5 });
          seen.push(...namesOf(page));
          nextOffsets.push(page.nextOffset);
          offset = page.nextOffset;
        }
        expect(nextOffsets).toEqual([2, 4, null]);
        expect(seen).toEqual(["100% Reader", "Ada Byron", "bob_builder", "Cleo Joy", "dan yates"]);

        const searched = await dashboardOf(teacher, { search: "Y", sort: "booksRead", limit: 2 });
        expect(searched).toMatchObject({ totalStudents: 5, matchingStudents: 3, nextOffset: 2 });
        expect(namesOf(searched)).toEqual(["Ada Byron", "dan yates"]);
        const rest = await dashboardOf(teacher, { search: "Y", sort: "booksRead", limit: 2, offset: 2 });
        expect(rest).toMatchObject({ totalStudents: 5, matchingStudents: 3, nextOffset: null });
        expect(namesOf(rest)).toEqual(["Cleo Joy"]);
        const past = await dashboardOf(teacher, { offset: 10 });
        expect(past).toMatchObject({ students: [], totalStudents: 5, matchingStudents: 5, nextOffset: null });
      });

      it("refuses a bad limit, offset or search", async () => {
        const cases: [Record<string, unknown>, string][] = [
          [{ limit: 0 }, "limit must be a whole number from 1 to 100"],
          [{ limit: 101 }, "limit must be a whole number from 1 to 100"],
          [{ offset: -1 }, "offset must be a whole number from 0"],
          [{ search: "x".repeat(101) }, "Search can be at most 100 characters"],
        ];
        for (const [variables, message] of cases) {
          const res = await app.gql(TEACHER_DASHBOARD, variables, teacher.token);
          expect(gqlError(res.body), JSON.stringify(variables)).toEqual({ message, code: "BAD_USER_INPUT" });
        }
      });
    });

    it("lists blocked students first, then by strikes, whatever the sort and across pages", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const moderation: Record<string, { strikeCount: number; blocked: boolean }> = {
        "Ada Clean": { strikeCount: 0, blocked: false },
        "Ben One": { strikeCount: 1, blocked: false },
        "Cara Blocked": { strikeCount: 3, blocked: true },
        "Dee Two": { strikeCount: 2, blocked: false },
        "Eve Restricted": { strikeCount: 0, blocked: true },
        "Fay Reader": { strikeCount: 0, blocked: false },
      };
      for (const [displayName, state] of Object.entries(moderation)) {
        const student = await app.createUser({ school: school.name, displayName });
        await app.db.prisma.user.update({ where: { id: student.id }, data: state });
        if (displayName === "Fay Reader") {
          await recordReading(student, books[0] as BuiltBook);
        }
      }
      const attentionFirst = ["Cara Blocked", "Eve Restricted", "Dee Two", "Ben One"];
      const namesOf = (dashboard: Dashboard) => dashboard.students.map((s) => s.displayName);

      expect(namesOf(await dashboardOf(teacher))).toEqual([...attentionFirst, "Ada Clean", "Fay Reader"]);
      expect(namesOf(await dashboardOf(teacher, { sort: "booksRead" }))).toEqual([
        ...attentionFirst,
        "Fay Reader",
        "Ada Clean",
      ]);
      expect(namesOf(await dashboardOf(teacher, { sort: "lastActive" })).slice(0, 4)).toEqual(attentionFirst);

      const pages: string[][] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page: Dashboard = await dashboardOf(teacher, { offset, limit: 2 });
        pages.push(namesOf(page));
        offset = page.nextOffset;
      }
      expect(pages).toEqual([
        ["Cara Blocked", "Eve Restricted"],
        ["Dee Two", "Ben One"],
        ["Ada Clean", "Fay Reader"],
      ]);
    });

    it("shows an empty school as empty", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      await app.createUser({ role: "teacher", school: school.name });
      expect(await dashboardOf(teacher)).toEqual({
        school,
        totalStudents: 0,
        matchingStudents: 0,
        nextOffset: null,
        openAlertCount: 0,
        students: [],
        alerts: [],
      });
      expect(await chatPage(teacher, {})).toEqual({ items: [], nextCursor: null });
    });
  });

  describe("chats", () => {
    it("pages through every chat of the school exactly once, newest activity first, over GraphQL and REST", async () => {
      const school = await freshSchool(app);
      const elsewhere = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const students = await Promise.all(
        [1, 2, 3, 4].map((n) => app.createUser({ school: school.name, displayName: `Student ${n}` })),
      );
      const outsider = await app.createUser({ school: elsewhere.name });
      const [first] = students as [TestUser];
      // Minutes before `base`; runs of equal times straddle the page boundaries of both page sizes.
      const slots = [0, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 7, 8, 9, 10, 11, 12, 12, 12, 12, 13, 14];
      const base = Date.UTC(2031, 0, 1);
      const chats: { student: TestUser; book: BuiltBook; characterName?: string }[] = [
        ...students.flatMap((student) => books.map((book) => ({ student, book }))),
        ...books.map((book) => ({ student: first, book, characterName: "Mole" })),
      ];
      const rows = chats.map(({ student, book, characterName }, i) =>
        chatRow(student, school, book, {
          updatedAt: new Date(base - (slots[i] as number) * 60_000),
          messageCount: i * 2,
          ...(characterName ? { characterName } : {}),
        }),
      );
      expect(rows).toHaveLength(25);
      const newer = new Date(base + 3_600_000);
      await app.db.prisma.chat.createMany({
        data: [
          ...rows,
          // Newer than all of them, but not this school's students' chats.
          chatRow(teacher, school, books[0] as BuiltBook, { updatedAt: newer }),
          chatRow(outsider, elsewhere, books[0] as BuiltBook, { updatedAt: newer }),
        ],
      });
      const stored = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: rows[7]?.id } });
      expect(stored.updatedAt).toEqual(rows[7]?.updatedAt);

      const all = await chatPage(teacher, { limit: 50 });
      expect(all.nextCursor).toBeNull();
      const order = all.items.map((c) => c.id);
      expect([...order].sort()).toEqual(rows.map((r) => r.id).sort());
      const times = all.items.map((c) => Date.parse(c.lastUpdated));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const mole = all.items.find((c) => c.id === `${first.id}_${books[2]?.id}_char_Mole`);
      expect(mole).toEqual({
        id: `${first.id}_${books[2]?.id}_char_Mole`,
        userId: first.id,
        studentDisplayName: "Student 1",
        bookId: books[2]?.id,
        bookTitle: books[2]?.title,
        characterName: "Mole",
        messageCount: 44,
        lastUpdated: new Date(base - 12 * 60_000).toISOString(),
      });

      // GraphQL, 10 at a time.
      const overGraphQL: string[] = [];
      const graphQLSizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page: ChatPage = await chatPage(teacher, { limit: 10, cursor });
        overGraphQL.push(...page.items.map((c) => c.id));
        graphQLSizes.push(page.items.length);
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(graphQLSizes).toEqual([10, 10, 5]);
      expect(overGraphQL).toEqual(order);

      // REST, 7 at a time.
      const overRest: string[] = [];
      const restSizes: number[] = [];
      let restCursor: string | null = null;
      do {
        const query: string = restCursor ? `&cursor=${encodeURIComponent(restCursor)}` : "";
        const res: HttpResult<ChatPage> = await getRest(teacher, `/api/chat/teacher/chats?limit=7${query}`);
        expect(res.status).toBe(200);
        overRest.push(...res.body.items.map((c) => c.id));
        restSizes.push(res.body.items.length);
        restCursor = res.body.nextCursor;
      } while (restCursor !== null);
      expect(restSizes).toEqual([7, 7, 7, 4]);
      expect(overRest).toEqual(order);

      // The default page is the spec's 10; one student's chats keep the same order.
      const firstPage = await getRest(teacher, "/api/chat/teacher/chats");
      expect(firstPage.body.items.map((c: TeacherChatItem) => c.id)).toEqual(order.slice(0, 10));
      const second = students[1] as TestUser;
      const theirs = await getRest(teacher, `/api/chat/teacher/chats?userId=${second.id}&limit=50`);
      expect(theirs.body.items.map((c: TeacherChatItem) => c.id)).toEqual(
        order.filter((id) => id.startsWith(`${second.id}_`)),
      );
      expect(theirs.body.items).toHaveLength(5);

      // An admin: this school's when asked, else every school's students' chats (never staff chats).
      const admin = await app.createUser({ role: "admin" });
      expect((await chatPage(admin, { schoolId: school.id, limit: 50 })).items.map((c) => c.id)).toEqual(order);
      const everywhere: string[] = [];
      cursor = null;
      do {
        const page: ChatPage = await chatPage(admin, { limit: 50, cursor });
        everywhere.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor !== null);
      expect(new Set(everywhere).size).toBe(everywhere.length);
      expect(everywhere.slice(0, 26)).toEqual([`${outsider.id}_${books[0]?.id}`, ...order]);
      expect(everywhere).not.toContain(`${teacher.id}_${books[0]?.id}`);
    });

    it("refuses a malformed cursor and a bad limit with 400 and a clear message", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const student = await app.createUser({ school: school.name });
      await openChat(student);
      const base64url = (text: string) => Buffer.from(text).toString("base64url");

      for (const query of [
        "limit=0",
        "limit=51",
        "limit=abc",
        "limit=1&limit=2",
        "limit=1.5",
        "limit=-1",
        "limit=1e1",
      ]) {
        const res = await getRest(teacher, `/api/chat/teacher/chats?${query}`);
        expect(res, query).toMatchObject({ status: 400 });
        expect(res.body, query).toEqual({ error: CHAT_LIMIT_MESSAGE, code: "BAD_USER_INPUT" });
      }
      for (const cursor of [
        "not-a-cursor",
        base64url('{"a":1}'),
        base64url('["yesterday","x"]'),
        base64url('["2024-01-01T00:00:00.000Z"]'),
        base64url('["2024-01-01T00:00:00.000Z",5]'),
        "x".repeat(1001),
      ]) {
        const res = await getRest(teacher, `/api/chat/teacher/chats?cursor=${encodeURIComponent(cursor)}`);
        expect(res, cursor.slice(0, 40)).toMatchObject({ status: 400 });
        expect(res.body, cursor.slice(0, 40)).toEqual({ error: INVALID_CURSOR, code: "BAD_USER_INPUT" });
      }
      const repeated = await getRest(teacher, "/api/chat/teacher/chats?cursor=a&cursor=b");
      expect(repeated).toMatchObject({ status: 400, body: { error: INVALID_CURSOR, code: "BAD_USER_INPUT" } });

      for (const limit of [0, 51, -3]) {
        const res = await app.gql(TEACHER_CHATS, { limit }, teacher.token);
        expect(gqlError(res.body)).toEqual({ message: CHAT_LIMIT_MESSAGE, code: "BAD_USER_INPUT" });
      }
      const garbage = await app.gql(TEACHER_CHATS, { cursor: "garbage" }, teacher.token);
      expect(gqlError(garbage.body)).toEqual({ message: INVALID_CURSOR, code: "BAD_USER_INPUT" });
      // A well-formed page still works.
      expect((await chatPage(teacher, { limit: 50 })).items).toHaveLength(1);
    });

    it("reads a student's chat page by page (GET /api/chat/teacher/chat/{chatId}?before&limit)", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const student = await app.createUser({ school: school.name, displayName: "Ada Lovelace" });
      const chatId = await openChat(student);
      await app.db.prisma.chatMessage.createMany({
        data: [0, 1, 2, 3, 4].map((seq) => ({
          chatId,
          seq,
          role: seq % 2 ? ("assistant" as const) : ("user" as const),
          content: `message ${seq}`,
        })),
      });
      await app.db.prisma.chat.update({ where: { id: chatId }, data: { messageCount: 5 } });
      const route = `/api/chat/teacher/chat/${encodeURIComponent(chatId)}`;

      const latest = await getRest(teacher, `${route}?limit=2`);
      expect(latest.status).toBe(200);
      expect(latest.body.chat).toMatchObject({
        id: chatId,
        userId: student.id,
        studentDisplayName: "Ada Lovelace",
        school: school.name,
        messageCount: 5,
      });
      expect(latest.body.messages.map((m: { seq: number; role: string }) => [m.seq, m.role])).toEqual([
        [3, "assistant"],
        [4, "user"],
      ]);
      expect(latest.body.messages[0]).toMatchObject({ content: "message 3", timestamp: ISO });
      expect(latest.body.nextBefore).toBe(3);
      const older = await getRest(teacher, `${route}?before=3&limit=2`);
      expect(older.body.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2]);
      const oldest = await getRest(teacher, `${route}?before=1&limit=2`);
      expect(oldest.body).toMatchObject({ nextBefore: null });
      expect(oldest.body.messages.map((m: { seq: number }) => m.seq)).toEqual([0]);
      expect((await getRest(teacher, route)).body.messages).toHaveLength(5);

      for (const query of ["limit=0", "limit=101", "limit=abc", "limit=1&limit=2"]) {
        expect(await getRest(teacher, `${route}?${query}`), query).toMatchObject({
          status: 400,
          body: { error: "limit must be a whole number from 1 to 100", code: "BAD_USER_INPUT" },
        });
      }
      expect(await getRest(teacher, `${route}?before=abc`)).toMatchObject({
        status: 400,
        body: { error: "before must be a message seq", code: "BAD_USER_INPUT" },
      });
      expect((await getRest(teacher, "/api/chat/teacher/chat/no-such-chat")).status).toBe(404);
    });
  });

  describe("safeguarding alerts", () => {
    it("lists open alerts urgent first; a review records who and when, reaches other teachers live and closes the alert", async () => {
      const school = await freshSchool(app);
      const elsewhere = await freshSchool(app);
      const reviewer = await app.createUser({ role: "teacher", school: school.name, displayName: "Ms Reviewer" });
      const colleague = await app.createUser({ role: "teacher", school: school.name, displayName: "Mr Colleague" });
      const otherTeacher = await app.createUser({ role: "teacher", school: elsewhere.name });
      const admin = await app.createUser({ role: "admin", displayName: "Admin Person" });
      const probe = await app.createUser({ school: school.name });
      const otherProbe = await app.createUser({ school: elsewhere.name });
      const rita = await app.createUser({ school: school.name, displayName: "Rita" });
      const bea = await app.createUser({ school: school.name, displayName: "Bea" });
      const outsider = await app.createUser({ school: elsewhere.name });

      const colleagueAlerts = live<Alert>(colleague, MODERATION_ALERTS);
      const adminAlerts = live<Alert>(admin, MODERATION_ALERTS);
      const otherAlerts = live<Alert>(otherTeacher, MODERATION_ALERTS);
      await alertsFlow(app, reviewer, probe, [colleagueAlerts, adminAlerts]);
      await alertsFlow(app, otherTeacher, otherProbe, [otherAlerts, adminAlerts]);

      // The child at risk writes first: urgent comes first although it is older.
      const ritaChat = await openChat(rita);
      expect((await send(rita, ritaChat, RISK)).body.errors).toBeUndefined();
      const beaChat = await openChat(bea, books[1]);
      expect(gqlError((await send(bea, beaChat, BULLYING)).body).code).toBe("CONTENT_FLAGGED");
      const outsiderChat = await openChat(outsider);
      expect(gqlError((await send(outsider, outsiderChat, BULLYING)).body).code).toBe("CONTENT_FLAGGED");

      const before = await dashboardOf(reviewer);
      expect(before.openAlertCount).toBe(2);
      expect(before.alerts.map((a) => [a.type, a.severity, a.studentId])).toEqual([
        ["alert", "urgent", rita.id],
        ["strike", "normal", bea.id],
      ]);
      const strike = before.alerts[1] as Alert;
      expect(strike).toEqual({
        id: expect.any(String),
        type: "strike",
        severity: "normal",
        category: "bullying_hate",
        reason: expect.stringContaining("Bullying or hate"),
        messageExcerpt: BULLYING,
        studentId: bea.id,
        studentDisplayName: "Bea",
        chatId: beaChat,
        bookId: books[1]?.id,
        bookTitle: books[1]?.title,
        strikeCount: 1,
        blocked: false,
        createdAt: ISO,
        reviewedAt: null,
        reviewedByName: null,
      });

      // Another school's teacher can neither see nor review it; an unblock is not an alert to review.
      expect((await dashboardOf(otherTeacher)).alerts.map((a) => a.studentId)).toEqual([outsider.id]);
      const review = (id: string, user: TestUser, note = "Spoke to the student.") =>
        app.gql(REVIEW_ALERTS, { input: { ids: [id], note } }, user.token);
      expect(gqlError((await review(strike.id, otherTeacher)).body)).toEqual({
        message: ALERT_NOT_FOUND_MESSAGE,
        code: "NOT_FOUND",
      });
      const unblockEvent = await app.db.prisma.moderationEvent.findFirstOrThrow({
        where: { userId: probe.id, type: "unblock" },
      });
      expect(gqlError((await review(unblockEvent.id, reviewer)).body).code).toBe("NOT_FOUND");

      const reviewed = await review(strike.id, reviewer);
      expect(reviewed.body.errors).toBeUndefined();
      const answer: Alert = reviewed.body.data.reviewSafeguardingAlerts[0].alert;
      expect(answer).toMatchObject({
        id: strike.id,
        studentId: bea.id,
        reviewedAt: ISO,
        reviewedByName: "Ms Reviewer",
      });
      const row = await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: strike.id } });
      expect(row.reviewedById).toBe(reviewer.id);
      expect(row.reviewedAt?.toISOString()).toBe(answer.reviewedAt);

      // Live to the other teacher's open dashboard (and admins'), with who and when.
      for (const subscription of [colleagueAlerts, adminAlerts]) {
        const events = await subscription.until((e) => e.some((a) => a.id === strike.id && a.reviewedAt !== null));
        expect(events.find((a) => a.id === strike.id && a.reviewedAt !== null)).toMatchObject({
          reviewedAt: answer.reviewedAt,
          reviewedByName: "Ms Reviewer",
          studentId: bea.id,
        });
      }
      const after = await dashboardOf(colleague);
      expect(after.alerts.map((a) => a.id)).toEqual([before.alerts[0]?.id]);
      expect(after.openAlertCount).toBe(1);

      // A second review (another note) keeps the first reviewer and time.
      const again = await review(strike.id, colleague, "Followed up.");
      expect(again.body.data.reviewSafeguardingAlerts[0].alert).toMatchObject({
        reviewedAt: answer.reviewedAt,
        reviewedByName: "Ms Reviewer",
      });
      const unchanged = await app.db.prisma.moderationEvent.findUniqueOrThrow({ where: { id: strike.id } });
      expect(unchanged.reviewedById).toBe(reviewer.id);
      expect(unchanged.reviewedAt).toEqual(row.reviewedAt);

      // An admin reviews any school's alert.
      const outsiderAlert = (await dashboardOf(otherTeacher)).alerts[0] as Alert;
      const byAdmin = await review(outsiderAlert.id, admin);
      expect(byAdmin.body.data.reviewSafeguardingAlerts[0].alert).toMatchObject({ reviewedByName: "Admin Person" });

      // Barriers: every event published so far has reached these subscriptions.
      await alertsFlow(app, reviewer, probe, [colleagueAlerts]);
      await alertsFlow(app, otherTeacher, otherProbe, [otherAlerts]);
      // A later note goes out too, and still names the first reviewer.
      const reviewedEvents = colleagueAlerts.events.filter((a) => a.id === strike.id && a.reviewedAt !== null);
      expect(reviewedEvents.length).toBeGreaterThanOrEqual(1);
      expect(reviewedEvents.every((a) => a.reviewedByName === "Ms Reviewer")).toBe(true);
      expect(colleagueAlerts.events.map((a) => a.studentId)).not.toContain(outsider.id);
      expect(colleagueAlerts.events.map((a) => a.studentId)).toContain(rita.id);
      // The other school's teacher got their own school's events and nothing of this school.
      expect(otherAlerts.events.map((a) => a.studentId)).toContain(outsider.id);
      expect(
        otherAlerts.events.filter((a) => [rita.id, bea.id, probe.id].includes(a.studentId)).map((a) => a.type),
      ).toEqual([]);
    });

    it("shows a teacher's unblock live on another teacher's dashboard", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const colleague = await app.createUser({ role: "teacher", school: school.name });
      const probe = await app.createUser({ school: school.name });
      const student = await app.createUser({ school: school.name, displayName: "Blocked Student" });
      await app.db.prisma.user.update({
        where: { id: student.id },
        data: { strikeCount: 3, blocked: true, blockedAt: new Date(), blockReason: "Repeated harmful content" },
      });
      const alerts = live<Alert>(colleague, MODERATION_ALERTS);
      await alertsFlow(app, teacher, probe, [alerts]);

      const res = await app.api("PATCH", `/api/auth/user/${student.id}/moderation/unblock`, { token: teacher.token });
      expect(res.status).toBe(200);
      const events = await alerts.until((e) => e.some((a) => a.studentId === student.id));
      expect(events.filter((a) => a.studentId === student.id)).toEqual([
        expect.objectContaining({
          type: "unblock",
          studentId: student.id,
          studentDisplayName: "Blocked Student",
          strikeCount: 0,
          blocked: false,
          reviewedAt: null,
        }),
      ]);
      // The dashboard shows the student cleared, and the unblock is no alert to deal with.
      const dashboard = await dashboardOf(colleague);
      expect(dashboard.students.find((s) => s.id === student.id)?.moderation).toEqual({
        strikeCount: 0,
        blocked: false,
        blockedAt: null,
        blockReason: null,
      });
      expect(dashboard.alerts).toEqual([]);
    });
  });

  describe("school activity", () => {
    it("delivers a student's message to their school's teachers and admins only, with the chat as the list shows it", async () => {
      const school = await freshSchool(app);
      const elsewhere = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const otherTeacher = await app.createUser({ role: "teacher", school: elsewhere.name });
      const admin = await app.createUser({ role: "admin" });
      const probe = await app.createUser({ school: school.name });
      const otherProbe = await app.createUser({ school: elsewhere.name });
      const student = await app.createUser({ school: school.name, displayName: "Sam Student" });
      const probeChat = { user: probe, chatId: await openChat(probe) };
      const otherProbeChat = { user: otherProbe, chatId: await openChat(otherProbe) };
      const bookChat = await openChat(student, books[3]);
      const moleChat = await openChat(student, books[3], "Mole");

      const ownSchool = live<Activity>(teacher, SCHOOL_ACTIVITY);
      const ownSchoolById = live<Activity>(teacher, SCHOOL_ACTIVITY, { schoolId: school.id });
      const otherSchool = live<Activity>(otherTeacher, SCHOOL_ACTIVITY);
      const everySchool = live<Activity>(admin, SCHOOL_ACTIVITY);
      const adminOther = live<Activity>(admin, SCHOOL_ACTIVITY, { schoolId: elsewhere.id });
      await activityFlows(app, probeChat, [ownSchool, ownSchoolById, everySchool]);
      await activityFlows(app, otherProbeChat, [otherSchool, adminOther, everySchool]);

      expect((await send(student, bookChat, "Who is Mole?")).body.errors).toBeUndefined();
      const ofStudent = (events: Activity[]) => events.filter((e) => e.chat.userId === student.id);
      await ownSchool.until((e) => ofStudent(e).length === 1);
      const row = await app.db.prisma.chat.findUniqueOrThrow({ where: { id: bookChat } });
      const expected: Activity = {
        chat: {
          id: bookChat,
          userId: student.id,
          studentDisplayName: "Sam Student",
          bookId: books[3]?.id as string,
          bookTitle: books[3]?.title as string,
          characterName: null,
          messageCount: 2,
          lastUpdated: row.updatedAt.toISOString(),
        },
        studentChatCount: 2,
        studentMessageCount: 2,
      };
      expect(ofStudent(ownSchool.events)).toEqual([expected]);

      expect((await send(student, moleChat, "What do you like best?")).body.errors).toBeUndefined();
      await ownSchool.until((e) => ofStudent(e).length === 2);
      expect(ofStudent(ownSchool.events)[1]).toMatchObject({
        chat: { id: moleChat, characterName: "Mole", messageCount: 2 },
        studentChatCount: 2,
        studentMessageCount: 4,
      });
      for (const subscription of [ownSchoolById, everySchool]) {
        const events = await subscription.until((e) => ofStudent(e).length === 2);
        expect(ofStudent(events)).toEqual(ofStudent(ownSchool.events));
      }

      // Barrier: everything before this has reached the other school's subscriptions.
      await activityFlows(app, otherProbeChat, [otherSchool, adminOther]);
      expect(ofStudent(otherSchool.events)).toEqual([]);
      expect(ofStudent(adminOther.events)).toEqual([]);
      expect(otherSchool.events.every((e) => e.chat.userId === otherProbe.id)).toBe(true);
      expect(everySchool.events.some((e) => e.chat.userId === otherProbe.id)).toBe(true);
      // A teacher's own chat is not the school's activity.
      const teacherChat = await openChat(teacher);
      expect((await send(teacher, teacherChat, "Who is Mole?")).body.errors).toBeUndefined();
      await activityFlows(app, probeChat, [ownSchool]);
      expect(ownSchool.events.some((e) => e.chat.userId === teacher.id)).toBe(false);
    });

    it("stops a teacher's open subscription when they are made a student", async () => {
      const school = await freshSchool(app);
      const teacher = await app.createUser({ role: "teacher", school: school.name });
      const colleague = await app.createUser({ role: "teacher", school: school.name });
      const admin = await app.createUser({ role: "admin" });
      const probe = await app.createUser({ school: school.name });
      const student = await app.createUser({ school: school.name });
      const chatId = await openChat(student);
      const watched = live<Activity>(teacher, SCHOOL_ACTIVITY);
      const colleagues = live<Activity>(colleague, SCHOOL_ACTIVITY);
      await activityFlows(app, { user: probe, chatId: await openChat(probe) }, [watched, colleagues]);

      const setRole = (role: string) =>
        app.api("PATCH", `/api/auth/user/${teacher.id}`, { token: admin.token, body: { role } });
      expect((await setRole("student")).status).toBe(200);
      expect((await send(student, chatId, "Who is Mole?")).body.errors).toBeUndefined();
      await colleagues.until((e) => e.some((x) => x.chat.userId === student.id && x.chat.messageCount === 2));

      // Made a teacher again, the same subscription delivers the next message, and only that one:
      // the message sent while they were a student never reached them.
      expect((await setRole("teacher")).status).toBe(200);
      expect((await send(student, chatId, "Who is Badger?")).body.errors).toBeUndefined();
      const events = await watched.until((e) => e.some((x) => x.chat.userId === student.id));
      expect(events.filter((x) => x.chat.userId === student.id).map((x) => x.chat.messageCount)).toEqual([4]);
      expect(watched.errors).toEqual([]);
    });
  });
});
