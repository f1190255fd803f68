import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESTRICTED_NOTICE } from "../../../lib/errors";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { buildBook, buildReview } from "../components/testFactories";
import ReviewPage from "./ReviewPage";

const routes = [
  { path: "/login", element: <Probe name="Login page" /> },
  { path: "/books/:bookId", element: <Probe name="Book page" /> },
  { path: "/books/:bookId/review", element: <ReviewPage /> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

const formReply = (book: ReturnType<typeof buildBook>, myReview: unknown = null): Reply => ({
  data: { book, myReview },
});

function renderReview(book: ReturnType<typeof buildBook>, resolvers: Record<string, Resolver> = {}, me = buildUser()) {
  storeSignedIn(me);
  const test = createTestClient({
    Me: { data: { me } },
    ReviewForm: formReply(book),
    BookDetail: { data: { book, bookReviews: [] } },
    ...resolvers,
  });
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [`/books/${book.id}/review`] });
  const star = (n: number) =>
    screen.getByRole("radio", { name: n === 1 ? "1 star" : `${n} stars` }) as HTMLInputElement;
  const text = () => screen.getByRole("textbox", { name: /^Your review/ }) as HTMLTextAreaElement;
  const submit = () => screen.getByRole("button", { name: /^(Submit Review|Submitting\.\.\.)$/ }) as HTMLButtonElement;
  return { ...test, ...rendered, star, text, submit };
}

const submitted = (book: ReturnType<typeof buildBook>, rating: number, reviewText: string): Reply => ({
  data: { submitReview: buildReview({ bookId: book.id, rating, reviewText, isMine: true }) },
});

describe("ReviewPage", () => {
  it("asks a visitor who is not logged in to log in", async () => {
    const test = createTestClient();
    const { user } = renderRoutes(routes, { client: test.client, initialEntries: ["/books/b1/review"] });
    expect(screen.getByText("You must be logged in to write a review.")).toBeTruthy();
    // The page still has its heading: screen reader users land on it.
    expect(screen.getByRole("heading", { level: 1, name: "Write a Review" })).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeTruthy();
    expect(test.calls).toEqual([]);
  });

  it("shows the book's title, 5 stars chosen by default, the placeholder and the counter", async () => {
    const book = buildBook({ title: "The Hobbit", author: "J. R. R. Tolkien" });
    const { star, text, callsOf } = renderReview(book);
    expect(await screen.findByText("The Hobbit")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Write a Review" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Rating" })).toBeTruthy();
    expect(star(5).checked).toBe(true);
    expect([1, 2, 3, 4].map((n) => star(n).checked)).toEqual([false, false, false, false]);
    expect(text().placeholder).toBe("Share your thoughts about this book...");
    expect(text().required).toBe(true);
    expect(text().maxLength).toBe(2000);
    expect(screen.getByText("0/2000 characters")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe(`/books/${book.id}`);
    expect(callsOf("ReviewForm")[0]?.variables).toEqual({ bookId: book.id });
  });

  it("starts from the student's own review when there is one", async () => {
    const book = buildBook();
    const { star, text } = renderReview(book, {
      ReviewForm: formReply(book, buildReview({ rating: 3, reviewText: "Good, not great.", isMine: true })),
    });
    await screen.findByRole("heading", { level: 1, name: "Edit your review" });
    expect(star(3).checked).toBe(true);
    expect(text().value).toBe("Good, not great.");
    expect(screen.getByText("16/2000 characters")).toBeTruthy();
  });

  it("lets the stars be chosen by mouse and by the arrow keys", async () => {
    const book = buildBook();
    const { user, star } = renderReview(book);
    await screen.findByText(book.title);
    await user.click(star(2));
    expect(star(2).checked).toBe(true);
    expect(star(5).checked).toBe(false);
    // user-event walks a radio group with CSS.escape, which jsdom lacks.
    vi.stubGlobal("CSS", { escape: (value: string) => value.replace(/["\\]/g, "\\$&") });
    await user.keyboard("{ArrowRight}");
    expect(star(3).checked).toBe(true);
    expect(document.activeElement).toBe(star(3));
  });

  it("requires the review text", async () => {
    const book = buildBook();
    const { user, text, submit, callsOf } = renderReview(book);
    await screen.findByText(book.title);
    await user.type(text(), "   ");
    await user.click(submit());
    const error = screen.getByRole("alert");
    expect(error.textContent).toBe("Review text is required");
    expect(text().getAttribute("aria-invalid")).toBe("true");
    expect(text().getAttribute("aria-describedby")).toContain(error.id);
    expect(callsOf("SubmitReview")).toEqual([]);
    await user.type(text(), "x");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("reads 'Submitting...' while busy, then returns to the book page with the book refreshed", async () => {
    const book = buildBook();
    const answer = deferred<Reply>();
    const { user, star, text, submit, callsOf, router } = renderReview(book, { SubmitReview: () => answer.promise });
    await screen.findByText(book.title);
    await user.click(star(4));
    await user.type(text(), "  A brilliant adventure.  ");
    expect(screen.getByText("26/2000 characters")).toBeTruthy();
    await user.click(submit());
    expect(submit().textContent).toBe("Submitting...");
    expect(submit().disabled).toBe(true);
    expect(callsOf("SubmitReview")[0]?.variables).toEqual({
      bookId: book.id,
      rating: 4,
      reviewText: "A brilliant adventure.",
    });
    answer.resolve(submitted(book, 4, "A brilliant adventure."));
    expect(await screen.findByRole("heading", { name: "Book page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/books/${book.id}`);
    // The new average and review are fetched before the book page shows.
    expect(callsOf("BookDetail")[0]?.variables).toEqual({ bookId: book.id });
  });

  it("shows the server's message and lets the student try again", async () => {
    const book = buildBook();
    const { user, text, submit } = renderReview(book, {
      SubmitReview: graphqlError("Only students can write reviews", { code: "FORBIDDEN" }),
    });
    await screen.findByText(book.title);
    await user.type(text(), "Great");
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Only students can write reviews");
    expect(submit().textContent).toBe("Submit Review");
    expect(submit().disabled).toBe(false);
    expect(text().value).toBe("Great");
  });

  it("shows a field message from the server beside the text", async () => {
    const book = buildBook();
    const message = "Review must be at most 2000 characters";
    const { user, text, submit } = renderReview(book, {
      SubmitReview: graphqlError(message, { code: "BAD_USER_INPUT", fields: { reviewText: message } }),
    });
    await screen.findByText(book.title);
    await user.type(text(), "Great");
    await user.click(submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(message);
    expect(text().getAttribute("aria-describedby")).toContain(alert.id);
  });

  it("clears a review safeguarding refused, says why until the next submit, and does not send it again", async () => {
    const book = buildBook();
    const message = "Your review wasn't posted because it could hurt someone. Try saying it kindly.";
    const { user, text, submit, callsOf } = renderReview(book, {
      SubmitReview: graphqlError(message, { code: "CONTENT_FLAGGED", fields: { reviewText: message } }),
    });
    await screen.findByText(book.title);
    await user.type(text(), "you are all stupid");
    await user.click(submit());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(message);
    expect(text().value).toBe("");
    expect(text().getAttribute("aria-describedby")).toContain(alert.id);
    expect(screen.getByText("0/2000 characters")).toBeTruthy();

    await user.click(submit());
    expect(callsOf("SubmitReview")).toHaveLength(1);
    expect(screen.getByRole("alert").textContent).toBe("Review text is required");
    await user.type(text(), "A good story");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the text of a review refused for another reason", async () => {
    const book = buildBook();
    const { user, text, submit } = renderReview(book, { SubmitReview: new TypeError("Failed to fetch") });
    await screen.findByText(book.title);
    await user.type(text(), "Great");
    await user.click(submit());
    await screen.findByRole("alert");
    expect(text().value).toBe("Great");
  });

  it("falls back to 'Failed to submit review'", async () => {
    const book = buildBook();
    const { user, text, submit } = renderReview(book, { SubmitReview: graphqlError("") });
    await screen.findByText(book.title);
    await user.type(text(), "Great");
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to submit review");
  });

  it("shows the safeguarding notice to a restricted account", async () => {
    const book = buildBook();
    const { user, text, submit } = renderReview(book, {
      SubmitReview: graphqlError("Account restricted due to repeated harmful content.", {
        code: "ACCOUNT_RESTRICTED",
      }),
    });
    await screen.findByText(book.title);
    await user.type(text(), "Great");
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe(RESTRICTED_NOTICE);
  });

  it("shows the safeguarding notice at once when the account is known to be blocked", async () => {
    const book = buildBook();
    const blocked = buildUser({
      moderation: { __typename: "Moderation", strikeCount: 3, blocked: true, blockedAt: null, blockReason: null },
    } as Partial<ReturnType<typeof buildUser>>);
    renderReview(book, {}, blocked);
    await screen.findByText(book.title);
    expect(screen.getByRole("alert").textContent).toBe(RESTRICTED_NOTICE);
  });

  it("shows the book's error with a way back when the book does not load", async () => {
    const book = buildBook();
    renderReview(book, { ReviewForm: graphqlError("Book not found", { code: "NOT_FOUND" }) });
    expect((await screen.findByRole("alert")).textContent).toBe("Book not found");
    expect(screen.getByRole("link", { name: "Back to Books" }).getAttribute("href")).toBe("/books");
  });

  it("returns to the book page on Cancel", async () => {
    const book = buildBook();
    const { user, callsOf } = renderReview(book);
    await screen.findByText(book.title);
    await user.click(screen.getByRole("link", { name: "Cancel" }));
    expect(await screen.findByRole("heading", { name: "Book page" })).toBeTruthy();
    await waitFor(() => expect(callsOf("SubmitReview")).toEqual([]));
  });
});
