import { createHash } from "node:crypto";
import sharp from "sharp";
import { getMetadataStorage } from "type-graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SCHOOLS } from "../src/db/schools.js";
import { Messages } from "../src/errors/app-error.js";
import { buildGraphQLSchema, resolvers } from "../src/graphql/schema.js";
import {
  AUTHOR_REQUIRED_MESSAGE,
  MAX_TEXT_BYTES,
  PAGES_MESSAGE,
  publishedYearMessage,
  SCHOOLS_REQUIRED_MESSAGE,
  TEXT_EMPTY_MESSAGE,
  TEXT_TOO_LARGE_MESSAGE,
  TITLE_REQUIRED_MESSAGE,
  UNKNOWN_SCHOOL_MESSAGE,
} from "../src/modules/admin/admin-books.service.js";
import {
  ACTIVITY_CURSOR_MESSAGE,
  DATE_MESSAGE,
  RANGE_ORDER_MESSAGE,
  RANGE_TOO_LONG_MESSAGE,
  SCHOOL_NOT_FOUND_MESSAGE,
} from "../src/modules/admin/admin-insights.service.js";
import { AdminResolver } from "../src/modules/admin/admin.resolver.js";
import { ADMIN_ONLY_MESSAGE } from "../src/modules/admin/audit.js";
import { BOOK_NOT_FOUND_MESSAGE } from "../src/modules/books/book.policy.js";
import {
  COVER_FORMAT_MESSAGE,
  COVER_SIZES,
  MAX_COVER_BYTES,
  MAX_COVER_PIXELS,
} from "../src/modules/covers/cover.service.js";
import { USER_NOT_FOUND_MESSAGE } from "../src/modules/users/user.service.js";
import { createAppPubSub } from "../src/pubsub/pubsub.js";
import {
  ADMIN_ACTIVITY,
  ADMIN_BOOK,
  ADMIN_BOOKS,
  ADMIN_OVERVIEW,
  ADMIN_REPORT,
  ADMIN_USERS,
  auditTrail,
  CREATE_BOOK,
  DELETE_BOOK,
  emptyDatabase,
  makeImage,
  makeLargePng,
  PUBLISH_BOOK,
  recordReading,
  rowCounts,
  SET_BOOK_TEXT,
  snapshot,
  UNPUBLISH_BOOK,
  UPDATE_BOOK,
  UPDATE_USER,
  upload,
  useBook,
  utf16,
  writeChat,
  writeModerationEvent,
  writeReview,
} from "./helpers/admin-kit.js";
import { gqlError, LOGIN, ME, startIsolatedTestApp } from "./helpers/auth-kit.js";
import { BOOK, BOOKS, buildBook, type BuiltBook, DASHBOARD, SET_READ } from "./helpers/book-factory.js";
import { freshSchool, type School } from "./helpers/teacher-kit.js";
import type { TestApp, TestUser } from "./helpers/test-app.js";

// The admin server (issue 7): every admin operation refused to everyone else; the catalogue's
// lifecycle (draft, cover and text uploads checked by content, publish only when complete, delete or
// archive); users (search, edit, the last active admin, deactivation ending sessions); the
// dashboard's numbers, recent activity and reports.
//
// The admin's numbers are about every row of the database, so this file runs on a database of its
// own and each test starts from an empty one (the 24 schools only).

const [SCHOOL_A, SCHOOL_B, SCHOOL_C, SCHOOL_D] = SCHOOLS as unknown as [School, School, School, School];
// Messages the issue gives word for word.
const NOT_UTF8 = "The text must be a plain text file in UTF-8";
const COVER_TOO_BIG = "The cover image must be at most 5 MB";
const ONLY_ARCHIVED = "Only an archived book can be deleted permanently";
const ONLY_ADMIN = "This is the only active admin: make someone else an admin first";
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SIMILAR_BOOKS = `query SimilarBooks($title: String!, $author: String!) {
  similarBooks(title: $title, author: $author) { id title author status }
}`;

/** The fixtures each row of the table acts on: valid arguments, so that only the caller can fail. */
type Fixtures = {
  schoolId: string;
  /** A draft with cover and text: publishable. */
  ready: string;
  published: string;
  /** A draft no student has used: deletable. */
  unused: string;
  /** A draft without cover or text. */
  bare: string;
  /** A student. */
  target: string;
};

type Operation = { document: string; variables: (f: Fixtures) => Record<string, unknown> };

// One row per admin operation. A new admin operation without a row fails "has a row for every
// admin-only operation" below.
const ADMIN_OPERATIONS: Record<string, Operation> = {
  adminOverview: { document: ADMIN_OVERVIEW, variables: () => ({}) },
  adminActivity: { document: ADMIN_ACTIVITY, variables: () => ({ limit: 5 }) },
  adminReport: {
    document: ADMIN_REPORT,
    variables: (f) => ({ from: "2025-01-01", to: "2025-01-31", schoolId: f.schoolId }),
  },
  adminBooks: { document: ADMIN_BOOKS, variables: () => ({ search: "Book" }) },
  adminBook: { document: ADMIN_BOOK, variables: (f) => ({ id: f.ready }) },
  similarBooks: { document: SIMILAR_BOOKS, variables: () => ({ title: "Ready", author: "Someone" }) },
  createBook: {
    document: CREATE_BOOK,
    variables: (f) => ({ input: { title: "Smuggled", author: "Nobody", allSchools: false, schoolIds: [f.schoolId] } }),
  },
  updateBook: {
    document: UPDATE_BOOK,
    variables: (f) => ({ id: f.ready, input: { title: "Renamed", author: "Someone else" } }),
  },
  setBookText: { document: SET_BOOK_TEXT, variables: (f) => ({ id: f.bare, text: "Once upon a time." }) },
  publishBook: { document: PUBLISH_BOOK, variables: (f) => ({ id: f.ready }) },
  unpublishBook: { document: UNPUBLISH_BOOK, variables: (f) => ({ id: f.published }) },
  deleteBook: { document: DELETE_BOOK, variables: (f) => ({ id: f.unused }) },
  adminUsers: { document: ADMIN_USERS, variables: () => ({ search: "Target" }) },
  updateUser: { document: UPDATE_USER, variables: (f) => ({ id: f.target, role: "admin" }) },
};

// Admin-only operations whose refusals other files test.
// user-role.test.ts and last-admin.test.ts; teacher-codes.test.ts
const COVERED_ELSEWHERE = ["updateUserRole", "adminSchools", "rotateTeacherCode"];

type Caller = "anonymous" | "student" | "teacher" | "inactive admin";
const CALLERS: Caller[] = ["anonymous", "student", "teacher", "inactive admin"];

const REFUSALS: Record<
  Caller,
  { httpStatus: number; gql: { message: string; code: string }; rest: { status: number; error: string; code: string } }
> = {
  anonymous: {
    httpStatus: 401,
    gql: { message: Messages.authenticationRequired, code: "UNAUTHENTICATED" },
    rest: { status: 401, error: Messages.authenticationRequired, code: "UNAUTHENTICATED" },
  },
  student: {
    httpStatus: 200,
    gql: { message: Messages.forbidden, code: "FORBIDDEN" },
    rest: { status: 403, error: ADMIN_ONLY_MESSAGE, code: "FORBIDDEN" },
  },
  teacher: {
    httpStatus: 200,
    gql: { message: Messages.forbidden, code: "FORBIDDEN" },
    rest: { status: 403, error: ADMIN_ONLY_MESSAGE, code: "FORBIDDEN" },
  },
  "inactive admin": {
    httpStatus: 401,
    gql: { message: Messages.accountInactive, code: "UNAUTHENTICATED" },
    rest: { status: 401, error: Messages.accountInactive, code: "UNAUTHENTICATED" },
  },
};

describe("admin", () => {
  let app: TestApp & { databaseUrl: string };
  let admin: TestUser;

  beforeAll(async () => {
    app = await startIsolatedTestApp();
  });
  afterAll(() => app.stop());

  beforeEach(async () => {
    await emptyDatabase(app);
    admin = await app.createUser({ role: "admin", displayName: "Ada Admin" });
    // Recently active: the admin's requests then never refresh lastActiveAt in the background.
    await app.db.prisma.user.update({ where: { id: admin.id }, data: { lastActiveAt: new Date() } });
  });

  /** The data of a GraphQL answer that must have no error. */
  async function gqlOk<T = any>(document: string, variables: Record<string, unknown> = {}, user: TestUser = admin) {
    const res = await app.gql(document, variables, user.token);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.data as T;
  }

  /** The single error of a GraphQL answer that must fail. */
  async function gqlRefused(document: string, variables: Record<string, unknown> = {}, user: TestUser | null = admin) {
    const res = await app.gql(document, variables, user?.token);
    expect(res.body.data ?? null).toBeNull();
    return gqlError(res.body);
  }

  const restError = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  async function createBook(input: Record<string, unknown> = {}) {
    const data = await gqlOk(CREATE_BOOK, { input: { title: "A Book", author: "An Author", ...input } });
    return data.createBook as { id: string; title: string; status: string };
  }

  async function bookRow(id: string) {
    return app.db.prisma.book.findUnique({ where: { id } });
  }

  /** A book as a user sees it in Explore (ids) and on its page (the error, if refused). */
  async function studentView(user: TestUser, bookId: string) {
    const page = await app.gql(BOOKS, {}, user.token);
    expect(page.body.errors, JSON.stringify(page.body.errors)).toBeUndefined();
    const detail = await app.gql(BOOK, { id: bookId }, user.token);
    return {
      explore: (page.body.data.books.items as { id: string }[]).map((b) => b.id),
      book: detail.body.errors ? gqlError(detail.body) : detail.body.data.book.id,
    };
  }

  // -----------------------------------------------------------------------------------------------

  describe("who may use the admin operations", () => {
    async function tableFixtures(): Promise<Fixtures> {
      const [ready, published, unused, bare] = await Promise.all([
        buildBook(app, { title: "Ready", status: "draft" }),
        buildBook(app, { title: "Published" }),
        buildBook(app, { title: "Unused", status: "draft" }),
        buildBook(app, { title: "Bare", status: "draft", hasText: false, withCover: false }),
      ]);
      const target = await app.createUser({ displayName: "Target Student" });
      return {
        schoolId: SCHOOL_A.id,
        ready: ready.id,
        published: published.id,
        unused: unused.id,
        bare: bare.id,
        target: target.id,
      };
    }

    async function tokenOf(caller: Caller): Promise<string | undefined> {
      switch (caller) {
        case "anonymous":
          return undefined;
        case "student":
          return (await app.createUser({ displayName: "Nosy Student" })).token;
        case "teacher":
          return (await app.createUser({ role: "teacher", displayName: "Nosy Teacher" })).token;
        case "inactive admin":
          return (await app.createUser({ role: "admin", status: "inactive", displayName: "Retired Admin" })).token;
      }
    }

    it("has a row for every admin-only operation of the schema", async () => {
      const schema = await buildGraphQLSchema(createAppPubSub());
      const storage = getMetadataStorage();
      const ours = <T extends { target: unknown }>(list: T[]) =>
        list.filter((op) => resolvers.some((r) => r === op.target));
      const roots = [
        { type: schema.getQueryType(), operations: ours(storage.queries) },
        { type: schema.getMutationType(), operations: ours(storage.mutations) },
        { type: schema.getSubscriptionType(), operations: ours(storage.subscriptions) },
      ];
      const adminOnly: string[] = [];
      for (const { type, operations } of roots) {
        for (const name of Object.keys(type?.getFields() ?? {})) {
          const operation = operations.find((op) => op.schemaName === name);
          expect(operation, `no resolver found for ${name}`).toBeDefined();
          const rule =
            storage.authorizedFields.find(
              (f) => f.target === operation?.target && f.fieldName === operation?.methodName,
            ) ?? storage.authorizedResolver.find((r) => r.target === operation?.target);
          const roles: unknown[] = rule?.roles ?? [];
          if (roles.length > 0 && roles.every((role) => role === "admin")) {
            adminOnly.push(name);
          }
        }
      }
      expect(adminOnly.sort()).toEqual([...Object.keys(ADMIN_OPERATIONS), ...COVERED_ELSEWHERE].sort());
      const ofAdminResolver = storage.queries
        .concat(storage.mutations)
        .filter((op) => op.target === AdminResolver)
        .map((op) => op.schemaName);
      expect(ofAdminResolver.sort()).toEqual(Object.keys(ADMIN_OPERATIONS).sort());
    });

    it.each(CALLERS)("refuses every admin operation to %s, and nothing changes", async (caller) => {
      const fixtures = await tableFixtures();
      const token = await tokenOf(caller);
      const refusal = REFUSALS[caller];
      const before = await snapshot(app);

      for (const [name, operation] of Object.entries(ADMIN_OPERATIONS)) {
        const res = await app.gql(operation.document, operation.variables(fixtures), token);
        expect(res.status, name).toBe(refusal.httpStatus);
        expect(res.body.data ?? null, name).toBeNull();
        expect(gqlError(res.body), name).toEqual(refusal.gql);
      }

      expect(await snapshot(app)).toEqual(before);
    });

    it("lets an admin do every operation of the table (the refusals above are about the caller)", async () => {
      const f = await tableFixtures();
      for (const [name, operation] of Object.entries(ADMIN_OPERATIONS)) {
        const res = await app.gql(operation.document, operation.variables(f), admin.token);
        expect(res.body.errors, `${name}: ${JSON.stringify(res.body.errors)}`).toBeUndefined();
        expect(res.body.data[name], name).not.toBeNull();
      }
      expect(await bookRow(f.ready)).toMatchObject({ title: "Renamed", status: "published" });
      expect(await bookRow(f.published)).toMatchObject({ status: "draft" });
      expect(await bookRow(f.unused)).toBeNull();
      expect(await bookRow(f.bare)).toMatchObject({ hasText: true });
      expect(await app.db.prisma.book.count({ where: { title: "Smuggled" } })).toBe(1);
      expect((await app.db.prisma.user.findUniqueOrThrow({ where: { id: f.target } })).role).toBe("admin");
    });

    it.each(CALLERS)("refuses the upload routes to %s, and the book stays without cover and text", async (caller) => {
      const book = await buildBook(app, { status: "draft", hasText: false, withCover: false });
      const token = await tokenOf(caller);
      const refusal = REFUSALS[caller].rest;
      const bodies = { cover: await makeImage("png"), text: Buffer.from("Once upon a time.\n") };
      const before = await snapshot(app);

      for (const what of ["cover", "text"] as const) {
        const res = await upload(app, what, book.id, bodies[what], token ? { token } : {});
        expect(restError(res), what).toEqual({
          status: refusal.status,
          body: { error: refusal.error, code: refusal.code },
        });
      }

      expect(await snapshot(app)).toEqual(before);
      expect(await bookRow(book.id)).toMatchObject({ hasCover: false, hasText: false });
      expect(await rowCounts(app, book.id)).toMatchObject({ bookCovers: 0, bookTexts: 0 });
      // The same requests from an admin go through.
      for (const what of ["cover", "text"] as const) {
        expect((await upload(app, what, book.id, bodies[what], { token: admin.token })).status, what).toBe(200);
      }
    });
  });

  // -----------------------------------------------------------------------------------------------

  describe("book lifecycle", () => {
    it("createBook stores a draft with its schools and an audit record", async () => {
      const [school, other] = await Promise.all([freshSchool(app), freshSchool(app)]);

      const data = await gqlOk(CREATE_BOOK, {
        input: {
          title: "  The Hobbit ",
          author: "J. R. R. Tolkien",
          category: "secondary",
          genre: "  Fantasy   Adventure ",
          description: "There and back again.",
          characterList: ["Bilbo", " Bilbo ", "Gandalf"],
          publishedYear: 1937,
          pages: 310,
          allSchools: false,
          schoolIds: [school.id, other.id],
        },
      });

      const book = data.createBook;
      expect(book).toEqual({
        id: expect.any(String),
        title: "The Hobbit",
        author: "J. R. R. Tolkien",
        category: "secondary",
        genre: "fantasy adventure",
        description: "There and back again.",
        characterList: ["Bilbo", "Gandalf"],
        publishedYear: 1937,
        pages: 310,
        status: "draft",
        hasText: false,
        hasCover: false,
        coverUrl: null,
        allSchools: false,
        schoolIds: [school.id, other.id].sort(),
        textSizeBytes: null,
        updatedAt: ISO,
        usage: { readers: 0, reviews: 0, chats: 0 },
      });
      expect(await bookRow(book.id)).toMatchObject({ status: "draft", allSchools: false, title: "The Hobbit" });
      expect(await rowCounts(app, book.id)).toMatchObject({ books: 1, bookSchools: 2, bookTexts: 0, bookCovers: 0 });
      expect(await auditTrail(app)).toEqual([
        {
          action: "book.created",
          targetType: "book",
          targetId: book.id,
          summary: "Added 'The Hobbit' by J. R. R. Tolkien",
          actorId: admin.id,
          actorName: "Ada Admin",
        },
      ]);
    });

    it("similarBooks finds the books of that title and author whatever their case, spacing and status", async () => {
      const published = await createBook({ title: "The Secret Garden", author: "Frances Hodgson Burnett" });
      const archived = await createBook({ title: "The secret  garden", author: "Frances Hodgson  Burnett" });
      const draft = await createBook({ title: "THE SECRET GARDEN", author: "frances hodgson burnett" });
      await app.db.prisma.book.update({ where: { id: published.id }, data: { status: "published" } });
      await app.db.prisma.book.update({ where: { id: archived.id }, data: { status: "archived" } });
      // Another author, a longer title: other books.
      await createBook({ title: "The Secret Garden", author: "Someone Else" });
      await createBook({ title: "The Secret Garden Revisited", author: "Frances Hodgson Burnett" });

      const similar = async (title: string, author = "Frances Hodgson Burnett") =>
        (await gqlOk(SIMILAR_BOOKS, { title, author })).similarBooks as unknown[];
      // Published first (the copy students already read), then drafts, then archived books.
      expect(await similar("  the SECRET\tgarden ")).toEqual([
        { id: published.id, title: "The Secret Garden", author: "Frances Hodgson Burnett", status: "published" },
        { id: draft.id, title: "THE SECRET GARDEN", author: "frances hodgson burnett", status: "draft" },
        { id: archived.id, title: "The secret  garden", author: "Frances Hodgson  Burnett", status: "archived" },
      ]);
      expect(await similar("Secret Garden")).toEqual([]);
      expect(await similar("   ")).toEqual([]);
      // A wildcard is a character like any other.
      expect(await similar("The Secret %")).toEqual([]);
      // A title createBook would refuse is refused here too.
      const tooLong = "Title must be at most 200 characters";
      expect(await gqlRefused(SIMILAR_BOOKS, { title: "T".repeat(201), author: "A" })).toEqual({
        message: tooLong,
        code: "BAD_USER_INPUT",
        fields: { title: tooLong },
      });
      // Asking changes nothing and records nothing.
      expect((await auditTrail(app)).map((entry) => entry.action)).toEqual(Array(5).fill("book.created"));
    });

    it("a new book is held by every school unless told otherwise, with the defaults", async () => {
      const data = await gqlOk(CREATE_BOOK, { input: { title: "Plain", author: "Someone" } });
      expect(data.createBook).toMatchObject({
        category: "primary",
        genre: "fiction",
        description: "",
        characterList: [],
        publishedYear: null,
        pages: null,
        allSchools: true,
        schoolIds: [],
        status: "draft",
      });
    });

    const INVALID: [string, Record<string, unknown>, string, string][] = [
      ["an empty title", { title: "" }, TITLE_REQUIRED_MESSAGE, "title"],
      ["a blank title", { title: "   " }, TITLE_REQUIRED_MESSAGE, "title"],
      ["an empty author", { author: "" }, AUTHOR_REQUIRED_MESSAGE, "author"],
      [
        "a year after next year",
        { publishedYear: new Date().getFullYear() + 2 },
        publishedYearMessage(),
        "publishedYear",
      ],
      ["a year before 3000 BC", { publishedYear: -3001 }, publishedYearMessage(), "publishedYear"],
      ["no pages", { pages: 0 }, PAGES_MESSAGE, "pages"],
      ["negative pages", { pages: -12 }, PAGES_MESSAGE, "pages"],
      ["too many pages", { pages: 100_001 }, PAGES_MESSAGE, "pages"],
      ["an unknown school", { allSchools: false, schoolIds: ["no-such-school"] }, UNKNOWN_SCHOOL_MESSAGE, "schoolIds"],
      [
        "a known and an unknown school",
        { allSchools: false, schoolIds: [SCHOOL_A.id, "no-such-school"] },
        UNKNOWN_SCHOOL_MESSAGE,
        "schoolIds",
      ],
      ["allSchools false without schools", { allSchools: false }, SCHOOLS_REQUIRED_MESSAGE, "schoolIds"],
      ["allSchools false with no school", { allSchools: false, schoolIds: [] }, SCHOOLS_REQUIRED_MESSAGE, "schoolIds"],
    ];

    it.each(INVALID)("refuses %s (create and update) and stores nothing", async (_case, fields, message, field) => {
      const existing = await buildBook(app, { status: "draft" });
      const before = await snapshot(app);
      const input = { title: "Valid title", author: "Valid author", ...fields };

      expect(await gqlRefused(CREATE_BOOK, { input })).toEqual({
        message,
        code: "BAD_USER_INPUT",
        fields: { [field]: message },
      });
      expect(await gqlRefused(UPDATE_BOOK, { id: existing.id, input })).toEqual({
        message,
        code: "BAD_USER_INPUT",
        fields: { [field]: message },
      });

      expect(await snapshot(app)).toEqual(before);
    });

    it("publishBook is refused with the exact reason until the book has a cover and its text", async () => {
      const coverFirst = await createBook({ title: "Cover first" });
      const textFirst = await createBook({ title: "Text first" });
      const refusal = (message: string) => ({ message, code: "CONFLICT" });

      for (const book of [coverFirst, textFirst]) {
        expect(await gqlRefused(PUBLISH_BOOK, { id: book.id })).toEqual(
          refusal("Add a cover image and the book's text before publishing"),
        );
      }
      expect((await upload(app, "cover", coverFirst.id, await makeImage("png"), { token: admin.token })).status).toBe(
        200,
      );
      expect(await gqlRefused(PUBLISH_BOOK, { id: coverFirst.id })).toEqual(
        refusal("Add the book's text before publishing"),
      );
      await gqlOk(SET_BOOK_TEXT, { id: textFirst.id, text: "Chapter one." });
      expect(await gqlRefused(PUBLISH_BOOK, { id: textFirst.id })).toEqual(
        refusal("Add a cover image before publishing"),
      );
      expect((await bookRow(coverFirst.id))?.status).toBe("draft");
      expect((await bookRow(textFirst.id))?.status).toBe("draft");
      expect((await auditTrail(app)).map((a) => a.action)).not.toContain("book.published");

      await gqlOk(SET_BOOK_TEXT, { id: coverFirst.id, text: "Chapter one." });
      const published = (await gqlOk(PUBLISH_BOOK, { id: coverFirst.id })).publishBook;
      expect(published).toMatchObject({ id: coverFirst.id, status: "published", hasCover: true, hasText: true });
      expect((await bookRow(coverFirst.id))?.status).toBe("published");
    });

    it.each([
      ["png", "image/png"],
      ["jpeg", "image/jpeg"],
      ["webp", "image/webp"],
    ] as const)("accepts a %s cover, stores it as sent and serves it", async (format, contentType) => {
      const book = await createBook({ title: "Covered" });
      const image = await makeImage(format, 48, 64);

      const res = await upload(app, "cover", book.id, image, { token: admin.token, contentType });

      expect(res.status).toBe(200);
      const version = createHash("sha256").update(image).digest("hex").slice(0, 16);
      expect(res.body.book).toMatchObject({
        id: book.id,
        hasCover: true,
        coverUrl: `/covers/${book.id}/medium?v=${version}`,
        status: "draft",
      });
      const stored = await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: book.id } });
      expect({ contentType: stored.contentType, width: stored.width, height: stored.height }).toEqual({
        contentType,
        width: 48,
        height: 64,
      });
      expect(Buffer.from(stored.data).equals(image)).toBe(true);
      // Served resized (never larger than it came), not as the upload itself.
      const served = await fetch(`${app.url}${res.body.book.coverUrl}`);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 48, height: 64 });
      expect((await auditTrail(app, book.id)).map((a) => [a.action, a.summary])).toEqual([
        ["book.created", "Added 'Covered' by An Author"],
        ["book.coverChanged", "New cover for 'Covered'"],
      ]);
    });

    it("reads the cover's type from its content, not from the request's header", async () => {
      const book = await createBook();
      const jpeg = await makeImage("jpeg");
      const res = await upload(app, "cover", book.id, jpeg, { token: admin.token, contentType: "image/png" });
      expect(res.status).toBe(200);
      expect((await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: book.id } })).contentType).toBe(
        "image/jpeg",
      );
    });

    it.each([
      ["a GIF", () => makeImage("gif"), "image/gif"],
      ["a GIF sent as a PNG", () => makeImage("gif"), "image/png"],
      ["a text file renamed .png", async () => Buffer.from("This is not a picture.\n"), "image/png"],
      [
        "an SVG",
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect/></svg>'),
        "image/svg+xml",
      ],
      ["an empty body", async () => Buffer.alloc(0), "image/png"],
    ] as const)("refuses %s as a cover and stores nothing", async (_case, body, contentType) => {
      const book = await createBook();
      const before = await snapshot(app);

      const res = await upload(app, "cover", book.id, await body(), { token: admin.token, contentType });

      expect(restError(res)).toEqual({ status: 400, body: { error: COVER_FORMAT_MESSAGE, code: "BAD_USER_INPUT" } });
      expect(await snapshot(app)).toEqual(before);
      expect(await bookRow(book.id)).toMatchObject({ hasCover: false, coverVersion: null });
      expect(await rowCounts(app, book.id)).toMatchObject({ bookCovers: 0 });
    });

    it("refuses a cover over 5 MB with 413, storing nothing and keeping the cover it had", async () => {
      const large = await makeLargePng(MAX_COVER_BYTES + 1);
      expect(large.byteLength).toBeGreaterThan(MAX_COVER_BYTES);
      expect((await sharp(large).metadata()).format).toBe("png");
      const bare = await createBook({ title: "Bare" });
      const covered = await createBook({ title: "Covered" });
      expect((await upload(app, "cover", covered.id, await makeImage("webp"), { token: admin.token })).status).toBe(
        200,
      );
      const before = await snapshot(app);

      for (const book of [bare, covered]) {
        const res = await upload(app, "cover", book.id, large, { token: admin.token });
        expect(restError(res)).toEqual({
          status: 413,
          body: { error: COVER_TOO_BIG, code: "PAYLOAD_TOO_LARGE" },
        });
      }

      expect(await snapshot(app)).toEqual(before);
      expect(await bookRow(bare.id)).toMatchObject({ hasCover: false });
      expect(await rowCounts(app, bare.id)).toMatchObject({ bookCovers: 0 });
      expect((await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: covered.id } })).contentType).toBe(
        "image/webp",
      );
    });

    it("refuses a cover over 6000 pixels on a side or 24 megapixels with 400, keeping the cover it had", async () => {
      // One colour: a small file (the probe's was 249 KB) that takes about 1 GB to decode.
      const huge = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: "#2a6f97" } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(huge.byteLength).toBeLessThan(MAX_COVER_BYTES / 4);
      expect(4900 * 4900).toBeGreaterThan(MAX_COVER_PIXELS);
      const refused = [
        [huge, "16000 x 16000"],
        [await makeImage("png", 6001, 10), "6001 x 10"],
        [await makeImage("jpeg", 10, 6001), "10 x 6001"],
        [await makeImage("webp", 4900, 4900), "4900 x 4900"],
      ] as const;
      const bare = await createBook({ title: "Bare" });
      const covered = await createBook({ title: "Covered" });
      expect((await upload(app, "cover", covered.id, await makeImage("webp"), { token: admin.token })).status).toBe(
        200,
      );
      const coverBefore = await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: covered.id } });
      const before = await snapshot(app);

      for (const [image, size] of refused) {
        for (const book of [bare, covered]) {
          const res = await upload(app, "cover", book.id, image, { token: admin.token });
          expect(restError(res), size).toEqual({
            status: 400,
            body: {
              error: `The cover image is too large: at most 6000 pixels on a side and 24 megapixels. This one is ${size}.`,
              code: "BAD_USER_INPUT",
            },
          });
        }
      }

      expect(await snapshot(app)).toEqual(before);
      expect(await bookRow(bare.id)).toMatchObject({ hasCover: false, coverVersion: null });
      expect(await rowCounts(app, bare.id)).toMatchObject({ bookCovers: 0 });
      expect(await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: covered.id } })).toEqual(coverBefore);
    });

    it.each([
      [5000, 4000],
      [6000, 4000],
      [4000, 6000],
    ])("accepts a %i x %i cover (at most 6000 on a side and 24 megapixels) and serves it resized", async (w, h) => {
      const book = await createBook({ title: "Wide" });
      const image = await makeImage("png", w, h);

      const res = await upload(app, "cover", book.id, image, { token: admin.token });

      expect(res.status).toBe(200);
      const stored = await app.db.prisma.bookCover.findUniqueOrThrow({ where: { bookId: book.id } });
      expect({ width: stored.width, height: stored.height }).toEqual({ width: w, height: h });
      const served = await fetch(`${app.url}${res.body.book.coverImageUrl}`);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.width).toBeLessThanOrEqual(COVER_SIZES.large.width);
      expect(meta.height).toBeLessThanOrEqual(COVER_SIZES.large.height);
    });

    it("stores an uploaded UTF-8 text without its BOM and with \\n line ends", async () => {
      const book = await createBook({ title: "Texted" });
      const sent = "\uFEFFChapter One\r\nCafé, naïve, 📚.\rThe end.\r\n";
      const stored = "Chapter One\nCafé, naïve, 📚.\nThe end.\n";

      const res = await upload(app, "text", book.id, Buffer.from(sent, "utf8"), { token: admin.token });

      expect(res.status).toBe(200);
      expect(res.body.book).toMatchObject({ id: book.id, hasText: true, textSizeBytes: Buffer.byteLength(stored) });
      const text = await app.db.prisma.bookText.findUniqueOrThrow({ where: { bookId: book.id } });
      expect(text).toMatchObject({
        content: stored,
        sizeBytes: Buffer.byteLength(stored),
        sha256: createHash("sha256").update(stored).digest("hex"),
      });
      expect((await auditTrail(app, book.id)).map((a) => a.summary)).toEqual([
        "Added 'Texted' by An Author",
        "New text for 'Texted' (1 KB)",
      ]);
    });

    it.each([
      ["invalid UTF-8 bytes", Buffer.from([0x48, 0x69, 0x20, 0xc3, 0x28, 0x0a]), NOT_UTF8],
      ["Latin-1 text", Buffer.from("Café au lait\n", "latin1"), NOT_UTF8],
      ["UTF-16 (little-endian, with BOM)", utf16("Once upon a time.\n"), NOT_UTF8],
      ["UTF-16 (big-endian, with BOM)", utf16("Once upon a time.\n", { bigEndian: true }), NOT_UTF8],
      ["UTF-16 without a BOM", utf16("Once upon a time.\n", { bom: false }), NOT_UTF8],
      ["an empty file", Buffer.alloc(0), TEXT_EMPTY_MESSAGE],
      ["a file of blanks and a BOM", Buffer.from("\uFEFF \r\n\t\n", "utf8"), TEXT_EMPTY_MESSAGE],
    ])("refuses %s as the text and stores nothing", async (_case, body, message) => {
      const book = await createBook();
      const before = await snapshot(app);

      const res = await upload(app, "text", book.id, body, { token: admin.token });

      expect(restError(res)).toEqual({ status: 400, body: { error: message, code: "BAD_USER_INPUT" } });
      expect(await snapshot(app)).toEqual(before);
      expect(await bookRow(book.id)).toMatchObject({ hasText: false });
      expect(await rowCounts(app, book.id)).toMatchObject({ bookTexts: 0 });
    });

    it("refuses a text over 10 MB with 413 and keeps the text the book had", async () => {
      const book = await createBook();
      await gqlOk(SET_BOOK_TEXT, { id: book.id, text: "The text before." });
      const before = await snapshot(app);

      const res = await upload(app, "text", book.id, Buffer.alloc(MAX_TEXT_BYTES + 1, "a"), { token: admin.token });

      expect(restError(res)).toEqual({
        status: 413,
        body: { error: TEXT_TOO_LARGE_MESSAGE, code: "PAYLOAD_TOO_LARGE" },
      });
      expect(await snapshot(app)).toEqual(before);
      expect((await app.db.prisma.bookText.findUniqueOrThrow({ where: { bookId: book.id } })).content).toBe(
        "The text before.",
      );
    });

    it("setBookText stores pasted text (normalised), replacing an upload; blank text is refused", async () => {
      const book = await createBook({ title: "Pasted" });
      await upload(app, "text", book.id, Buffer.from("Uploaded first.\n"), { token: admin.token });

      const pasted = (await gqlOk(SET_BOOK_TEXT, { id: book.id, text: "\uFEFFLine one\r\nLine two\r\n" })).setBookText;

      expect(pasted).toMatchObject({ hasText: true, textSizeBytes: Buffer.byteLength("Line one\nLine two\n") });
      expect((await app.db.prisma.bookText.findUniqueOrThrow({ where: { bookId: book.id } })).content).toBe(
        "Line one\nLine two\n",
      );
      const before = await snapshot(app);
      expect(await gqlRefused(SET_BOOK_TEXT, { id: book.id, text: " \r\n " })).toEqual({
        message: TEXT_EMPTY_MESSAGE,
        code: "BAD_USER_INPUT",
      });
      expect(await snapshot(app)).toEqual(before);
      expect((await auditTrail(app, book.id)).map((a) => a.action)).toEqual([
        "book.created",
        "book.textChanged",
        "book.textChanged",
      ]);
    });

    it("a published book held by school A is seen by A's students only; unpublishing hides it", async () => {
      const [schoolA, schoolB] = [SCHOOL_A, SCHOOL_B];
      const studentA = await app.createUser({ school: schoolA.name });
      const studentB = await app.createUser({ school: schoolB.name });
      const teacherB = await app.createUser({ role: "teacher", school: schoolB.name });
      const book = await createBook({ title: "School A only", allSchools: false, schoolIds: [schoolA.id] });
      await upload(app, "cover", book.id, await makeImage("jpeg"), { token: admin.token });
      await upload(app, "text", book.id, Buffer.from("Once upon a time.\n"), { token: admin.token });
      const notFound = { message: "Book not found", code: "NOT_FOUND" };

      // A complete draft is still nobody's.
      expect(await studentView(studentA, book.id)).toEqual({ explore: [], book: notFound });

      await gqlOk(PUBLISH_BOOK, { id: book.id });

      expect(await studentView(studentA, book.id)).toEqual({ explore: [book.id], book: book.id });
      expect(await studentView(studentB, book.id)).toEqual({ explore: [], book: notFound });
      expect(await studentView(teacherB, book.id)).toEqual({ explore: [], book: notFound });
      expect(restError(await app.api("GET", `/api/reviews/${book.id}`, { token: studentB.token }))).toEqual({
        status: 404,
        body: { error: "Book not found", code: "NOT_FOUND" },
      });

      const unpublished = (await gqlOk(UNPUBLISH_BOOK, { id: book.id })).unpublishBook;

      expect(unpublished.status).toBe("draft");
      expect(await studentView(studentA, book.id)).toEqual({ explore: [], book: notFound });
      expect((await auditTrail(app, book.id)).map((a) => [a.action, a.summary])).toEqual([
        ["book.created", "Added 'School A only' by An Author"],
        ["book.coverChanged", "New cover for 'School A only'"],
        ["book.textChanged", "New text for 'School A only' (1 KB)"],
        ["book.published", "Published 'School A only'"],
        ["book.unpublished", "Moved to draft 'School A only'"],
      ]);
    });

    it("updateBook changes the fields and the schools holding the book", async () => {
      const [schoolA, schoolB] = [SCHOOL_C, SCHOOL_D];
      const studentA = await app.createUser({ school: schoolA.name });
      const studentB = await app.createUser({ school: schoolB.name });
      const built = await buildBook(app, { schools: [schoolA.name] });

      const updated = (
        await gqlOk(UPDATE_BOOK, {
          id: built.id,
          input: { title: "New title", author: "New author", pages: 99, allSchools: false, schoolIds: [schoolB.id] },
        })
      ).updateBook;

      expect(updated).toMatchObject({
        title: "New title",
        author: "New author",
        pages: 99,
        allSchools: false,
        schoolIds: [schoolB.id],
        status: "published",
      });
      expect((await studentView(studentA, built.id)).explore).toEqual([]);
      expect((await studentView(studentB, built.id)).explore).toEqual([built.id]);

      await gqlOk(UPDATE_BOOK, { id: built.id, input: { title: "New title", author: "New author" } });

      expect(await rowCounts(app, built.id)).toMatchObject({ bookSchools: 0 });
      expect((await studentView(studentA, built.id)).explore).toEqual([built.id]);
      expect((await auditTrail(app, built.id)).map((a) => [a.action, a.summary])).toEqual([
        ["book.updated", "Edited 'New title'"],
        ["book.updated", "Edited 'New title'"],
      ]);
    });

    it("an unknown book is 'Book not found' everywhere", async () => {
      const notFound = { message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" };
      expect(await gqlRefused(ADMIN_BOOK, { id: UNKNOWN_ID })).toEqual(notFound);
      expect(await gqlRefused(PUBLISH_BOOK, { id: UNKNOWN_ID })).toEqual(notFound);
      expect(await gqlRefused(SET_BOOK_TEXT, { id: UNKNOWN_ID, text: "Text" })).toEqual(notFound);
      expect(await gqlRefused(DELETE_BOOK, { id: UNKNOWN_ID })).toEqual(notFound);
      for (const [what, body] of [
        ["cover", await makeImage("png")],
        ["text", Buffer.from("Text")],
      ] as const) {
        expect(restError(await upload(app, what, UNKNOWN_ID, body, { token: admin.token }))).toEqual({
          status: 404,
          body: { error: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" },
        });
      }
      expect(await app.db.prisma.adminAction.count()).toBe(0);
    });
  });

  // -----------------------------------------------------------------------------------------------

  describe("deleting books", () => {
    async function publishedBook(title: string) {
      const book = await createBook({ title, allSchools: false, schoolIds: [SCHOOL_A.id, SCHOOL_B.id] });
      await upload(app, "cover", book.id, await makeImage("png", 600, 800), { token: admin.token });
      await upload(app, "text", book.id, Buffer.from(`The text of ${title}.\n`), { token: admin.token });
      await gqlOk(PUBLISH_BOOK, { id: book.id });
      return book;
    }

    const NOTHING = {
      books: 0,
      bookTexts: 0,
      bookCovers: 0,
      bookCoverRenditions: 0,
      bookSchools: 0,
      userBooks: 0,
      reviews: 0,
      chats: 0,
      chatMessages: 0,
      moderationEvents: 0,
    };

    it("deletes an unused book with its text, cover, renditions and schools", async () => {
      const book = await publishedBook("Unused");
      for (const size of ["low", "medium"]) {
        expect((await fetch(`${app.url}/covers/${book.id}/${size}`)).status).toBe(200);
      }
      expect(await rowCounts(app, book.id)).toEqual({
        ...NOTHING,
        books: 1,
        bookTexts: 1,
        bookCovers: 1,
        bookCoverRenditions: 2,
        bookSchools: 2,
      });

      const result = (await gqlOk(DELETE_BOOK, { id: book.id })).deleteBook;

      expect(result).toEqual({ outcome: "deleted", bookId: book.id, book: null });
      expect(await rowCounts(app, book.id)).toEqual(NOTHING);
      expect(await rowCounts(app)).toEqual(NOTHING);
      expect(await gqlRefused(ADMIN_BOOK, { id: book.id })).toEqual({
        message: BOOK_NOT_FOUND_MESSAGE,
        code: "NOT_FOUND",
      });
      expect((await auditTrail(app, book.id)).at(-1)).toMatchObject({
        action: "book.deleted",
        summary: "Deleted 'Unused'",
        actorId: admin.id,
      });
    });

    const USES: [string, (student: TestUser, book: BuiltBook) => Promise<unknown>, Record<string, number>][] = [
      [
        "a reading record",
        (student, book) => recordReading(app, student, book.id),
        { readers: 1, reviews: 0, chats: 0 },
      ],
      ["a review", (student, book) => writeReview(app, student, book.id), { readers: 0, reviews: 1, chats: 0 }],
      [
        "a chat",
        (student, book) =>
          writeChat(app, student, book.id, [{ at: new Date() }, { at: new Date(), role: "assistant" }]),
        { readers: 0, reviews: 0, chats: 1 },
      ],
    ];

    it.each(USES)(
      "archives a book with %s instead, keeps it all and hides it from students",
      async (_use, use, usage) => {
        const book = await buildBook(app, { title: "Used" });
        const student = await app.createUser();
        expect((await studentView(student, book.id)).explore).toEqual([book.id]);
        await use(student, book);
        const before = await rowCounts(app, book.id);

        const result = (await gqlOk(DELETE_BOOK, { id: book.id })).deleteBook;

        expect(result).toMatchObject({
          outcome: "archived",
          bookId: book.id,
          book: { id: book.id, status: "archived", usage },
        });
        expect(await rowCounts(app, book.id)).toEqual(before);
        expect((await bookRow(book.id))?.status).toBe("archived");
        expect(await studentView(student, book.id)).toEqual({
          explore: [],
          book: { message: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" },
        });
        expect(await auditTrail(app, book.id)).toEqual([
          {
            action: "book.archived",
            targetType: "book",
            targetId: book.id,
            summary: `Archived '${book.title}' (used by students)`,
            actorId: admin.id,
            actorName: "Ada Admin",
          },
        ]);
      },
    );

    it.each(["draft", "published"] as const)(
      "refuses to delete a %s book permanently, changing nothing",
      async (status) => {
        const book = await buildBook(app, { status });
        await useBook(app, await app.createUser(), book.id);
        const before = await snapshot(app);

        expect(await gqlRefused(DELETE_BOOK, { id: book.id, permanently: true })).toEqual({
          message: ONLY_ARCHIVED,
          code: "CONFLICT",
        });

        expect(await snapshot(app)).toEqual(before);
      },
    );

    /** An archived book two students used (one also has an urgent alert about it), and another used book. */
    async function archivedWithHistory() {
      const book = await publishedBook("Archived");
      const other = await publishedBook("Kept");
      const [ann, ben] = [await app.createUser(), await app.createUser()];
      const uses = [await useBook(app, ann, book.id), await useBook(app, ben, book.id)];
      const alert = await writeModerationEvent(app, ben, {
        type: "alert",
        severity: "urgent",
        category: "self_harm_risk",
        bookId: book.id,
        chatId: uses[1]?.chatId,
      });
      await useBook(app, ann, other.id);
      for (const size of ["low", "medium"]) {
        await fetch(`${app.url}/covers/${book.id}/${size}`);
      }
      expect((await gqlOk(DELETE_BOOK, { id: book.id })).deleteBook.outcome).toBe("archived");
      const eventIds = [...uses.map((u) => u.eventId), alert.id];
      return { book, other, eventIds };
    }

    it("permanently deletes an archived book with everything students did with it; safeguarding events stay", async () => {
      const { book, other, eventIds } = await archivedWithHistory();
      expect(await rowCounts(app, book.id)).toEqual({
        books: 1,
        bookTexts: 1,
        bookCovers: 1,
        bookCoverRenditions: 2,
        bookSchools: 2,
        userBooks: 2,
        reviews: 2,
        chats: 2,
        chatMessages: 4,
        moderationEvents: 3,
      });
      const otherBefore = await rowCounts(app, other.id);

      const result = (await gqlOk(DELETE_BOOK, { id: book.id, permanently: true })).deleteBook;

      expect(result).toEqual({ outcome: "deleted", bookId: book.id, book: null });
      expect(await rowCounts(app, book.id)).toEqual(NOTHING);
      expect(await rowCounts(app, other.id)).toEqual(otherBefore);
      const events = await app.db.prisma.moderationEvent.findMany({
        where: { id: { in: eventIds } },
        select: { bookId: true, chatId: true, type: true },
      });
      expect(events).toHaveLength(3);
      expect(events.every((e) => e.bookId === null && e.chatId === null)).toBe(true);
      expect((await auditTrail(app, book.id)).map((a) => a.action)).toEqual([
        "book.created",
        "book.coverChanged",
        "book.textChanged",
        "book.published",
        "book.archived",
        "book.deleted",
      ]);
    });

    it("permanently deleting is one transaction: when its last step fails, nothing is gone", async () => {
      const { book } = await archivedWithHistory();
      const before = await snapshot(app);
      // Refuse the final DELETE of this one book: every step before it must be rolled back.
      await app.db.sql.exec(`
        CREATE FUNCTION admin_test_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD.id = '${book.id}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN OLD;
        END $$;
        CREATE TRIGGER admin_test_refuse_delete BEFORE DELETE ON "Book"
          FOR EACH ROW EXECUTE FUNCTION admin_test_refuse_delete();`);
      try {
        expect(await gqlRefused(DELETE_BOOK, { id: book.id, permanently: true })).toEqual({
          message: Messages.internal,
          code: "INTERNAL_SERVER_ERROR",
        });
      } finally {
        await app.db.sql.exec(`
          DROP TRIGGER IF EXISTS admin_test_refuse_delete ON "Book";
          DROP FUNCTION IF EXISTS admin_test_refuse_delete();`);
      }

      expect(await snapshot(app)).toEqual(before);
      expect(await app.db.prisma.moderationEvent.count({ where: { bookId: book.id, chatId: { not: null } } })).toBe(3);
      expect((await gqlOk(DELETE_BOOK, { id: book.id, permanently: true })).deleteBook.outcome).toBe("deleted");
    });
  });

  // -----------------------------------------------------------------------------------------------

  describe("users", () => {
    type Page = { items: { uid: string; displayName: string }[]; totalCount: number; nextOffset: number | null };

    async function listUsers(variables: Record<string, unknown>): Promise<Page> {
      return (await gqlOk(ADMIN_USERS, variables)).adminUsers;
    }
    const idsOf = (page: Page) => page.items.map((u) => u.uid).sort();

    async function person(options: Parameters<TestApp["createUser"]>[0] & { email: string }) {
      const { email, ...rest } = options;
      const user = await app.createUser(rest);
      await app.db.prisma.user.update({ where: { id: user.id }, data: { email } });
      return { ...user, email };
    }

    it("searches by name or email (case-insensitive, % and _ literal), filters by role and status, pages", async () => {
      const alice = await person({ displayName: "Alice Underscore_Fan", email: "alice.one@example.org" });
      const alike = await person({ displayName: "Alice Underscore Fan", email: "alice.two@example.org" });
      const percy = await person({ role: "teacher", displayName: "Percy 100% Reader", email: "percy@example.org" });
      const lookalike = await person({
        displayName: "Percy 1000 Reader",
        email: "percy1000@example.org",
        status: "inactive",
      });
      const bob = await person({ displayName: "Bob Smith", email: "bob.smith@example.org" });

      const cases: [Record<string, unknown>, { id: string }[]][] = [
        [{ search: "ALICE" }, [alice, alike]],
        [{ search: "Alice.One@Example" }, [alice]],
        [{ search: "Underscore_Fan" }, [alice]],
        [{ search: "_" }, [alice]],
        [{ search: "100%" }, [percy]],
        [{ search: "%" }, [percy]],
        [{ search: "  bob.SMITH  " }, [bob]],
        [{ search: "example.org" }, [alice, alike, percy, lookalike, bob]],
        [{ search: "nobody-matches" }, []],
        [{ role: "teacher" }, [percy]],
        [{ role: "admin" }, [admin]],
        [{ status: "inactive" }, [lookalike]],
        [{ search: "percy", role: "student" }, [lookalike]],
        [{ role: "student", status: "active" }, [alice, alike, bob]],
      ];
      for (const [variables, expected] of cases) {
        const page = await listUsers(variables);
        const label = JSON.stringify(variables);
        expect(idsOf(page), label).toEqual(expected.map((u) => u.id).sort());
        expect(page.totalCount, label).toBe(expected.length);
        expect(page.nextOffset, label).toBeNull();
      }

      const all = await listUsers({ limit: 100 });
      expect(all.totalCount).toBe(6);
      const first = await listUsers({ limit: 4 });
      const second = await listUsers({ limit: 4, offset: 4 });
      expect([first.totalCount, first.nextOffset, first.items.length]).toEqual([6, 4, 4]);
      expect([second.totalCount, second.nextOffset, second.items.length]).toEqual([6, null, 2]);
      expect([...first.items, ...second.items].map((u) => u.uid)).toEqual(all.items.map((u) => u.uid));
      const email = (await gqlOk(ADMIN_USERS, { search: "percy@" })).adminUsers.items[0];
      expect(email).toEqual({
        uid: percy.id,
        displayName: "Percy 100% Reader",
        email: "percy@example.org",
        role: "teacher",
        school: "Pimlico Academy",
        status: "active",
        createdAt: ISO,
        lastActiveAt: null,
      });
    });

    it("updateUser changes name, role and status, each change recorded; unchanged values record nothing", async () => {
      const sam = await app.createUser({ displayName: "Sam Student", school: "Ashburnham" });

      const renamed = (await gqlOk(UPDATE_USER, { id: sam.id, displayName: "  Samuel Student ", role: "teacher" }))
        .updateUser;

      expect(renamed).toEqual({
        uid: sam.id,
        displayName: "Samuel Student",
        email: sam.email,
        role: "teacher",
        school: "Ashburnham",
        status: "active",
      });
      await gqlOk(UPDATE_USER, { id: sam.id, status: "inactive" });
      await gqlOk(UPDATE_USER, { id: sam.id, role: "teacher", status: "inactive" });
      expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: sam.id } })).toMatchObject({
        displayName: "Samuel Student",
        email: sam.email,
        role: "teacher",
        status: "inactive",
      });
      expect(await auditTrail(app, sam.id)).toEqual([
        {
          action: "user.updated",
          targetType: "user",
          targetId: sam.id,
          summary: "Changed 'Sam Student': name to 'Samuel Student', role student to teacher",
          actorId: admin.id,
          actorName: "Ada Admin",
        },
        {
          action: "user.updated",
          targetType: "user",
          targetId: sam.id,
          summary: "Changed 'Samuel Student': status active to inactive",
          actorId: admin.id,
          actorName: "Ada Admin",
        },
      ]);
    });

    it("updateUser refuses a blank name and an unknown user, changing nothing", async () => {
      const sam = await app.createUser({ displayName: "Sam Student" });
      const before = await snapshot(app);
      expect(await gqlRefused(UPDATE_USER, { id: sam.id, displayName: "  " })).toEqual({
        message: "Full name is required",
        code: "BAD_USER_INPUT",
        fields: { displayName: "Full name is required" },
      });
      expect(await gqlRefused(UPDATE_USER, { id: UNKNOWN_ID, role: "teacher" })).toEqual({
        message: USER_NOT_FOUND_MESSAGE,
        code: "NOT_FOUND",
      });
      expect(await snapshot(app)).toEqual(before);
    });

    it("the email cannot be changed, over GraphQL or REST", async () => {
      const sam = await app.createUser({ displayName: "Sam Student" });

      const res = await app.gql(
        `mutation { updateUser(id: "${sam.id}", email: "new@example.org") { email } }`,
        {},
        admin.token,
      );
      expect(gqlError(res.body).code).toBe("GRAPHQL_VALIDATION_FAILED");
      const rest = await app.api("PATCH", `/api/auth/user/${sam.id}`, {
        token: admin.token,
        body: { email: "new@example.org", role: "teacher" },
      });
      expect(rest.status).toBe(200);

      expect(await app.db.prisma.user.findUniqueOrThrow({ where: { id: sam.id } })).toMatchObject({
        email: sam.email,
        role: "teacher",
      });
      expect(await app.db.prisma.user.count({ where: { email: "new@example.org" } })).toBe(0);
    });

    it("the only active admin can neither demote nor deactivate themselves", async () => {
      await app.createUser({ role: "admin", status: "inactive", displayName: "Retired Admin" });
      const before = await snapshot(app);
      const refused = { message: ONLY_ADMIN, code: "CONFLICT" };

      for (const change of [{ role: "teacher" }, { role: "student" }, { status: "inactive" }]) {
        expect(await gqlRefused(UPDATE_USER, { id: admin.id, ...change }), JSON.stringify(change)).toEqual(refused);
      }

      expect(await snapshot(app)).toEqual(before);
      await gqlOk(ADMIN_OVERVIEW);
    });

    it("with a second active admin, an admin may step down, and the other is then the last one", async () => {
      const second = await app.createUser({ role: "admin", displayName: "Second Admin" });

      expect((await gqlOk(UPDATE_USER, { id: admin.id, role: "teacher" })).updateUser.role).toBe("teacher");

      expect(await gqlRefused(UPDATE_USER, { id: second.id, status: "inactive" }, second)).toEqual({
        message: ONLY_ADMIN,
        code: "CONFLICT",
      });
      expect(await gqlRefused(ADMIN_OVERVIEW)).toEqual({ message: Messages.forbidden, code: "FORBIDDEN" });
    });

    it("with a second active admin, an admin may deactivate themselves, which ends their session", async () => {
      await app.createUser({ role: "admin", displayName: "Second Admin" });

      expect((await gqlOk(UPDATE_USER, { id: admin.id, status: "inactive" })).updateUser.status).toBe("inactive");

      const res = await app.gql(ADMIN_OVERVIEW, {}, admin.token);
      expect(res.status).toBe(401);
      expect(gqlError(res.body)).toEqual({ message: Messages.accountInactive, code: "UNAUTHENTICATED" });
    });

    it("an inactive user cannot log in, and their token is refused on the next request", async () => {
      const sam = await app.createUser({ displayName: "Sam Student" });
      const credentials = { email: sam.email, password: sam.password };
      expect((await app.gql(ME, {}, sam.token)).body.data.me.uid).toBe(sam.id);
      expect((await app.api("POST", "/api/auth/login", { body: credentials })).status).toBe(200);

      await gqlOk(UPDATE_USER, { id: sam.id, status: "inactive" });

      const me = await app.gql(ME, {}, sam.token);
      expect(me.status).toBe(401);
      expect(gqlError(me.body)).toEqual({ message: Messages.accountInactive, code: "UNAUTHENTICATED" });
      expect(restError(await app.api("GET", "/api/auth/user", { token: sam.token }))).toEqual({
        status: 401,
        body: { error: Messages.accountInactive, code: "UNAUTHENTICATED" },
      });
      expect(restError(await app.api("POST", "/api/auth/login", { body: credentials }))).toEqual({
        status: 403,
        body: { error: Messages.accountInactive, code: "ACCOUNT_INACTIVE" },
      });
      expect(gqlError((await app.gql(LOGIN, { input: credentials })).body)).toEqual({
        message: Messages.accountInactive,
        code: "ACCOUNT_INACTIVE",
      });

      await gqlOk(UPDATE_USER, { id: sam.id, status: "active" });

      // Deactivating retired the token: reactivating the account does not revive it.
      const stale = await app.gql(ME, {}, sam.token);
      expect(stale.status).toBe(401);
      expect(gqlError(stale.body)).toEqual({ message: Messages.invalidToken, code: "UNAUTHENTICATED" });
      const login = await app.api("POST", "/api/auth/login", { body: credentials });
      expect(login.status).toBe(200);
      expect((await app.gql(ME, {}, login.body.token)).body.data.me.uid).toBe(sam.id);
    });
  });

  // -----------------------------------------------------------------------------------------------

  describe("overview and activity", () => {
    it("the overview counts every user, book and open alert", async () => {
      const ago = (ms: number) => new Date(Date.now() - ms);
      const users = await Promise.all([
        app.createUser({ role: "admin", status: "inactive" }),
        app.createUser({ role: "teacher" }),
        app.createUser({ role: "teacher" }),
        app.createUser(),
        app.createUser(),
        app.createUser({ status: "inactive" }),
        app.createUser(),
      ]);
      const lastActive = [null, ago(2 * DAY), null, ago(DAY), ago(8 * DAY), null, ago(7 * DAY - HOUR)];
      await Promise.all(
        users.map((user, i) =>
          app.db.prisma.user.update({ where: { id: user.id }, data: { lastActiveAt: lastActive[i] ?? null } }),
        ),
      );
      await Promise.all([
        buildBook(app),
        buildBook(app),
        buildBook(app, { status: "draft" }),
        buildBook(app, { status: "draft", hasText: false, withCover: false }),
        buildBook(app, { status: "archived" }),
      ]);
      const student = users[3] as TestUser;
      for (const type of ["strike", "block", "alert", "unblock"] as const) {
        await writeModerationEvent(app, student, { type });
      }
      await writeModerationEvent(app, student, { type: "alert", reviewedAt: new Date() });

      const overview = (await gqlOk(ADMIN_OVERVIEW)).adminOverview;

      expect(overview).toEqual({
        totalUsers: 8,
        students: 4,
        teachers: 2,
        admins: 2,
        totalBooks: 5,
        publishedBooks: 2,
        draftBooks: 2,
        // Ada Admin (beforeEach), a teacher, and the students active a day and just under 7 days ago.
        activeUsers: 4,
        openAlerts: 3,
      });

      await createBook();
      expect((await gqlOk(ADMIN_OVERVIEW)).adminOverview).toMatchObject({ totalBooks: 6, draftBooks: 3 });
    });

    const T0 = Date.parse("2025-03-01T10:00:00.000Z");
    const at = (hours: number) => new Date(T0 + hours * HOUR);

    type Item = {
      id: string;
      kind: string;
      summary: string;
      actorName: string | null;
      urgent: boolean;
      createdAt: string;
    };

    /** Registrations, a review, moderation events and admin actions at known times; expected newest first. */
    async function history(): Promise<Item[]> {
      const school = SCHOOLS.find((s) => s.name === "Ashburnham") as School;
      const sam = await app.createUser({ displayName: "Sam Student", school: school.name });
      const tess = await app.createUser({ role: "teacher", displayName: "Tess Teacher", school: school.name });
      for (const [user, hours] of [
        [admin, 0],
        [sam, 1],
        [tess, 2],
      ] as const) {
        await app.db.prisma.user.update({ where: { id: user.id }, data: { createdAt: at(hours) } });
      }
      const built = await buildBook(app, { title: "Reviewed" });
      const review = await writeReview(app, sam, built.id, { rating: 4, createdAt: at(3) });
      const base = { schoolId: school.id, category: "bullying_hate" };
      const strike = await writeModerationEvent(app, sam, { ...base, type: "strike", at: at(4) });
      const block = await writeModerationEvent(app, sam, { ...base, type: "block", at: at(5) });
      const unblock = await writeModerationEvent(app, sam, {
        type: "unblock",
        schoolId: school.id,
        actorId: tess.id,
        at: at(6),
      });
      const alert = await writeModerationEvent(app, sam, {
        type: "alert",
        severity: "urgent",
        category: "self_harm_risk",
        schoolId: school.id,
        at: at(7),
      });
      const book = await createBook({ title: "Activity", author: "Someone" });
      await upload(app, "cover", book.id, await makeImage("png"), { token: admin.token });
      await gqlOk(SET_BOOK_TEXT, { id: book.id, text: "Text." });
      await gqlOk(PUBLISH_BOOK, { id: book.id });
      const recorded = await app.db.prisma.adminAction.findMany({ select: { id: true, action: true } });
      const order = ["book.created", "book.coverChanged", "book.textChanged", "book.published"];
      expect(recorded.map((a) => a.action).sort()).toEqual([...order].sort());
      const actions = order.map((name) => recorded.find((a) => a.action === name) as { id: string });
      for (const [i, action] of actions.entries()) {
        await app.db.prisma.adminAction.update({ where: { id: action.id }, data: { createdAt: at(8 + i) } });
      }
      const item = (id: string, kind: string, summary: string, hours: number, extra: Partial<Item> = {}): Item => ({
        id,
        kind,
        summary,
        actorName: null,
        urgent: false,
        createdAt: at(hours).toISOString(),
        ...extra,
      });
      const [created, cover, text, published] = actions.map((a) => `admin:${a.id}`) as [string, string, string, string];
      const byAda = { actorName: "Ada Admin" };
      return [
        item(published, "bookPublished", "Published 'Activity'", 11, byAda),
        item(text, "admin", "New text for 'Activity' (1 KB)", 10, byAda),
        item(cover, "admin", "New cover for 'Activity'", 9, byAda),
        item(created, "admin", "Added 'Activity' by Someone", 8, byAda),
        item(`moderation:${alert.id}`, "moderation", "Safeguarding alert for Sam Student (self harm risk)", 7, {
          urgent: true,
        }),
        item(`moderation:${unblock.id}`, "moderation", "Sam Student was unblocked by Tess Teacher", 6, {
          actorName: "Tess Teacher",
        }),
        item(`moderation:${block.id}`, "moderation", "Sam Student was blocked (bullying hate)", 5),
        item(`moderation:${strike.id}`, "moderation", "Strike for Sam Student (bullying hate)", 4),
        item(`review:${review.id}`, "review", `Sam Student reviewed '${built.title}' (4 out of 5)`, 3),
        item(`registration:${tess.id}`, "registration", "Tess Teacher joined as a teacher at Ashburnham", 2),
        item(`registration:${sam.id}`, "registration", "Sam Student joined as a student at Ashburnham", 1),
        item(`registration:${admin.id}`, "registration", "Ada Admin joined as an admin", 0),
      ];
    }

    async function activityPages(limit: number) {
      const pages: { items: Item[]; nextBefore: string | null }[] = [];
      let before: string | null = null;
      do {
        const page: { items: Item[]; nextBefore: string | null } = (
          await gqlOk(ADMIN_ACTIVITY, { limit, ...(before ? { before } : {}) })
        ).adminActivity;
        pages.push(page);
        before = page.nextBefore;
      } while (before && pages.length < 20);
      return pages;
    }

    it("lists registrations, reviews, moderation events and admin actions, newest first", async () => {
      const expected = await history();
      const page = (await gqlOk(ADMIN_ACTIVITY, { limit: 50 })).adminActivity;
      expect(page).toEqual({ items: expected, nextBefore: null });
    });

    it.each([4, 5])("pages with before (limit %i) and returns each item once", async (limit) => {
      const expected = await history();
      const pages = await activityPages(limit);
      expect(pages.map((p) => p.items.length)).toEqual(
        Array.from({ length: Math.ceil(expected.length / limit) }, (_, i) =>
          Math.min(limit, expected.length - i * limit),
        ),
      );
      expect(pages.flatMap((p) => p.items)).toEqual(expected);
      expect(pages.at(-1)?.nextBefore).toBeNull();
    });

    // Prisma stamps createdAt per statement to the millisecond: rows of one createMany, or two pupils
    // registering in the same millisecond, share it. A page boundary between them must lose neither.
    it("pages with before without losing items that share a time", async () => {
      const students = await Promise.all([1, 2, 3, 4].map((n) => app.createUser({ displayName: `Twin ${n}` })));
      const same = at(2);
      const times = [at(3), same, same, at(1)];
      await Promise.all(
        students.map((s, i) => app.db.prisma.user.update({ where: { id: s.id }, data: { createdAt: times[i] } })),
      );
      await app.db.prisma.user.update({ where: { id: admin.id }, data: { createdAt: at(0) } });

      const pages = await activityPages(2);
      const ids = pages.flatMap((p) => p.items.map((i) => i.id));

      expect(ids.sort()).toEqual([admin, ...students].map((u) => `registration:${u.id}`).sort());
    });

    it("refuses a before that no page gave, changing nothing", async () => {
      const forged = Buffer.from("2026-01-01T00:00:00.000Z|nowhere|x").toString("base64url");
      for (const before of ["yesterday", "2026-01-01T00:00:00.000Z", forged, "A".repeat(500)]) {
        expect(await gqlRefused(ADMIN_ACTIVITY, { before, limit: 5 }), before).toEqual({
          message: ACTIVITY_CURSOR_MESSAGE,
          code: "BAD_USER_INPUT",
        });
      }
    });

    it("refuses a limit outside 1 to 50", async () => {
      for (const limit of [0, 51]) {
        expect(await gqlRefused(ADMIN_ACTIVITY, { limit })).toEqual({
          message: "limit must be between 1 and 50",
          code: "BAD_USER_INPUT",
        });
      }
    });
  });

  // -----------------------------------------------------------------------------------------------

  describe("reports", () => {
    const FROM = "2025-06-02"; // a Monday, in British Summer Time
    const TO = "2025-06-22"; // a Sunday
    const utc = (iso: string) => new Date(iso);

    type Row = {
      schoolId: string | null;
      schoolName: string;
      students: number;
      activeStudents: number;
      booksRead: number;
      readingMinutes: number;
      chats: number;
      studentMessages: number;
      moderationEvents: number;
    };
    const row = (school: School | null, figures: Omit<Row, "schoolId" | "schoolName">, name?: string): Row => ({
      schoolId: school?.id ?? null,
      schoolName: name ?? school?.name ?? "All schools",
      ...figures,
    });
    const ZERO = {
      students: 0,
      activeStudents: 0,
      booksRead: 0,
      readingMinutes: 0,
      chats: 0,
      studentMessages: 0,
      moderationEvents: 0,
    };

    /**
     * Two schools' students' reading, reviews, chats and safeguarding events, in and just out of
     * 2025-06-02..2025-06-22 (London days: from 2025-06-01T23:00Z to 2025-06-22T23:00Z).
     */
    async function seedTerm() {
      const [a, b] = [await freshSchool(app), await freshSchool(app)];
      const [s1, s2, s3, s4] = await Promise.all([1, 2, 3, 4].map(() => app.createUser({ school: a.name })));
      const [b1, b2] = await Promise.all([1, 2].map(() => app.createUser({ school: b.name })));
      const teacher = await app.createUser({ role: "teacher", school: a.name });
      const x = await buildBook(app, { title: "Alpha" });
      const y = await buildBook(app, { title: "Beta" });
      const z = await buildBook(app, { title: "Gamma" });
      if (!s1 || !s2 || !s3 || !s4 || !b1 || !b2) {
        throw new Error("users missing");
      }
      const read = (user: TestUser, book: BuiltBook, iso: string, readingTime: number) =>
        recordReading(app, user, book.id, { lastReadAt: utc(iso), readingTime });
      await read(s1, x, "2025-06-03T10:00:00Z", 30);
      await read(s1, y, "2025-06-15T23:30:00Z", 20); // Sunday 23:30 UTC is Monday 00:30 in London
      await read(s2, x, "2025-06-15T22:30:00Z", 15); // Sunday 23:30 in London
      await read(s2, z, "2025-05-20T12:00:00Z", 40); // before
      await read(b1, x, "2025-06-01T23:30:00Z", 25); // Monday 00:30 in London: the first day
      await read(b1, y, "2025-06-01T22:30:00Z", 50); // Sunday 23:30 in London: the day before
      await read(b2, y, "2025-06-22T22:30:00Z", 10); // Sunday 23:30 in London: the last day
      await read(b2, z, "2025-06-22T23:30:00Z", 60); // Monday 00:30 in London: the day after
      await read(teacher, x, "2025-06-04T10:00:00Z", 45); // not a student

      const review = (user: TestUser, book: BuiltBook, rating: number, iso: string) =>
        writeReview(app, user, book.id, { rating, createdAt: utc(iso) });
      await review(s1, x, 5, "2025-06-05T10:00:00Z");
      await review(s2, x, 5, "2025-06-06T10:00:00Z");
      await review(b1, y, 5, "2025-06-10T10:00:00Z");
      await review(s1, z, 5, "2025-06-08T10:00:00Z");
      await review(b2, z, 4, "2025-06-11T10:00:00Z");
      await review(b1, z, 4, "2025-06-12T10:00:00Z");
      await review(s3, y, 1, "2025-05-01T10:00:00Z"); // before

      const inJune = utc("2025-06-04T09:00:00Z");
      await writeChat(
        app,
        s1,
        x.id,
        [
          { at: utc("2025-05-25T09:00:00Z") }, // before
          { at: utc("2025-05-25T09:00:01Z"), role: "assistant" },
          { at: inJune, initialContext: true },
          { at: inJune },
          { at: inJune, role: "assistant" },
          { at: inJune },
          { at: inJune, role: "assistant" },
        ],
        { schoolId: a.id },
      );
      await writeChat(app, s2, y.id, [{ at: utc("2025-05-30T09:00:00Z") }], { schoolId: a.id }); // before
      await writeChat(app, s4, y.id, [{ at: utc("2025-06-20T09:00:00Z") }], { schoolId: a.id });
      await writeChat(app, b1, x.id, [{ at: utc("2025-06-12T09:00:00Z") }], { schoolId: b.id, characterName: "Mole" });

      const event = (user: TestUser, school: School, fields: Parameters<typeof writeModerationEvent>[2]) =>
        writeModerationEvent(app, user, { schoolId: school.id, ...fields });
      await event(s1, a, { type: "strike", category: "bullying_hate", at: utc("2025-06-04T09:00:00Z") });
      await event(s1, a, { type: "block", category: "bullying_hate", at: utc("2025-06-04T09:00:01Z") });
      await event(s1, a, { type: "unblock", at: utc("2025-06-05T09:00:00Z") });
      await event(b1, b, {
        type: "alert",
        category: "self_harm_risk",
        severity: "urgent",
        at: utc("2025-06-12T09:00:00Z"),
      });
      await event(b2, b, { type: "strike", category: "bullying_hate", at: utc("2025-06-13T09:00:00Z") });
      await event(b1, b, { type: "strike", category: "bullying_hate", at: utc("2025-05-01T09:00:00Z") }); // before
      return { a, b, x, y, z };
    }

    const ofBook = (book: BuiltBook) => ({ bookId: book.id, title: book.title, author: book.author });

    async function report(variables: Record<string, unknown>) {
      return (await gqlOk(ADMIN_REPORT, variables)).adminReport;
    }

    it("gives each school's and the overall figures, most read, best rated and London weeks", async () => {
      const { a, b, x, y, z } = await seedTerm();

      const result = await report({ from: FROM, to: TO });

      const rowA = row(a, {
        students: 4,
        activeStudents: 3,
        booksRead: 3,
        readingMinutes: 65,
        chats: 2,
        studentMessages: 3,
        moderationEvents: 2,
      });
      const rowB = row(b, {
        students: 2,
        activeStudents: 2,
        booksRead: 2,
        readingMinutes: 35,
        chats: 1,
        studentMessages: 1,
        moderationEvents: 2,
      });
      expect({ from: result.from, to: result.to, schoolId: result.schoolId }).toEqual({
        from: FROM,
        to: TO,
        schoolId: null,
      });
      expect(result.overall).toEqual(
        row(null, {
          students: 6,
          activeStudents: 5,
          booksRead: 5,
          readingMinutes: 100,
          chats: 3,
          studentMessages: 4,
          moderationEvents: 4,
        }),
      );
      const schools = result.schools as Row[];
      expect(schools.find((s) => s.schoolId === a.id)).toEqual(rowA);
      expect(schools.find((s) => s.schoolId === b.id)).toEqual(rowB);
      const others = schools.filter((s) => s.schoolId !== a.id && s.schoolId !== b.id);
      expect(others.map((s) => s.schoolId).sort()).toEqual(SCHOOLS.map((s) => s.id).sort());
      expect(others.map(({ schoolId: _id, schoolName: _name, ...figures }) => figures)).toEqual(others.map(() => ZERO));
      expect(result.mostRead).toEqual([
        { ...ofBook(x), reads: 3 },
        { ...ofBook(y), reads: 2 },
      ]);
      expect(result.bestRated).toEqual([
        { ...ofBook(x), averageRating: 5, reviews: 2 },
        { ...ofBook(y), averageRating: 5, reviews: 1 },
        { ...ofBook(z), averageRating: 4.3, reviews: 3 },
      ]);
      expect(result.moderation).toEqual([
        { type: "strike", category: "bullying_hate", severity: "normal", count: 2 },
        { type: "alert", category: "self_harm_risk", severity: "urgent", count: 1 },
        { type: "block", category: "bullying_hate", severity: "normal", count: 1 },
        { type: "unblock", category: "", severity: "normal", count: 1 },
      ]);
      expect(result.weekly).toEqual([
        { weekStart: "2025-06-02", booksRead: 2 },
        { weekStart: "2025-06-09", booksRead: 1 },
        { weekStart: "2025-06-16", booksRead: 2 },
      ]);
    });

    it("narrows every figure to one school", async () => {
      const { a, b, x, y, z } = await seedTerm();

      const forA = await report({ from: FROM, to: TO, schoolId: a.id });
      const figuresA = {
        students: 4,
        activeStudents: 3,
        booksRead: 3,
        readingMinutes: 65,
        chats: 2,
        studentMessages: 3,
        moderationEvents: 2,
      };
      expect(forA).toMatchObject({ from: FROM, to: TO, schoolId: a.id });
      expect(forA.overall).toEqual(row(null, figuresA, a.name));
      expect(forA.schools).toEqual([row(a, figuresA)]);
      expect(forA.mostRead).toEqual([
        { ...ofBook(x), reads: 2 },
        { ...ofBook(y), reads: 1 },
      ]);
      expect(forA.bestRated).toEqual([
        { ...ofBook(x), averageRating: 5, reviews: 2 },
        { ...ofBook(z), averageRating: 5, reviews: 1 },
      ]);
      expect(forA.moderation).toEqual([
        { type: "block", category: "bullying_hate", severity: "normal", count: 1 },
        { type: "strike", category: "bullying_hate", severity: "normal", count: 1 },
        { type: "unblock", category: "", severity: "normal", count: 1 },
      ]);
      expect(forA.weekly).toEqual([
        { weekStart: "2025-06-02", booksRead: 1 },
        { weekStart: "2025-06-09", booksRead: 1 },
        { weekStart: "2025-06-16", booksRead: 1 },
      ]);

      const forB = await report({ from: FROM, to: TO, schoolId: b.id });
      expect(forB.overall).toEqual(
        row(
          null,
          {
            students: 2,
            activeStudents: 2,
            booksRead: 2,
            readingMinutes: 35,
            chats: 1,
            studentMessages: 1,
            moderationEvents: 2,
          },
          b.name,
        ),
      );
      // Equal reads: by title.
      expect(forB.mostRead).toEqual([
        { ...ofBook(x), reads: 1 },
        { ...ofBook(y), reads: 1 },
      ]);
      expect(forB.bestRated).toEqual([
        { ...ofBook(y), averageRating: 5, reviews: 1 },
        { ...ofBook(z), averageRating: 4, reviews: 2 },
      ]);
      expect(forB.moderation).toEqual([
        { type: "alert", category: "self_harm_risk", severity: "urgent", count: 1 },
        { type: "strike", category: "bullying_hate", severity: "normal", count: 1 },
      ]);
      // A week without reading is there, with 0.
      expect(forB.weekly).toEqual([
        { weekStart: "2025-06-02", booksRead: 1 },
        { weekStart: "2025-06-09", booksRead: 0 },
        { weekStart: "2025-06-16", booksRead: 1 },
      ]);
    });

    // Reading time is the time of books read: the student's dashboard and the teacher's count it so.
    it("counts the reading minutes of read books only, as the student's dashboard does", async () => {
      const school = await freshSchool(app);
      const student = await app.createUser({ school: school.name });
      const [kept, unmarked] = [await buildBook(app), await buildBook(app)];
      for (const [book, read] of [
        [kept, true],
        [unmarked, true],
        [unmarked, false],
      ] as const) {
        await gqlOk(SET_READ, { bookId: book.id, read }, student);
      }
      const dashboard = (await gqlOk(DASHBOARD, {}, student)).dashboard;
      expect({ booksRead: dashboard.booksRead, readingTime: dashboard.readingTime }).toEqual({
        booksRead: 1,
        readingTime: 10,
      });

      const result = await report({ schoolId: school.id });

      expect(result.overall).toMatchObject({ booksRead: 1, readingMinutes: dashboard.readingTime });
    });

    it("refuses bad dates, a reversed or too long range, and an unknown school", async () => {
      const bad = (message: string) => ({ message, code: "BAD_USER_INPUT" });
      const cases: [Record<string, unknown>, { message: string; code: string }][] = [
        [{ from: "2025-02-30", to: TO }, bad(DATE_MESSAGE)],
        [{ from: "2025-6-2", to: TO }, bad(DATE_MESSAGE)],
        [{ from: FROM, to: "yesterday" }, bad(DATE_MESSAGE)],
        [{ from: "2025-06-02T00:00:00Z", to: TO }, bad(DATE_MESSAGE)],
        [{ from: "2025-06-23", to: TO }, bad(RANGE_ORDER_MESSAGE)],
        [{ from: "2020-01-01", to: "2023-06-01" }, bad(RANGE_TOO_LONG_MESSAGE)],
        [{ from: "2022-01-01", to: "2025-01-08" }, bad(RANGE_TOO_LONG_MESSAGE)], // three years and a week
        [
          { from: FROM, to: TO, schoolId: "no-such-school" },
          { message: SCHOOL_NOT_FOUND_MESSAGE, code: "NOT_FOUND" },
        ],
      ];
      for (const [variables, error] of cases) {
        expect(await gqlRefused(ADMIN_REPORT, variables), JSON.stringify(variables)).toEqual(error);
      }
      expect(DATE_MESSAGE).toBe("Dates must look like 2026-09-01");
      // One day and exactly three years are fine.
      expect((await report({ from: TO, to: TO })).weekly).toEqual([{ weekStart: "2025-06-16", booksRead: 0 }]);
      expect((await report({ from: "2022-01-01", to: "2025-01-01" })).from).toBe("2022-01-01");
    });
  });
});
