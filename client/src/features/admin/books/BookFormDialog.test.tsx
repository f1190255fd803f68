import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readStoredToken } from "../../../lib/session";
import { graphqlError, type Resolver } from "../../../test/apollo";
import { renderRoutes } from "../../../test/render";
import { BookFormDialog, publishedYearMessage } from "./BookFormDialog";
import { AdminBooksBookFields } from "./graphql";
import {
  bookReply,
  buildAdminBook,
  buildReadyBook,
  type BuiltAdminBook,
  createAdminBooksTestClient,
  FakeXhr,
  fileOf,
  uploadAnswer,
} from "./testFactories";

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog(book: BuiltAdminBook | null, resolvers: Record<string, Resolver> = {}) {
  const test = createAdminBooksTestClient(resolvers);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const onSaved = vi.fn();
  const rendered = renderRoutes(
    [
      {
        path: "/admin/books",
        element: (
          <BookFormDialog
            book={book}
            knownGenres={["adventure"]}
            onClose={onClose}
            onCreated={onCreated}
            onSaved={onSaved}
          />
        ),
      },
    ],
    { client: test.client, initialEntries: ["/admin/books"] },
  );
  const dialog = () => screen.getByRole("dialog");
  const field = (label: RegExp | string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
  const variablesOf = (operation: string) => test.callsOf(operation).map((call) => call.variables);
  /** The book as the cache holds it now (what the table's row shows). */
  const cached = (id: string) =>
    test.client.cache.readFragment({
      fragment: AdminBooksBookFields,
      id: test.client.cache.identify({ __typename: "AdminBook", id }),
    });
  return { ...test, ...rendered, onClose, onCreated, onSaved, dialog, field, variablesOf, cached };
}

/** Types by pasting: as a person would after the first keystroke, without typing each key. */
async function fill(user: UserEvent, input: Element, text: string) {
  await user.click(input);
  await user.paste(text);
}

const progressBar = (name: string) => screen.getByRole("progressbar", { name }) as HTMLProgressElement;

describe("BookFormDialog: Add New Book", () => {
  it("is a labelled dialog with focus on Title, every field, and the spec's genres plus those in use", async () => {
    const { dialog, field } = renderDialog(null);
    expect(dialog().hasAttribute("open")).toBe(true);
    expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Add New Book");
    expect(screen.getByRole("dialog", { name: "Add New Book" })).toBe(dialog());
    expect(document.activeElement).toBe(field(/^Title/));
    expect(field(/^Title/).required).toBe(true);
    expect(field(/^Author/).required).toBe(true);
    expect(field(/^Published year/).type).toBe("number");
    expect(field(/^Pages/).type).toBe("number");
    expect(field(/^Description/).tagName).toBe("TEXTAREA");
    expect(field(/^Characters/).tagName).toBe("TEXTAREA");
    expect(
      within(field(/^Category/))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Primary", "Secondary", "College"]);
    expect(field(/^All schools/).checked).toBe(true);
    // The spec's genres, those of published books (bookGenres) and those on the page; or anything typed.
    const genres = () =>
      [...(document.getElementById(field(/^Genre/).getAttribute("list") ?? "")?.querySelectorAll("option") ?? [])].map(
        (option) => option.value,
      );
    await waitFor(() =>
      expect(genres()).toEqual(["adventure", "fiction", "history", "literature", "non-fiction", "poetry", "science"]),
    );
  });

  it("sends the fields as the server reads them: numbers, a new genre, characters by line or comma, chosen schools", async () => {
    const created = buildAdminBook({ title: "The Hobbit", author: "J. R. R. Tolkien" });
    const { user, dialog, field, variablesOf, onCreated } = renderDialog(null, {
      AdminBooksCreate: bookReply("createBook", created),
    });
    await fill(user, field(/^Title/), "  The Hobbit ");
    await fill(user, field(/^Author/), "J. R. R. Tolkien");
    await fill(user, field(/^Published year/), "1937");
    await user.selectOptions(field(/^Category/), "secondary");
    await user.clear(field(/^Genre/));
    await fill(user, field(/^Genre/), "Fantasy");
    await fill(user, field(/^Description/), "There and back again.");
    await fill(user, field(/^Characters/), "Bilbo Baggins, Gandalf\nSmaug\n\n Gandalf");

    // Some schools only: at least one must be chosen.
    await user.click(field(/^All schools/));
    const pimlico = (await within(dialog()).findByRole("checkbox", { name: "Pimlico Academy" })) as HTMLInputElement;
    expect(
      within(within(dialog()).getByRole("list", { name: "Schools holding this book" }))
        .getAllByRole("checkbox")
        .map((box) => box.parentElement?.textContent),
    ).toEqual(["Pimlico Academy", "Bedford High School", "Newman"]);
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));
    expect(within(dialog()).getByText("Choose at least one school, or all schools")).toBeTruthy();
    expect(document.activeElement).toBe(pimlico);
    expect(variablesOf("AdminBooksCreate")).toEqual([]);

    await user.click(pimlico);
    expect(within(dialog()).queryByText("Choose at least one school, or all schools")).toBeNull();
    await user.click(within(dialog()).getByRole("checkbox", { name: "Newman" }));
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));

    await within(dialog()).findByText(/was added as a draft/);
    expect(variablesOf("AdminBooksCreate")).toEqual([
      {
        input: {
          title: "The Hobbit",
          author: "J. R. R. Tolkien",
          publishedYear: 1937,
          pages: null,
          category: "secondary",
          genre: "Fantasy",
          description: "There and back again.",
          characterList: ["Bilbo Baggins", "Gandalf", "Smaug"],
          allSchools: false,
          schoolIds: ["school-pimlico", "school-newman"],
        },
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: created.id, title: "The Hobbit" }));
  });

  it("checks the published year and pages as the server does", async () => {
    const { user, field, dialog, variablesOf } = renderDialog(null);
    await fill(user, field(/^Title/), "Matilda");
    await fill(user, field(/^Author/), "Roald Dahl");
    await fill(user, field(/^Published year/), "99999");
    await fill(user, field(/^Pages/), "0");
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));

    expect(within(dialog()).getByText(publishedYearMessage())).toBeTruthy();
    expect(within(dialog()).getByText("Pages must be a whole number from 1 to 100000")).toBeTruthy();
    expect(field(/^Published year/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field(/^Published year/));
    expect(variablesOf("AdminBooksCreate")).toEqual([]);
  });

  it("shows the server's field errors against their fields, and any other error at the top", async () => {
    let calls = 0;
    const { user, field, dialog } = renderDialog(null, {
      AdminBooksCreate: () => {
        calls += 1;
        return calls === 1
          ? graphqlError("Author must be at most 200 characters", {
              code: "BAD_USER_INPUT",
              fields: { author: "Author must be at most 200 characters" },
            })
          : graphqlError("Unknown school", { code: "BAD_USER_INPUT" });
      },
    });
    await fill(user, field(/^Title/), "Matilda");
    await fill(user, field(/^Author/), "Roald Dahl");
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));

    const authorError = await within(dialog()).findByText("Author must be at most 200 characters");
    expect(field(/^Author/).getAttribute("aria-describedby")).toBe(authorError.id);
    expect(document.activeElement).toBe(field(/^Author/));
    expect(within(dialog()).getAllByRole("alert")).toEqual([authorError]);

    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));
    const top = await within(dialog()).findByText("Unknown school");
    expect(top.getAttribute("role")).toBe("alert");
    expect(within(dialog()).queryByText("Author must be at most 200 characters")).toBeNull();
    // Still the Add form: nothing was created.
    expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Add New Book");
  });

  it("stays open on the new draft so its cover can be uploaded, with progress, to the new book", async () => {
    const created = buildAdminBook({ title: "Matilda", author: "Roald Dahl" });
    const { user, field, dialog } = renderDialog(null, { AdminBooksCreate: bookReply("createBook", created) });
    expect(within(dialog()).queryByLabelText("Upload a cover image")).toBeNull();
    await fill(user, field(/^Title/), "Matilda");
    await fill(user, field(/^Author/), "Roald Dahl");
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));

    const notice = await within(dialog()).findByText(
      "'Matilda' was added as a draft. Add its cover image and text below, then publish it.",
    );
    expect(notice.getAttribute("role")).toBe("status");
    expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Edit book");
    expect(within(dialog()).getByRole("button", { name: "Save changes" })).toBeTruthy();

    const cover = fileOf("matilda.png", "image/png", 4000);
    await user.upload(field("Upload a cover image"), cover);
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe("PUT");
    expect(xhr.url).toBe(`/api/admin/books/${created.id}/cover`);
    expect(xhr.body).toBe(cover);
    expect(xhr.headers["Content-Type"]).toBe("image/png");
    expect(xhr.headers.Authorization).toBe(`Bearer ${readStoredToken()}`);
    act(() => xhr.progress(1000, 4000));
    expect(progressBar("Cover image upload").value).toBe(25);
    expect(within(dialog()).getByText("25%")).toBeTruthy();
  });
});

describe("BookFormDialog: a book already in the catalogue", () => {
  const DUPLICATE_WARNING =
    "A book called 'The Secret Garden' by Frances Hodgson Burnett is already in the catalogue (published). Add it anyway?";
  const similar = (...books: { title: string; author: string; status: string }[]) => ({
    data: {
      similarBooks: books.map((book, i) => ({ __typename: "AdminBook", id: `similar-${i}`, ...book })),
    },
  });
  const garden = { title: "The Secret Garden", author: "Frances Hodgson Burnett", status: "published" };

  async function addGarden(resolvers: Record<string, Resolver>) {
    const rendered = renderDialog(null, {
      AdminBooksCreate: bookReply("createBook", buildAdminBook({ title: "the secret  garden" })),
      ...resolvers,
    });
    await fill(rendered.user, rendered.field(/^Title/), "the secret  garden");
    await fill(rendered.user, rendered.field(/^Author/), "frances hodgson burnett");
    await rendered.user.click(within(rendered.dialog()).getByRole("button", { name: "Add book" }));
    return rendered;
  }

  it("asks first, naming the book and its status, and adds it on 'Add anyway'", async () => {
    const { user, dialog, variablesOf, onCreated } = await addGarden({ AdminBooksSimilar: similar(garden) });
    const warning = await within(dialog()).findByRole("alert");
    expect(warning.textContent).toContain(DUPLICATE_WARNING);
    expect(variablesOf("AdminBooksSimilar")).toEqual([
      { title: "the secret  garden", author: "frances hodgson burnett" },
    ]);
    expect(variablesOf("AdminBooksCreate")).toEqual([]);
    // The safe answer has the focus; the form's own buttons wait.
    expect(document.activeElement).toBe(within(warning).getByRole("button", { name: "Cancel" }));
    expect(within(dialog()).queryByRole("button", { name: "Add book" })).toBeNull();

    await user.click(within(warning).getByRole("button", { name: "Add anyway" }));
    await within(dialog()).findByText(/was added as a draft/);
    expect(variablesOf("AdminBooksCreate")).toHaveLength(1);
    expect(variablesOf("AdminBooksSimilar")).toHaveLength(1);
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it("adds nothing on 'Cancel', and goes back to the title", async () => {
    const { user, dialog, field, variablesOf, onCreated } = await addGarden({ AdminBooksSimilar: similar(garden) });
    const warning = await within(dialog()).findByRole("alert");
    await user.click(within(warning).getByRole("button", { name: "Cancel" }));
    expect(within(dialog()).queryByText(DUPLICATE_WARNING)).toBeNull();
    expect(document.activeElement).toBe(field(/^Title/));
    expect(within(dialog()).getByRole("button", { name: "Add book" })).toBeTruthy();
    expect(variablesOf("AdminBooksCreate")).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("withdraws the question when the title or author changes, and asks again on the next try", async () => {
    const { user, dialog, field, variablesOf } = await addGarden({ AdminBooksSimilar: similar(garden) });
    await within(dialog()).findByRole("alert");
    await fill(user, field(/^Title/), " Revisited");
    expect(within(dialog()).queryByText(DUPLICATE_WARNING)).toBeNull();
    await user.click(within(dialog()).getByRole("button", { name: "Add book" }));
    await waitFor(() => expect(variablesOf("AdminBooksSimilar")).toHaveLength(2));
    expect(variablesOf("AdminBooksSimilar")[1]).toEqual({
      title: "the secret  garden Revisited",
      author: "frances hodgson burnett",
    });
  });

  it("names the first of several such books (the server lists published ones first)", async () => {
    const { dialog } = await addGarden({
      AdminBooksSimilar: similar(garden, { ...garden, title: "THE SECRET GARDEN", status: "draft" }),
    });
    expect((await within(dialog()).findByRole("alert")).textContent).toContain(DUPLICATE_WARNING);
  });

  it("adds at once when there is no such book", async () => {
    const { dialog, variablesOf } = await addGarden({ AdminBooksSimilar: similar() });
    await within(dialog()).findByText(/was added as a draft/);
    expect(variablesOf("AdminBooksSimilar")).toHaveLength(1);
    expect(variablesOf("AdminBooksCreate")).toHaveLength(1);
  });

  it("still adds the book when the question cannot be asked (the answer is advice)", async () => {
    const { dialog, variablesOf } = await addGarden({ AdminBooksSimilar: graphqlError("Something went wrong") });
    await within(dialog()).findByText(/was added as a draft/);
    expect(variablesOf("AdminBooksCreate")).toHaveLength(1);
  });

  it("does not ask when editing a book", async () => {
    const book = buildAdminBook({ title: "The Secret Garden", author: "Frances Hodgson Burnett" });
    const { user, dialog, variablesOf, onSaved } = renderDialog(book, {
      AdminBooksSimilar: similar(garden),
      AdminBooksUpdate: bookReply("updateBook", book),
    });
    await user.click(within(dialog()).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(variablesOf("AdminBooksSimilar")).toEqual([]);
  });
});

describe("BookFormDialog: cover, text and publishing", () => {
  it("uploads a cover with a progress bar, then shows it, and the row learns it too", async () => {
    const book = buildAdminBook({ title: "Matilda" });
    const { user, field, dialog, cached, client } = renderDialog(book);
    client.cache.writeFragment({
      fragment: AdminBooksBookFields,
      id: client.cache.identify({ __typename: "AdminBook", id: book.id }),
      data: book,
    });
    expect(within(dialog()).getByText("No cover yet.")).toBeTruthy();
    const publish = within(dialog()).getByRole("button", { name: "Publish" }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(document.getElementById(publish.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Add a cover image and the book's text before publishing.",
    );

    await user.upload(field("Upload a cover image"), fileOf("matilda.webp", "image/webp", 8000));
    const xhr = FakeXhr.last();
    expect(within(dialog()).getByText("Uploading the cover image…")).toBeTruthy();
    act(() => xhr.progress(2000, 8000));
    expect(progressBar("Cover image upload").value).toBe(25);
    act(() => xhr.progress(6000, 8000));
    expect(progressBar("Cover image upload").value).toBe(75);
    expect(within(dialog()).getByText("75%")).toBeTruthy();

    const withCover = {
      ...book,
      hasCover: true,
      coverUrl: `/covers/${book.id}-medium.webp?v=2`,
      coverColor: "#884422",
    };
    act(() => xhr.respond(200, uploadAnswer(withCover)));

    expect(await within(dialog()).findByText("Cover image uploaded.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    const image = within(dialog()).getByRole("img", { name: "Cover of Matilda" });
    expect(image.getAttribute("src")).toBe(withCover.coverUrl);
    expect(within(dialog()).getByLabelText("Replace the cover image")).toBeTruthy();
    expect(document.getElementById(publish.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Add the book's text before publishing.",
    );
    expect(cached(book.id)).toMatchObject({ hasCover: true, coverUrl: withCover.coverUrl, hasText: false });
  });

  it("refuses a cover over 5 MB without sending it, shows the server's message when it refuses one, and can cancel", async () => {
    const book = buildAdminBook({ title: "Matilda" });
    const { user, field, dialog } = renderDialog(book);
    await user.upload(field("Upload a cover image"), fileOf("huge.png", "image/png", 5 * 1024 * 1024 + 1));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("The cover image must be at most 5 MB");
    expect(FakeXhr.instances).toHaveLength(0);

    // Named .png, but the server reads the content.
    await user.upload(field("Upload a cover image"), fileOf("fake.png", "image/png", 5 * 1024 * 1024));
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    act(() => FakeXhr.last().respond(400, { error: "The cover must be a PNG, JPEG or WebP image" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(
      "The cover must be a PNG, JPEG or WebP image",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(within(dialog()).getByText("No cover yet.")).toBeTruthy();

    await user.upload(field("Upload a cover image"), fileOf("slow.jpg", "image/jpeg", 1000));
    const slow = FakeXhr.last();
    await user.click(within(dialog()).getByRole("button", { name: "Cancel upload" }));
    expect(slow.aborted).toBe(true);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(within(dialog()).queryByRole("alert")).toBeNull();
  });

  it("refuses a file that is not a PNG, JPEG or WebP image by its type before sending", async () => {
    const { field, dialog } = renderDialog(buildAdminBook());
    fireEvent.change(field("Upload a cover image"), { target: { files: [fileOf("cover.gif", "image/gif", 100)] } });
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(
      "The cover must be a PNG, JPEG or WebP image",
    );
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("uploads a .txt file with progress and shows the text's size", async () => {
    const book = buildAdminBook({ title: "Matilda", hasCover: true, coverUrl: "/covers/m.webp" });
    const { user, field, dialog } = renderDialog(book);
    expect(within(dialog()).getByText("No text yet.")).toBeTruthy();
    const text = fileOf("matilda.txt", "text/plain", 1024 * 1024);
    await user.upload(field("Upload a .txt file"), text);
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe("PUT");
    expect(xhr.url).toBe(`/api/admin/books/${book.id}/text`);
    expect(xhr.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
    expect(xhr.body).toBe(text);
    act(() => xhr.progress(512 * 1024, 1024 * 1024));
    expect(progressBar("Text upload").value).toBe(50);

    act(() => xhr.respond(200, uploadAnswer({ ...book, hasText: true, textSizeBytes: 1024 * 1024 })));
    expect(await within(dialog()).findByText("Text: 1.0 MB")).toBeTruthy();
    expect(within(dialog()).getByText("Text uploaded (1.0 MB).")).toBeTruthy();
    expect((within(dialog()).getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses a text over 10 MB and shows the server's message for one that is not UTF-8", async () => {
    const { user, field, dialog } = renderDialog(buildAdminBook());
    await user.upload(field("Upload a .txt file"), fileOf("big.txt", "text/plain", 10 * 1024 * 1024 + 1));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("The text must be at most 10 MB");
    expect(FakeXhr.instances).toHaveLength(0);

    await user.upload(field("Upload a .txt file"), fileOf("utf16.txt", "text/plain", 300));
    act(() => FakeXhr.last().respond(400, { error: "The text must be a plain text file in UTF-8" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe(
      "The text must be a plain text file in UTF-8",
    );
    expect(within(dialog()).getByText("No text yet.")).toBeTruthy();
  });

  it("saves pasted text with setBookText, and refuses an empty one", async () => {
    const book = buildAdminBook({ title: "Matilda" });
    const { user, field, dialog, variablesOf } = renderDialog(book, {
      AdminBooksSetText: bookReply("setBookText", { ...book, hasText: true, textSizeBytes: 2048 }),
    });
    await user.type(field("Or paste the text"), "   ");
    await user.click(within(dialog()).getByRole("button", { name: "Save text" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("The text is empty");
    expect(variablesOf("AdminBooksSetText")).toEqual([]);

    await user.clear(field("Or paste the text"));
    await fill(user, field("Or paste the text"), "Chapter One. The Reader of Books.");
    expect(within(dialog()).queryByRole("alert")).toBeNull();
    await user.click(within(dialog()).getByRole("button", { name: "Save text" }));
    expect(await within(dialog()).findByText("Text: 2 KB")).toBeTruthy();
    expect(within(dialog()).getByText("Text saved (2 KB).")).toBeTruthy();
    expect(field("Or paste the text").value).toBe("");
    expect(variablesOf("AdminBooksSetText")).toEqual([{ id: book.id, text: "Chapter One. The Reader of Books." }]);
  });

  it("publishes a ready book from the dialog, and shows the server's reason when it refuses", async () => {
    const book = buildReadyBook({ title: "Matilda" });
    let calls = 0;
    const { user, dialog, variablesOf } = renderDialog(book, {
      AdminBooksPublish: () => {
        calls += 1;
        return calls === 1
          ? graphqlError("Add the book's text before publishing", { code: "CONFLICT" })
          : bookReply("publishBook", { ...book, status: "published" });
      },
    });
    const publishing = within(dialog()).getByRole("region", { name: "Publishing" });
    await user.click(within(publishing).getByRole("button", { name: "Publish" }));
    expect((await within(publishing).findByRole("alert")).textContent).toBe("Add the book's text before publishing");
    expect(within(publishing).getByText("Draft")).toBeTruthy();

    await user.click(within(publishing).getByRole("button", { name: "Publish" }));
    expect(await within(publishing).findByText("Published: students can now see it.")).toBeTruthy();
    expect(within(publishing).getByText("Published")).toBeTruthy();
    expect(within(publishing).queryByRole("alert")).toBeNull();
    expect(within(publishing).getByRole("button", { name: "Unpublish" })).toBeTruthy();
    expect(variablesOf("AdminBooksPublish")).toEqual([{ id: book.id }, { id: book.id }]);
  });

  it("aborts a running upload when the dialog closes", async () => {
    const { user, field, dialog, unmount } = renderDialog(buildAdminBook());
    await user.upload(field("Upload a cover image"), fileOf("cover.png", "image/png", 1000));
    expect(within(dialog()).getByRole("progressbar")).toBeTruthy();
    unmount();
    expect(FakeXhr.last().aborted).toBe(true);
  });
});
