import { graphql } from "../../gql";

// The chat pane (book page) and the teacher's chat viewer: a chat's messages page by page, newest page
// first (each page oldest first), kept live by chatEvents.

export const ChatMessageFields = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    chatId
    seq
    role
    content
    timestamp
    isInitialContext
  }
`);

export const ChatPageFields = graphql(`
  fragment ChatPageFields on ChatMessagePage {
    items {
      ...ChatMessageFields
    }
    nextBefore
  }
`);

// The character dropdown. On the book page it is answered from the cache: BookDetail carries characterList.
export const ChatBookDocument = graphql(`
  query ChatBook($bookId: ID!) {
    book(id: $bookId) {
      id
      characterList
    }
  }
`);

// Creates or reuses the student's book chat (or chat with a character), with its newest messages.
export const OpenChatDocument = graphql(`
  mutation OpenChat($bookId: ID!, $characterName: String, $limit: Int!) {
    openChat(bookId: $bookId, characterName: $characterName) {
      id
      bookId
      characterName
      messages(limit: $limit) {
        ...ChatPageFields
      }
    }
  }
`);

// An older page: the messages before `before` (a seq).
export const ChatMessagesDocument = graphql(`
  query ChatMessages($chatId: ID!, $before: Int, $limit: Int!) {
    chat(id: $chatId) {
      id
      messages(before: $before, limit: $limit) {
        ...ChatPageFields
      }
    }
  }
`);

// The teacher's read-only viewer.
export const TeacherChatDocument = graphql(`
  query TeacherChat($chatId: ID!, $limit: Int!) {
    chat(id: $chatId) {
      id
      bookId
      bookTitle
      characterName
      studentDisplayName
      messages(limit: $limit) {
        ...ChatPageFields
      }
    }
  }
`);

export const SendChatMessageDocument = graphql(`
  mutation SendChatMessage($input: SendChatMessageInput!) {
    sendChatMessage(input: $input) {
      userMessage {
        ...ChatMessageFields
      }
      assistantMessage {
        ...ChatMessageFields
      }
    }
  }
`);

export const ChatEventsDocument = graphql(`
  subscription ChatEvents($chatId: ID!, $afterSeq: Int) {
    chatEvents(chatId: $chatId, afterSeq: $afterSeq) {
      chatId
      kind
      seq
      text
      message {
        ...ChatMessageFields
      }
    }
  }
`);

// Whether the student may send, as the server knows it now.
export const ChatAccountDocument = graphql(`
  query ChatAccount {
    me {
      uid
      moderation {
        blocked
      }
    }
  }
`);

// A block or an unblock while the page is open (the input hides or comes back at once).
export const AccountModerationDocument = graphql(`
  subscription AccountModeration {
    accountUpdated {
      uid
      moderation {
        blocked
        strikeCount
      }
    }
  }
`);
