import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import {
  bookReply,
  booksReply,
  buildAdminBook,
  buildReadyBook,
  type BuiltAdminBook,
  createAdminBooksTestClient,
  deleteReply,
} from "../books/testFactories";
import AdminBooksPage from "./AdminBooksPage";

afterEach(() => {
  vi.useRealTimers();
});

const routes = [
  {
    path: "/admin/books",
    element: (
      <RequireAuth role="admin">
        <AdminBooksPage />
      </RequireAuth>
    ),
  },
];

function renderPage(resolvers: Record<string, Resolver>) {
  const test = createAdminBooksTestClient(resolvers);
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: ["/admin/books"] });
  const listCalls = () => test.callsOf("AdminBooksList").map((call) => call.variables);
  const variablesOf = (operation: string) => test.callsOf(operation).map((call) => call.variables);
  return { ...test, ...rendered, listCalls, variablesOf };
}

const firstPage = { search: null, status: null, offset: 0, limit: 20 };

/** The table row of the book with this title. */
function row(title: string): HTMLElement {
  const cell = screen.getByRole("rowheader", { name: title });
  const tr = cell.closest("tr");
  if (!tr) {
    throw new Error(`No row for ${title}`);
  }
  return tr;
}
const titles = () => screen.queryAllByRole("rowheader").map((cell) => cell.textContent);
/** A cell's text without its column's name (shown on the phone's cards, hidden from screen readers). */
function cellText(cell: HTMLElement): string {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(':scope > [aria-hidden="true"]').forEach((label) => label.remove());
  return copy.textContent ?? "";
}
const cells = (title: string) => within(row(title)).getAllByRole("cell").slice(0, 5).map(cellText);
const rowButtons = (title: string) =>
  within(row(title))
    .getAllByRole("button")
    .map((button) => button.textContent);
const summary = () => screen.getByText(/^Showing |^No books/);

/** A page of `count` books titled "Book 001"… from `from` (titles sort as the server sorts them). */
function numberedBooks(from: number, count: number): BuiltAdminBook[] {
  return Array.from({ length: count }, (_, i) =>
    buildAdminBook({ title: `Book ${String(from + i).padStart(3, "0")}` }),
  );
}

describe("AdminBooksPage", () => {
  it("shows a spinner, then the table with the spec's columns, statuses, what a book still needs and its actions", async () => {
    const answer = deferred<Reply>();
    const hobbit = buildReadyBook({
      title: "The Hobbit",
      author: "J. R. R. Tolkien",
      category: "secondary",
      genre: "fiction",
      publishedYear: 1937,
      status: "published",
    });
    const matilda = buildAdminBook({
      title: "Matilda",
      author: "Roald Dahl",
      category: "primary",
      genre: "literature",
      publishedYear: null,
      hasText: true,
    });
    const atlas = buildAdminBook({ title: "Old Atlas", category: "college", status: "archived", genre: "history" });
    const { listCalls } = renderPage({ AdminBooksList: () => answer.promise });

    expect(await screen.findByText("Loading books…")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Manage Books" })).toBeTruthy();
    answer.resolve(booksReply([matilda, atlas, hobbit]));

    await screen.findByRole("rowheader", { name: "The Hobbit" });
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Title",
      "Author",
      "Category",
      "Genre",
      "Published",
      "Status",
      "Actions",
    ]);
    expect(titles()).toEqual(["Matilda", "Old Atlas", "The Hobbit"]);
    expect(cells("The Hobbit")).toEqual(["J. R. R. Tolkien", "Secondary", "fiction", "1937", "Published"]);
    expect(cells("Matilda")).toEqual(["Roald Dahl", "Primary", "literature", "—Not given", "DraftNeeds cover"]);
    expect(cells("Old Atlas")[4]).toBe("ArchivedNeeds coverNeeds text");

    expect(rowButtons("The Hobbit")).toEqual(["Edit: The Hobbit", "Unpublish: The Hobbit", "Delete: The Hobbit"]);
    expect(rowButtons("Matilda")).toEqual(["Edit: Matilda", "Publish: Matilda", "Delete: Matilda"]);
    expect(rowButtons("Old Atlas")).toEqual(["Edit: Old Atlas", "Publish: Old Atlas", "Delete permanently: Old Atlas"]);

    // Publish waits for a cover and the text, and says why.
    const publish = within(row("Matilda")).getByRole("button", { name: "Publish: Matilda" }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    const hint = document.getElementById(publish.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Add a cover image before publishing.");
    const atlasPublish = within(row("Old Atlas")).getByRole("button", { name: "Publish: Old Atlas" });
    expect(document.getElementById(atlasPublish.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Add a cover image and the book's text before publishing.",
    );

    expect(summary().textContent).toBe("Showing 1–3 of 3");
    expect(summary().getAttribute("role")).toBe("status");
    expect(listCalls()).toEqual([firstPage]);
  });

  it("is a named table whose cells carry their column's name for the cards a phone shows, and never scrolls sideways", async () => {
    renderPage({ AdminBooksList: booksReply([buildAdminBook({ title: "Matilda" })]) });
    const table = await screen.findByRole("table", { name: "Books, 1 to 1 of 1" });
    // No scrolling region around it: on a narrow screen the rows become cards instead.
    expect(screen.queryByRole("region")).toBeNull();
    expect(table.closest("[tabindex]")).toBeNull();
    const labels = within(row("Matilda"))
      .getAllByRole("cell")
      .slice(0, 5)
      .map((cell) => cell.querySelector(':scope > [aria-hidden="true"]')?.textContent);
    expect(labels).toEqual(["Author", "Category", "Genre", "Published in", "Status"]);
  });

  it("says 'No books yet.' when there are none", async () => {
    renderPage({ AdminBooksList: booksReply([]) });
    expect(await screen.findByText("No books yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("button", { name: "Add New Book" })).toBeTruthy();
  });

  it("sends the search (title or author) once typing stops, and the status filter, and says when nothing matches", async () => {
    const hobbit = buildReadyBook({ title: "The Hobbit", status: "published" });
    const { user, listCalls } = renderPage({
      AdminBooksList: (variables) =>
        variables.search === "zzz" ? booksReply([]) : booksReply(variables.status === "archived" ? [] : [hobbit]),
    });
    const search = await screen.findByRole("searchbox", { name: "Search books" });
    await screen.findByRole("rowheader", { name: "The Hobbit" });

    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: "z" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: "  zzz " } });
    act(() => vi.advanceTimersByTime(299));
    expect(listCalls()).toEqual([firstPage]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(listCalls()).toEqual([firstPage, { ...firstPage, search: "zzz" }]));
    expect(await screen.findByText("No books match your search.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();

    const status = screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement;
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All", "Draft", "Published", "Archived"]);
    await user.clear(search);
    await user.selectOptions(status, "archived");
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ ...firstPage, status: "archived" }));
    expect(await screen.findByText("No books match your search.")).toBeTruthy();
    await user.selectOptions(status, "");
    expect(await screen.findByRole("rowheader", { name: "The Hobbit" })).toBeTruthy();
    expect(listCalls().at(-1)).toEqual(firstPage);
  });

  it("pages through 20 at a time with Previous and Next, and starts again at the first page on a new search", async () => {
    const pages: Record<number, Reply> = {
      0: booksReply(numberedBooks(1, 20), { totalCount: 45, nextOffset: 20 }),
      20: booksReply(numberedBooks(21, 20), { totalCount: 45, nextOffset: 40 }),
      40: booksReply(numberedBooks(41, 5), { totalCount: 45, nextOffset: null }),
    };
    const { user, listCalls } = renderPage({
      AdminBooksList: (variables) =>
        variables.search ? booksReply(numberedBooks(7, 1)) : (pages[variables.offset as number] as Reply),
    });
    await screen.findByRole("rowheader", { name: "Book 001" });
    expect(summary().textContent).toBe("Showing 1–20 of 45");
    const previous = () => screen.getByRole("button", { name: "Previous" });
    const next = () => screen.getByRole("button", { name: "Next" });
    expect(previous().getAttribute("aria-disabled")).toBe("true");
    expect(next().getAttribute("aria-disabled")).toBeNull();
    expect(screen.getByRole("navigation", { name: "Pages of books" })).toBeTruthy();

    await user.click(next());
    await screen.findByRole("rowheader", { name: "Book 021" });
    expect(summary().textContent).toBe("Showing 21–40 of 45");
    expect(titles()).toHaveLength(20);
    await user.click(next());
    await screen.findByRole("rowheader", { name: "Book 041" });
    expect(summary().textContent).toBe("Showing 41–45 of 45");
    expect(titles()).toEqual(["Book 041", "Book 042", "Book 043", "Book 044", "Book 045"]);
    // At the end Next stays focused, but does nothing.
    expect(document.activeElement).toBe(next());
    expect(next().getAttribute("aria-disabled")).toBe("true");
    await user.click(next());
    expect(summary().textContent).toBe("Showing 41–45 of 45");
    await user.click(previous());
    await screen.findByRole("rowheader", { name: "Book 021" });
    expect(summary().textContent).toBe("Showing 21–40 of 45");
    expect(listCalls().map((call) => call.offset)).toEqual([0, 20, 40, 20]);

    await user.type(screen.getByRole("searchbox", { name: "Search books" }), "007");
    await screen.findByText("Showing 1–1 of 1");
    expect(listCalls().at(-1)).toEqual({ ...firstPage, search: "007" });
    expect(screen.queryByRole("navigation", { name: "Pages of books" })).toBeNull();
  });

  it("says 'Failed to load books.' with 'Try Again', which asks again", async () => {
    let calls = 0;
    const { user, listCalls } = renderPage({
      AdminBooksList: () => {
        calls += 1;
        return calls === 1
          ? graphqlError("Something went wrong on our side. Please try again.", { code: "INTERNAL_SERVER_ERROR" })
          : booksReply([buildAdminBook({ title: "Matilda" })]);
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load books.");
    expect(screen.queryByRole("table")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("rowheader", { name: "Matilda" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(listCalls()).toEqual([firstPage, firstPage]);
  });

  it("shows the same message when the network fails", async () => {
    renderPage({ AdminBooksList: new TypeError("Failed to fetch") });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load books.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  describe("publishing", () => {
    it("publishes a ready book and unpublishes it again, saying what happened", async () => {
      const book = buildReadyBook({ title: "The Hobbit" });
      const { user, variablesOf } = renderPage({
        AdminBooksList: booksReply([book]),
        AdminBooksPublish: bookReply("publishBook", { ...book, status: "published" }),
        AdminBooksUnpublish: bookReply("unpublishBook", { ...book, status: "draft" }),
      });
      await user.click(await screen.findByRole("button", { name: "Publish: The Hobbit" }));
      expect(await screen.findByText("Published 'The Hobbit': students can now see it.")).toBeTruthy();
      expect(cells("The Hobbit")[4]).toBe("Published");
      expect(variablesOf("AdminBooksPublish")).toEqual([{ id: book.id }]);

      await user.click(within(row("The Hobbit")).getByRole("button", { name: "Unpublish: The Hobbit" }));
      expect(await screen.findByText("Moved 'The Hobbit' back to draft: students no longer see it.")).toBeTruthy();
      expect(cells("The Hobbit")[4]).toBe("Draft");
      expect(variablesOf("AdminBooksUnpublish")).toEqual([{ id: book.id }]);
    });

    it("shows the server's reason beside the row when it refuses to publish", async () => {
      // The list said it was ready; since then the server knows better.
      const book = buildReadyBook({ title: "The Hobbit" });
      const { user } = renderPage({
        AdminBooksList: booksReply([book]),
        AdminBooksPublish: graphqlError("Add a cover image before publishing", { code: "CONFLICT" }),
      });
      await user.click(await screen.findByRole("button", { name: "Publish: The Hobbit" }));
      const alert = await within(row("The Hobbit")).findByRole("alert");
      expect(alert.textContent).toBe("Add a cover image before publishing");
      expect(cells("The Hobbit")[4]).toBe("Draft");
      expect(screen.queryByText(/^Published 'The Hobbit'/)).toBeNull();
    });
  });

  describe("delete", () => {
    it("deletes an unused book after 'Delete 'Title'? This cannot be undone.', and removes its row", async () => {
      const matilda = buildAdminBook({ title: "Matilda" });
      const hobbit = buildAdminBook({ title: "The Hobbit" });
      let deleted = false;
      const { user, variablesOf, listCalls } = renderPage({
        AdminBooksList: () => booksReply(deleted ? [hobbit] : [matilda, hobbit]),
        AdminBooksDelete: () => {
          deleted = true;
          return deleteReply("deleted", matilda);
        },
      });
      const opener = await screen.findByRole("button", { name: "Delete: Matilda" });
      await user.click(opener);
      const dialog = screen.getByRole("dialog", { name: "Delete book" });
      expect(dialog.textContent).toContain("Delete 'Matilda'? This cannot be undone.");
      // The safe choice has focus.
      expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));

      await user.click(within(dialog).getByRole("button", { name: "Delete book" }));
      expect(await screen.findByText("Deleted 'Matilda'.")).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
      await waitFor(() => expect(titles()).toEqual(["The Hobbit"]));
      expect(variablesOf("AdminBooksDelete")).toEqual([{ id: matilda.id, permanently: null }]);
      expect(listCalls()).toHaveLength(2);
      expect(summary().textContent).toBe("Showing 1–1 of 1");
      // Its row went with the button that opened the dialog.
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Manage Books" }));
    });

    it("archives a book students have used, saying so first, and shows it as Archived", async () => {
      const book = buildReadyBook({
        title: "The Hobbit",
        status: "published",
        usage: { readers: 3, reviews: 1, chats: 2 },
      });
      const { user, variablesOf } = renderPage({
        AdminBooksList: booksReply([book]),
        AdminBooksDelete: deleteReply("archived", book),
      });
      await user.click(await screen.findByRole("button", { name: "Delete: The Hobbit" }));
      const dialog = screen.getByRole("dialog", { name: "Archive book" });
      expect(dialog.textContent).toContain(
        "Students have used this book (3 readers, 1 review, 2 chats). It will be archived: hidden from students, and their reading, reviews and chats are kept.",
      );
      await user.click(within(dialog).getByRole("button", { name: "Archive book" }));

      expect(
        await screen.findByText(
          "Archived 'The Hobbit': it is hidden from students, and their reading, reviews and chats are kept.",
        ),
      ).toBeTruthy();
      expect(variablesOf("AdminBooksDelete")).toEqual([{ id: book.id, permanently: null }]);
      expect(cells("The Hobbit")[4]).toBe("Archived");
      const permanent = within(row("The Hobbit")).getByRole("button", { name: "Delete permanently: The Hobbit" });
      expect(document.activeElement).toBe(permanent);
    });

    it("deletes an archived book permanently after a stronger warning", async () => {
      const book = buildReadyBook({
        title: "Old Atlas",
        status: "archived",
        usage: { readers: 1, reviews: 0, chats: 4 },
      });
      let deleted = false;
      const { user, variablesOf } = renderPage({
        AdminBooksList: () => booksReply(deleted ? [] : [book]),
        AdminBooksDelete: () => {
          deleted = true;
          return deleteReply("deleted", book);
        },
      });
      await user.click(await screen.findByRole("button", { name: "Delete permanently: Old Atlas" }));
      const dialog = screen.getByRole("dialog", { name: "Delete book permanently" });
      expect(dialog.textContent).toContain(
        "Delete 'Old Atlas' permanently? This also removes everything students did with it: its reading records, reviews and chats (1 reader, 0 reviews, 4 chats).",
      );
      expect(dialog.textContent).toContain("This cannot be undone.");
      await user.click(within(dialog).getByRole("button", { name: "Delete permanently" }));
      expect(
        await screen.findByText("Deleted 'Old Atlas' permanently, with its reading records, reviews and chats."),
      ).toBeTruthy();
      expect(variablesOf("AdminBooksDelete")).toEqual([{ id: book.id, permanently: true }]);
      expect(await screen.findByText("No books yet.")).toBeTruthy();
    });

    it("keeps the dialog open with the server's message when deleting fails, and Cancel sends nothing", async () => {
      const book = buildAdminBook({ title: "Matilda" });
      const { user, variablesOf } = renderPage({
        AdminBooksList: booksReply([book]),
        AdminBooksDelete: graphqlError("Book not found", { code: "NOT_FOUND" }),
      });
      const opener = await screen.findByRole("button", { name: "Delete: Matilda" });
      await user.click(opener);
      await user.click(screen.getByRole("button", { name: "Delete book" }));
      const dialog = screen.getByRole("dialog", { name: "Delete book" });
      expect((await within(dialog).findByRole("alert")).textContent).toBe("Book not found");
      expect(titles()).toEqual(["Matilda"]);

      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(variablesOf("AdminBooksDelete")).toHaveLength(1);
    });
  });

  describe("add and edit", () => {
    it("opens 'Add New Book' with focus on Title, checks the required fields, creates a draft and stays open on it", async () => {
      const created = buildAdminBook({ title: "The Borrowers", author: "Mary Norton", genre: "fiction" });
      let added = false;
      const { user, variablesOf, listCalls } = renderPage({
        AdminBooksList: () => booksReply(added ? [created] : []),
        AdminBooksCreate: () => {
          added = true;
          return bookReply("createBook", created);
        },
      });
      const opener = await screen.findByRole("button", { name: "Add New Book" });
      await screen.findByText("No books yet.");
      await user.click(opener);
      const dialog = screen.getByRole("dialog", { name: "Add New Book" });
      const title = within(dialog).getByRole("textbox", { name: /^Title/ });
      expect(document.activeElement).toBe(title);
      expect(dialog.textContent).toContain("A new book starts as a draft");

      await user.click(within(dialog).getByRole("button", { name: "Add book" }));
      expect(within(dialog).getByText("Title is required")).toBeTruthy();
      expect(within(dialog).getByText("Author is required")).toBeTruthy();
      expect(document.activeElement).toBe(title);
      expect(variablesOf("AdminBooksCreate")).toEqual([]);

      await user.type(title, "The Borrowers");
      expect(within(dialog).queryByText("Title is required")).toBeNull();
      await user.type(within(dialog).getByRole("textbox", { name: /^Author/ }), "Mary Norton");
      await user.click(within(dialog).getByRole("button", { name: "Add book" }));

      expect(
        await within(dialog).findByText(
          "'The Borrowers' was added as a draft. Add its cover image and text below, then publish it.",
        ),
      ).toBeTruthy();
      expect(screen.getByRole("dialog", { name: "Edit book" })).toBe(dialog);
      expect(within(dialog).getByRole("heading", { level: 3, name: "Cover image" })).toBeTruthy();
      expect(within(dialog).getByRole("heading", { level: 3, name: "Text" })).toBeTruthy();
      expect(variablesOf("AdminBooksCreate")).toEqual([
        {
          input: {
            title: "The Borrowers",
            author: "Mary Norton",
            publishedYear: null,
            pages: null,
            category: "primary",
            genre: "fiction",
            description: "",
            characterList: [],
            allSchools: true,
            schoolIds: [],
          },
        },
      ]);
      // The list asks again, and the new draft is in it behind the dialog.
      await waitFor(() => expect(listCalls()).toHaveLength(2));
      expect(await screen.findByRole("rowheader", { name: "The Borrowers", hidden: true })).toBeTruthy();

      await user.click(within(dialog).getByRole("button", { name: "Close" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(screen.getByText("Added 'The Borrowers' as a draft.")).toBeTruthy();
    });

    it("closes on Escape without saving", async () => {
      const { user, variablesOf } = renderPage({ AdminBooksList: booksReply([]) });
      const opener = await screen.findByRole("button", { name: "Add New Book" });
      await user.click(opener);
      await user.type(screen.getByRole("textbox", { name: /^Title/ }), "Half typed");
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(opener);
      expect(variablesOf("AdminBooksCreate")).toEqual([]);
    });

    it("opens Edit prefilled from the row, saves with updateBook, closes and shows the change", async () => {
      const book = buildReadyBook({
        title: "The Hobbit",
        author: "J. R. R. Tolkien",
        publishedYear: 1937,
        pages: 310,
        category: "secondary",
        genre: "fiction",
        description: "A hobbit goes on an adventure.",
        characterList: ["Bilbo Baggins", "Gandalf"],
        allSchools: false,
        schoolIds: ["school-newman"],
        status: "published",
      });
      const { user, variablesOf } = renderPage({
        AdminBooksList: booksReply([book]),
        AdminBooksUpdate: (variables) =>
          bookReply("updateBook", { ...book, title: (variables.input as { title: string }).title }),
      });
      const opener = await screen.findByRole("button", { name: "Edit: The Hobbit" });
      await user.click(opener);
      const dialog = screen.getByRole("dialog", { name: "Edit book" });
      const field = (name: RegExp) => within(dialog).getByLabelText(name) as HTMLInputElement;
      expect(field(/^Title/).value).toBe("The Hobbit");
      expect(field(/^Author/).value).toBe("J. R. R. Tolkien");
      expect(field(/^Published year/).value).toBe("1937");
      expect(field(/^Pages/).value).toBe("310");
      expect(field(/^Category/).value).toBe("secondary");
      expect(field(/^Genre/).value).toBe("fiction");
      expect(field(/^Description/).value).toBe("A hobbit goes on an adventure.");
      expect(field(/^Characters/).value).toBe("Bilbo Baggins\nGandalf");
      expect(field(/^All schools/).checked).toBe(false);
      expect(((await within(dialog).findByRole("checkbox", { name: "Newman" })) as HTMLInputElement).checked).toBe(
        true,
      );
      expect((within(dialog).getByRole("checkbox", { name: "Pimlico Academy" }) as HTMLInputElement).checked).toBe(
        false,
      );
      expect(within(dialog).getByText("Text: 240 KB")).toBeTruthy();

      await user.clear(field(/^Title/));
      await user.type(field(/^Title/), "The Hobbit, or There and Back Again");
      await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

      expect(await screen.findByText("Saved changes to 'The Hobbit, or There and Back Again'.")).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(titles()).toEqual(["The Hobbit, or There and Back Again"]);
      expect(variablesOf("AdminBooksUpdate")).toEqual([
        {
          id: book.id,
          input: {
            title: "The Hobbit, or There and Back Again",
            author: "J. R. R. Tolkien",
            publishedYear: 1937,
            pages: 310,
            category: "secondary",
            genre: "fiction",
            description: "A hobbit goes on an adventure.",
            characterList: ["Bilbo Baggins", "Gandalf"],
            allSchools: false,
            schoolIds: ["school-newman"],
          },
        },
      ]);
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Edit: The Hobbit, or There and Back Again" }),
      );
    });
  });
});
