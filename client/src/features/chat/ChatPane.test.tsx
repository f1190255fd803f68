import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RESTRICTED_NOTICE } from "../../lib/errors";
import { deferred, graphqlError, type Reply, type Resolver } from "../../test/apollo";
import { buildUser, storeSignedIn } from "../../test/factories";
import { renderRoutes } from "../../test/render";
import { ChatPane } from "./ChatPane";
import {
  type BuiltMessage,
  buildMessage,
  chatPage,
  createLiveTestClient,
  messageEvent,
  messageRange,
  partialEvent,
} from "./testFactories";

const BOOK_ID = "book-1";
const UID = "student-1";
const BOOK_CHAT = `${UID}_${BOOK_ID}`;
const BILBO_CHAT = `${UID}_${BOOK_ID}_char_Bilbo`;

const chatIdFor = (characterName: unknown) =>
  characterName ? `${BOOK_CHAT}_char_${String(characterName)}` : BOOK_CHAT;

function openChatReply(chatId: string, items: BuiltMessage[] = [], nextBefore: number | null = null): Reply {
  const characterName = chatId === BOOK_CHAT ? null : chatId.split("_char_")[1]!;
  return {
    data: {
      openChat: {
        __typename: "Chat",
        id: chatId,
        bookId: BOOK_ID,
        characterName,
        messages: chatPage(items, nextBefore),
      },
    },
  };
}

const accountReply = (uid: string, blocked: boolean): Reply => ({
  data: { me: { __typename: "User", uid, moderation: { __typename: "Moderation", blocked } } },
});

type Options = {
  resolvers?: Record<string, Resolver>;
  user?: ReturnType<typeof buildUser>;
  signedIn?: boolean;
  characters?: string[];
};

function renderPane({
  resolvers = {},
  user = buildUser({ uid: UID }),
  signedIn = true,
  characters = [],
}: Options = {}) {
  if (signedIn) {
    storeSignedIn(user);
  }
  const test = createLiveTestClient({
    Me: { data: { me: user } },
    ChatAccount: accountReply(user.uid, user.moderation.blocked),
    ChatBook: { data: { book: { __typename: "Book", id: BOOK_ID, characterList: characters } } },
    OpenChat: (variables) => openChatReply(chatIdFor(variables.characterName)),
    ...resolvers,
  });
  const rendered = renderRoutes([{ path: "/books/:bookId", element: <ChatPane bookId={BOOK_ID} /> }], {
    client: test.client,
    initialEntries: [`/books/${BOOK_ID}`],
  });
  const input = () => screen.getByRole("textbox") as HTMLTextAreaElement;
  const log = () => screen.getByRole("log");
  const sendButton = () => screen.getByRole("button", { name: /^Send/ }) as HTMLButtonElement;
  /** The chat has opened: its subscription is listening. */
  const opened = (chatId = BOOK_CHAT) =>
    waitFor(() => expect(test.openSubscriptions("ChatEvents").map((s) => s.variables.chatId)).toEqual([chatId]));
  return { ...test, ...rendered, input, log, sendButton, opened };
}

const exchange = (chatId: string, seq: number, question: string, answer: string) => ({
  data: {
    sendChatMessage: {
      __typename: "ChatExchange",
      userMessage: buildMessage({ seq, chatId, role: "user", content: question }),
      assistantMessage: buildMessage({ seq: seq + 1, chatId, role: "assistant", content: answer }),
    },
  },
});

/** The messages in the log as "label: content". */
function shownMessages(log: HTMLElement) {
  return within(log)
    .queryAllByRole("listitem")
    .map((item) => {
      const label = item.querySelector("p:first-child span")?.textContent ?? "";
      const content = item.querySelector("p:last-child")?.textContent ?? "";
      return `${label}: ${content}`;
    });
}

describe("ChatPane", () => {
  it("shows a spinner while the book chat opens, then the empty text, placeholder and privacy notice", async () => {
    const answer = deferred<Reply>();
    const { input, log, callsOf } = renderPane({ resolvers: { OpenChat: () => answer.promise } });
    expect(within(log()).getByRole("status").textContent).toBe("Loading chat…");
    expect(log().getAttribute("aria-busy")).toBe("true");
    answer.resolve(openChatReply(BOOK_CHAT));
    expect(await within(log()).findByText("Start a conversation about the book")).toBeTruthy();
    expect(input().placeholder).toBe("Ask a question about the book...");
    expect(screen.getByText("Your teacher can read your chats.")).toBeTruthy();
    expect(callsOf("OpenChat")[0]?.variables).toEqual({ bookId: BOOK_ID, characterName: null, limit: 30 });
    expect(screen.queryByRole("combobox", { name: "Talk to a Character" })).toBeNull();
  });

  it("shows the messages oldest first, labelled and timed, and follows the chat from the newest seq", async () => {
    const items = [
      buildMessage({ seq: 4, chatId: BOOK_CHAT, role: "user", content: "Who is Smaug?" }),
      buildMessage({ seq: 5, chatId: BOOK_CHAT, role: "assistant", content: "A dragon." }),
    ];
    const { log, opened, openSubscriptions } = renderPane({
      resolvers: { OpenChat: openChatReply(BOOK_CHAT, items, 4) },
    });
    await opened();
    expect(shownMessages(log())).toEqual(["You: Who is Smaug?", "Assistant: A dragon."]);
    const times = log().querySelectorAll("time");
    expect(times).toHaveLength(2);
    expect(times[0]?.getAttribute("dateTime")).toBe("2025-03-05T10:15:00.000Z");
    expect(times[0]?.textContent).not.toBe("");
    expect(openSubscriptions("ChatEvents")[0]?.variables).toEqual({ chatId: BOOK_CHAT, afterSeq: 5 });
  });

  it("follows an empty chat from seq -1, so a reconnect replays all of it", async () => {
    const { opened, openSubscriptions } = renderPane();
    await opened();
    expect(openSubscriptions("ChatEvents")[0]?.variables).toEqual({ chatId: BOOK_CHAT, afterSeq: -1 });
  });

  it("talks to a character, then switches back to the book chat and clears the character's messages", async () => {
    const bookMessages = [buildMessage({ seq: 0, chatId: BOOK_CHAT, role: "user", content: "About the book" })];
    const bilboMessages = [
      buildMessage({ seq: 0, chatId: BILBO_CHAT, role: "user", content: "Hello Bilbo" }),
      buildMessage({ seq: 1, chatId: BILBO_CHAT, role: "assistant", content: "Good morning!" }),
    ];
    const { user, input, log, opened, callsOf } = renderPane({
      characters: ["Bilbo", "Gandalf"],
      resolvers: {
        OpenChat: (variables) =>
          variables.characterName === "Bilbo"
            ? openChatReply(BILBO_CHAT, bilboMessages)
            : openChatReply(BOOK_CHAT, bookMessages),
      },
    });
    await opened();
    const select = (await screen.findByRole("combobox", { name: "Talk to a Character" })) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a character", "Bilbo", "Gandalf"]);
    expect(shownMessages(log())).toEqual(["You: About the book"]);

    await user.selectOptions(select, "Bilbo");
    expect(screen.getByText("Talking to: Bilbo")).toBeTruthy();
    await opened(BILBO_CHAT);
    expect(callsOf("OpenChat").at(-1)?.variables).toEqual({ bookId: BOOK_ID, characterName: "Bilbo", limit: 30 });
    expect(shownMessages(log())).toEqual(["You: Hello Bilbo", "Bilbo: Good morning!"]);
    expect(input().placeholder).toBe("Ask Bilbo...");

    await user.click(screen.getByRole("button", { name: "Switch to Book Chat" }));
    expect(screen.queryByText("Talking to: Bilbo")).toBeNull();
    expect(screen.queryByText("Hello Bilbo")).toBeNull();
    expect(select.value).toBe("");
    await opened(BOOK_CHAT);
    expect(shownMessages(log())).toEqual(["You: About the book"]);
    expect(input().placeholder).toBe("Ask a question about the book...");
  });

  it("says 'Start a conversation with {character}' for a character chat with no messages", async () => {
    const { user, opened } = renderPane({ characters: ["Gandalf"] });
    await opened();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Talk to a Character" }), "Gandalf");
    await opened(`${BOOK_CHAT}_char_Gandalf`);
    expect(screen.getByText("Start a conversation with Gandalf")).toBeTruthy();
    expect((screen.getByRole("textbox") as HTMLTextAreaElement).placeholder).toBe("Ask Gandalf...");
  });

  it("sends with Enter, trimmed, with the user id; Shift+Enter is a new line", async () => {
    const { user, input, opened, callsOf } = renderPane({
      resolvers: { SendChatMessage: exchange(BOOK_CHAT, 0, "Who is Bilbo?", "A hobbit.") },
    });
    await opened();
    await user.type(input(), "Who is{Shift>}{Enter}{/Shift}Bilbo?  ");
    expect(input().value).toBe("Who is\nBilbo?  ");
    expect(callsOf("SendChatMessage")).toHaveLength(0);
    await user.keyboard("{Enter}");
    expect(callsOf("SendChatMessage")[0]?.variables).toEqual({
      input: { chatId: BOOK_CHAT, message: "Who is\nBilbo?", userId: UID },
    });
    expect(input().value).toBe("");
    expect(await screen.findByText("A hobbit.")).toBeTruthy();
  });

  it("sends with the Send button, and a character chat names its character", async () => {
    const { user, input, opened, callsOf, sendButton } = renderPane({
      characters: ["Bilbo"],
      resolvers: { SendChatMessage: exchange(BILBO_CHAT, 0, "Hi", "Hello there!") },
    });
    await opened();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Talk to a Character" }), "Bilbo");
    await opened(BILBO_CHAT);
    await user.type(input(), "Hi");
    await user.click(sendButton());
    expect(callsOf("SendChatMessage")[0]?.variables).toEqual({
      input: { chatId: BILBO_CHAT, message: "Hi", userId: UID, characterName: "Bilbo" },
    });
    expect(await screen.findByText("Hello there!")).toBeTruthy();
  });

  it("does not send an empty or whitespace message", async () => {
    const { user, input, opened, callsOf, sendButton } = renderPane();
    await opened();
    await user.click(input());
    await user.keyboard("{Enter}");
    await user.type(input(), "   ");
    await user.keyboard("{Enter}");
    await user.click(sendButton());
    expect(callsOf("SendChatMessage")).toHaveLength(0);
  });

  it("shows a spinner while sending and the reply as it is written, each message once", async () => {
    const answer = deferred<Reply>();
    const { user, input, log, opened, push, sendButton } = renderPane({
      resolvers: { SendChatMessage: () => answer.promise },
    });
    await opened();
    await user.type(input(), "Tell me about Smaug{Enter}");
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().textContent).toBe("Sending…");
    expect(screen.getByText("Writing a reply…")).toBeTruthy();
    expect(log().getAttribute("aria-busy")).toBe("true");

    const question = buildMessage({ seq: 0, chatId: BOOK_CHAT, role: "user", content: "Tell me about Smaug" });
    await push("ChatEvents", messageEvent(question));
    await push("ChatEvents", partialEvent(BOOK_CHAT, 1, "Smaug is"));
    expect(shownMessages(log())).toEqual(["You: Tell me about Smaug", "Assistant: Smaug is"]);
    await push("ChatEvents", partialEvent(BOOK_CHAT, 1, "Smaug is a dragon"));
    expect(shownMessages(log())).toEqual(["You: Tell me about Smaug", "Assistant: Smaug is a dragon"]);
    expect(log().getAttribute("aria-busy")).toBe("true");

    const reply = buildMessage({ seq: 1, chatId: BOOK_CHAT, role: "assistant", content: "Smaug is a dragon." });
    await push("ChatEvents", messageEvent(reply));
    await push("ChatEvents", messageEvent(question));
    answer.resolve({
      data: { sendChatMessage: { __typename: "ChatExchange", userMessage: question, assistantMessage: reply } },
    });
    await waitFor(() => expect(sendButton().textContent).toBe("Send"));
    expect(shownMessages(log())).toEqual(["You: Tell me about Smaug", "Assistant: Smaug is a dragon."]);
    expect(log().getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the safeguarding notice instead of the input when the account is restricted, and comes back on unblock", async () => {
    const { user, input, opened, push } = renderPane({
      resolvers: {
        SendChatMessage: graphqlError("Account restricted due to repeated harmful content.", {
          code: "ACCOUNT_RESTRICTED",
        }),
      },
    });
    await opened();
    await user.type(input(), "something{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(RESTRICTED_NOTICE);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Send/ })).toBeNull();

    await push("AccountModeration", {
      accountUpdated: {
        __typename: "User",
        uid: UID,
        moderation: { __typename: "Moderation", blocked: false, strikeCount: 0 },
      },
    });
    expect(screen.getByRole("textbox")).toBeTruthy();
    expect(screen.queryByText(RESTRICTED_NOTICE)).toBeNull();
  });

  it("shows the safeguarding notice for a student who is already blocked", async () => {
    const blocked = buildUser({
      uid: UID,
      moderation: {
        __typename: "Moderation",
        strikeCount: 3,
        blocked: true,
        blockedAt: "2025-03-01T00:00:00.000Z",
        blockReason: "harmful content",
      },
    } as never);
    const { opened } = renderPane({ user: blocked });
    await opened();
    expect(screen.getByRole("alert").textContent).toBe(RESTRICTED_NOTICE);
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("trusts the server over an older session user that was unblocked since", async () => {
    const stale = buildUser({
      uid: UID,
      moderation: { __typename: "Moderation", strikeCount: 3, blocked: true, blockedAt: null, blockReason: null },
    } as never);
    const { opened } = renderPane({ user: stale, resolvers: { ChatAccount: accountReply(UID, false) } });
    await opened();
    expect(await screen.findByRole("textbox")).toBeTruthy();
    expect(screen.queryByText(RESTRICTED_NOTICE)).toBeNull();
  });

  it("shows the kind explanation for flagged text, clears the text and does not send it again on Enter", async () => {
    const explanation = "That message wasn't sent because it could hurt someone. Try saying it kindly.";
    const { user, input, opened, callsOf } = renderPane({
      resolvers: { SendChatMessage: graphqlError(explanation, { code: "CONTENT_FLAGGED" }) },
    });
    await opened();
    await user.type(input(), "you are stupid{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(explanation);
    expect(input().value).toBe("");
    // The input keeps the focus, and tells a screen reader why it is empty.
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute("aria-describedby")).toBe(alert.id);
    await user.keyboard("{Enter}");
    expect(callsOf("SendChatMessage")).toHaveLength(1);
    expect(screen.getByRole("alert").textContent).toBe(explanation);
  });

  it("keeps a new message typed while the flagged one was on its way", async () => {
    const answer = deferred<Reply>();
    const { user, input, opened } = renderPane({ resolvers: { SendChatMessage: () => answer.promise } });
    await opened();
    await user.type(input(), "you are stupid{Enter}");
    await user.type(input(), "sorry, who is Bilbo?");
    answer.resolve(graphqlError("That message wasn't sent.", { code: "CONTENT_FLAGGED" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That message wasn't sent.");
    expect(input().value).toBe("sorry, who is Bilbo?");
  });

  it("brings a failed send's notice and the input into view", async () => {
    const scrolled: { element: Element; options: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ element: this, options });
    };
    try {
      const { user, input, opened } = renderPane({
        resolvers: { SendChatMessage: graphqlError("That message wasn't sent.", { code: "CONTENT_FLAGGED" }) },
      });
      await opened();
      expect(scrolled).toEqual([]);
      await user.type(input(), "you are stupid{Enter}");
      const alert = await screen.findByRole("alert");
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]?.options).toEqual({ block: "nearest" });
      expect(scrolled[0]?.element.contains(alert)).toBe(true);
      expect(scrolled[0]?.element.contains(input())).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it("shows the daily limit message", async () => {
    const limit = "You've sent 100 messages today, which is the daily limit.";
    const { user, input, opened } = renderPane({
      resolvers: { SendChatMessage: graphqlError(limit, { code: "TOO_MANY_REQUESTS" }) },
    });
    await opened();
    await user.type(input(), "one more{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(limit);
    expect(input().value).toBe("one more");
  });

  it("shows the server's message for invalid input", async () => {
    const { user, input, opened } = renderPane({
      resolvers: {
        SendChatMessage: graphqlError("Messages can be at most 2000 characters", { code: "BAD_USER_INPUT" }),
      },
    });
    await opened();
    await user.type(input(), "long{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Messages can be at most 2000 characters");
    expect(input().value).toBe("long");
  });

  it("says 'Error sending message' when the AI is unavailable and puts the text back", async () => {
    const { user, input, opened } = renderPane({
      resolvers: { SendChatMessage: graphqlError("Error sending message", { code: "AI_UNAVAILABLE" }) },
    });
    await opened();
    await user.type(input(), "Why did he leave?{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Error sending message");
    expect(input().value).toBe("Why did he leave?");
  });

  it("does not overwrite a new message typed while the failed one was on its way", async () => {
    const answer = deferred<Reply>();
    const { user, input, opened } = renderPane({ resolvers: { SendChatMessage: () => answer.promise } });
    await opened();
    await user.type(input(), "first{Enter}");
    await user.type(input(), "second");
    answer.resolve(graphqlError("Error sending message", { code: "AI_UNAVAILABLE" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Error sending message");
    expect(input().value).toBe("second");
  });

  it("says 'Error sending message' for any other failure, hiding the server's words", async () => {
    const { user, input, opened } = renderPane({
      resolvers: { SendChatMessage: graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" }) },
    });
    await opened();
    await user.type(input(), "hello{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Error sending message");
    expect(input().value).toBe("hello");
  });

  it("puts the text back when the network fails", async () => {
    const { user, input, opened } = renderPane({ resolvers: { SendChatMessage: new TypeError("Failed to fetch") } });
    await opened();
    await user.type(input(), "Who is Gandalf?{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe("Error sending message");
    expect(input().value).toBe("Who is Gandalf?");
  });

  it("says 'Failed to start character chat' when a character chat does not open, and can retry", async () => {
    let fail = true;
    const { user, opened } = renderPane({
      characters: ["Bilbo"],
      resolvers: {
        OpenChat: (variables) =>
          variables.characterName && fail
            ? graphqlError("That character is not in this book", { code: "NOT_FOUND" })
            : openChatReply(chatIdFor(variables.characterName)),
      },
    });
    await opened();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Talk to a Character" }), "Bilbo");
    const alert = await screen.findByRole("alert");
    expect(alert.firstChild?.textContent).toBe("Failed to start character chat");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await opened(BILBO_CHAT);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'User ID is required to start a chat' without a signed-in user", async () => {
    const { callsOf } = renderPane({ signedIn: false });
    expect((await screen.findByRole("alert")).textContent).toBe("User ID is required to start a chat");
    expect(callsOf("OpenChat")).toHaveLength(0);
  });

  it("loads older messages when scrolled within 10px of the oldest, each page once", async () => {
    const olderPage = deferred<Reply>();
    const { log, opened, callsOf } = renderPane({
      resolvers: {
        OpenChat: openChatReply(BOOK_CHAT, messageRange(BOOK_CHAT, 30, 59), 30),
        ChatMessages: () => olderPage.promise,
      },
    });
    await opened();
    const pane = log();
    // column-reverse: scrollTop is 0 at the newest message and negative towards the oldest.
    const scrollTo = (scrollTop: number) => {
      Object.defineProperty(pane, "scrollHeight", { configurable: true, value: 2000 });
      Object.defineProperty(pane, "clientHeight", { configurable: true, value: 500 });
      pane.scrollTop = scrollTop;
      fireEvent.scroll(pane);
    };
    scrollTo(-1400); // 100px from the oldest
    expect(callsOf("ChatMessages")).toHaveLength(0);
    scrollTo(-1491); // 9px from the oldest
    expect(callsOf("ChatMessages")).toHaveLength(1);
    expect(callsOf("ChatMessages")[0]?.variables).toEqual({ chatId: BOOK_CHAT, before: 30, limit: 30 });
    expect(screen.getByText("Loading older messages…")).toBeTruthy();
    scrollTo(-1500);
    scrollTo(-1495);
    expect(callsOf("ChatMessages")).toHaveLength(1);

    olderPage.resolve({
      data: { chat: { __typename: "Chat", id: BOOK_CHAT, messages: chatPage(messageRange(BOOK_CHAT, 0, 29), null) } },
    });
    await waitFor(() => expect(screen.queryByText("Loading older messages…")).toBeNull());
    const items = within(pane).getAllByRole("listitem");
    expect(items).toHaveLength(60);
    expect(items[0]?.textContent).toContain("Message 0");
    scrollTo(-1500);
    expect(callsOf("ChatMessages")).toHaveLength(1);
  });

  it("keeps the newest message in view when the reader is near it, and leaves a reader of older ones alone", async () => {
    const { log, opened, push } = renderPane({
      resolvers: { OpenChat: openChatReply(BOOK_CHAT, messageRange(BOOK_CHAT, 0, 9)) },
    });
    await opened();
    const pane = log();
    pane.scrollTop = -300;
    fireEvent.scroll(pane);
    await push("ChatEvents", messageEvent(buildMessage({ seq: 10, chatId: BOOK_CHAT })));
    expect(pane.scrollTop).toBe(-300);
    pane.scrollTop = -20;
    fireEvent.scroll(pane);
    await push("ChatEvents", messageEvent(buildMessage({ seq: 11, chatId: BOOK_CHAT })));
    expect(pane.scrollTop).toBe(0);
  });

  it("loads the older page again for a chat shown again after a switch", async () => {
    const { user, log, opened, callsOf } = renderPane({
      characters: ["Bilbo"],
      resolvers: {
        OpenChat: (variables) =>
          variables.characterName
            ? openChatReply(BILBO_CHAT)
            : openChatReply(BOOK_CHAT, messageRange(BOOK_CHAT, 30, 59), 30),
        ChatMessages: {
          data: { chat: { __typename: "Chat", id: BOOK_CHAT, messages: chatPage(messageRange(BOOK_CHAT, 0, 29)) } },
        },
      },
    });
    const scrollToOldest = () => {
      const pane = log();
      Object.defineProperty(pane, "scrollHeight", { configurable: true, value: 2000 });
      Object.defineProperty(pane, "clientHeight", { configurable: true, value: 500 });
      pane.scrollTop = -1500;
      fireEvent.scroll(pane);
    };
    await opened();
    scrollToOldest();
    await waitFor(() => expect(within(log()).getAllByRole("listitem")).toHaveLength(60));
    await user.selectOptions(await screen.findByRole("combobox", { name: "Talk to a Character" }), "Bilbo");
    await opened(BILBO_CHAT);
    await user.click(screen.getByRole("button", { name: "Switch to Book Chat" }));
    await opened(BOOK_CHAT);
    await waitFor(() => expect(within(log()).getAllByRole("listitem")).toHaveLength(30));
    scrollToOldest();
    await waitFor(() => expect(within(log()).getAllByRole("listitem")).toHaveLength(60));
    expect(callsOf("ChatMessages")).toHaveLength(2);
  });

  it("loads a page again after it failed", async () => {
    let attempt = 0;
    const { log, opened, callsOf } = renderPane({
      resolvers: {
        OpenChat: openChatReply(BOOK_CHAT, messageRange(BOOK_CHAT, 30, 59), 30),
        ChatMessages: () => {
          attempt += 1;
          return attempt === 1
            ? new Error("offline")
            : {
                data: {
                  chat: { __typename: "Chat", id: BOOK_CHAT, messages: chatPage(messageRange(BOOK_CHAT, 0, 29)) },
                },
              };
        },
      },
    });
    await opened();
    const pane = log();
    Object.defineProperty(pane, "scrollHeight", { configurable: true, value: 2000 });
    Object.defineProperty(pane, "clientHeight", { configurable: true, value: 500 });
    pane.scrollTop = -1500;
    fireEvent.scroll(pane);
    await waitFor(() => expect(screen.queryByText("Loading older messages…")).toBeNull());
    fireEvent.scroll(pane);
    await waitFor(() => expect(within(pane).getAllByRole("listitem")).toHaveLength(60));
    expect(callsOf("ChatMessages")).toHaveLength(2);
  });
});
