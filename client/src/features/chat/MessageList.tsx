import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Spinner } from "../../components/Spinner";
import { type Feed, formatMessageTime } from "./messages";
import styles from "./MessageList.module.css";

/** Older messages load when the scroll comes this close to the oldest message (spec: 10px). */
export const LOAD_OLDER_WITHIN_PX = 10;
/** Closer than this to the newest message, new messages keep the view at the newest. */
const FOLLOW_WITHIN_PX = 80;

type MessageListProps = {
  feed: Feed;
  /** Who wrote the user's turns: 'You', or for a teacher the student's name. */
  userLabel: string;
  /** 'Assistant', or the character's name. */
  assistantLabel: string;
  /** A message is on its way and the reply has not begun. */
  waiting?: boolean;
};

/** A chat's messages, oldest first, each with who wrote it and when; the reply as it is written. */
export function MessageList({ feed, userLabel, assistantLabel, waiting = false }: MessageListProps) {
  // One flat list keyed by seq, so that the reply being written becomes the stored reply in place.
  const items: ReactNode[] = feed.messages
    .filter((message) => !message.isInitialContext)
    .map((message) => {
      const mine = message.role === "user";
      return (
        <li key={message.seq} className={`${styles.message} ${mine ? styles.user : styles.assistant}`}>
          <p className={styles.meta}>
            <span className={styles.author}>{mine ? userLabel : assistantLabel}</span>{" "}
            <time dateTime={message.timestamp}>{formatMessageTime(message.timestamp)}</time>
          </p>
          <p className={styles.content}>{message.content}</p>
        </li>
      );
    });
  if (feed.partial) {
    items.push(
      <li key={feed.partial.seq} className={`${styles.message} ${styles.assistant}`}>
        <p className={styles.meta}>
          <span className={styles.author}>{assistantLabel}</span>
        </p>
        <p className={styles.content}>{feed.partial.text}</p>
      </li>,
    );
  } else if (waiting) {
    items.push(
      <li key="waiting" className={`${styles.message} ${styles.assistant}`}>
        <p className={styles.meta}>
          <span className={styles.author}>{assistantLabel}</span>
        </p>
        <p className={styles.content}>
          <span className={styles.typing} aria-hidden="true" />
          <span className="visually-hidden">Writing a reply…</span>
        </p>
      </li>,
    );
  }
  return <ol className={styles.list}>{items}</ol>;
}

type ChatLogProps = MessageListProps & {
  /** The log's accessible name. */
  label: string;
  emptyText: string;
  /** The chat is still opening. */
  loading?: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
};

/**
 * The scrolling message pane: newest at the bottom, older pages as the student scrolls up.
 *
 * The scroll container is `flex-direction: column-reverse`, so its scroll starts at the bottom: the
 * newest message is where scrolling begins (scrollTop 0) and the *end* of the scroll is the oldest
 * message (scrollTop runs negative up to it). The spec's "more messages load when scrolling within
 * 10px of the bottom" is that end: within 10px of it the next older page loads. The browser keeps
 * the view in place when older messages are added at that end, and at the newest when new ones
 * arrive. The messages themselves stay in reading order in the DOM (one child, oldest first).
 */
export function ChatLog({
  label,
  emptyText,
  loading = false,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  ...list
}: ChatLogProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const followNewest = useRef(true);
  const { feed, waiting = false } = list;
  const visibleCount = feed.messages.filter((message) => !message.isInitialContext).length;
  const empty = visibleCount === 0 && !feed.partial && !waiting;

  function onScroll() {
    const el = logRef.current;
    if (!el) {
      return;
    }
    const fromNewest = Math.abs(el.scrollTop);
    followNewest.current = fromNewest <= FOLLOW_WITHIN_PX;
    const fromOldest = el.scrollHeight - el.clientHeight - fromNewest;
    if (hasOlder && fromOldest <= LOAD_OLDER_WITHIN_PX) {
      onLoadOlder();
    }
  }

  // Keep the newest message in view as messages and the reply arrive, unless the reader scrolled
  // back through older ones; sending a message always comes back to the newest.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) {
      return;
    }
    if (waiting) {
      followNewest.current = true;
    }
    if (followNewest.current) {
      el.scrollTop = 0;
    }
  }, [feed, waiting]);

  // A page too short to scroll is already within 10px of its end: load on until it fills (or ends).
  // A pane that is not laid out (hidden, or in tests) has nothing to measure.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (
      el &&
      el.clientHeight > 0 &&
      hasOlder &&
      !loadingOlder &&
      el.scrollHeight - el.clientHeight <= LOAD_OLDER_WITHIN_PX
    ) {
      onLoadOlder();
    }
  }, [feed, hasOlder, loadingOlder, onLoadOlder]);

  let body: ReactNode;
  if (loading) {
    body = <Spinner label="Loading chat…" />;
  } else if (empty) {
    body = <p className={styles.empty}>{emptyText}</p>;
  } else {
    body = <MessageList {...list} />;
  }

  return (
    <div
      ref={logRef}
      className={styles.log}
      role="log"
      aria-label={label}
      aria-live="polite"
      // While the reply is written, readers wait for the whole of it instead of every piece.
      aria-busy={loading || waiting || feed.partial !== null || loadingOlder}
      tabIndex={0}
      onScroll={onScroll}
    >
      <div className={styles.feed}>
        {loadingOlder ? (
          <p className={styles.older}>
            <span className={styles.typing} aria-hidden="true" />
            <span>Loading older messages…</span>
          </p>
        ) : null}
        {body}
      </div>
    </div>
  );
}
