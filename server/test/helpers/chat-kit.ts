// GraphQL documents shared by the chat and moderation tests.

export const MESSAGE_FIELDS = "id chatId seq role content timestamp isInitialContext";
export const CHAT_FIELDS = `id userId bookId bookTitle school studentDisplayName createdAt updatedAt initialContext
  messageCount characterName systemPrompt`;
export const OPEN_CHAT = `mutation OpenChat($bookId: ID!, $characterName: String) {
  openChat(bookId: $bookId, characterName: $characterName) {
    ${CHAT_FIELDS} messages(limit: 30) { items { ${MESSAGE_FIELDS} } nextBefore }
  }
}`;
export const SEND = `mutation Send($input: SendChatMessageInput!) {
  sendChatMessage(input: $input) { userMessage { ${MESSAGE_FIELDS} } assistantMessage { ${MESSAGE_FIELDS} } }
}`;
export const CHAT = `query Chat($id: ID!, $before: Int, $limit: Int) {
  chat(id: $id) { ${CHAT_FIELDS} messages(before: $before, limit: $limit) { items { ${MESSAGE_FIELDS} } nextBefore } }
}`;
export const CHAT_EVENTS = `subscription ChatEvents($chatId: ID!, $afterSeq: Int) {
  chatEvents(chatId: $chatId, afterSeq: $afterSeq) { kind chatId seq text message { ${MESSAGE_FIELDS} } }
}`;

export type ChatEvent = {
  kind: "message" | "partial";
  seq: number;
  text: string | null;
  message: { id: string; seq: number; role: string; content: string } | null;
};
