import { createPubSub, filter } from "@graphql-yoga/subscription";
import {
  type ExecutionArgs,
  GraphQLError,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
} from "graphql";
import { MessageType, stringifyMessage } from "graphql-ws";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { SharedTopic } from "../pubsub/shared-topic.js";
import { createSharedFanOut, type Delivery } from "./shared-fan-out.js";

type Tick = { n: number };
type Viewer = {
  actor: { id: string; role: string; schoolId: string | null };
  allowed: () => boolean | Promise<boolean>;
};

function fakeSocket() {
  const sent: string[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send(data: Buffer, options: { binary: boolean }, done: (error?: Error) => void) {
      expect(options.binary).toBe(false);
      sent.push(data.toString("utf8"));
      done();
    },
  };
  return { socket: socket as unknown as WebSocket, sent };
}

/**
 * A schema whose `tick` shares its topic and its execution (`label` counts executions), `ownTick`
 * only its execution, `failing` fails, and `plainTick` shares nothing.
 */
function setUp() {
  const pubsub = createPubSub<{ TICK: [Tick] }>();
  let resolved = 0;
  // Read once for every subscriber, checked per subscriber; or read by each subscriber on its own.
  const shared = (_root: unknown, _args: unknown, viewer: Viewer) =>
    new SharedTopic(
      "TICK",
      () => pubsub.subscribe("TICK"),
      () => viewer.allowed(),
    );
  const own = (_root: unknown, _args: unknown, viewer: Viewer) =>
    filter(() => viewer.allowed())(pubsub.subscribe("TICK"));
  const Tick = new GraphQLObjectType({
    name: "Tick",
    fields: {
      n: { type: new GraphQLNonNull(GraphQLInt) },
      label: {
        type: new GraphQLNonNull(GraphQLString),
        resolve: (tick: Tick) => {
          resolved++;
          return `tick ${tick.n}`;
        },
      },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: "Subscription",
      fields: {
        tick: { type: Tick, subscribe: shared, resolve: (tick: Tick) => tick, extensions: { sharedFanOut: true } },
        ownTick: { type: Tick, subscribe: own, resolve: (tick: Tick) => tick, extensions: { sharedFanOut: true } },
        failing: {
          type: Tick,
          subscribe: shared,
          resolve: () => {
            throw new GraphQLError("internal detail");
          },
          extensions: { sharedFanOut: true },
        },
        plainTick: { type: Tick, subscribe: own, resolve: (tick: Tick) => tick },
      },
    }),
  });
  const deliveries = new WeakMap<object, Delivery>();
  const fanOut = createSharedFanOut({
    payloadOf: (result) =>
      result.errors?.length ? { ...result, errors: result.errors.map(() => ({ message: "Internal error" })) } : result,
    deliveryOf: (viewer) => (typeof viewer === "object" && viewer ? deliveries.get(viewer) : undefined),
  });

  /** One subscriber: its socket, and the stream graphql-ws would be given. */
  async function subscriber(options: {
    id?: string;
    role?: string;
    schoolId?: string | null;
    allowed?: () => boolean | Promise<boolean>;
    query?: string;
  }) {
    const { socket, sent } = fakeSocket();
    const viewer: Viewer = {
      actor: { id: crypto.randomUUID(), role: options.role ?? "teacher", schoolId: options.schoolId ?? "school-a" },
      allowed: options.allowed ?? (() => true),
    };
    const id = options.id ?? crypto.randomUUID();
    deliveries.set(viewer, { socket, id });
    const args: ExecutionArgs = {
      schema,
      document: parse(options.query ?? "subscription { tick { n label } }"),
      contextValue: viewer,
    };
    const stream = (await fanOut.subscribe(args)) as AsyncIterableIterator<unknown>;
    // As graphql-ws does: it waits on the stream until it ends.
    const pending = stream.next();
    return { sent, stream, pending, id };
  }

  /** Publishes until every subscriber has `count` messages (a Repeater starts listening on its first pull). */
  async function publishUntil(subscribers: { sent: string[] }[], count: number, tick: Tick) {
    pubsub.publish("TICK", tick);
    await expect.poll(() => subscribers.map((s) => s.sent.length)).toEqual(subscribers.map(() => count));
  }

  return { fanOut, subscriber, publishUntil, resolved: () => resolved };
}

describe("shared fan-out", () => {
  it("executes an event once for subscribers of one role and school and sends each graphql-ws's own bytes", async () => {
    const kit = setUp();
    const subscribers = await Promise.all([
      kit.subscriber({ id: "1" }),
      kit.subscriber({}),
      kit.subscriber({ id: 'quote"d' }),
    ]);
    await kit.publishUntil(subscribers, 1, { n: 1 });
    await kit.publishUntil(subscribers, 2, { n: 2 });

    expect(kit.fanOut.executions).toBe(2);
    expect(kit.resolved()).toBe(2);
    expect(kit.fanOut.feeds).toBe(1);
    for (const { sent, id } of subscribers) {
      expect(sent).toEqual(
        [1, 2].map((n) =>
          stringifyMessage({ id, type: MessageType.Next, payload: { data: { tick: { n, label: `tick ${n}` } } } }),
        ),
      );
    }
  });

  it("executes apart for another school, another role or another document", async () => {
    const kit = setUp();
    const subscribers = await Promise.all([
      kit.subscriber({}),
      kit.subscriber({ schoolId: "school-b" }),
      kit.subscriber({ role: "admin", schoolId: null }),
      kit.subscriber({ query: "subscription { tick { label } }" }),
    ]);
    await kit.publishUntil(subscribers, 1, { n: 7 });
    expect(kit.fanOut.executions).toBe(4);
    expect(JSON.parse(subscribers[3]?.sent[0] ?? "")).toMatchObject({
      payload: { data: { tick: { label: "tick 7" } } },
    });
  });

  it("sends nothing to a subscriber whose check refuses the event, while the others receive it", async () => {
    const kit = setUp();
    let allowed = true;
    const moved = await kit.subscriber({ allowed: () => allowed });
    const colleague = await kit.subscriber({});
    await kit.publishUntil([moved, colleague], 1, { n: 1 });
    allowed = false;
    await kit.publishUntil([colleague], 2, { n: 2 });
    await kit.publishUntil([colleague], 3, { n: 3 });
    expect(moved.sent).toHaveLength(1);
    expect(kit.fanOut.executions).toBe(3);
  });

  it("executes nothing when no subscriber may have the event", async () => {
    const kit = setUp();
    const probe = await kit.subscriber({ schoolId: "school-b" });
    const refused = await kit.subscriber({ allowed: () => false });
    await kit.publishUntil([probe], 1, { n: 1 });
    expect(refused.sent).toEqual([]);
    // Only the probe's own key was executed.
    expect(kit.fanOut.executions).toBe(1);
  });

  it("sends a failed result's errors as payloadOf shapes them", async () => {
    const kit = setUp();
    const one = await kit.subscriber({ id: "1", query: "subscription { failing { n } }" });
    await kit.publishUntil([one], 1, { n: 1 });
    expect(JSON.parse(one.sent[0] ?? "")).toEqual({
      id: "1",
      type: "next",
      payload: { errors: [{ message: "Internal error" }], data: { failing: null } },
    });
  });

  it("ends when graphql-ws returns it, and leaves other fields to graphql-js", async () => {
    const kit = setUp();
    const one = await kit.subscriber({});
    await kit.publishUntil([one], 1, { n: 1 });
    await one.stream.return?.();
    expect(await one.pending).toEqual({ done: true, value: undefined });

    const plain = await kit.subscriber({ query: "subscription { plainTick { n } }" });
    const other = await kit.subscriber({});
    await kit.publishUntil([other], 1, { n: 2 });
    // graphql-js's own stream: the result is yielded to graphql-ws, not sent here.
    expect(await plain.pending).toEqual({ done: false, value: { data: { plainTick: { n: 2 } } } });
    expect(plain.sent).toEqual([]);
    await plain.stream.return?.();
  });
  it("shares the execution of subscribers that read the topic each on their own", async () => {
    const kit = setUp();
    const query = "subscription { ownTick { n label } }";
    let allowed = true;
    const moved = await kit.subscriber({ query, allowed: () => allowed });
    const others = await Promise.all([kit.subscriber({ query }), kit.subscriber({ query })]);
    await kit.publishUntil([moved, ...others], 1, { n: 1 });
    allowed = false;
    await kit.publishUntil(others, 2, { n: 2 });
    expect(kit.fanOut.executions).toBe(2);
    expect(moved.sent).toHaveLength(1);
    expect(kit.fanOut.feeds).toBe(0);
  });

  it("keeps each subscriber's events in order while its check takes its time, and closes the topic after the last", async () => {
    const kit = setUp();
    let calls = 0;
    // Every other check answers late: a later event must not overtake it.
    const slow = await kit.subscriber({
      allowed: () => (calls++ % 2 ? true : new Promise((resolve) => setTimeout(() => resolve(true), 20))),
    });
    const quick = await kit.subscriber({});
    for (let n = 1; n <= 4; n++) {
      await kit.publishUntil([quick], n, { n });
    }
    await expect.poll(() => slow.sent.length).toBe(4);
    expect(slow.sent.map((message) => JSON.parse(message).payload.data.tick.n)).toEqual([1, 2, 3, 4]);
    await slow.stream.return?.();
    expect(kit.fanOut.feeds).toBe(1);
    await quick.stream.return?.();
    expect(kit.fanOut.feeds).toBe(0);
  });

  it("reports a failing check to graphql-ws as the subscription's error and drops the subscriber", async () => {
    const kit = setUp();
    const broken = await kit.subscriber({
      allowed: () => {
        throw new Error("database unavailable");
      },
    });
    const fine = await kit.subscriber({});
    await kit.publishUntil([fine], 1, { n: 1 });
    await expect(broken.pending).rejects.toThrow("database unavailable");
    await kit.publishUntil([fine], 2, { n: 2 });
    expect(broken.sent).toEqual([]);
  });
});
