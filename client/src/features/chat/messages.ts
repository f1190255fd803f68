import type { ChatEventsSubscription, ChatMessageFieldsFragment, ChatPageFieldsFragment } from "../../gql/graphql";

// A chat's messages as the pane shows them, and how pages, live events and sent messages merge into
// them. A message's seq is its place in the chat: the list stays sorted by seq and holds each seq once,
// whichever way it arrived (first page, older page, the subscription, its catch-up replay after a
// reconnect, or the send mutation's answer).

export type ChatMessage = ChatMessageFieldsFragment;
export type ChatPage = ChatPageFieldsFragment;
export type ChatEvent = ChatEventsSubscription["chatEvents"];

/** The assistant's reply while it is written: the text so far, and the seq it will be stored with. */
export type PartialReply = { seq: number; text: string };

export type Feed = {
  messages: ChatMessage[];
  partial: PartialReply | null;
  /** Pass as `before` for the next older page; null when the oldest message is loaded. */
  nextBefore: number | null;
};

export const CHAT_PAGE_SIZE = 30;

export const emptyFeed: Feed = { messages: [], partial: null, nextBefore: null };

export function feedFromPage(page: ChatPage): Feed {
  return { messages: mergeMessages([], page.items), partial: null, nextBefore: page.nextBefore };
}

/** The messages of both lists, by seq, each seq once (a message never changes once stored). */
export function mergeMessages(current: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seqs = new Set(current.map((m) => m.seq));
  const ids = new Set(current.map((m) => m.id));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    if (seqs.has(message.seq) || ids.has(message.id)) {
      continue;
    }
    seqs.add(message.seq);
    ids.add(message.id);
    added.push(message);
  }
  if (added.length === 0) {
    return current;
  }
  return [...current, ...added].sort((a, b) => a.seq - b.seq);
}

/** The highest seq loaded, or -1 for none (so that a catch-up from it replays the whole chat). */
export function lastSeq(feed: Feed): number {
  return feed.messages.at(-1)?.seq ?? -1;
}

/** Stored messages arrive: merged in; a partial reply they complete (or overtake) goes. */
export function addMessages(feed: Feed, incoming: readonly ChatMessage[]): Feed {
  const messages = mergeMessages(feed.messages, incoming);
  const current = feed.partial;
  const partial = current && messages.some((m) => m.seq >= current.seq) ? null : current;
  return messages === feed.messages && partial === feed.partial ? feed : { ...feed, messages, partial };
}

/** An older page: its messages merged in, and the pointer to the page before it. */
export function addOlderPage(feed: Feed, page: ChatPage): Feed {
  return { ...addMessages(feed, page.items), nextBefore: page.nextBefore };
}

/** One live event: a stored message, or the reply so far (ignored once the reply or a later one is stored). */
export function applyChatEvent(feed: Feed, event: ChatEvent): Feed {
  if (event.kind === "message") {
    return event.message ? addMessages(feed, [event.message]) : feed;
  }
  if (event.text === null || feed.messages.some((m) => m.seq >= event.seq)) {
    return feed;
  }
  if (feed.partial && feed.partial.seq > event.seq) {
    return feed;
  }
  return { ...feed, partial: { seq: event.seq, text: event.text } };
}

const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "14:05" for today, "5 Mar 2025, 14:05" for an earlier day; "" for an unreadable time. */
export function formatMessageTime(value: string, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    return "";
  }
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dateTimeFormat.format(date);
}
