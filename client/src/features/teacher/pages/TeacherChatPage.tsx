import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { ButtonLink } from "../../../components/Button";
import { Notice } from "../../../components/Notice";
import { Spinner } from "../../../components/Spinner";
import { TeacherChatDocument } from "../../chat/graphql";
import { ChatLog } from "../../chat/MessageList";
import { CHAT_PAGE_SIZE } from "../../chat/messages";
import { useChatFeed } from "../../chat/useChatFeed";
import styles from "./TeacherChatPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const CHAT_LOAD_ERROR = "Failed to load chat";

/**
 * A student's chat for their teacher (or an admin), read-only and live: new messages and the reply
 * being written appear as the student chats.
 */
export default function TeacherChatPage() {
  const { chatId = "" } = useParams();
  const { data, error } = useQuery(TeacherChatDocument, {
    variables: { chatId, limit: CHAT_PAGE_SIZE },
    fetchPolicy: "network-only",
  });
  const chat = data?.chat ?? null;
  const { feed, hasOlder, loadingOlder, loadOlder } = useChatFeed(chat);
  useDocumentTitle(chat ? `${chat.studentDisplayName}'s chat` : null);

  if (!chat) {
    if (error) {
      return (
        <div className={`container ${styles.page}`}>
          <Notice tone="error">{CHAT_LOAD_ERROR}</Notice>
          <ButtonLink to="/teacher/dashboard" variant="secondary">
            Back to Dashboard
          </ButtonLink>
        </div>
      );
    }
    return <Spinner label="Loading chat…" />;
  }

  const assistantLabel = chat.characterName ?? "Assistant";
  return (
    <article className={`container ${styles.page}`}>
      <ButtonLink to="/teacher/dashboard" variant="secondary" className={styles.back}>
        Back to Dashboard
      </ButtonLink>
      <header className={styles.header}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{chat.studentDisplayName}</h1>
          <p className={styles.book}>{chat.bookTitle}</p>
          {chat.characterName ? <p className={styles.character}>Talking to: {chat.characterName}</p> : null}
        </div>
        <ButtonLink to={`/books/${chat.bookId}`} variant="secondary">
          View Book
        </ButtonLink>
      </header>
      <ChatLog
        label={`${chat.studentDisplayName}'s chat about ${chat.bookTitle}`}
        feed={feed}
        userLabel={chat.studentDisplayName}
        assistantLabel={assistantLabel}
        emptyText="No messages yet"
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
      />
    </article>
  );
}
