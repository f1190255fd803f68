import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { buildBook, buildReading, buildReview } from "../components/testFactories";
import BookDetailPage from "./BookDetailPage";

const routes = [
  { path: "/books", element: <Probe name="Books page" /> },
  { path: "/books/:bookId", element: <BookDetailPage /> },
  { path: "/books/:bookId/review", element: <Probe name="Review page" /> },
];

// The chat pane beside the book opens the student's book chat (its own tests are in features/chat).
const chatResolvers = (me: ReturnType<typeof buildUser>, bookId: string): Record<string, Resolver> => ({
  ChatBook: { data: { book: { __typename: "Book", id: bookId, characterList: [] } } },
  ChatAccount: {
    data: { me: { __typename: "User", uid: me.uid, moderation: { __typename: "Moderation", blocked: false } } },
  },
  OpenChat: {
    data: {
      openChat: {
        __typename: "Chat",
        id: `${me.uid}_${bookId}`,
        bookId,
        characterName: null,
        messages: { __typename: "ChatMessagePage", items: [], nextBefore: null },
      },
    },
  },
});

const detailReply = (book: ReturnType<typeof buildBook>, reviews: unknown[] = []): Reply => ({
  data: { book, bookReviews: reviews },
});

function renderDetail(bookId: string, resolvers: Record<string, Resolver>) {
  const me = buildUser({ uid: "student-1" });
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, ...chatResolvers(me, bookId), ...resolvers });
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [`/books/${bookId}`] });
  const readBox = () => screen.getByRole("checkbox", { name: "Mark as read" }) as HTMLInputElement;
  return { ...test, ...rendered, readBox };
}

describe("BookDetailPage", () => {
  it("shows a spinner, then the cover, title, author, tags, description and a way back", async () => {
    const book = buildBook({
      title: "The Hobbit",
      author: "J. R. R. Tolkien",
      category: "secondary",
      genre: "fiction",
      description: "A hobbit goes on an adventure.",
    });
    const answer = deferred<Reply>();
    const { callsOf } = renderDetail(book.id, { BookDetail: () => answer.promise });
    expect(screen.getByRole("status").textContent).toContain("Loading");
    answer.resolve(detailReply(book));
    expect(await screen.findByRole("heading", { level: 1, name: "The Hobbit" })).toBeTruthy();
    expect(screen.getByText("J. R. R. Tolkien")).toBeTruthy();
    const tags = screen.getByRole("list", { name: "Category and genre" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((tag) => tag.textContent),
    ).toEqual(["Secondary", "Fiction"]);
    expect(screen.getByText("A hobbit goes on an adventure.")).toBeTruthy();
    const cover = screen.getByRole("img", { name: "Cover of The Hobbit" });
    expect(cover.getAttribute("src")).toBe(book.coverUrl);
    expect(cover.getAttribute("width")).toBe("300");
    expect(screen.getByRole("link", { name: "Back to Books" }).getAttribute("href")).toBe("/books");
    expect(screen.getByRole("link", { name: "Write Review" }).getAttribute("href")).toBe(`/books/${book.id}/review`);
    expect(callsOf("BookDetail")[0]?.variables).toEqual({ bookId: book.id });
  });

  it("names the browser tab after the book once it has loaded", async () => {
    document.title = "Reading Room";
    const book = buildBook({ title: "The Secret Garden" });
    const answer = deferred<Reply>();
    renderDetail(book.id, { BookDetail: () => answer.promise });
    expect(document.title).toBe("Reading Room");
    answer.resolve(detailReply(book));
    await screen.findByRole("heading", { level: 1, name: "The Secret Garden" });
    expect(document.title).toBe("The Secret Garden - Reading Room");
  });

  it("has the book chat beside the book", async () => {
    const book = buildBook();
    const { callsOf } = renderDetail(book.id, { BookDetail: detailReply(book) });
    const chat = await screen.findByRole("region", { name: "Book chat" });
    expect(await within(chat).findByText("Start a conversation about the book")).toBeTruthy();
    expect(within(chat).getByRole("textbox").getAttribute("placeholder")).toBe("Ask a question about the book...");
    expect(callsOf("OpenChat")[0]?.variables).toEqual({ bookId: book.id, characterName: null, limit: 30 });
  });

  it("shows the average rating to one decimal with stars, and the review count in the plural", async () => {
    const book = buildBook({ averageRating: 4.25, reviewCount: 2 });
    renderDetail(book.id, { BookDetail: detailReply(book, [buildReview(), buildReview()]) });
    expect(await screen.findByText("4.3")).toBeTruthy();
    expect(screen.getByRole("img", { name: "4.3 out of 5 stars" })).toBeTruthy();
    expect(screen.getByText("2 reviews")).toBeTruthy();
    expect(screen.queryByText("No ratings yet")).toBeNull();
  });

  it("says '1 review' for one", async () => {
    const book = buildBook({ averageRating: 4, reviewCount: 1 });
    renderDetail(book.id, { BookDetail: detailReply(book, [buildReview({ rating: 4 })]) });
    expect(await screen.findByText("1 review")).toBeTruthy();
    expect(screen.getByText("4.0")).toBeTruthy();
  });

  it("says 'No ratings yet' and invites the first review when there are none", async () => {
    const book = buildBook({ averageRating: null, reviewCount: 0 });
    renderDetail(book.id, { BookDetail: detailReply(book) });
    expect(await screen.findByText("No ratings yet")).toBeTruthy();
    expect(screen.getByText("0 reviews")).toBeTruthy();
    expect(screen.getByText("No reviews yet. Be the first to share your thoughts!")).toBeTruthy();
  });

  it("lists the reviews newest first with name, stars, text and date", async () => {
    const book = buildBook({ averageRating: 3.5, reviewCount: 2 });
    const older = buildReview({
      studentDisplayName: "Sam",
      rating: 3,
      reviewText: "Quite good.",
      updatedAt: "2025-02-01T12:00:00.000Z",
    });
    const newer = buildReview({
      studentDisplayName: "Priya",
      rating: 4,
      reviewText: "Loved the dragon.",
      updatedAt: "2025-03-05T12:00:00.000Z",
    });
    renderDetail(book.id, { BookDetail: detailReply(book, [older, newer]) });
    const reviews = await screen.findByRole("region", { name: "Reviews" });
    const items = within(reviews).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual(["Priya", "Sam"]);
    expect(within(items[0]!).getByRole("img", { name: "4 out of 5 stars" })).toBeTruthy();
    expect(within(items[0]!).getByText("Loved the dragon.")).toBeTruthy();
    expect(within(items[0]!).getByText("5 March 2025")).toBeTruthy();
  });

  it("ticks 'Mark as read' at once and sends setBookRead", async () => {
    const book = buildBook({ reading: null });
    const answer = deferred<Reply>();
    const { user, readBox, callsOf } = renderDetail(book.id, {
      BookDetail: detailReply(book),
      SetBookRead: () => answer.promise,
    });
    await screen.findByRole("heading", { level: 1, name: book.title });
    expect(readBox().checked).toBe(false);
    await user.click(readBox());
    expect(readBox().checked).toBe(true);
    expect(callsOf("SetBookRead")[0]?.variables).toEqual({ bookId: book.id, read: true });
    answer.resolve({
      data: {
        setBookRead: buildReading({ id: `student-1_${book.id}`, bookId: book.id, read: true }),
      },
    });
    await waitFor(() => expect(callsOf("SetBookRead")).toHaveLength(1));
    await waitFor(() => expect(readBox().checked).toBe(true));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("unticks a read book", async () => {
    const book = buildBook();
    const reading = buildReading({ id: `student-1_${book.id}`, bookId: book.id, read: true });
    book.reading = reading;
    const { user, readBox, callsOf } = renderDetail(book.id, {
      BookDetail: detailReply(book),
      SetBookRead: { data: { setBookRead: { ...reading, read: false, lastReadAt: null } } },
    });
    await screen.findByRole("heading", { level: 1, name: book.title });
    expect(readBox().checked).toBe(true);
    await user.click(readBox());
    expect(readBox().checked).toBe(false);
    expect(callsOf("SetBookRead")[0]?.variables).toEqual({ bookId: book.id, read: false });
  });

  it("puts the box back and says so when the server refuses", async () => {
    const book = buildBook({ reading: null });
    const { user, readBox } = renderDetail(book.id, {
      BookDetail: detailReply(book),
      SetBookRead: graphqlError("Nope", { code: "INTERNAL_SERVER_ERROR" }),
    });
    await screen.findByRole("heading", { level: 1, name: book.title });
    await user.click(readBox());
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update read status. Please try again.");
    expect(readBox().checked).toBe(false);
  });

  it("shows 'Book not found' with a way back to the books", async () => {
    const { user, router } = renderDetail("missing", {
      BookDetail: graphqlError("Book not found", { code: "NOT_FOUND" }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Book not found");
    await user.click(screen.getByRole("link", { name: "Back to Books" }));
    expect(await screen.findByRole("heading", { name: "Books page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/books");
  });

  it("shows the server's message for a book that is not fully uploaded", async () => {
    renderDetail("half-done", {
      BookDetail: graphqlError("This book is not fully uploaded yet. Please try again later.", { code: "NOT_FOUND" }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This book is not fully uploaded yet. Please try again later.",
    );
    expect(screen.getByRole("link", { name: "Back to Books" })).toBeTruthy();
  });

  it("says 'Error loading book details' for any other failure", async () => {
    renderDetail("b1", { BookDetail: graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" }) });
    expect((await screen.findByRole("alert")).textContent).toBe("Error loading book details");
  });

  it("goes back to the Explore screen with its filters when it came from there", async () => {
    const book = buildBook();
    const me = buildUser();
    storeSignedIn(me);
    const test = createTestClient({
      Me: { data: { me } },
      ...chatResolvers(me, book.id),
      BookDetail: detailReply(book),
    });
    renderRoutes(routes, {
      client: test.client,
      initialEntries: [{ pathname: `/books/${book.id}`, state: { booksSearch: "?genre=history" } }],
    });
    const back = await screen.findByRole("link", { name: "Back to Books" });
    expect(back.getAttribute("href")).toBe("/books?genre=history");
  });
});
