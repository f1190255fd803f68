import { createPubSub } from "@graphql-yoga/subscription";
import type { UserPayload } from "../modules/users/user.presenter.js";

// Topics and their payloads. Subscriptions filter by a topic id (the user's id for account events).
export type PubSubChannels = {
  ACCOUNT_UPDATED: [userId: string, payload: UserPayload];
};

export const Topics = {
  accountUpdated: "ACCOUNT_UPDATED",
} as const;

export type AppPubSub = ReturnType<typeof createAppPubSub>;

/** In memory for one process; a Redis event target can be passed for several instances. */
export function createAppPubSub() {
  return createPubSub<PubSubChannels>();
}
