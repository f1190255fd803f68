import { type AppPubSub, followTopic, Topics } from "../pubsub/pubsub.js";

// What is held of an account for a second (verified sessions, staff access) is dropped the moment the
// account changes: on this instance at once, before the change's answer is sent, and on every other
// instance when the event arrives over the event channel (Redis when configured).

/** The userId of a change to accounts not known by id (an updateMany): every holder drops everything. */
export const SOME_ACCOUNTS = "*";

type Forget = (userId: string | null) => void;

export type AccountChanges = ReturnType<typeof createAccountChanges>;

export function createAccountChanges(pubsub: AppPubSub) {
  const holders = new Set<Forget>();
  const forget = (userId: string | null) => {
    for (const holder of holders) {
      holder(userId);
    }
  };
  const following = followTopic(pubsub, Topics.accountChanged, ({ userId }) =>
    forget(userId === SOME_ACCOUNTS ? null : userId),
  );

  return {
    /** `holder` is told of every change, this instance's and the others'. */
    onChange(holder: Forget) {
      holders.add(holder);
    },

    /** `userId`'s account changed (null: some accounts): every instance drops what it holds of it. */
    changed(userId: string | null) {
      forget(userId);
      pubsub.publish(Topics.accountChanged, { userId: userId ?? SOME_ACCOUNTS });
    },

    close: following.stop,
  };
}
