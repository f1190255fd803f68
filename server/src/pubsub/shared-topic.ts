import { filter } from "@graphql-yoga/subscription";

// One subscriber's view of a topic that many follow at once (a school's activity or alerts, followed
// by all its staff): the topic, and the check each event must pass for this subscriber. Iterated on
// its own it is an ordinary filtered subscription. The WebSocket's shared fan-out
// (graphql/shared-fan-out.ts) instead reads the topic once for all the subscribers on this instance
// and asks each one's `admit` per event, without a queue and two async iterators per subscriber.

export class SharedTopic<T> implements AsyncIterable<T> {
  constructor(
    /** Names the topic and its id: subscribers with the same key read the same events. */
    readonly key: string,
    /** Subscribes to the topic (once per key while anyone follows it). */
    readonly open: () => AsyncIterable<T>,
    /** Whether this subscriber may have `event` now (asked per event, as a filter would be). */
    readonly admit: (event: T) => boolean | Promise<boolean>,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return filter(this.admit)(this.open())[Symbol.asyncIterator]();
  }
}
