import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useMutation } from "@apollo/client/react";
import { useCallback, useEffect, useState } from "react";
import type { OpenChatMutation } from "../../gql/graphql";
import { isAccountRestricted } from "../../lib/errors";
import { useAuth } from "../auth/AuthProvider";
import { bookLoadErrorMessage } from "../books/components/bookErrors";
import { OpenChatDocument, SendChatMessageDocument } from "./graphql";
import { CHAT_PAGE_SIZE } from "./messages";
import { useAccountBlocked } from "./useAccountBlocked";
import { useChatFeed } from "./useChatFeed";

export const SEND_ERROR = "Error sending message";
export const CHARACTER_CHAT_ERROR = "Failed to start character chat";
export const NO_USER_ERROR = "User ID is required to start a chat";

export type OpenedChat = OpenChatMutation["openChat"];

export type SendFailure = { message: string; restricted: boolean; flagged: boolean };

/**
 * What a refused message means for the student (spec section 8): a restricted account gets the
 * safeguarding notice; flagged text, the daily limit and invalid input get the server's own (kind)
 * words; anything else, including the AI being unavailable, 'Error sending message'.
 */
export function sendFailure(error: unknown): SendFailure {
  if (isAccountRestricted(error)) {
    return { message: "", restricted: true, flagged: false };
  }
  const first = CombinedGraphQLErrors.is(error) ? error.errors[0] : undefined;
  switch (first?.extensions?.code) {
    case "CONTENT_FLAGGED":
      return { message: first.message || SEND_ERROR, restricted: false, flagged: true };
    case "TOO_MANY_REQUESTS":
    case "BAD_USER_INPUT":
      return { message: first.message || SEND_ERROR, restricted: false, flagged: false };
    default:
      return { message: SEND_ERROR, restricted: false, flagged: false };
  }
}

function openFailure(error: unknown, characterName: string | null): string {
  return characterName ? CHARACTER_CHAT_ERROR : bookLoadErrorMessage(error);
}

type Opened = { key: string; chat: OpenedChat | null; error: string | null };
type SendState = { chatId: string; sending: boolean; error: string | null };

/**
 * The student's chat about a book, or with one of its characters: opens (creates or reuses) it, keeps
 * its messages live, and sends. Choosing another mode shows that chat instead (the previous one's
 * messages leave the pane; they stay stored).
 */
/** The reader's page a question is asked from ('Ask about this page'). */
export type ChatPage = { chapter: number; paragraph: number; lastParagraph: number };

export function useChat({
  bookId,
  characterName,
  page = null,
}: {
  bookId: string;
  characterName: string | null;
  page?: ChatPage | null;
}) {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const { blocked, markBlocked } = useAccountBlocked(user);

  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify([uid, bookId, characterName, attempt]);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [openChat] = useMutation(OpenChatDocument);
  useEffect(() => {
    if (uid === null) {
      return;
    }
    let active = true;
    openChat({ variables: { bookId, characterName, limit: CHAT_PAGE_SIZE } }).then(
      ({ data }) => {
        if (active) {
          setOpened(
            data
              ? { key, chat: data.openChat, error: null }
              : { key, chat: null, error: openFailure(null, characterName) },
          );
        }
      },
      (error: unknown) => {
        if (active) {
          setOpened({ key, chat: null, error: openFailure(error, characterName) });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [openChat, key, uid, bookId, characterName]);

  const current = opened?.key === key ? opened : null;
  const chat = current?.chat ?? null;
  const { feed, hasOlder, loadingOlder, loadOlder, addMessages } = useChatFeed(chat);

  const [draft, setDraft] = useState("");
  const [sendState, setSendState] = useState<SendState | null>(null);
  const [sendChatMessage] = useMutation(SendChatMessageDocument);
  const forThisChat = chat !== null && sendState?.chatId === chat.id ? sendState : null;
  const sending = forThisChat?.sending ?? false;

  const send = useCallback(async () => {
    const typed = draft;
    const message = typed.trim();
    if (!message || chat === null || uid === null || blocked || sending) {
      return;
    }
    const chatId = chat.id;
    setDraft("");
    setSendState({ chatId, sending: true, error: null });
    try {
      const { data } = await sendChatMessage({
        variables: {
          input: {
            chatId,
            message,
            userId: uid,
            ...(chat.characterName ? { characterName: chat.characterName } : {}),
            ...(page ? { page } : {}),
          },
        },
      });
      if (data) {
        addMessages(chatId, [data.sendChatMessage.userMessage, data.sendChatMessage.assistantMessage]);
      }
      setSendState({ chatId, sending: false, error: null });
    } catch (error) {
      const failure = sendFailure(error);
      if (failure.restricted) {
        markBlocked();
      } else if (!failure.flagged) {
        // Nothing typed is lost: refused text (the daily limit, too long) was not sent, and after a
        // provider failure the message is stored but unanswered. Unless the student has started
        // another one. Text safeguarding refused is not put back: one more Enter would send it
        // again and earn another strike.
        setDraft((now) => (now === "" ? typed : now));
      }
      setSendState({ chatId, sending: false, error: failure.restricted ? null : failure.message });
    }
  }, [draft, chat, uid, blocked, sending, sendChatMessage, addMessages, markBlocked, page]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let error: string | null = null;
  if (uid === null) {
    error = NO_USER_ERROR;
  } else if (current?.error) {
    error = current.error;
  } else if (forThisChat?.error) {
    error = forThisChat.error;
  }

  return {
    chat,
    /** True until the chat is open (or failed to open). */
    opening: uid !== null && current === null,
    /** The chat failed to open: a retry may help. */
    openFailed: Boolean(current?.error),
    retry,
    error,
    /** Why the last send failed (also in `error`), until the next send. */
    sendError: forThisChat?.error ?? null,
    blocked,
    feed,
    hasOlder,
    loadingOlder,
    loadOlder,
    draft,
    setDraft,
    sending,
    send,
  };
}
