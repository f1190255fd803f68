import { setMaxListeners } from "node:events";
import { createPubSub } from "@graphql-yoga/subscription";
import type { ChatEventPayload, SchoolActivityPayload } from "../modules/chat/chat.presenter.js";
import type { ModerationAlertPayload } from "../modules/moderation/moderation.presenter.js";
import type { UserPayload } from "../modules/users/user.presenter.js";

// Topics and their payloads. Subscriptions filter by a topic id: the user's id for account events,
// the chat's id for chat events, the school's id (or ALL_SCHOOLS for admins) for moderation alerts and
// school activity.
export type PubSubChannels = {
  ACCOUNT_UPDATED: [userId: string, payload: UserPayload];
  CHAT_EVENT: [chatId: string, payload: ChatEventPayload];
  MODERATION_ALERT: [schoolId: string, payload: ModerationAlertPayload];
  /** A student of the school sent a chat message (the chat's count and time changed). */
  SCHOOL_ACTIVITY: [schoolId: string, payload: SchoolActivityPayload];
  /** The user's open WebSockets must close (account blocked): their next connection sees the new state. */
  SESSIONS_REVOKED: [payload: { userId: string; reason: string }];
};

export const Topics = {
  accountUpdated: "ACCOUNT_UPDATED",
  chatEvent: "CHAT_EVENT",
  moderationAlert: "MODERATION_ALERT",
  schoolActivity: "SCHOOL_ACTIVITY",
  sessionsRevoked: "SESSIONS_REVOKED",
} as const;

/** The topic id admins follow: every school's alerts and activity are published to it too. */
export const ALL_SCHOOLS = "*";

export type AppPubSub = ReturnType<typeof createAppPubSub>;

/**
 * An EventTarget whose listeners cannot throw into the publisher: a subscriber that stops reading
 * fills its queue (1,024 events) and then misses events rather than crashing the process (an error in
 * a listener is otherwise an uncaught exception). Chat subscribers catch up from the database.
 */
class ContainedEventTarget extends EventTarget {
  readonly #wrapped = new WeakMap<object, EventListener>();

  constructor() {
    super();
    // Hundreds of teachers follow one school's topic: many listeners per event type is the design,
    // not a leak (Node warns past 10 otherwise).
    setMaxListeners(0, this);
  }

  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: never) {
    if (!listener) {
      return;
    }
    const call = typeof listener === "function" ? listener : (event: Event) => listener.handleEvent(event);
    const wrapped: EventListener = (event) => {
      try {
        call(event);
      } catch {
        // A stalled subscriber's full queue: this event is dropped for that subscriber only.
      }
    };
    this.#wrapped.set(listener, wrapped);
    super.addEventListener(type, wrapped, options);
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: never) {
    const wrapped = listener ? this.#wrapped.get(listener) : undefined;
    if (wrapped) {
      super.removeEventListener(type, wrapped, options);
    }
  }
}

/** In memory for one process; a Redis event target can be passed for several instances. */
export function createAppPubSub() {
  return createPubSub<PubSubChannels>({ eventTarget: new ContainedEventTarget() });
}
