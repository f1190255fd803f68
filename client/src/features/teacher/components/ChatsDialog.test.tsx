import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { buildMessage, chatPage } from "../../chat/testFactories";
import {
  activityEvent,
  buildTeacherChat,
  type BuiltTeacherChat,
  chatsReply,
  createTeacherTestClient,
} from "../testFactories";
import { ChatsDialog, type ChatsDialogTarget } from "./ChatsDialog";

const ADA = { id: "student-ada", displayName: "Ada Lovelace" };

function renderDialog(resolvers: Record<string, Resolver>, target: ChatsDialogTarget = { student: ADA }) {
  const me = buildUser({ role: "teacher", school: "Pimlico Academy" });
  storeSignedIn(me);
  const test = createTeacherTestClient({ Me: { data: { me } }, ...resolvers });
  const onClose = vi.fn();
  const rendered = renderRoutes(
    [
      { path: "/teacher/dashboard", element: <ChatsDialog target={target} onClose={onClose} /> },
      { path: "/books/:bookId", element: <Probe name="Book page" /> },
      { path: "/teacher/chats/:chatId", element: <Probe name="Chat page" /> },
    ],
    { client: test.client, initialEntries: ["/teacher/dashboard"] },
  );
  const dialog = () => screen.getByRole("dialog", { name: "Ada Lovelace's chats" });
  const chatsCalls = () => test.callsOf("TeacherChats").map((call) => call.variables);
  /** The chats listed, as "book title: message count". */
  const shownChats = () =>
    within(dialog())
      .queryAllByRole("listitem")
      .map((item) => {
        const [title, meta] = item.querySelectorAll("p");
        return `${title?.textContent}: ${/(\d+) messages?/.exec(meta?.textContent ?? "")?.[1]}`;
      });
  const button = (name: string) => within(dialog()).queryByRole("button", { name });
  return { ...test, ...rendered, onClose, dialog, chatsCalls, shownChats, button };
}

/** Ada's chats, newest first, each a minute older than the last (ids and titles numbered from `from`). */
function adaChats(from: number, count: number): BuiltTeacherChat[] {
  return Array.from({ length: count }, (_, i) =>
    buildTeacherChat({
      id: `chat-${from + i}`,
      userId: ADA.id,
      studentDisplayName: ADA.displayName,
      bookTitle: `Book ${from + i}`,
      messageCount: 2,
      lastUpdated: new Date(Date.UTC(2025, 2, 5, 12, 0) - (from + i) * 60_000).toISOString(),
    }),
  );
}

function teacherChatReply(chatId: string, items: ReturnType<typeof buildMessage>[]): Reply {
  return {
    data: {
      chat: {
        __typename: "Chat",
        id: chatId,
        bookId: "book-hobbit",
        bookTitle: "The Hobbit",
        characterName: null,
        studentDisplayName: ADA.displayName,
        messages: chatPage(items),
      },
    },
  };
}

describe("ChatsDialog", () => {
  it("opens as a dialog (open attribute where showModal is missing) and asks for the first 10 of the student's chats", async () => {
    const answer = deferred<Reply>();
    const { dialog, chatsCalls } = renderDialog({ TeacherChats: () => answer.promise });
    expect(dialog().hasAttribute("open")).toBe(true);
    expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Ada Lovelace's chats");
    expect(within(dialog()).getByText("Loading chats…")).toBeTruthy();
    expect(chatsCalls()).toEqual([{ userId: ADA.id, limit: 10 }]);
    answer.resolve(chatsReply([]));
    expect(await within(dialog()).findByText("No chats yet")).toBeTruthy();
  });

  it("lists each chat with the student, book, message count and last updated, and 'View Book' links to the book", async () => {
    const hobbit = buildTeacherChat({
      userId: ADA.id,
      studentDisplayName: ADA.displayName,
      bookId: "book-hobbit",
      bookTitle: "The Hobbit",
      messageCount: 1,
      lastUpdated: "2025-03-05T12:00:00.000Z",
    });
    const matilda = buildTeacherChat({
      userId: ADA.id,
      studentDisplayName: ADA.displayName,
      bookTitle: "Matilda",
      characterName: "Miss Honey",
      messageCount: 7,
      lastUpdated: "2025-03-01T12:00:00.000Z",
    });
    const { dialog, shownChats, user, router } = renderDialog({ TeacherChats: chatsReply([matilda, hobbit]) });
    expect(await within(dialog()).findByText("The Hobbit")).toBeTruthy();
    // Newest activity first, whatever order the page came in.
    expect(shownChats()).toEqual(["The Hobbit: 1", "Matilda · with Miss Honey: 7"]);
    const [first, second] = within(dialog()).getAllByRole("listitem");
    expect(within(first!).getByText(/^Ada Lovelace · 1 message ·/)).toBeTruthy();
    expect(within(second!).getByText(/^Ada Lovelace · 7 messages ·/)).toBeTruthy();
    const updated = first!.querySelector("time");
    expect(updated?.getAttribute("dateTime")).toBe("2025-03-05T12:00:00.000Z");
    expect(updated?.textContent).toMatch(/2025/);
    expect(within(first!).getByRole("button", { name: /^View Chat/ })).toBeTruthy();
    // No more pages: neither 'Load More' nor 'Show All'.
    expect(within(dialog()).queryByRole("button", { name: "Load More" })).toBeNull();
    expect(within(dialog()).queryByRole("button", { name: "Show All" })).toBeNull();

    const link = within(first!).getByRole("link", { name: /^View Book/ });
    expect(link.getAttribute("href")).toBe("/books/book-hobbit");
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/books/book-hobbit"));
  });

  it("shows each chat's summary under it, whole in its title and as the description of 'View Chat'", async () => {
    const summary = "Asked why Toad went to prison and what 'wayfarer' means; confused about who Badger is";
    const [toad, empty] = adaChats(1, 2);
    const { dialog, user } = renderDialog({
      TeacherChats: chatsReply([
        { ...toad!, summary },
        { ...empty!, messageCount: 0, summary: null },
      ]),
    });
    await within(dialog()).findByText("Book 1");
    const [first, second] = within(dialog()).getAllByRole("listitem");
    const line = within(first!).getByText(summary);
    expect(line.getAttribute("title")).toBe(summary);
    const view = within(first!).getByRole("button", { name: /^View Chat/ });
    expect(view.getAttribute("aria-describedby")).toBe(line.id);
    expect(document.getElementById(line.id)?.textContent).toBe(`Summary: ${summary}`);
    // No summary: no empty line, and 'View Chat' is described by nothing.
    expect(second!.querySelectorAll("p")).toHaveLength(2);
    expect(
      within(second!)
        .getByRole("button", { name: /^View Chat/ })
        .hasAttribute("aria-describedby"),
    ).toBe(false);
    // The transcript is still one click away.
    await user.click(view);
    expect(await within(dialog()).findByRole("button", { name: "← Back to chats" })).toBeTruthy();
  });

  it("keeps a chat's summary when a live event brings none, and shows a newer one", async () => {
    const [hobbit] = adaChats(1, 1);
    const { dialog, push, openSubscriptions } = renderDialog({
      TeacherChats: chatsReply([{ ...hobbit!, summary: "Asked who Bilbo is" }]),
    });
    await within(dialog()).findByText("Asked who Bilbo is");
    await waitFor(() => expect(openSubscriptions("SchoolActivity")).toHaveLength(1));
    await push(
      "SchoolActivity",
      activityEvent(
        { ...hobbit!, messageCount: 4, lastUpdated: "2025-03-06T09:00:00.000Z", summary: null },
        {
          chats: 1,
          messages: 4,
        },
      ),
    );
    await within(dialog()).findByText(/4 messages/);
    expect(within(dialog()).getByText("Asked who Bilbo is")).toBeTruthy();
    await push(
      "SchoolActivity",
      activityEvent(
        {
          ...hobbit!,
          messageCount: 6,
          lastUpdated: "2025-03-06T09:05:00.000Z",
          summary: "Asked who Bilbo and Gandalf are",
        },
        { chats: 1, messages: 6 },
      ),
    );
    expect(await within(dialog()).findByText("Asked who Bilbo and Gandalf are")).toBeTruthy();
    expect(within(dialog()).queryByText("Asked who Bilbo is")).toBeNull();
  });

  it("loads the next 10 with 'Load More', from the cursor, until there are no more", async () => {
    const { dialog, shownChats, chatsCalls, user, button } = renderDialog({
      TeacherChats: (variables) => {
        switch (variables.cursor) {
          case undefined:
            return chatsReply(adaChats(1, 10), "cursor-10");
          case "cursor-10":
            return chatsReply(adaChats(11, 10), "cursor-20");
          default:
            return chatsReply(adaChats(21, 3), null);
        }
      },
    });
    await within(dialog()).findByText("Book 1");
    expect(shownChats()).toHaveLength(10);

    await user.click(button("Load More")!);
    await waitFor(() => expect(shownChats()).toHaveLength(20));
    expect(chatsCalls()).toEqual([
      { userId: ADA.id, limit: 10 },
      { userId: ADA.id, limit: 10, cursor: "cursor-10" },
    ]);

    await user.click(button("Load More")!);
    await waitFor(() => expect(shownChats()).toHaveLength(23));
    expect(chatsCalls().at(-1)).toEqual({ userId: ADA.id, limit: 10, cursor: "cursor-20" });
    expect(shownChats()).toEqual(adaChats(1, 23).map((chat) => `${chat.bookTitle}: 2`));
    expect(button("Load More")).toBeNull();
    expect(button("Show All")).toBeNull();
  });

  it("disables 'Load More' and 'Show All' while a page loads, so a page is asked for once", async () => {
    const next = deferred<Reply>();
    const { dialog, chatsCalls, user, button } = renderDialog({
      TeacherChats: (variables) =>
        variables.cursor === undefined ? chatsReply(adaChats(1, 10), "cursor-10") : next.promise,
    });
    await within(dialog()).findByText("Book 1");
    await user.click(button("Load More")!);
    expect(within(dialog()).getByText("Loading more chats…")).toBeTruthy();
    expect((button("Load More") as HTMLButtonElement).disabled).toBe(true);
    expect((button("Show All") as HTMLButtonElement).disabled).toBe(true);
    next.resolve(chatsReply(adaChats(11, 1), null));
    await waitFor(() => expect(within(dialog()).queryByText("Loading more chats…")).toBeNull());
    expect(chatsCalls()).toHaveLength(2);
  });

  it("pages through the rest 20 at a time with 'Show All' until the last page, each chat once", async () => {
    const { dialog, shownChats, chatsCalls, user, button } = renderDialog({
      TeacherChats: (variables) => {
        switch (variables.cursor) {
          case undefined:
            return chatsReply(adaChats(1, 10), "after-10");
          case "after-10":
            // The page overlaps the first (a chat moved while paging): chat-10 comes again, with more messages.
            return chatsReply([{ ...adaChats(10, 1)[0]!, messageCount: 5 }, ...adaChats(11, 19)], "after-29");
          case "after-29":
            return chatsReply(adaChats(30, 20), "after-49");
          default:
            return chatsReply(adaChats(50, 4), null);
        }
      },
    });
    await within(dialog()).findByText("Book 1");
    await user.click(button("Show All")!);
    await waitFor(() => expect(shownChats()).toHaveLength(53));
    expect(chatsCalls()).toEqual([
      { userId: ADA.id, limit: 10 },
      { userId: ADA.id, limit: 20, cursor: "after-10" },
      { userId: ADA.id, limit: 20, cursor: "after-29" },
      { userId: ADA.id, limit: 20, cursor: "after-49" },
    ]);
    const expected = adaChats(1, 53).map((chat) => `${chat.bookTitle}: ${chat.id === "chat-10" ? 5 : 2}`);
    expect(shownChats()).toEqual(expected);
    expect(button("Load More")).toBeNull();
    expect(button("Show All")).toBeNull();
  });

  it("stops 'Show All' after 20 pages, showing its progress, and leaves 'Load More' for the rest", async () => {
    const firstOfShowAll = deferred<void>();
    let page = 0;
    const { dialog, shownChats, chatsCalls, user, button } = renderDialog({
      TeacherChats: (variables) => {
        if (variables.cursor === undefined) {
          return chatsReply(adaChats(1, 10), "page-1");
        }
        page += 1;
        const reply = chatsReply(adaChats(10 + page, 1), `page-${page + 1}`);
        // Hold the first page open to see the progress.
        return page === 1 ? firstOfShowAll.promise.then(() => reply) : reply;
      },
    });
    await within(dialog()).findByText("Book 1");
    await user.click(button("Show All")!);
    expect(within(dialog()).getByText("Loading all chats… page 1 of at most 20")).toBeTruthy();
    firstOfShowAll.resolve();
    await waitFor(() => expect(shownChats()).toHaveLength(30));
    await waitFor(() => expect(within(dialog()).queryByText(/^Loading all chats/)).toBeNull());
    const cursors = chatsCalls()
      .slice(1)
      .map((call) => call.cursor);
    expect(cursors).toEqual(Array.from({ length: 20 }, (_, i) => `page-${i + 1}`));
    expect(
      chatsCalls()
        .slice(1)
        .every((call) => call.limit === 20),
    ).toBe(true);
    // There is still a next page: 'Load More' goes on from it.
    await user.click(button("Load More")!);
    await waitFor(() => expect(shownChats()).toHaveLength(31));
    expect(chatsCalls().at(-1)).toEqual({ userId: ADA.id, limit: 10, cursor: "page-21" });
  });

  describe("the chat viewer", () => {
    it("shows the chat's messages as 'You' and 'Assistant' with their times, and goes back to the list", async () => {
      const chat = buildTeacherChat({
        id: "chat-hobbit",
        userId: ADA.id,
        bookId: "book-hobbit",
        bookTitle: "The Hobbit",
      });
      const { dialog, user, callsOf, router } = renderDialog({
        TeacherChats: chatsReply([chat]),
        TeacherChat: teacherChatReply("chat-hobbit", [
          buildMessage({ seq: 0, chatId: "chat-hobbit", role: "user", content: "Why is Bilbo brave?" }),
          buildMessage({
            seq: 1,
            chatId: "chat-hobbit",
            role: "assistant",
            content: "He grows braver.",
            timestamp: "2025-03-05T10:16:00.000Z",
          }),
        ]),
      });
      await user.click(await within(dialog()).findByRole("button", { name: /^View Chat/ }));
      const log = await within(dialog()).findByRole("log", { name: "Ada Lovelace's chat about The Hobbit" });
      expect(callsOf("TeacherChat").map((call) => call.variables)).toEqual([{ chatId: "chat-hobbit", limit: 30 }]);
      const messages = within(log)
        .getAllByRole("listitem")
        .map((item) => [item.querySelector("span")?.textContent, item.querySelector("p:last-child")?.textContent]);
      expect(messages).toEqual([
        ["You", "Why is Bilbo brave?"],
        ["Assistant", "He grows braver."],
      ]);
      const times = [...log.querySelectorAll("time")];
      expect(times.map((time) => time.getAttribute("dateTime"))).toEqual([
        "2025-03-05T10:15:00.000Z",
        "2025-03-05T10:16:00.000Z",
      ]);
      expect(times.every((time) => time.textContent !== "")).toBe(true);
      expect(within(dialog()).getByRole("link", { name: "View Book" }).getAttribute("href")).toBe("/books/book-hobbit");
      expect(within(dialog()).getByRole("link", { name: "Open full page" }).getAttribute("href")).toBe(
        "/teacher/chats/chat-hobbit",
      );

      await user.click(within(dialog()).getByRole("button", { name: "← Back to chats" }));
      expect(within(dialog()).getByRole("list", { name: "Chats" })).toBeTruthy();
      expect(within(dialog()).queryByRole("log")).toBeNull();
      expect(router.state.location.pathname).toBe("/teacher/dashboard");
    });

    it("opens straight at the chat it was given", async () => {
      const { dialog, callsOf } = renderDialog(
        {
          TeacherChats: chatsReply([]),
          TeacherChat: teacherChatReply("chat-flagged", [
            buildMessage({ seq: 0, chatId: "chat-flagged", role: "user", content: "Flagged words" }),
          ]),
        },
        { student: ADA, chatId: "chat-flagged" },
      );
      expect(await within(dialog()).findByText("Flagged words")).toBeTruthy();
      expect(callsOf("TeacherChat").map((call) => call.variables)).toEqual([{ chatId: "chat-flagged", limit: 30 }]);
    });

    it("says 'Failed to load chat' with 'Try Again'", async () => {
      let calls = 0;
      const { dialog, user } = renderDialog(
        {
          TeacherChats: chatsReply([]),
          TeacherChat: () => {
            calls += 1;
            return calls === 1
              ? graphqlError("Chat not found", { code: "NOT_FOUND" })
              : teacherChatReply("chat-gone", [buildMessage({ seq: 0, chatId: "chat-gone", content: "Back again" })]);
          },
        },
        { student: ADA, chatId: "chat-gone" },
      );
      expect((await within(dialog()).findByRole("alert")).textContent).toBe("Failed to load chat");
      expect(within(dialog()).queryByText("Chat not found")).toBeNull();
      await user.click(within(dialog()).getByRole("button", { name: "Try Again" }));
      expect(await within(dialog()).findByText("Back again")).toBeTruthy();
    });
  });

  describe("errors", () => {
    it("says 'Failed to load chats' with 'Try Again', which asks for the first page again", async () => {
      let calls = 0;
      const { dialog, chatsCalls, shownChats, user } = renderDialog({
        TeacherChats: () => {
          calls += 1;
          return calls === 1 ? new TypeError("Failed to fetch") : chatsReply(adaChats(1, 2));
        },
      });
      expect((await within(dialog()).findByRole("alert")).textContent).toBe("Failed to load chats");
      expect(within(dialog()).queryByText("No chats yet")).toBeNull();
      await user.click(within(dialog()).getByRole("button", { name: "Try Again" }));
      await waitFor(() => expect(shownChats()).toEqual(["Book 1: 2", "Book 2: 2"]));
      expect(within(dialog()).queryByRole("alert")).toBeNull();
      expect(chatsCalls()).toEqual([
        { userId: ADA.id, limit: 10 },
        { userId: ADA.id, limit: 10 },
      ]);
    });

    it("keeps the chats it has when 'Load More' fails, and 'Try Again' asks for that page again", async () => {
      let failed = false;
      const { dialog, chatsCalls, shownChats, user, button } = renderDialog({
        TeacherChats: (variables) => {
          if (variables.cursor === undefined) {
            return chatsReply(adaChats(1, 10), "cursor-10");
          }
          if (!failed) {
            failed = true;
            return graphqlError("Database unavailable", { code: "INTERNAL_SERVER_ERROR" });
          }
          return chatsReply(adaChats(11, 1), null);
        },
      });
      await within(dialog()).findByText("Book 1");
      await user.click(button("Load More")!);
      expect((await within(dialog()).findByRole("alert")).textContent).toBe("Failed to load chats");
      expect(shownChats()).toHaveLength(10);
      expect(button("Load More")).toBeNull();
      await user.click(button("Try Again")!);
      await waitFor(() => expect(shownChats()).toHaveLength(11));
      expect(chatsCalls().slice(1)).toEqual([
        { userId: ADA.id, limit: 10, cursor: "cursor-10" },
        { userId: ADA.id, limit: 10, cursor: "cursor-10" },
      ]);
    });
  });

  it("follows the student's chats live: a message updates its count and a new chat joins the top", async () => {
    const [hobbit, matilda] = adaChats(1, 2);
    const { dialog, shownChats, push, openSubscriptions } = renderDialog({
      TeacherChats: chatsReply([hobbit!, matilda!]),
    });
    await within(dialog()).findByText("Book 1");
    await waitFor(() => expect(openSubscriptions("SchoolActivity")).toHaveLength(1));
    expect(shownChats()).toEqual(["Book 1: 2", "Book 2: 2"]);

    await push(
      "SchoolActivity",
      activityEvent(
        { ...matilda!, messageCount: 4, lastUpdated: "2025-03-06T09:00:00.000Z" },
        { chats: 2, messages: 6 },
      ),
    );
    expect(shownChats()).toEqual(["Book 2: 4", "Book 1: 2"]);

    // Another student's activity is not this student's.
    await push(
      "SchoolActivity",
      activityEvent(
        buildTeacherChat({ userId: "student-ben", bookTitle: "Holes", lastUpdated: "2025-03-07T09:00:00.000Z" }),
        {
          chats: 1,
          messages: 1,
        },
      ),
    );
    expect(shownChats()).toEqual(["Book 2: 4", "Book 1: 2"]);

    await push(
      "SchoolActivity",
      activityEvent(
        buildTeacherChat({
          userId: ADA.id,
          studentDisplayName: ADA.displayName,
          bookTitle: "Wonder",
          messageCount: 1,
          lastUpdated: "2025-03-08T09:00:00.000Z",
        }),
        { chats: 3, messages: 7 },
      ),
    );
    expect(shownChats()).toEqual(["Wonder: 1", "Book 2: 4", "Book 1: 2"]);
    expect(within(dialog()).queryByText("Holes")).toBeNull();
  });

  it("ignores a live event older than the chat it has", async () => {
    const [hobbit] = adaChats(1, 1);
    const { dialog, shownChats, push, openSubscriptions } = renderDialog({
      TeacherChats: chatsReply([{ ...hobbit!, messageCount: 6 }]),
    });
    await within(dialog()).findByText("Book 1");
    await waitFor(() => expect(openSubscriptions("SchoolActivity")).toHaveLength(1));
    await push(
      "SchoolActivity",
      activityEvent(
        { ...hobbit!, messageCount: 3, lastUpdated: "2025-01-01T00:00:00.000Z" },
        { chats: 1, messages: 3 },
      ),
    );
    expect(shownChats()).toEqual(["Book 1: 6"]);
  });

  it("calls onClose from 'Close'", async () => {
    const { dialog, onClose, user } = renderDialog({ TeacherChats: chatsReply([]) });
    await within(dialog()).findByText("No chats yet");
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog()).getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
