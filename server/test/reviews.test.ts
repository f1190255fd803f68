import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../src/errors/app-error.js";
import { BOOK_NOT_FOUND_MESSAGE, BOOK_NOT_READY_MESSAGE } from "../src/modules/books/book.policy.js";
import {
  MAX_REVIEW_LENGTH,
  RATING_MESSAGE,
  REVIEW_TEXT_REQUIRED_MESSAGE,
  REVIEW_TOO_LONG_MESSAGE,
  STUDENTS_ONLY_REVIEW_MESSAGE,
} from "../src/modules/books/book.service.js";
import { gqlError } from "./helpers/auth-kit.js";
import { BOOK, buildBook, otherSchool } from "./helpers/book-factory.js";
import { startTestApp, type TestApp, type TestUser } from "./helpers/test-app.js";

// Reviews: POST /api/reviews/{bookId} { rating, reviewText } and GET /api/reviews/{bookId} (spec 7),
// and the same service through GraphQL (submitReview, bookReviews, myReview). One review per
// student per book; the book's average and count follow every write, concurrent ones included.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

const REVIEW_FIELDS = "id bookId rating reviewText studentDisplayName createdAt updatedAt isMine";
const SUBMIT_REVIEW = `mutation SubmitReview($bookId: ID!, $rating: Int!, $reviewText: String!) {
  submitReview(bookId: $bookId, rating: $rating, reviewText: $reviewText) { ${REVIEW_FIELDS} }
}`;
const BOOK_REVIEWS = `query BookReviews($bookId: ID!) { bookReviews(bookId: $bookId) { ${REVIEW_FIELDS} } }`;
const MY_REVIEW = `query MyReview($bookId: ID!) { myReview(bookId: $bookId) { ${REVIEW_FIELDS} } }`;

describe("reviews", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  const post = (user: TestUser | null, bookId: string, body: unknown) =>
    app.api("POST", `/api/reviews/${bookId}`, { body, ...(user ? { token: user.token } : {}) });
  const list = (user: TestUser | null, bookId: string) =>
    app.api("GET", `/api/reviews/${bookId}`, user ? { token: user.token } : {});

  /** averageRating and reviewCount as book(id) shows them. */
  async function ratingOf(bookId: string, reader: TestUser) {
    const res = await app.gql(BOOK, { id: bookId }, reader.token);
    expect(res.body.errors).toBeUndefined();
    const { averageRating, reviewCount } = res.body.data.book;
    return { averageRating, reviewCount };
  }

  /** No review row and untouched rating totals. */
  async function expectNoReviews(bookId: string) {
    expect(await app.db.prisma.review.count({ where: { bookId } })).toBe(0);
    expect(
      await app.db.prisma.book.findUniqueOrThrow({
        where: { id: bookId },
        select: { ratingSum: true, ratingCount: true },
      }),
    ).toEqual({ ratingSum: 0, ratingCount: 0 });
  }

  describe("POST /api/reviews/{bookId}", () => {
    it("201 with the review; the book shows the rating", async () => {
      const book = await buildBook(app);
      const student = await app.createUser({ displayName: "Rita Reviewer" });

      const res = await post(student, book.id, { rating: 4, reviewText: "A lovely story." });

      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(["review"]);
      expect(res.body.review).toMatchObject({
        id: expect.any(String),
        bookId: book.id,
        rating: 4,
        reviewText: "A lovely story.",
        studentDisplayName: "Rita Reviewer",
        createdAt: ISO,
        updatedAt: ISO,
        isMine: true,
      });
      expect(await app.db.prisma.review.findMany({ where: { bookId: book.id } })).toEqual([
        expect.objectContaining({ userId: student.id, rating: 4, reviewText: "A lovely story." }),
      ]);
      expect(await ratingOf(book.id, student)).toEqual({ averageRating: 4, reviewCount: 1 });
    });

    it("counts on the book page only the reviews its reader can see: their own school's", async () => {
      const book = await buildBook(app);
      const here = await app.createUser({ school: "Pimlico Academy" });
      const there = await app.createUser({ school: otherSchool("Pimlico Academy") });
      expect((await post(here, book.id, { rating: 5, reviewText: "Here" })).status).toBe(201);
      expect((await post(there, book.id, { rating: 1, reviewText: "There" })).status).toBe(201);

      expect(await ratingOf(book.id, here)).toEqual({ averageRating: 5, reviewCount: 1 });
      expect(await ratingOf(book.id, there)).toEqual({ averageRating: 1, reviewCount: 1 });
      expect((await list(here, book.id)).body.map((r: { reviewText: string }) => r.reviewText)).toEqual(["Here"]);
      // The book's running totals still hold every review (for recommendations).
      expect(
        await app.db.prisma.book.findUnique({ where: { id: book.id }, select: { ratingSum: true, ratingCount: true } }),
      ).toEqual({
        ratingSum: 6,
        ratingCount: 2,
      });
    });

    it("answers the review in the same shape as GET lists it, without internal fields", async () => {
      const book = await buildBook(app);
      const student = await app.createUser({ displayName: "Sam Shape" });

      const res = await post(student, book.id, { rating: 3, reviewText: "Shapely" });
      const listed = await list(student, book.id);

      expect(res.body.review).toEqual({
        id: expect.any(String),
        bookId: book.id,
        rating: 3,
        reviewText: "Shapely",
        studentDisplayName: "Sam Shape",
        createdAt: ISO,
        updatedAt: ISO,
        isMine: true,
      });
      expect(listed.body).toEqual([res.body.review]);
    });

    it("a second review by the same student replaces the first: 5 then 3 gives 3.0 from 1 review", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();

      const first = await post(student, book.id, { rating: 5, reviewText: "Loved it" });
      const second = await post(student, book.id, { rating: 3, reviewText: "On reflection, fine" });

      expect(second.status).toBe(201);
      expect(second.body.review.id).toBe(first.body.review.id);
      expect(await ratingOf(book.id, student)).toEqual({ averageRating: 3, reviewCount: 1 });
      const reviews = await list(student, book.id);
      expect(reviews.body).toEqual([expect.objectContaining({ rating: 3, reviewText: "On reflection, fine" })]);
      expect(await app.db.prisma.review.count({ where: { bookId: book.id } })).toBe(1);
    });

    it("two students rating 4 and 5 give 4.5 from 2 reviews", async () => {
      const book = await buildBook(app);
      const [ann, ben] = [await app.createUser(), await app.createUser()];

      expect((await post(ann, book.id, { rating: 4, reviewText: "Good" })).status).toBe(201);
      expect((await post(ben, book.id, { rating: 5, reviewText: "Great" })).status).toBe(201);

      expect(await ratingOf(book.id, ann)).toEqual({ averageRating: 4.5, reviewCount: 2 });
    });

    it("the average is shown to one decimal: 5, 4 and 4 give 4.3", async () => {
      const book = await buildBook(app);
      for (const rating of [5, 4, 4]) {
        await post(await app.createUser(), book.id, { rating, reviewText: "ok" });
      }
      expect(await ratingOf(book.id, await app.createUser())).toEqual({ averageRating: 4.3, reviewCount: 3 });
    });

    it("trims the text and defaults the rating to 5", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();

      const res = await post(student, book.id, { reviewText: "   Worth reading.  \n" });

      expect(res.status).toBe(201);
      expect(res.body.review).toMatchObject({ rating: 5, reviewText: "Worth reading." });
      expect((await app.db.prisma.review.findFirstOrThrow({ where: { bookId: book.id } })).reviewText).toBe(
        "Worth reading.",
      );
    });

    it("accepts a rating sent as a one-digit string (a form value)", async () => {
      const book = await buildBook(app);
      const res = await post(await app.createUser(), book.id, { rating: "2", reviewText: "Meh" });
      expect(res.status).toBe(201);
      expect(res.body.review.rating).toBe(2);
    });

    it(`accepts ${MAX_REVIEW_LENGTH} characters (after trimming) and refuses ${MAX_REVIEW_LENGTH + 1}`, async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      const longest = "a".repeat(MAX_REVIEW_LENGTH);

      const ok = await post(student, book.id, { rating: 4, reviewText: `  ${longest}  ` });
      expect(ok.status).toBe(201);
      expect(ok.body.review.reviewText).toBe(longest);

      const tooLong = await post(student, book.id, { rating: 1, reviewText: `${longest}b` });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toEqual({
        error: REVIEW_TOO_LONG_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { reviewText: REVIEW_TOO_LONG_MESSAGE },
      });
      // The earlier review is untouched.
      expect(await app.db.prisma.review.findFirstOrThrow({ where: { bookId: book.id } })).toMatchObject({
        rating: 4,
        reviewText: longest,
      });
    });

    it.each([
      ["no text", { rating: 4 }],
      ["an empty text", { rating: 4, reviewText: "" }],
      ["a text of spaces", { rating: 4, reviewText: " \n\t " }],
      ["a null text", { rating: 4, reviewText: null }],
    ])("refuses %s with 400 'Review text is required' and writes nothing", async (_case, body) => {
      const book = await buildBook(app);
      const res = await post(await app.createUser(), book.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: REVIEW_TEXT_REQUIRED_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { reviewText: REVIEW_TEXT_REQUIRED_MESSAGE },
      });
      await expectNoReviews(book.id);
    });

    it("refuses a text that is not text with 400", async () => {
      const book = await buildBook(app);
      const res = await post(await app.createUser(), book.id, { rating: 4, reviewText: 42 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Review text must be text",
        code: "BAD_USER_INPUT",
        fields: { reviewText: "Review text must be text" },
      });
      await expectNoReviews(book.id);
    });

    it.each([
      ["0", 0],
      ["6", 6],
      ["2.5", 2.5],
      ['"x"', "x"],
      ["-1", -1],
      ['"10"', "10"],
      ["true", true],
      ["a list", [4]],
    ])("refuses the rating %s with 400 and writes nothing", async (_case, rating) => {
      const book = await buildBook(app);
      const res = await post(await app.createUser(), book.id, { rating, reviewText: "Nice" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: RATING_MESSAGE, code: "BAD_USER_INPUT", fields: { rating: RATING_MESSAGE } });
      await expectNoReviews(book.id);
    });

    it("reports every bad field at once, the text first", async () => {
      const book = await buildBook(app);
      const res = await post(await app.createUser(), book.id, { rating: 9, reviewText: "" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: REVIEW_TEXT_REQUIRED_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { reviewText: REVIEW_TEXT_REQUIRED_MESSAGE, rating: RATING_MESSAGE },
      });
    });

    it("refuses a body that is not a JSON object, or not JSON, with 400", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      const array = await app.api("POST", `/api/reviews/${book.id}`, { token: student.token, rawBody: "[1]" });
      expect(array.status).toBe(400);
      expect(array.body).toEqual({ error: "Request body must be a JSON object", code: "BAD_USER_INPUT" });
      const broken = await app.api("POST", `/api/reviews/${book.id}`, { token: student.token, rawBody: "{rating:" });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ error: Messages.malformedJson, code: "BAD_USER_INPUT" });
      await expectNoReviews(book.id);
    });

    it.each(["teacher", "admin"] as const)("refuses a %s with 403 and writes nothing", async (role) => {
      const book = await buildBook(app);
      const res = await post(await app.createUser({ role }), book.id, { rating: 5, reviewText: "Staff pick" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: STUDENTS_ONLY_REVIEW_MESSAGE, code: "FORBIDDEN" });
      await expectNoReviews(book.id);
    });

    it("refuses a blocked student with 423 and the spec's message, and writes nothing", async () => {
      const book = await buildBook(app);
      const student = await app.createUser({ blocked: true });

      const res = await post(student, book.id, { rating: 1, reviewText: "Let me post" });

      expect(res.status).toBe(423);
      expect(res.body).toEqual({
        error: "Account restricted due to repeated harmful content.",
        code: "ACCOUNT_RESTRICTED",
      });
      expect(res.body.error).toBe(Messages.accountRestricted);
      await expectNoReviews(book.id);
    });

    it("a student blocked after reviewing cannot change the review", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();
      await post(student, book.id, { rating: 5, reviewText: "Before" });
      await app.db.prisma.user.update({ where: { id: student.id }, data: { blocked: true } });

      const res = await post(student, book.id, { rating: 1, reviewText: "After" });

      expect(res.status).toBe(423);
      expect(await app.db.prisma.review.findFirstOrThrow({ where: { bookId: book.id } })).toMatchObject({
        rating: 5,
        reviewText: "Before",
      });
      expect(await ratingOf(book.id, await app.createUser())).toEqual({ averageRating: 5, reviewCount: 1 });
    });

    it("answers 404 for a book the student may not see, and writes nothing", async () => {
      const school = otherSchool();
      const student = await app.createUser({ school });
      const cases = [
        [await buildBook(app, { schools: [otherSchool(school)] }), BOOK_NOT_FOUND_MESSAGE],
        [await buildBook(app, { status: "draft" }), BOOK_NOT_FOUND_MESSAGE],
        [await buildBook(app, { hasText: false }), BOOK_NOT_READY_MESSAGE],
        [await buildBook(app, { withCover: false }), BOOK_NOT_READY_MESSAGE],
      ] as const;
      for (const [book, message] of cases) {
        const res = await post(student, book.id, { rating: 5, reviewText: "Sneaky" });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: message, code: "NOT_FOUND" });
        await expectNoReviews(book.id);
      }
      const unknown = await post(student, UNKNOWN_ID, { rating: 5, reviewText: "Ghost" });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
      expect(await app.db.prisma.review.count({ where: { userId: student.id } })).toBe(0);
    });

    it("a student of the holding school may review a book held by that school only", async () => {
      const school = otherSchool();
      const book = await buildBook(app, { schools: [school] });
      const res = await post(await app.createUser({ school }), book.id, { rating: 3, reviewText: "Ours" });
      expect(res.status).toBe(201);
    });

    it("refuses a request without a token with 401", async () => {
      const book = await buildBook(app);
      const res = await post(null, book.id, { rating: 5, reviewText: "Anonymous" });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
      await expectNoReviews(book.id);
    });

    it("5 students reviewing one book at once: 5 reviews, and the totals add up", async () => {
      const book = await buildBook(app);
      const students = await Promise.all([1, 2, 3, 4, 5].map(() => app.createUser()));

      const results = await Promise.all(
        students.map((student, i) => post(student, book.id, { rating: i + 1, reviewText: `Review ${i + 1}` })),
      );

      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(
        await app.db.prisma.book.findUniqueOrThrow({
          where: { id: book.id },
          select: { ratingSum: true, ratingCount: true },
        }),
      ).toEqual({ ratingSum: 15, ratingCount: 5 });
      expect(await app.db.prisma.review.count({ where: { bookId: book.id } })).toBe(5);
      expect(await ratingOf(book.id, students[0] as TestUser)).toEqual({ averageRating: 3, reviewCount: 5 });
    });

    it("one student sending two reviews at once keeps one review, counted once", async () => {
      const book = await buildBook(app);
      const student = await app.createUser();

      const results = await Promise.all([
        post(student, book.id, { rating: 2, reviewText: "First thought" }),
        post(student, book.id, { rating: 4, reviewText: "Second thought" }),
      ]);

      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const stored = await app.db.prisma.review.findMany({ where: { bookId: book.id } });
      expect(stored).toHaveLength(1);
      const totals = await app.db.prisma.book.findUniqueOrThrow({
        where: { id: book.id },
        select: { ratingSum: true, ratingCount: true },
      });
      expect(totals).toEqual({ ratingSum: stored[0]?.rating, ratingCount: 1 });
    });
  });

  describe("GET /api/reviews/{bookId}", () => {
    it("lists the reviews of students of the reader's school, newest first", async () => {
      const school = otherSchool();
      const elsewhere = otherSchool(school);
      const book = await buildBook(app);
      const amy = await app.createUser({ school, displayName: "Amy" });
      const bob = await app.createUser({ school, displayName: "Bob" });
      const cat = await app.createUser({ school, displayName: "Cat" });
      const outsider = await app.createUser({ school: elsewhere, displayName: "Out Sider" });
      await post(amy, book.id, { rating: 5, reviewText: "Amy's" });
      await post(outsider, book.id, { rating: 1, reviewText: "Outsider's" });
      await post(bob, book.id, { rating: 3, reviewText: "Bob's" });
      await post(cat, book.id, { rating: 4, reviewText: "Cat's" });

      const res = await list(bob, book.id);

      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          id: expect.any(String),
          bookId: book.id,
          rating: 4,
          reviewText: "Cat's",
          studentDisplayName: "Cat",
          createdAt: ISO,
          updatedAt: ISO,
          isMine: false,
        },
        expect.objectContaining({ rating: 3, reviewText: "Bob's", studentDisplayName: "Bob", isMine: true }),
        expect.objectContaining({ rating: 5, reviewText: "Amy's", studentDisplayName: "Amy", isMine: false }),
      ]);

      const theirs = await list(outsider, book.id);
      expect(theirs.body).toEqual([expect.objectContaining({ reviewText: "Outsider's", isMine: true })]);
    });

    it("a replaced review counts as the newest", async () => {
      const book = await buildBook(app);
      const school = otherSchool();
      const [amy, bob] = [await app.createUser({ school }), await app.createUser({ school })];
      await post(amy, book.id, { rating: 5, reviewText: "Amy first" });
      await post(bob, book.id, { rating: 4, reviewText: "Bob" });
      await post(amy, book.id, { rating: 2, reviewText: "Amy again" });

      const res = await list(bob, book.id);
      expect(res.body.map((r: { reviewText: string }) => r.reviewText)).toEqual(["Amy again", "Bob"]);
    });

    it("a teacher sees the reviews of their school's students; an admin without a school sees all", async () => {
      const school = otherSchool();
      const book = await buildBook(app);
      await post(await app.createUser({ school }), book.id, { rating: 5, reviewText: "Mine" });
      await post(await app.createUser({ school: otherSchool(school) }), book.id, { rating: 2, reviewText: "Theirs" });

      const teacher = await list(await app.createUser({ role: "teacher", school }), book.id);
      expect(teacher.status).toBe(200);
      expect(teacher.body.map((r: { reviewText: string }) => r.reviewText)).toEqual(["Mine"]);

      const admin = await list(await app.createUser({ role: "admin" }), book.id);
      expect(admin.body.map((r: { reviewText: string }) => r.reviewText).sort()).toEqual(["Mine", "Theirs"]);
    });

    it("an empty list when nobody reviewed the book", async () => {
      const book = await buildBook(app);
      const res = await list(await app.createUser(), book.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it("answers 404 for a hidden, incomplete or unknown book, and 401 without a token", async () => {
      const school = otherSchool();
      const student = await app.createUser({ school });
      const hidden = await buildBook(app, { schools: [otherSchool(school)] });
      const incomplete = await buildBook(app, { withCover: false });
      expect((await list(student, hidden.id)).body).toEqual({ error: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
      expect((await list(student, incomplete.id)).body).toEqual({ error: BOOK_NOT_READY_MESSAGE, code: "NOT_FOUND" });
      const unknown = await list(student, UNKNOWN_ID);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: BOOK_NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
      const anonymous = await list(null, hidden.id);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: Messages.authenticationRequired, code: "UNAUTHENTICATED" });
    });
  });

  describe("GraphQL: submitReview, bookReviews, myReview", () => {
    it("submitReview writes the review that myReview and bookReviews then show", async () => {
      const book = await buildBook(app);
      const student = await app.createUser({ displayName: "Gina Graph" });

      const before = await app.gql(MY_REVIEW, { bookId: book.id }, student.token);
      expect(before.body.data.myReview).toBeNull();

      const res = await app.gql(
        SUBMIT_REVIEW,
        { bookId: book.id, rating: 2, reviewText: " Slow start " },
        student.token,
      );
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.submitReview).toMatchObject({
        bookId: book.id,
        rating: 2,
        reviewText: "Slow start",
        studentDisplayName: "Gina Graph",
        isMine: true,
      });

      const mine = await app.gql(MY_REVIEW, { bookId: book.id }, student.token);
      expect(mine.body.data.myReview).toMatchObject({ id: res.body.data.submitReview.id, rating: 2, isMine: true });
      const all = await app.gql(BOOK_REVIEWS, { bookId: book.id }, student.token);
      expect(all.body.data.bookReviews).toEqual([expect.objectContaining({ reviewText: "Slow start", isMine: true })]);
      expect(await ratingOf(book.id, student)).toEqual({ averageRating: 2, reviewCount: 1 });
    });

    it("applies the same rules as REST, with codes", async () => {
      const book = await buildBook(app);
      const submit = async (user: TestUser, variables: Record<string, unknown>) =>
        gqlError((await app.gql(SUBMIT_REVIEW, { bookId: book.id, ...variables }, user.token)).body);

      expect(await submit(await app.createUser({ role: "teacher" }), { rating: 5, reviewText: "x" })).toEqual({
        message: STUDENTS_ONLY_REVIEW_MESSAGE,
        code: "FORBIDDEN",
      });
      expect(await submit(await app.createUser({ blocked: true }), { rating: 5, reviewText: "x" })).toEqual({
        message: Messages.accountRestricted,
        code: "ACCOUNT_RESTRICTED",
      });
      const student = await app.createUser();
      expect(await submit(student, { rating: 5, reviewText: "  " })).toEqual({
        message: REVIEW_TEXT_REQUIRED_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { reviewText: REVIEW_TEXT_REQUIRED_MESSAGE },
      });
      expect(await submit(student, { rating: 6, reviewText: "Nice" })).toEqual({
        message: RATING_MESSAGE,
        code: "BAD_USER_INPUT",
        fields: { rating: RATING_MESSAGE },
      });
      await expectNoReviews(book.id);
    });

    it("a rating that is not an Int is refused by the schema with HTTP 400", async () => {
      const book = await buildBook(app);
      const res = await app.gql(
        SUBMIT_REVIEW,
        { bookId: book.id, rating: 2.5, reviewText: "Half" },
        (await app.createUser()).token,
      );
      expect(res.status).toBe(400);
      expect(gqlError(res.body).code).toBe("BAD_USER_INPUT");
      await expectNoReviews(book.id);
    });
  });
});
