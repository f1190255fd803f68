import { useApolloClient, useQuery, useSubscription } from "@apollo/client/react";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { Spinner } from "../../../components/Spinner";
import type { TeacherChatFieldsFragment, TeacherChatsQuery } from "../../../gql/graphql";
import { TeacherChatDocument } from "../../chat/graphql";
import { ChatLog } from "../../chat/MessageList";
import { CHAT_PAGE_SIZE } from "../../chat/messages";
import { useChatFeed } from "../../chat/useChatFeed";
import { useModalDialog } from "../../../lib/useModalDialog";
import { formatDateTime } from "../format";
import { SchoolActivityDocument, TeacherChatsDocument } from "../graphql";
import styles from "./ChatsDialog.module.css";

export const CHATS_LOAD_ERROR = "Failed to load chats";
export const CHAT_LOAD_ERROR = "Failed to load chat";
/** Spec 9: the chats modal loads 10 at a time; 'Show All' pages through 20 at a time, at most 20 pages. */
export const CHATS_PAGE_SIZE = 10;
export const SHOW_ALL_PAGE_SIZE = 20;
export const SHOW_ALL_MAX_PAGES = 20;

export type ChatsDialogTarget = {
  student: { id: string; displayName: string };
  /** Open straight at this chat's messages (from a safeguarding alert). */
  chatId?: string | null;
};

type MoreState = {
  items: TeacherChatFieldsFragment[];
  /** After the pages loaded by 'Load More' or 'Show All'; undefined until one has loaded. */
  nextCursor: string | null | undefined;
  loading: boolean;
  /** 'Show All' in progress: the page being loaded. */
  showAllPage: number | null;
  error: boolean;
};

/**
 * Newest activity first; a chat seen again (a later page, a live event) replaces its older self. A
 * live event carries the summary as it was before that message's, so one it lacks is kept.
 */
function mergeChats(items: TeacherChatFieldsFragment[], more: TeacherChatFieldsFragment[]) {
  const byId = new Map(items.map((chat) => [chat.id, chat]));
  for (const chat of more) {
    const known = byId.get(chat.id);
    if (!known || known.lastUpdated <= chat.lastUpdated) {
      byId.set(chat.id, chat.summary || !known ? chat : { ...chat, summary: known.summary });
    }
  }
  return [...byId.values()].sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || b.id.localeCompare(a.id));
}

/**
 * The spec's chats modal for one student: their chats (book, message count, last updated) with
 * 'View Chat', 'View Book', 'Load More' and 'Show All', and a live message viewer. A native dialog:
 * focus moves in and is kept there, Escape closes it and focus returns to the button that opened it.
 */
export function ChatsDialog({ target, onClose }: { target: ChatsDialogTarget; onClose: () => void }) {
  const dialogProps = useModalDialog({ onClose });
  const headingId = useId();
  const [viewing, setViewing] = useState<string | null>(target.chatId ?? null);
  const list = useChatList(target.student.id);

  return (
    <dialog
      {...dialogProps}
      className={`${frame.dialog} ${styles.dialog}`}
      aria-labelledby={headingId}
      onClose={onClose}
    >
      <div className={`${frame.top} ${styles.top}`}>
        <h2 id={headingId} className={frame.heading}>
          {target.student.displayName}&apos;s chats
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {viewing ? (
        <ChatViewer chatId={viewing} studentName={target.student.displayName} onBack={() => setViewing(null)} />
      ) : (
        <ChatList list={list} onView={setViewing} />
      )}
    </dialog>
  );
}

/**
 * One student's chats: the first page (a query), the pages after it ('Load More', 'Show All'), and the
 * chats the school's live activity brought, merged newest first with each chat once.
 */
function useChatList(studentId: string) {
  const client = useApolloClient();
  const first = useQuery(TeacherChatsDocument, {
    variables: { userId: studentId, limit: CHATS_PAGE_SIZE },
    fetchPolicy: "no-cache",
  });
  const [more, setMore] = useState<MoreState>({
    items: [],
    nextCursor: undefined,
    loading: false,
    showAllPage: null,
    error: false,
  });
  const [live, setLive] = useState<TeacherChatFieldsFragment[]>([]);
  const busy = useRef(false);
  const firstPage = first.data?.teacherChats ?? null;
  const nextCursor = more.nextCursor === undefined ? (firstPage?.nextCursor ?? null) : more.nextCursor;

  async function load(pages: number, limit: number) {
    if (busy.current || !nextCursor) {
      return;
    }
    busy.current = true;
    setMore((s) => ({ ...s, loading: true, error: false, showAllPage: pages > 1 ? 1 : null }));
    let cursor: string | null = nextCursor;
    try {
      for (let page = 1; page <= pages && cursor; page++) {
        if (pages > 1) {
          setMore((s) => ({ ...s, showAllPage: page }));
        }
        const from: string = cursor;
        const { data } = await client.query({
          query: TeacherChatsDocument,
          variables: { userId: studentId, limit, cursor: from },
          fetchPolicy: "no-cache",
        });
        if (!data) {
          throw new Error(CHATS_LOAD_ERROR);
        }
        const result: TeacherChatsQuery["teacherChats"] = data.teacherChats;
        cursor = result.nextCursor;
        setMore((s) => ({ ...s, items: mergeChats(s.items, result.items), nextCursor: result.nextCursor }));
      }
      setMore((s) => ({ ...s, loading: false, showAllPage: null }));
    } catch {
      setMore((s) => ({ ...s, loading: false, showAllPage: null, error: true }));
    } finally {
      busy.current = false;
    }
  }

  useSubscription(SchoolActivityDocument, {
    ignoreResults: true,
    onData: ({ data }) => {
      const chat = data.data?.schoolActivity.chat;
      if (chat && chat.userId === studentId) {
        setLive((items) => mergeChats(items, [chat]));
      }
    },
  });

  const items = useMemo(
    () => mergeChats(mergeChats(firstPage?.items ?? [], more.items), live),
    [firstPage, more.items, live],
  );
  return {
    items,
    nextCursor,
    firstLoading: !firstPage && first.loading,
    loading: more.loading,
    showAllPage: more.showAllPage,
    error: (!firstPage && Boolean(first.error)) || more.error,
    loadMore: () => void load(1, CHATS_PAGE_SIZE),
    showAll: () => void load(SHOW_ALL_MAX_PAGES, SHOW_ALL_PAGE_SIZE),
    retry: () => (firstPage ? void load(1, CHATS_PAGE_SIZE) : void first.refetch().catch(() => undefined)),
  };
}

function ChatList({ list, onView }: { list: ReturnType<typeof useChatList>; onView: (chatId: string) => void }) {
  const state = list;
  const summaryId = useId();
  if (state.firstLoading) {
    return <Spinner label="Loading chats…" />;
  }
  return (
    <>
      {state.items.length === 0 && !state.error ? <p className={styles.empty}>No chats yet</p> : null}
      {state.items.length > 0 ? (
        <ul className={styles.chats} aria-label="Chats">
          {state.items.map((chat, index) => (
            <li key={chat.id} className={styles.chat}>
              <div className={styles.chatText}>
                <p className={styles.chatTitle}>
                  {chat.bookTitle}
                  {chat.characterName ? <span className={styles.character}> · with {chat.characterName}</span> : null}
                </p>
                <p className={styles.chatMeta}>
                  {chat.studentDisplayName} · {chat.messageCount} {chat.messageCount === 1 ? "message" : "messages"} ·
                  Last updated <time dateTime={chat.lastUpdated}>{formatDateTime(chat.lastUpdated)}</time>
                </p>
                {chat.summary ? (
                  // One line on a phone (the rest behind an ellipsis): the whole of it is the title, and
                  // the description of 'View Chat'.
                  <p id={`${summaryId}-${index}`} className={styles.summary} title={chat.summary}>
                    <span className="visually-hidden">Summary: </span>
                    {chat.summary}
                  </p>
                ) : null}
              </div>
              <div className={styles.chatActions}>
                <Button
                  onClick={() => onView(chat.id)}
                  aria-describedby={chat.summary ? `${summaryId}-${index}` : undefined}
                >
                  View Chat<span className="visually-hidden">: {chat.bookTitle}</span>
                </Button>
                <ButtonLink to={`/books/${chat.bookId}`} variant="secondary">
                  View Book<span className="visually-hidden">: {chat.bookTitle}</span>
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {state.error ? (
        <div className={styles.error}>
          <p className="notice notice--error" role="alert">
            {CHATS_LOAD_ERROR}
          </p>
          <Button variant="secondary" onClick={list.retry}>
            Try Again
          </Button>
        </div>
      ) : null}
      <p className={styles.progress} role="status" aria-live="polite">
        {state.showAllPage !== null
          ? `Loading all chats… page ${state.showAllPage} of at most ${SHOW_ALL_MAX_PAGES}`
          : state.loading
            ? "Loading more chats…"
            : ""}
      </p>
      {state.nextCursor && !state.error ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={list.loadMore} disabled={state.loading}>
            Load More
          </Button>
          <Button variant="secondary" onClick={list.showAll} disabled={state.loading}>
            Show All
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A chat's messages, live, with the spec's Assistant/You labels and times. */
function ChatViewer({ chatId, studentName, onBack }: { chatId: string; studentName: string; onBack: () => void }) {
  const { data, error, refetch } = useQuery(TeacherChatDocument, {
    variables: { chatId, limit: CHAT_PAGE_SIZE },
    fetchPolicy: "network-only",
  });
  const chat = data?.chat ?? null;
  const { feed, hasOlder, loadingOlder, loadOlder } = useChatFeed(chat);

  return (
    <div className={styles.viewer}>
      <Button variant="text" onClick={onBack} className={styles.back}>
        ← Back to chats
      </Button>
      {chat ? (
        <>
          <div className={styles.viewerHead}>
            <div>
              <p className={styles.chatTitle}>{chat.bookTitle}</p>
              {chat.characterName ? <p className={styles.character}>Talking to: {chat.characterName}</p> : null}
              <p className={styles.legend}>
                &lsquo;You&rsquo; is {studentName}; &lsquo;Assistant&rsquo; is the book&apos;s AI assistant. New
                messages appear as they are sent.
              </p>
            </div>
            <div className={styles.chatActions}>
              <ButtonLink to={`/books/${chat.bookId}`} variant="secondary">
                View Book
              </ButtonLink>
              <Link to={`/teacher/chats/${chat.id}`} className={styles.fullPage}>
                Open full page
              </Link>
            </div>
          </div>
          <ChatLog
            label={`${studentName}'s chat about ${chat.bookTitle}`}
            feed={feed}
            userLabel="You"
            assistantLabel="Assistant"
            emptyText="No messages yet"
            hasOlder={hasOlder}
            loadingOlder={loadingOlder}
            onLoadOlder={loadOlder}
          />
        </>
      ) : error ? (
        <div className={styles.error}>
          <p className="notice notice--error" role="alert">
            {CHAT_LOAD_ERROR}
          </p>
          <Button variant="secondary" onClick={() => void refetch().catch(() => undefined)}>
            Try Again
          </Button>
        </div>
      ) : (
        <Spinner label="Loading chat…" />
      )}
    </div>
  );
}
