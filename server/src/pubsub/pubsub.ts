import { setMaxListeners } from "node:events";
import { createPubSub } from "@graphql-yoga/subscription";
import type { ChatEventPayload, SchoolActivityPayload } from "../modules/chat/chat.presenter.js";
import type { ModerationAlertPayload } from "../modules/moderation/moderation.presenter.js";
import type { UserPayload } from "../modules/users/user.presenter.js";
import type { Logger } from "pino";
import type { RedisConnections } from "./redis.js";

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
  /**
   * An account's role, school, status, strikes or token version changed: every instance drops what it
   * holds of it (the session cache, staff access) at once rather than when its copy expires.
   */
  ACCOUNT_CHANGED: [payload: { userId: string }];
  /** Books, a school's collection or ratings changed: cached counts and recommendations are dropped. */
  CATALOGUE_CHANGED: [payload: { schoolId: string | null }];
};

export const Topics = {
  accountUpdated: "ACCOUNT_UPDATED",
  chatEvent: "CHAT_EVENT",
  moderationAlert: "MODERATION_ALERT",
  schoolActivity: "SCHOOL_ACTIVITY",
  sessionsRevoked: "SESSIONS_REVOKED",
  accountChanged: "ACCOUNT_CHANGED",
  catalogueChanged: "CATALOGUE_CHANGED",
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

/** The topics published without an id, each with its one payload. */
type Broadcasts = {
  [T in keyof PubSubChannels as PubSubChannels[T] extends [unknown] ? T : never]: PubSubChannels[T][0];
};

/**
 * Calls `onEvent` with every event of `topic`, this instance's and (over Redis) the others', until
 * `stop()`, which settles once the last event is handled.
 */
export function followTopic<Topic extends keyof Broadcasts>(
  pubsub: AppPubSub,
  topic: Topic,
  onEvent: (payload: Broadcasts[Topic]) => void,
): { stop(): Promise<void> } {
  // One topic of a union of topics: the union's overloads cannot see that it takes no id.
  const subscribe = pubsub.subscribe.bind(pubsub) as (topic: keyof Broadcasts) => AsyncIterable<Broadcasts[Topic]>;
  const events = subscribe(topic)[Symbol.asyncIterator]();
  const listening = (async () => {
    for (;;) {
      const next = await events.next();
      if (next.done) {
        return;
      }
      onEvent(next.value);
    }
  })();
  return {
    async stop() {
      await events.return?.();
      await listening;
    },
  };
}

/** In memory for one process. */
export function createAppPubSub() {
  return createPubSub<PubSubChannels>({ eventTarget: new ContainedEventTarget() });
}

/**
 * Shared by every instance through Redis: an event published on any instance reaches the subscribers
 * of all of them (a child's message sent through instance A reaches the teacher whose WebSocket is on
 * instance B). All events travel on one channel that each instance subscribes to before it serves, so
 * a subscription that starts while an event is in flight cannot miss it for want of a Redis SUBSCRIBE
 * round trip; each instance then hands events to its own listeners. School chat traffic is small next
 * to what one Redis channel carries.
 */
export async function createRedisPubSub(redis: RedisConnections, logger: Logger) {
  const target = new RedisEventTarget(redis, `${redis.prefix}events`, logger);
  await target.listen();
  return createPubSub<PubSubChannels>({ eventTarget: target });
}

class RedisEventTarget extends ContainedEventTarget {
  constructor(
    private readonly redis: RedisConnections,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async listen() {
    this.redis.subscriber.on("message", (channel: string, message: string) => {
      if (channel !== this.channel) {
        return;
      }
      let event: { type: string; detail: unknown };
      try {
        event = decodeEvent(message);
      } catch (error) {
        this.logger.error({ err: error }, "unreadable event from redis");
        return;
      }
      super.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    });
    await this.redis.subscriber.subscribe(this.channel);
  }

  /** Published to Redis only: this instance's listeners hear it when it comes back, like everyone's. */
  override dispatchEvent(event: Event): boolean {
    const detail = (event as CustomEvent<unknown>).detail;
    this.redis.command.publish(this.channel, encodeEvent(event.type, detail)).catch((error: unknown) => {
      // Subscribers to chats catch up from the database when they reconnect; alerts are in the database.
      this.logger.error({ err: error, type: event.type }, "event not published to redis");
    });
    return true;
  }
}

// JSON keeps every payload field except Dates, which would come back as strings: they travel tagged.
const DATE_TAG = "$date";

export function encodeEvent(type: string, detail: unknown): string {
  return JSON.stringify({ type, detail }, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : value;
  });
}

export function decodeEvent(message: string): { type: string; detail: unknown } {
  const event = JSON.parse(message, (_key, value: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const tagged = (value as Record<string, unknown>)[DATE_TAG];
      if (keys.length === 1 && typeof tagged === "string") {
        return new Date(tagged);
      }
    }
    return value;
  }) as { type?: unknown; detail?: unknown };
  if (typeof event?.type !== "string") {
    throw new Error("event without a type");
  }
  return { type: event.type, detail: event.detail ?? null };
}
