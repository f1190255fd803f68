import { createPubSub } from "@graphql-yoga/subscription";
import type { ChatEventPayload } from "../modules/chat/chat.presenter.js";
import type { ModerationAlertPayload } from "../modules/moderation/moderation.presenter.js";
import type { UserPayload } from "../modules/users/user.presenter.js";

// Topics and their payloads. Subscriptions filter by a topic id: the user's id for account events,
// the chat's id for chat events, the school's id (or ALL_SCHOOLS for admins) for moderation alerts.
export type PubSubChannels = {
  ACCOUNT_UPDATED: [userId: string, payload: UserPayload];
  CHAT_EVENT: [chatId: string, payload: ChatEventPayload];
  MODERATION_ALERT: [schoolId: string, payload: ModerationAlertPayload];
  /** The user's open WebSockets must close (account blocked): their next connection sees the new state. */
  SESSIONS_REVOKED: [payload: { userId: string; reason: string }];
};

export const Topics = {
  accountUpdated: "ACCOUNT_UPDATED",
  chatEvent: "CHAT_EVENT",
  moderationAlert: "MODERATION_ALERT",
  sessionsRevoked: "SESSIONS_REVOKED",
} as const;

/** The moderation-alert topic id that admins follow: every school's alerts are published to it too. */
export const ALL_SCHOOLS = "*";

export type AppPubSub = ReturnType<typeof createAppPubSub>;

/** In memory for one process; a Redis event target can be passed for several instances. */
export function createAppPubSub() {
  return createPubSub<PubSubChannels>();
}
