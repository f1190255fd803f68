import { type Client, createClient } from "graphql-ws";
import WebSocket from "ws";
import type { TestApp } from "./test-app.js";

// A graphql-ws subscription for tests: collects data and errors, and knows when the server closed the
// connection (and with which code).

export type Live<T> = {
  events: T[];
  errors: { message: string; extensions?: Record<string, unknown> }[];
  /** Resolves with the close code when the connection closes. */
  closed: Promise<number>;
  /** Resolves once `predicate` holds for the events so far (polls; rejects after timeoutMs). */
  until(predicate: (events: T[]) => boolean, timeoutMs?: number): Promise<T[]>;
  dispose(): Promise<void>;
};

/** `auth`: a token (sent as `Bearer <token>`), connection params as they are, or null for none. */
export function subscribe<T>(
  app: TestApp,
  auth: string | Record<string, unknown> | null,
  query: string,
  variables: Record<string, unknown> = {},
): Live<T> {
  const connectionParams = typeof auth === "string" ? { authorization: `Bearer ${auth}` } : auth;
  let onClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    onClosed = resolve;
  });
  const client: Client = createClient({
    url: `ws://127.0.0.1:${app.port}/graphql`,
    webSocketImpl: WebSocket,
    ...(connectionParams ? { connectionParams } : {}),
    retryAttempts: 0,
    lazy: true,
    on: { closed: (event) => onClosed((event as { code: number }).code) },
  });
  const events: T[] = [];
  const errors: Live<T>["errors"] = [];
  const field = /\{\s*(\w+)/.exec(query.replace(/^[^{]*/, ""))?.[1] ?? "";
  client.subscribe<Record<string, T>>(
    { query, variables },
    {
      next: (result) => {
        if (result.data?.[field] !== undefined) {
          events.push(result.data[field] as T);
        }
        if (result.errors) {
          errors.push(...(result.errors as Live<T>["errors"]));
        }
      },
      error: (error) => errors.push(Array.isArray(error) ? error[0] : { message: String(error) }),
      complete: () => {},
    },
  );
  return {
    events,
    errors,
    closed,
    async until(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (errors.length) {
          throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        }
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for events; got ${JSON.stringify(events).slice(0, 2000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return events;
    },
    dispose: () => client.dispose() as Promise<void>,
  };
}
