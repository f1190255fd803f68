import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import {
  buildMessage,
  type BuiltMessage,
  chatPage,
  createLiveTestClient,
  messageEvent,
  partialEvent,
} from "../../chat/testFactories";
import TeacherChatPage from "./TeacherChatPage";

const CHAT_ID = "student-7_book-3";

const routes = [
  {
    path: "/teacher/chats/:chatId",
    element: (
      <RequireAuth role="teacher">
        <TeacherChatPage />
      </RequireAuth>
    ),
  },
  { path: "/teacher/dashboard", element: <Probe name="Teacher dashboard" /> },
  { path: "/dashboard", element: <Probe name="Student dashboard" /> },
  { path: "/books/:bookId", element: <Probe name="Book page" /> },
];

function chatReply(items: BuiltMessage[], overrides: Record<string, unknown> = {}): Reply {
  return {
    data: {
      chat: {
        __typename: "Chat",
        id: CHAT_ID,
        bookId: "book-3",
        bookTitle: "The Hobbit",
        characterName: null,
        studentDisplayName: "Priya Shah",
        messages: chatPage(items),
        ...overrides,
      },
    },
  };
}

function renderViewer(resolvers: Record<string, Resolver>, role: "teacher" | "admin" | "student" = "teacher") {
  const me = buildUser({ role, school: "Pimlico Academy" });
  storeSignedIn(me);
  const test = createLiveTestClient({ Me: { data: { me } }, ...resolvers });
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [`/teacher/chats/${CHAT_ID}`] });
  return { ...test, ...rendered };
}

const labelsAndContents = (log: HTMLElement) =>
  within(log)
    .queryAllByRole("listitem")
    .map((item) => `${item.querySelector("span")?.textContent}: ${item.querySelector("p:last-child")?.textContent}`);

describe("TeacherChatPage", () => {
  it("shows a spinner, then the student, the book with a 'View Book' link, and the messages with names and times", async () => {
    const answer = deferred<Reply>();
    const { callsOf, user, router } = renderViewer({ TeacherChat: () => answer.promise });
    expect(screen.getByRole("status").textContent).toBe("Loading chat…");
    answer.resolve(
      chatReply([
        buildMessage({ seq: 0, chatId: CHAT_ID, role: "user", content: "Why is Bilbo brave?" }),
        buildMessage({ seq: 1, chatId: CHAT_ID, role: "assistant", content: "He grows braver." }),
      ]),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Priya Shah" })).toBeTruthy();
    expect(screen.getByText("The Hobbit")).toBeTruthy();
    expect(callsOf("TeacherChat")[0]?.variables).toEqual({ chatId: CHAT_ID, limit: 30 });
    const log = screen.getByRole("log");
    expect(labelsAndContents(log)).toEqual(["Priya Shah: Why is Bilbo brave?", "Assistant: He grows braver."]);
    expect(log.querySelectorAll("time")).toHaveLength(2);
    expect(screen.queryByRole("textbox")).toBeNull();
    await user.click(screen.getByRole("link", { name: "View Book" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/books/book-3"));
  });

  it("names the character of a character chat", async () => {
    renderViewer({
      TeacherChat: chatReply([buildMessage({ seq: 1, chatId: CHAT_ID, role: "assistant", content: "Hello!" })], {
        characterName: "Gandalf",
      }),
    });
    expect(await screen.findByText("Talking to: Gandalf")).toBeTruthy();
    expect(labelsAndContents(screen.getByRole("log"))).toEqual(["Gandalf: Hello!"]);
  });

  it("follows the chat live: the student's message, the reply as it is written, then the stored reply", async () => {
    const { push, openSubscriptions } = renderViewer({
      TeacherChat: chatReply([buildMessage({ seq: 0, chatId: CHAT_ID, role: "user", content: "Hi" })]),
    });
    await waitFor(() =>
      expect(openSubscriptions("ChatEvents").map((s) => s.variables)).toEqual([{ chatId: CHAT_ID, afterSeq: 0 }]),
    );
    const log = screen.getByRole("log");
    await push(
      "ChatEvents",
      messageEvent(buildMessage({ seq: 1, chatId: CHAT_ID, role: "assistant", content: "Hello" })),
    );
    await push(
      "ChatEvents",
      messageEvent(buildMessage({ seq: 2, chatId: CHAT_ID, role: "user", content: "Who is Smaug?" })),
    );
    await push("ChatEvents", partialEvent(CHAT_ID, 3, "A dra"));
    expect(labelsAndContents(log).at(-1)).toBe("Assistant: A dra");
    expect(log.getAttribute("aria-busy")).toBe("true");
    await push(
      "ChatEvents",
      messageEvent(buildMessage({ seq: 3, chatId: CHAT_ID, role: "assistant", content: "A dragon." })),
    );
    expect(labelsAndContents(log)).toEqual([
      "Priya Shah: Hi",
      "Assistant: Hello",
      "Priya Shah: Who is Smaug?",
      "Assistant: A dragon.",
    ]);
    expect(log.getAttribute("aria-busy")).toBe("false");
  });

  it("says 'No messages yet' for an empty chat", async () => {
    renderViewer({ TeacherChat: chatReply([]) });
    expect(await screen.findByText("No messages yet")).toBeTruthy();
  });

  it("says 'Failed to load chat' with a way back", async () => {
    renderViewer({ TeacherChat: graphqlError("Chat not found", { code: "NOT_FOUND" }) });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load chat");
    expect(screen.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/teacher/dashboard");
  });

  it("is open to an admin", async () => {
    renderViewer({ TeacherChat: chatReply([]) }, "admin");
    expect(await screen.findByRole("heading", { level: 1, name: "Priya Shah" })).toBeTruthy();
  });

  it("sends a student to their dashboard", async () => {
    const { callsOf } = renderViewer({ TeacherChat: chatReply([]) }, "student");
    expect(await screen.findByRole("heading", { name: "Student dashboard" })).toBeTruthy();
    expect(callsOf("TeacherChat")).toHaveLength(0);
  });
});
