import { createHash } from "node:crypto";
import {
  createSourceEventStream,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  type FormattedExecutionResult,
  getOperationAST,
  Kind,
  print,
  subscribe,
} from "graphql";
import type { WebSocket } from "ws";
import { SharedTopic } from "../pubsub/shared-topic.js";
import type { GraphQLContext } from "./context.js";

// Shared fan-out for subscriptions that many staff follow at once (a school's activity, its alerts).
// graphql-js executes each event once per subscriber and graphql-ws serialises each result once per
// socket, each subscriber with its own queue and iterators: with 1,000 teachers of one school that is
// 1,000 of each for one child's message. Here:
// - an event is executed and serialised once per (event, document, variables, role, school), and the
//   same bytes go to every socket with only the subscription id around them;
// - a topic the resolver returns as a SharedTopic is read once for all its subscribers on this
//   instance, and each subscriber's `admit` (its rights, re-checked per event as before) is asked
//   before anything is sent to it.
//
// Only root fields marked with `@Extensions(SHARED_FAN_OUT)` share: their result must depend on the
// event, the document and the viewer's role and school only, never on who the viewer is.

/** `@Extensions(SHARED_FAN_OUT)` on a `@Subscription`: its result is the same for every viewer of one role and school. */
export const SHARED_FAN_OUT = { sharedFanOut: true } as const;

/** Where a subscription's `next` messages go: its socket and the id the client gave it. */
export type Delivery = { socket: WebSocket; id: string };

/** Events one subscriber may have waiting to be sent; past that it misses events, as pubsub's own queue does. */
export const MAX_PENDING_EVENTS = 1024;

const SUFFIX = Buffer.from("}");
const DONE = { done: true, value: undefined } as const;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === "function";
}

/** The subscription's one root field, when it is written out (not in a fragment) and marked shared. */
function sharedField(args: ExecutionArgs): string | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (operation?.operation !== "subscription" || operation.selectionSet.selections.length !== 1) {
    return undefined;
  }
  const [selection] = operation.selectionSet.selections;
  if (selection?.kind !== Kind.FIELD || selection.directives?.length) {
    return undefined;
  }
  const field = args.schema.getSubscriptionType()?.getFields()[selection.name.value];
  return field?.extensions.sharedFanOut === true ? field.name : undefined;
}

/** Subscribers with the same key receive the same bytes for the same event. */
function shareKey(field: string, args: ExecutionArgs): string {
  const actor = (args.contextValue as GraphQLContext | undefined)?.actor;
  return createHash("sha256")
    .update(
      JSON.stringify([
        field,
        actor?.role ?? null,
        actor?.schoolId ?? null,
        args.operationName ?? null,
        args.variableValues ?? null,
        print(args.document),
      ]),
    )
    .digest("base64");
}

function send(socket: WebSocket, message: Buffer): Promise<void> {
  // As graphql-ws's own adapter: a socket that has closed meanwhile is skipped, not an error.
  if (socket.readyState !== socket.OPEN) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    socket.send(message, { binary: false }, (error) => (error ? reject(error) : resolve()));
  });
}

type Stream = AsyncIterableIterator<ExecutionResult, void>;

/** One subscriber of a shared topic. */
type Member = {
  admit: (event: unknown) => boolean | Promise<boolean>;
  deliver: (event: unknown, payloads: Map<string, Promise<Buffer>>) => Promise<void>;
  pending: number;
  chain: Promise<void>;
  stopped: boolean;
  fail: (error: unknown) => void;
  end: () => void;
};

/** A topic read once for its members on this instance. */
type Feed = { members: Set<Member>; source: AsyncIterator<unknown> };

/**
 * graphql-ws's `subscribe` for shared subscriptions. `payloadOf` shapes a result as graphql-ws's
 * `next` message carries it (errors formatted as onNext formats them); `deliveryOf` says where a
 * subscription's messages go (registered when its context is made).
 */
export function createSharedFanOut(options: {
  payloadOf: (result: ExecutionResult) => ExecutionResult | FormattedExecutionResult;
  deliveryOf: (contextValue: unknown) => Delivery | undefined;
}) {
  const feeds = new Map<string, Feed>();
  // For sources read per subscriber: per event object (every listener of a topic gets the same one).
  const executed = new WeakMap<object, Map<string, Promise<Buffer>>>();
  let executions = 0;

  function payloadBytes(args: ExecutionArgs, event: unknown): Promise<Buffer> {
    executions++;
    return Promise.resolve(execute({ ...args, rootValue: event })).then((result) =>
      Buffer.from(JSON.stringify(options.payloadOf(result))),
    );
  }

  /** The event's payload for `key`, executed by the first subscriber that asks. */
  function payloadFor(payloads: Map<string, Promise<Buffer>>, key: string, args: ExecutionArgs, event: unknown) {
    let bytes = payloads.get(key);
    if (!bytes) {
      bytes = payloadBytes(args, event);
      payloads.set(key, bytes);
    }
    return bytes;
  }

  function payloadsOf(event: unknown): Map<string, Promise<Buffer>> {
    if (typeof event !== "object" || event === null) {
      return new Map();
    }
    let payloads = executed.get(event);
    if (!payloads) {
      payloads = new Map();
      executed.set(event, payloads);
    }
    return payloads;
  }

  /** Reads the feed's topic and offers each event to every member, until the topic ends or fails. */
  async function run(key: string, feed: Feed) {
    try {
      for (;;) {
        const step = await feed.source.next();
        if (step.done) {
          break;
        }
        const payloads = new Map<string, Promise<Buffer>>();
        for (const member of feed.members) {
          offer(member, step.value, payloads);
        }
      }
      for (const member of feed.members) {
        member.end();
      }
    } catch (error) {
      for (const member of feed.members) {
        member.fail(error);
      }
    } finally {
      if (feeds.get(key) === feed) {
        feeds.delete(key);
      }
    }
  }

  /** Queues `event` for `member`: its check, then its bytes, in order with its other events. */
  function offer(member: Member, event: unknown, payloads: Map<string, Promise<Buffer>>) {
    if (member.pending >= MAX_PENDING_EVENTS) {
      return;
    }
    member.pending++;
    member.chain = member.chain
      .then(async () => {
        if (!member.stopped && (await member.admit(event)) && !member.stopped) {
          await member.deliver(event, payloads);
        }
      })
      .catch((error: unknown) => member.fail(error))
      .finally(() => {
        member.pending--;
      });
  }

  function join(topic: SharedTopic<unknown>, deliver: Member["deliver"]): Stream {
    let feed = feeds.get(topic.key);
    if (!feed) {
      feed = { members: new Set(), source: topic.open()[Symbol.asyncIterator]() };
      feeds.set(topic.key, feed);
      void run(topic.key, feed);
    }
    const joined = feed;
    // graphql-ws waits on next() for as long as the subscription lasts.
    let settle: { resolve: (done: typeof DONE) => void; reject: (error: unknown) => void } | undefined;
    const waiting = new Promise<typeof DONE>((resolve, reject) => {
      settle = { resolve, reject };
    });
    // Handled by whoever awaits next(); a failure before graphql-ws first asks is not "unhandled".
    waiting.catch(() => {});
    const leave = () => {
      member.stopped = true;
      joined.members.delete(member);
      if (!joined.members.size && feeds.get(topic.key) === joined) {
        feeds.delete(topic.key);
        void joined.source.return?.();
      }
    };
    const member: Member = {
      admit: topic.admit,
      deliver,
      pending: 0,
      chain: Promise.resolve(),
      stopped: false,
      fail(error) {
        leave();
        settle?.reject(error);
      },
      end() {
        leave();
        // What was queued goes out before graphql-ws completes the subscription.
        void member.chain.then(() => settle?.resolve(DONE));
      },
    };
    joined.members.add(member);
    const stream: Stream = {
      next: () => waiting,
      async return() {
        leave();
        settle?.resolve(DONE);
        return DONE;
      },
      async throw(error: unknown) {
        leave();
        throw error;
      },
      [Symbol.asyncIterator]: () => stream,
    };
    return stream;
  }

  /**
   * Sends each event of `source` itself and yields nothing: graphql-ws only waits on it, completes
   * the subscription when it ends and reports it when it throws, and stops it with `return`.
   */
  function deliverEach(source: AsyncIterator<unknown>, deliver: Member["deliver"]): Stream {
    const stop = async () => {
      await source.return?.();
      return DONE;
    };
    const stream: Stream = {
      async next() {
        for (;;) {
          const step = await source.next();
          if (step.done) {
            return DONE;
          }
          try {
            await deliver(step.value, payloadsOf(step.value));
          } catch (error) {
            await source.return?.();
            throw error;
          }
        }
      },
      return: stop,
      async throw(error: unknown) {
        await stop();
        throw error;
      },
      [Symbol.asyncIterator]: () => stream,
    };
    return stream;
  }

  return {
    /** Executions of shared subscriptions' events so far (tests: one per event, not per subscriber). */
    get executions() {
      return executions;
    },

    /** Topics read once for all their subscribers just now (tests: none once the last one leaves). */
    get feeds() {
      return feeds.size;
    },

    /** For graphql-ws's `subscribe` option: graphql-js's own subscribe unless the field is shared. */
    async subscribe(args: ExecutionArgs) {
      const field = sharedField(args);
      const delivery = options.deliveryOf(args.contextValue);
      if (!field || !delivery) {
        return subscribe(args);
      }
      // The resolver's subscribe runs for this subscriber (its access, its topic, its check per event).
      const stream = await createSourceEventStream(args);
      if (!isAsyncIterable(stream)) {
        return stream;
      }
      const key = shareKey(field, args);
      const prefix = Buffer.from(`{"id":${JSON.stringify(delivery.id)},"type":"next","payload":`);
      const deliver: Member["deliver"] = async (event, payloads) => {
        const payload = await payloadFor(payloads, key, args, event);
        await send(delivery.socket, Buffer.concat([prefix, payload, SUFFIX]));
      };
      return stream instanceof SharedTopic
        ? join(stream, deliver)
        : deliverEach(stream[Symbol.asyncIterator](), deliver);
    },
  };
}
