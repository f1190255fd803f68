// Without "Remember me" the session lives in sessionStorage, which belongs to one tab: a link
// opened in a new tab would start signed out. So the tabs of one browser share it over a
// BroadcastChannel (same origin, same browser profile only): a new tab without a session asks the
// open tabs, one that holds it answers, and the new tab keeps the answer in its own sessionStorage.
// Signing out in one tab signs the others out. A session that was not remembered never reaches
// localStorage, so it still ends when its last tab closes.

import { parseSharedSession, readTabSession, type StoredSession } from "./session";

export const SESSION_CHANNEL = "readingRoom.session";

/**
 * How long a new tab waits for an answer. An open tab answers within milliseconds; one that has
 * not answered by then (frozen in the background) counts as none, and the visitor signs in.
 */
export const SESSION_ASK_TIMEOUT_MS = 300;

type SessionMessage = { type: "ask" } | { type: "session"; session: StoredSession } | { type: "signedOut" };

/** The part of a BroadcastChannel used here (unit tests pass a stand-in). */
export type SessionChannel = {
  postMessage(message: SessionMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

/** The browser's channel, or null where there is no BroadcastChannel (then each tab is on its own). */
export const browserSessionChannel: (() => SessionChannel) | null =
  typeof BroadcastChannel === "function" ? () => new BroadcastChannel(SESSION_CHANNEL) : null;

export type SessionShare = {
  /** The session an open tab holds without "Remember me", or null when none answers in time. */
  ask(timeoutMs?: number): Promise<StoredSession | null>;
  /** Tells the other tabs that the user signed out here. */
  announceSignOut(): void;
  close(): void;
};

export function openSessionShare(
  channel: SessionChannel,
  {
    onSignedOut,
    ownSession = () => readTabSession(),
  }: {
    /** Another tab signed out. */
    onSignedOut: () => void;
    /** What this tab answers with (its sessionStorage session). */
    ownSession?: () => StoredSession | null;
  },
): SessionShare {
  const waiting = new Set<(session: StoredSession | null) => void>();

  channel.onmessage = (event: MessageEvent) => {
    const message = event.data as Partial<SessionMessage> | null;
    switch (message?.type) {
      case "ask": {
        // A remembered session is in localStorage, which the new tab reads itself.
        const session = ownSession();
        if (session) {
          channel.postMessage({ type: "session", session });
        }
        return;
      }
      case "session": {
        const session = "session" in message ? parseSharedSession(message.session) : null;
        if (session) {
          waiting.forEach((settle) => settle(session));
        }
        return;
      }
      case "signedOut":
        onSignedOut();
        return;
      default:
        return;
    }
  };

  return {
    ask(timeoutMs = SESSION_ASK_TIMEOUT_MS) {
      return new Promise((resolve) => {
        const settle = (session: StoredSession | null) => {
          window.clearTimeout(timer);
          waiting.delete(settle);
          resolve(session);
        };
        const timer = window.setTimeout(() => settle(null), timeoutMs);
        waiting.add(settle);
        channel.postMessage({ type: "ask" });
      });
    },
    announceSignOut() {
      channel.postMessage({ type: "signedOut" });
    },
    close() {
      waiting.forEach((settle) => settle(null));
      channel.onmessage = null;
      channel.close();
    },
  };
}
