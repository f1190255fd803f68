import { useQuery } from "@apollo/client/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { AutoGrowTextarea } from "../../components/AutoGrowTextarea";
import { Button } from "../../components/Button";
import { Notice } from "../../components/Notice";
import { SelectField } from "../../components/SelectField";
import { RESTRICTED_NOTICE } from "../../lib/errors";
import { useAuth } from "../auth/AuthProvider";
import { ChatBookDocument } from "./graphql";
import { ChatLog } from "./MessageList";
import { type ChatPage, useChat } from "./useChat";
import styles from "./ChatPane.module.css";

/**
 * The book page's chat (spec 2, Book detail): the book chat, or a chat with one of the book's
 * characters chosen from 'Talk to a Character'. From the reader, `page` is the page on screen: each
 * question goes with it, and `pageLabel` says which page that is.
 */
export function ChatPane({
  bookId,
  page = null,
  pageLabel,
}: {
  bookId: string;
  page?: ChatPage | null;
  pageLabel?: string;
}) {
  const { user } = useAuth();
  const [characterName, setCharacterName] = useState<string | null>(null);
  const { data } = useQuery(ChatBookDocument, { variables: { bookId } });
  const characters = data?.book.characterList ?? [];
  const chat = useChat({ bookId, characterName, page });
  const composeRef = useRef<HTMLDivElement>(null);
  const errorId = useId();

  // A refused send's notice sits just above the input and pushes it down: bring both into view (on a
  // laptop the notice and the input were below the fold). Focus stays in the input; the notice is an
  // alert, so it is read out without moving there.
  useEffect(() => {
    if (chat.sendError) {
      composeRef.current?.scrollIntoView?.({ block: "nearest" });
    }
  }, [chat.sendError]);

  const emptyText = characterName
    ? `Start a conversation with ${characterName}`
    : "Start a conversation about the book";
  const placeholder = characterName ? `Ask ${characterName}...` : "Ask a question about the book...";

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is not a send.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void chat.send();
    }
  }

  return (
    <div className={styles.pane}>
      {characters.length > 0 ? (
        <div className={styles.mode}>
          <SelectField
            label="Talk to a Character"
            id={`chat-character-${bookId}`}
            name="character"
            value={characterName ?? ""}
            onChange={(event) => setCharacterName(event.target.value || null)}
          >
            <option value="">Choose a character</option>
            {characters.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          {characterName ? (
            <div className={styles.talking}>
              <p className={styles.talkingTo}>Talking to: {characterName}</p>
              <Button variant="secondary" onClick={() => setCharacterName(null)}>
                Switch to Book Chat
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      {page && pageLabel ? <p className={styles.privacy}>Asking about: {pageLabel}</p> : null}
      {user?.role === "student" ? <p className={styles.privacy}>Your teacher can read your chats.</p> : null}

      <ChatLog
        label={characterName ? `Chat with ${characterName}` : "Chat about the book"}
        feed={chat.feed}
        userLabel="You"
        assistantLabel={characterName ?? "Assistant"}
        waiting={chat.sending}
        emptyText={emptyText}
        loading={chat.opening}
        hasOlder={chat.hasOlder}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
      />

      <div ref={composeRef} className={styles.compose}>
        {chat.error ? (
          <div id={errorId} className={`notice notice--error ${styles.error}`} role="alert">
            <span>{chat.error}</span>
            {chat.openFailed ? (
              <Button variant="text" onClick={chat.retry}>
                Try Again
              </Button>
            ) : null}
          </div>
        ) : null}

        {chat.blocked ? (
          <Notice tone="error">{RESTRICTED_NOTICE}</Notice>
        ) : (
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              void chat.send();
            }}
          >
            <label htmlFor={`chat-message-${bookId}`} className="visually-hidden">
              {characterName ? `Message to ${characterName}` : "Message about the book"}
            </label>
            <AutoGrowTextarea
              id={`chat-message-${bookId}`}
              name="message"
              rows={1}
              className={styles.input}
              value={chat.draft}
              placeholder={placeholder}
              onChange={(event) => chat.setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby={chat.error ? errorId : undefined}
            />
            <Button type="submit" className={styles.send} disabled={chat.sending || chat.chat === null}>
              {chat.sending ? (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  <span>Sending…</span>
                </>
              ) : (
                "Send"
              )}
            </Button>
          </form>
        )}
      </div>
      {/* Announced once per send; the log itself waits (aria-busy) until the reply is complete. */}
      <p className="visually-hidden" role="status">
        {chat.sending ? "Sending…" : ""}
      </p>
    </div>
  );
}
