// Test helpers for the chat screens: server-shaped messages, pages and events, and a test client whose
// subscriptions stay open so that a test can push live events into them (createTestClient answers
// each operation once and completes).
import { ApolloLink } from "@apollo/client";
import { act } from "@testing-library/react";
import { OperationTypeNode } from "graphql";
import { Observable } from "rxjs";
import { createTestClient, type Resolver } from "../../test/apollo";

let sequence = 0;

export function buildMessage(overrides: { seq: number; chatId?: string } & Record<string, unknown>) {
  sequence += 1;
  return {
    __typename: "ChatMessage",
    id: `message-${sequence}`,
    chatId: "chat-1",
    role: overrides.seq % 2 === 0 ? "user" : "assistant",
    content: `Message ${overrides.seq}`,
    timestamp: "2025-03-05T10:15:00.000Z",
    isInitialContext: false,
    ...overrides,
  };
}

export type BuiltMessage = ReturnType<typeof buildMessage>;

export function chatPage(items: BuiltMessage[], nextBefore: number | null = null) {
  return { __typename: "ChatMessagePage", items, nextBefore };
}

/** Messages seq from..to (inclusive) of a chat, alternating user and assistant. */
export function messageRange(chatId: string, from: number, to: number): BuiltMessage[] {
  const list: BuiltMessage[] = [];
  for (let seq = from; seq <= to; seq += 1) {
    list.push(buildMessage({ seq, chatId }));
  }
  return list;
}

export function messageEvent(message: BuiltMessage) {
  return {
    chatEvents: {
      __typename: "ChatEvent",
      chatId: message.chatId,
      kind: "message",
      seq: message.seq,
      text: null,
      message,
    },
  };
}

export function partialEvent(chatId: string, seq: number, text: string) {
  return { chatEvents: { __typename: "ChatEvent", chatId, kind: "partial", seq, text, message: null } };
}

type LiveSubscription = {
  operationName: string;
  variables: Record<string, unknown>;
  closed: boolean;
  push(data: unknown): void;
};

/** createTestClient, with subscriptions held open: `push` sends one event to every open one of a name. */
export function createLiveTestClient(resolvers: Record<string, Resolver> = {}) {
  const test = createTestClient(resolvers);
  const subscriptions: LiveSubscription[] = [];
  const live = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const subscription: LiveSubscription = {
          operationName: operation.operationName ?? "",
          variables: { ...operation.variables },
          closed: false,
          push: (data) => observer.next({ data } as ApolloLink.Result),
        };
        subscriptions.push(subscription);
        return () => {
          subscription.closed = true;
        };
      }),
  );
  test.client.setLink(
    ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, live, test.client.link),
  );
  /** The subscriptions of this name still open. */
  const openSubscriptions = (operationName: string) =>
    subscriptions.filter((s) => s.operationName === operationName && !s.closed);
  /** Sends an event to the open subscriptions of this name (inside act, as a server push would). */
  const push = (operationName: string, data: unknown) =>
    act(async () => {
      const open = openSubscriptions(operationName);
      if (open.length === 0) {
        throw new Error(`No open subscription ${operationName}`);
      }
      open.forEach((s) => s.push(data));
    });
  return { ...test, subscriptions, openSubscriptions, push };
}
