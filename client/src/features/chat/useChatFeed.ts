import { skipToken, useApolloClient, useSubscription } from "@apollo/client/react";
import { useCallback, useRef, useState } from "react";
import { ChatEventsDocument, ChatMessagesDocument } from "./graphql";
import {
  addMessages,
  addOlderPage,
  applyChatEvent,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatPage,
  emptyFeed,
  type Feed,
  feedFromPage,
  lastSeq,
} from "./messages";

/** A chat as a query or openChat returns it: its id and its newest page of messages. */
export type ChatWithPage = { id: string; messages: ChatPage };

type FeedState = {
  chatId: string | null;
  source: ChatWithPage | null;
  feed: Feed;
  /** Fixed when the chat is loaded: a reconnect replays everything after it (merged without duplicates). */
  afterSeq: number;
  loadingOlder: boolean;
  /** New each time the feed starts afresh: the pages asked for are remembered per session. */
  session: object;
};

function stateFor(chat: ChatWithPage | null): FeedState {
  const feed = chat ? feedFromPage(chat.messages) : emptyFeed;
  return { chatId: chat?.id ?? null, source: chat, feed, afterSeq: lastSeq(feed), loadingOlder: false, session: {} };
}

/**
 * One chat's messages, kept live: the loaded page, older pages on request (each page once), and the
 * chat's events (new messages, the reply as it is written). A different chat starts afresh.
 */
export function useChatFeed(chat: ChatWithPage | null) {
  const client = useApolloClient();
  const [state, setState] = useState(() => stateFor(chat));
  if (chat !== state.source) {
    // The same chat fetched again merges its newest page in; another chat replaces the feed.
    setState(
      chat && state.chatId === chat.id
        ? { ...state, source: chat, feed: addMessages(state.feed, chat.messages.items) }
        : stateFor(chat),
    );
  }

  const { chatId, afterSeq, loadingOlder, session } = state;
  const nextBefore = state.feed.nextBefore;

  useSubscription(
    ChatEventsDocument,
    chatId === null
      ? skipToken
      : {
          variables: { chatId, afterSeq },
          ignoreResults: true,
          onData: ({ data }) => {
            const event = data.data?.chatEvents;
            if (!event) {
              return;
            }
            setState((s) => {
              if (s.chatId !== event.chatId) {
                return s;
              }
              const feed = applyChatEvent(s.feed, event);
              return feed === s.feed ? s : { ...s, feed };
            });
          },
        },
  );

  // The pages asked for (their `before`) in this session of the feed: a page is never loaded twice,
  // even when scroll events come faster than renders. A chat shown again starts a new session.
  const requested = useRef(new WeakMap<object, Set<number>>());
  const loadOlder = useCallback(() => {
    if (chatId === null || nextBefore === null || loadingOlder) {
      return;
    }
    const asked = requested.current.get(session) ?? new Set<number>();
    requested.current.set(session, asked);
    if (asked.has(nextBefore)) {
      return;
    }
    const before = nextBefore;
    asked.add(before);
    setState((s) => (s.session === session ? { ...s, loadingOlder: true } : s));
    client
      .query({
        query: ChatMessagesDocument,
        variables: { chatId, before, limit: CHAT_PAGE_SIZE },
        fetchPolicy: "no-cache",
      })
      .then(({ data }) => {
        setState((s) =>
          s.session !== session
            ? s
            : { ...s, loadingOlder: false, feed: data ? addOlderPage(s.feed, data.chat.messages) : s.feed },
        );
      })
      .catch(() => {
        // Scrolling there again retries.
        asked.delete(before);
        setState((s) => (s.session === session ? { ...s, loadingOlder: false } : s));
      });
  }, [client, chatId, nextBefore, loadingOlder, session]);

  /** Messages known another way (the send mutation's answer), for the chat they belong to. */
  const addKnownMessages = useCallback((forChatId: string, messages: ChatMessage[]) => {
    setState((s) => {
      if (s.chatId !== forChatId) {
        return s;
      }
      const feed = addMessages(s.feed, messages);
      return feed === s.feed ? s : { ...s, feed };
    });
  }, []);

  return {
    feed: state.feed,
    hasOlder: nextBefore !== null,
    loadingOlder,
    loadOlder,
    addMessages: addKnownMessages,
  };
}
