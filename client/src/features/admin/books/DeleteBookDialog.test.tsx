import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type Resolver } from "../../../test/apollo";
import { renderRoutes } from "../../../test/render";
import { DeleteBookDialog, deleteKindOf } from "./DeleteBookDialog";
import { AdminBooksBookFields } from "./graphql";
import { buildAdminBook, type BuiltAdminBook, createAdminBooksTestClient, deleteReply } from "./testFactories";

function renderDialog(book: BuiltAdminBook, resolvers: Record<string, Resolver> = {}) {
  const test = createAdminBooksTestClient(resolvers);
  test.client.cache.writeFragment({
    fragment: AdminBooksBookFields,
    id: test.client.cache.identify({ __typename: "AdminBook", id: book.id }),
    data: book,
  });
  const onClose = vi.fn();
  const onDone = vi.fn();
  const rendered = renderRoutes(
    [{ path: "/admin/books", element: <DeleteBookDialog book={book} onClose={onClose} onDone={onDone} /> }],
    { client: test.client, initialEntries: ["/admin/books"] },
  );
  const dialog = () => screen.getByRole("dialog");
  const inCache = () =>
    test.client.cache.readFragment({
      fragment: AdminBooksBookFields,
      id: test.client.cache.identify({ __typename: "AdminBook", id: book.id }),
    });
  return { ...test, ...rendered, onClose, onDone, dialog, inCache };
}

describe("deleteKindOf", () => {
  it("deletes an unused book, archives a used one, and deletes an archived one permanently", () => {
    expect(deleteKindOf(buildAdminBook())).toBe("delete");
    expect(deleteKindOf(buildAdminBook({ status: "published" }))).toBe("delete");
    expect(deleteKindOf(buildAdminBook({ usage: { readers: 1 } }))).toBe("archive");
    expect(deleteKindOf(buildAdminBook({ usage: { reviews: 1 } }))).toBe("archive");
    expect(deleteKindOf(buildAdminBook({ usage: { chats: 1 } }))).toBe("archive");
    expect(deleteKindOf(buildAdminBook({ status: "archived" }))).toBe("permanent");
    expect(deleteKindOf(buildAdminBook({ status: "archived", usage: { readers: 2 } }))).toBe("permanent");
  });
});

describe("DeleteBookDialog", () => {
  it("is a modal named by its heading and described by what will happen, with focus on Cancel", () => {
    const { dialog } = renderDialog(buildAdminBook({ title: "Matilda" }));
    expect(dialog().hasAttribute("open")).toBe(true);
    expect(screen.getByRole("dialog", { name: "Delete book" })).toBe(dialog());
    const description = document.getElementById(dialog().getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toBe("Delete 'Matilda'? This cannot be undone.");
    expect(document.activeElement).toBe(within(dialog()).getByRole("button", { name: "Cancel" }));
  });

  it("counts one reader, review or chat in the singular", () => {
    const { dialog } = renderDialog(buildAdminBook({ title: "Matilda", usage: { readers: 1, reviews: 0, chats: 1 } }));
    expect(dialog().textContent).toContain("Students have used this book (1 reader, 0 reviews, 1 chat).");
  });

  it("reports what the server did: archived, when students opened the book since the list loaded", async () => {
    const book = buildAdminBook({ title: "Matilda" });
    const { user, dialog, onDone, inCache } = renderDialog(book, { AdminBooksDelete: deleteReply("archived", book) });
    await user.click(within(dialog()).getByRole("button", { name: "Delete book" }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]?.[0]).toBe(
      "Archived 'Matilda': it is hidden from students, and their reading, reviews and chats are kept.",
    );
    expect(inCache()?.status).toBe("archived");
  });

  it("forgets a deleted book in the cache", async () => {
    const book = buildAdminBook({ title: "Matilda" });
    const { user, dialog, onDone, inCache } = renderDialog(book, { AdminBooksDelete: deleteReply("deleted", book) });
    expect(inCache()?.title).toBe("Matilda");
    await user.click(within(dialog()).getByRole("button", { name: "Delete book" }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onDone.mock.calls[0]?.[0]).toBe("Deleted 'Matilda'.");
    expect(inCache()).toBeNull();
  });

  it("closes on Escape and on Cancel without deleting", async () => {
    const { user, dialog, onClose, callsOf } = renderDialog(buildAdminBook());
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(callsOf("AdminBooksDelete")).toEqual([]);
  });
});
