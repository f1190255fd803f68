import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { booksPage, buildBook } from "../components/testFactories";
import BooksPage, { BOOKS_PAGE_SIZE } from "./BooksPage";

const routes = [
  { path: "/books", element: <BooksPage /> },
  { path: "/books/:bookId", element: <Probe name="Book page" /> },
  { path: "/dashboard", element: <Probe name="Dashboard" /> },
];

const genresReply: Reply = { data: { bookGenres: ["fiction", "history", "non-fiction"] } };

function renderBooks(books: Resolver, { url = "/books", genres = genresReply as Resolver } = {}) {
  const me = buildUser();
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, Books: books, BookGenres: genres });
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [url] });
  const search = () => screen.getByRole("searchbox", { name: "Search by title or author" }) as HTMLInputElement;
  const category = () => screen.getByRole("combobox", { name: "Category" }) as HTMLSelectElement;
  const genre = () => screen.getByRole("combobox", { name: "Genre" }) as HTMLSelectElement;
  const sort = () => screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement;
  const booksCalls = () => test.callsOf("Books").map((call) => call.variables);
  return { ...test, ...rendered, search, category, genre, sort, booksCalls };
}

const cardTitles = () =>
  within(screen.getByRole("list", { name: "Books" }))
    .getAllByRole("heading", { level: 2 })
    .map((heading) => heading.textContent);

describe("BooksPage", () => {
  it("shows the heading, the intro, a way back to the dashboard and a spinner while loading", async () => {
    const answer = deferred<Reply>();
    renderBooks(() => answer.promise);
    expect(screen.getByRole("heading", { level: 1, name: "Explore Books" })).toBeTruthy();
    expect(screen.getByText(/AI-powered conversations/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.getByRole("status").textContent).toContain("Loading");
    answer.resolve(booksPage([buildBook()]));
    expect(await screen.findByText("1 book")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows each book as a card linking to its page, with cover, title and author, and the total", async () => {
    const hobbit = buildBook({ title: "The Hobbit", author: "J. R. R. Tolkien" });
    const holes = buildBook({ title: "Holes", author: "Louis Sachar" });
    const { user, router, booksCalls } = renderBooks(booksPage([hobbit, holes], { totalCount: 24 }));
    expect(await screen.findByText("24 books")).toBeTruthy();
    const card = screen.getByRole("link", { name: /The Hobbit/ });
    expect(card.getAttribute("href")).toBe(`/books/${hobbit.id}`);
    expect(within(card).getByText("J. R. R. Tolkien")).toBeTruthy();
    const cover = within(card).getByRole("img", { name: "Cover of The Hobbit" });
    expect(cover.getAttribute("src")).toBe(hobbit.coverUrl);
    expect(cover.getAttribute("width")).toBe("300");
    expect(cover.getAttribute("height")).toBe("400");
    expect(screen.getByRole("link", { name: /Holes/ }).getAttribute("href")).toBe(`/books/${holes.id}`);
    expect(booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE }]);
    await user.click(card);
    expect(await screen.findByRole("heading", { name: "Book page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/books/${hobbit.id}`);
  });

  it("offers All Categories, Primary, Secondary, and All Genres plus the genres that exist", async () => {
    const { category, genre } = renderBooks(booksPage([buildBook()]));
    await screen.findByText("1 book");
    expect([...category().options].map((o) => o.textContent)).toEqual(["All Categories", "Primary", "Secondary"]);
    await waitFor(() => expect(genre().options).toHaveLength(4));
    expect([...genre().options].map((o) => o.textContent)).toEqual(["All Genres", "Fiction", "History", "Non-fiction"]);
  });

  it("sends the filters of the URL as variables and shows them in the controls", async () => {
    const { search, category, genre, booksCalls } = renderBooks(booksPage([buildBook()]), {
      url: "/books?q=dragon&category=secondary&genre=history",
    });
    await screen.findByText("1 book");
    expect(booksCalls()).toEqual([
      { first: BOOKS_PAGE_SIZE, search: "dragon", category: "secondary", genre: "history" },
    ]);
    expect(search().value).toBe("dragon");
    expect(category().value).toBe("secondary");
    await waitFor(() => expect(genre().value).toBe("history"));
  });

  it("names the browser tab 'Explore books - Reading Room'", async () => {
    document.title = "Reading Room";
    renderBooks(booksPage([buildBook()]));
    await screen.findByText("1 book");
    expect(document.title).toBe("Explore books - Reading Room");
  });

  it("marks the books the student read, in words, and gives each card's level and length", async () => {
    const read = buildBook({
      title: "Black Beauty",
      author: "Anna Sewell",
      category: "primary",
      pages: 240,
      reading: { __typename: "Reading", id: "r1", read: true },
    });
    const unread = buildBook({ title: "Holes", category: "secondary", pages: null, wordCount: 53_000 });
    const unchecked = buildBook({
      title: "Frankenstein",
      category: "college",
      reading: { __typename: "Reading", id: "r2", read: false },
    });
    renderBooks(booksPage([read, unread, unchecked]));
    await screen.findByText("3 books");

    // What a screen reader says for each card (its name is its content): the marker, the level in
    // words, the length.
    const readCard = screen.getByRole("link", { name: /Black Beauty/ });
    expect(within(readCard).getByText("Read")).toBeTruthy();
    expect(within(readCard).getByText("Ages 5-11")).toBeTruthy();
    expect(within(readCard).getByText("240 pages")).toBeTruthy();
    expect(readCard).toBe(
      screen.getByRole("link", {
        name: "Cover of Black Beauty Black Beauty Anna Sewell Primary, ages 5 to 11, 240 pages Read",
      }),
    );

    const unreadCard = screen.getByRole("link", { name: /Holes/ });
    expect(within(unreadCard).queryByText("Read")).toBeNull();
    expect(within(unreadCard).getByText("Ages 11-16")).toBeTruthy();
    expect(within(unreadCard).getByText("About 212 pages")).toBeTruthy();
    expect(unreadCard.getAttribute("aria-label")).toBeNull();
    expect(screen.getByRole("link", { name: /Holes .* Secondary, ages 11 to 16, About 212 pages$/ })).toBe(unreadCard);

    const uncheckedCard = screen.getByRole("link", { name: /Frankenstein/ });
    expect(within(uncheckedCard).queryByText("Read")).toBeNull();
    expect(screen.getByRole("link", { name: /Frankenstein .* College, ages 16 and up$/ })).toBe(uncheckedCard);
  });

  it("offers the orders, A to Z first, and sends the chosen one (kept in the URL)", async () => {
    const { user, sort, booksCalls, router } = renderBooks((variables) =>
      booksPage([buildBook({ title: `Order ${variables.sort ?? "title"}` })]),
    );
    await screen.findByText("Order title");
    expect([...sort().options].map((o) => o.textContent)).toEqual([
      "Title (A-Z)",
      "Newest",
      "Highest rated",
      "Most read at my school",
    ]);
    expect(sort().value).toBe("");
    expect(booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE }]);

    await user.selectOptions(sort(), "Most read at my school");
    expect(await screen.findByText("Order mostRead")).toBeTruthy();
    expect(booksCalls()[1]).toEqual({ first: BOOKS_PAGE_SIZE, sort: "mostRead" });
    expect(new URLSearchParams(router.state.location.search).get("sort")).toBe("mostRead");

    await user.selectOptions(sort(), "Title (A-Z)");
    await waitFor(() => expect(sort().value).toBe(""));
    expect(router.state.location.search).toBe("");
  });

  it("reads the order from the URL and ignores an unknown one", async () => {
    const newest = renderBooks(booksPage([buildBook()]), { url: "/books?sort=newest&genre=history" });
    await screen.findByText("1 book");
    expect(newest.booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE, genre: "history", sort: "newest" }]);
    expect(newest.sort().value).toBe("newest");

    cleanup();

    const unknown = renderBooks(booksPage([buildBook()]), { url: "/books?sort=random" });
    await screen.findByText("1 book");
    expect(unknown.booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE }]);
    expect(unknown.sort().value).toBe("");
  });

  it("ignores an unknown category in the URL", async () => {
    const { category, booksCalls } = renderBooks(booksPage([buildBook()]), { url: "/books?category=college" });
    await screen.findByText("1 book");
    expect(booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE }]);
    expect(category().value).toBe("");
  });

  it("combines category and genre, keeping them in the URL", async () => {
    const { user, category, genre, booksCalls, router } = renderBooks((variables) =>
      booksPage([buildBook({ title: `Result for ${JSON.stringify(variables)}` })]),
    );
    await screen.findByText("1 book");
    await user.selectOptions(category(), "primary");
    await waitFor(() => expect(booksCalls()).toHaveLength(2));
    await waitFor(() => expect(genre().options).toHaveLength(4));
    await user.selectOptions(genre(), "non-fiction");
    await waitFor(() => expect(booksCalls()).toHaveLength(3));
    expect(booksCalls()[2]).toEqual({ first: BOOKS_PAGE_SIZE, category: "primary", genre: "non-fiction" });
    expect(new URLSearchParams(router.state.location.search).get("category")).toBe("primary");
    expect(new URLSearchParams(router.state.location.search).get("genre")).toBe("non-fiction");
    await screen.findByText(/Result for .*non-fiction/);

    // Back goes to the previous filters (the cached answer, no new request).
    await router.navigate(-1);
    await waitFor(() => expect(genre().value).toBe(""));
    expect(category().value).toBe("primary");
  });

  it("waits for a pause in typing: several keystrokes send one request", async () => {
    const { user, search, booksCalls, router } = renderBooks((variables) =>
      booksPage(variables.search ? [buildBook({ title: "The Magic Faraway Tree" })] : [buildBook(), buildBook()]),
    );
    await screen.findByText("2 books");
    await user.type(search(), "magic");
    expect(search().value).toBe("magic");
    // Nothing is sent while typing.
    expect(booksCalls()).toHaveLength(1);
    expect(await screen.findByText("The Magic Faraway Tree")).toBeTruthy();
    expect(booksCalls()).toEqual([{ first: BOOKS_PAGE_SIZE }, { first: BOOKS_PAGE_SIZE, search: "magic" }]);
    expect(router.state.location.search).toBe("?q=magic");
    expect(search().value).toBe("magic");
  });

  it("shows the search of the URL after back/forward", async () => {
    const { search, router, booksCalls } = renderBooks(booksPage([buildBook()]), { url: "/books?q=dragon" });
    await screen.findByText("1 book");
    await router.navigate("/books?q=holes");
    await waitFor(() => expect(search().value).toBe("holes"));
    await router.navigate(-1);
    await waitFor(() => expect(search().value).toBe("dragon"));
    expect(booksCalls().map((variables) => variables.search)).toEqual(["dragon", "holes"]);
  });

  it("searches at once on Enter", async () => {
    const { user, search, booksCalls } = renderBooks(booksPage([buildBook()]));
    await screen.findByText("1 book");
    await user.type(search(), "holes{Enter}");
    await waitFor(() => expect(booksCalls()).toHaveLength(2));
    expect(booksCalls()[1]).toEqual({ first: BOOKS_PAGE_SIZE, search: "holes" });
  });

  it("says 'No books found' for filters that match nothing", async () => {
    renderBooks(booksPage([]), { url: "/books?q=zzz" });
    expect(await screen.findByText("No books found")).toBeTruthy();
    expect(screen.getByText("Try adjusting your search criteria")).toBeTruthy();
    expect(screen.getByText("0 books")).toBeTruthy();
    expect(screen.queryByText("No books available yet")).toBeNull();
  });

  it("says 'No books available yet' when there are no books at all", async () => {
    renderBooks(booksPage([]));
    expect(await screen.findByText("No books available yet")).toBeTruthy();
    expect(screen.queryByText("No books found")).toBeNull();
  });

  it("shows the error texts when the books do not load", async () => {
    renderBooks(graphqlError("Something broke", { code: "INTERNAL_SERVER_ERROR" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Error loading books. Please try again later.")).toBeTruthy();
    expect(within(alert).getByText("Please try again later")).toBeTruthy();
  });

  it("still works when the genres do not load", async () => {
    const { genre } = renderBooks(booksPage([buildBook()]), { genres: graphqlError("Nope") });
    await screen.findByText("1 book");
    expect([...genre().options].map((o) => o.textContent)).toEqual(["All Genres"]);
  });

  it("loads the next page with 'Load more books' and adds it to the grid", async () => {
    const first = [buildBook({ title: "Alpha" }), buildBook({ title: "Beta" })];
    const second = [buildBook({ title: "Gamma" })];
    const { user, booksCalls } = renderBooks((variables) =>
      variables.after === "cursor-1"
        ? booksPage(second, { totalCount: 3 })
        : booksPage(first, { nextCursor: "cursor-1", totalCount: 3 }),
    );
    expect(await screen.findByText("3 books")).toBeTruthy();
    expect(cardTitles()).toEqual(["Alpha", "Beta"]);
    await user.click(screen.getByRole("button", { name: "Load more books" }));
    await waitFor(() => expect(cardTitles()).toEqual(["Alpha", "Beta", "Gamma"]));
    expect(booksCalls()[1]).toEqual({ first: BOOKS_PAGE_SIZE, after: "cursor-1" });
    // The last page: no more button, and focus moved on to the first new book.
    expect(screen.queryByRole("button", { name: "Load more books" })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toContain("Gamma"));
  });

  it("says so when the next page fails, and keeps what it has", async () => {
    const { user } = renderBooks((variables) =>
      variables.after ? graphqlError("Down") : booksPage([buildBook({ title: "Alpha" })], { nextCursor: "c1" }),
    );
    await screen.findByText("Alpha");
    await user.click(screen.getByRole("button", { name: "Load more books" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Error loading books. Please try again later.");
    expect(screen.getByText("Alpha")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Load more books" })).toBeTruthy();
  });
});
