import { describe, expect, it } from "vitest";
import {
  addMessages,
  addOlderPage,
  applyChatEvent,
  type ChatEvent,
  type ChatMessage,
  emptyFeed,
  feedFromPage,
  formatMessageTime,
  lastSeq,
  mergeMessages,
} from "./messages";
import { buildMessage, chatPage, messageEvent, messageRange, partialEvent } from "./testFactories";

const asMessages = (list: ReturnType<typeof buildMessage>[]) => list as unknown as ChatMessage[];
const asEvent = (data: { chatEvents: unknown }) => data.chatEvents as ChatEvent;
const seqs = (list: readonly ChatMessage[]) => list.map((m) => m.seq);

describe("mergeMessages", () => {
  it("orders by seq whatever order the messages came in", () => {
    const [m0, m1, m2, m3] = asMessages(messageRange("c", 0, 3));
    expect(seqs(mergeMessages([m2!, m3!], [m1!, m0!]))).toEqual([0, 1, 2, 3]);
  });

  it("keeps each seq once, and the copy it already had", () => {
    const first = asMessages([buildMessage({ seq: 4, chatId: "c", content: "first copy" })]);
    const replayed = asMessages([buildMessage({ seq: 4, chatId: "c", content: "replayed" })]);
    const merged = mergeMessages(first, replayed);
    expect(merged).toBe(first);
    expect(merged.map((m) => m.content)).toEqual(["first copy"]);
  });

  it("keeps each id once", () => {
    const message = asMessages([buildMessage({ seq: 1, chatId: "c" })])[0]!;
    expect(mergeMessages([], [message, message])).toHaveLength(1);
  });
});

describe("the feed", () => {
  it("starts from a page, oldest first, and remembers where the older page is", () => {
    const feed = feedFromPage(chatPage(messageRange("c", 10, 12), 10) as never);
    expect(seqs(feed.messages)).toEqual([10, 11, 12]);
    expect(feed.nextBefore).toBe(10);
    expect(lastSeq(feed)).toBe(12);
  });

  it("has no last seq when empty: a catch-up from -1 replays the whole chat", () => {
    expect(lastSeq(emptyFeed)).toBe(-1);
  });

  it("adds an older page before the loaded messages and moves the pointer back", () => {
    const feed = feedFromPage(chatPage(messageRange("c", 10, 12), 10) as never);
    const older = addOlderPage(feed, chatPage(messageRange("c", 7, 9), 7) as never);
    expect(seqs(older.messages)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(older.nextBefore).toBe(7);
    const oldest = addOlderPage(older, chatPage(messageRange("c", 0, 6), null) as never);
    expect(oldest.nextBefore).toBeNull();
    expect(oldest.messages).toHaveLength(13);
  });

  it("shows the reply as it grows, then the stored reply in its place", () => {
    let feed = feedFromPage(chatPage(messageRange("c", 0, 1)) as never);
    const question = buildMessage({ seq: 2, chatId: "c", role: "user", content: "Who is Bilbo?" });
    feed = applyChatEvent(feed, asEvent(messageEvent(question)));
    feed = applyChatEvent(feed, asEvent(partialEvent("c", 3, "Bilbo is")));
    expect(feed.partial).toEqual({ seq: 3, text: "Bilbo is" });
    feed = applyChatEvent(feed, asEvent(partialEvent("c", 3, "Bilbo is a hobbit")));
    expect(feed.partial).toEqual({ seq: 3, text: "Bilbo is a hobbit" });
    const reply = buildMessage({ seq: 3, chatId: "c", role: "assistant", content: "Bilbo is a hobbit." });
    feed = applyChatEvent(feed, asEvent(messageEvent(reply)));
    expect(feed.partial).toBeNull();
    expect(seqs(feed.messages)).toEqual([0, 1, 2, 3]);
    expect(feed.messages.at(-1)?.content).toBe("Bilbo is a hobbit.");
  });

  it("ignores a partial that arrives after its reply is stored", () => {
    const feed = feedFromPage(chatPage(messageRange("c", 0, 3)) as never);
    expect(applyChatEvent(feed, asEvent(partialEvent("c", 3, "late")))).toBe(feed);
  });

  it("ignores a partial of an earlier reply than the one being written", () => {
    const feed = { ...feedFromPage(chatPage(messageRange("c", 0, 4)) as never), partial: { seq: 5, text: "new" } };
    expect(applyChatEvent(feed, asEvent(partialEvent("c", 3, "old")))).toBe(feed);
  });

  it("never duplicates a message the subscription, its replay and the send answer all deliver", () => {
    let feed = feedFromPage(chatPage(messageRange("c", 0, 1)) as never);
    const question = buildMessage({ seq: 2, chatId: "c", role: "user" });
    const reply = buildMessage({ seq: 3, chatId: "c", role: "assistant" });
    feed = applyChatEvent(feed, asEvent(messageEvent(question)));
    feed = applyChatEvent(feed, asEvent(messageEvent(reply)));
    feed = applyChatEvent(feed, asEvent(messageEvent(question)));
    feed = addMessages(feed, asMessages([question, reply]));
    expect(seqs(feed.messages)).toEqual([0, 1, 2, 3]);
  });

  it("clears the partial when the send answer brings the reply (a missed final event)", () => {
    let feed = feedFromPage(chatPage(messageRange("c", 0, 2)) as never);
    feed = applyChatEvent(feed, asEvent(partialEvent("c", 3, "Half a rep")));
    feed = addMessages(feed, asMessages([buildMessage({ seq: 3, chatId: "c", role: "assistant" })]));
    expect(feed.partial).toBeNull();
  });
});

describe("formatMessageTime", () => {
  it("shows the time alone for today and the date with it for an earlier day", () => {
    const now = new Date(2025, 2, 5, 18, 0);
    expect(formatMessageTime(new Date(2025, 2, 5, 9, 7).toISOString(), now)).toBe("09:07");
    expect(formatMessageTime(new Date(2025, 2, 4, 14, 30).toISOString(), now)).toBe("4 Mar 2025, 14:30");
  });

  it("shows nothing for an unreadable time", () => {
    expect(formatMessageTime("not a date")).toBe("");
  });
});
