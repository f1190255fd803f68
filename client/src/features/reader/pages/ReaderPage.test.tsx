import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { Probe, renderRoutes } from "../../../test/render";
import { buildChapter, buildReaderBook, createReaderTestClient, paragraphTexts } from "../testFactories";
import ReaderPage from "./ReaderPage";

const routes = [
  { path: "/books", element: <Probe name="Explore Books" /> },
  { path: "/books/:bookId", element: <Probe name="Book page" /> },
  { path: "/books/:bookId/read", element: <ReaderPage /> },
];

// Plain jsdom here (no layout): every part of a chapter is one page.
function renderPage(book: ReturnType<typeof buildReaderBook>, resolvers: Record<string, Resolver>) {
  const test = createReaderTestClient(book, resolvers);
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [`/books/${book.bookId}/read`] });
  return { ...test, ...rendered };
}

const readerReply = (book: ReturnType<typeof buildReaderBook>): Reply => ({ data: { bookReader: book } });

describe("ReaderPage", () => {
  it("shows a spinner, then the book open at its first page", async () => {
    const book = buildReaderBook({
      title: "The Hobbit",
      chapters: [buildChapter({ index: 0, title: "An Unexpected Party" }), buildChapter({ index: 1 })],
    });
    const answer = deferred<Reply>();
    const { callsOf, partsLoaded } = renderPage(book, { BookReader: () => answer.promise });
    expect(screen.getByRole("status").textContent).toBe("Opening the book…");
    expect(callsOf("BookReader")[0]?.variables).toEqual({ bookId: book.bookId });

    answer.resolve(readerReply(book));
    const page = await screen.findByRole("document", { name: "An Unexpected Party, page 1 of 1" });
    expect(Array.from(page.querySelectorAll("p")).map((paragraph) => paragraph.textContent)).toEqual(
      paragraphTexts(0, 0, 3),
    );
    expect(screen.getByRole("heading", { level: 1, name: "The Hobbit" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).nextElementSibling?.textContent).toBe("An Unexpected Party");
    expect(document.title).toBe("The Hobbit - Reading Room");
    expect(screen.getByText(/^Page 1 of 1/)).toBeTruthy();
    expect(screen.queryByText("Opening the book…")).toBeNull();
    expect(callsOf("ReaderPart")[0]?.variables).toEqual({ bookId: book.bookId, chapter: 0, part: 0 });
    expect(partsLoaded()).toEqual([[0, 0]]);
    expect(screen.getByRole("link", { name: "Back to the book" }).getAttribute("href")).toBe(`/books/${book.bookId}`);
  });

  it("says 'Book not found' with a way back when the server does not know the book", async () => {
    const book = buildReaderBook();
    const { user, router } = renderPage(book, {
      BookReader: graphqlError("Book not found", { code: "NOT_FOUND" }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Book not found");
    expect(screen.queryByRole("document")).toBeNull();
    // Back to the books, not to the book the server does not know.
    await user.click(screen.getByRole("link", { name: "Back to Books" }));
    expect(await screen.findByRole("heading", { name: "Explore Books" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/books");
  });

  it("shows the server's message for a book that is not fully uploaded", async () => {
    const message = "This book is not fully uploaded yet. Please try again later.";
    renderPage(buildReaderBook(), { BookReader: graphqlError(message, { code: "NOT_FOUND" }) });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("says 'Error loading book details' with 'Back to Books' for any other failure", async () => {
    const book = buildReaderBook();
    renderPage(book, {
      BookReader: graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Error loading book details");
    expect(screen.getByRole("link", { name: "Back to Books" }).getAttribute("href")).toBe("/books");
  });

  it("says 'Error loading book details' when the server does not answer", async () => {
    renderPage(buildReaderBook(), { BookReader: new TypeError("Failed to fetch") });
    expect((await screen.findByRole("alert")).textContent).toBe("Error loading book details");
    expect(screen.getByRole("link", { name: "Back to Books" })).toBeTruthy();
  });
});
