import {
  type ExecutionResult,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  parse,
  validate,
} from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type http from "node:http";
import type { Logger } from "pino";
import { type WebSocket, WebSocketServer } from "ws";
import type { Actor } from "../auth/actor.js";
import type { Session, SessionResolver } from "../auth/session.js";
import { isAllowedOrigin } from "../http/security.js";
import { type AppPubSub, Topics } from "../pubsub/pubsub.js";
import type { Services } from "../services.js";
import type { GraphQLContext, LiveSubscriber } from "./context.js";
import { formatGraphQLError } from "./errors.js";
import { allValidationRules, DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from "./limits.js";
import { createSharedFanOut, type Delivery } from "./shared-fan-out.js";

// Subscriptions over graphql-ws on the same path as /graphql. The connection is authenticated once,
// in connection_init's payload, with the same token as HTTP ({ authorization: "Bearer <token>" } or
// { token }); a connection without a token is closed with 4403 Forbidden, and one whose token is
// refused (expired, retired, an inactive account) with 4401 and the reason, as HTTP answers 401: the
// client signs out rather than retrying the same token. When an account is blocked or deactivated,
// its open connections are closed at once (4403): the client reconnects with a fresh session that
// carries the new state. When the token expires the connection closes with 4401 (the client signs out).
//
// The HTTP server's defences apply here too: the upgrade is refused (403) for a browser page of
// another origin; every document goes through the same parse and validation limits as HTTP
// (graphql/limits.ts), and introspection follows the same switch; frames are capped at maxPayload. And
// each subscription re-checks its subscriber when it delivers an event (LiveSubscriber): the session is
// re-read at most every LIVE_RECHECK_MS per connection, and at once after the account changes.
// Subscriptions that a whole school's staff follow share each event's execution and bytes
// (shared-fan-out.ts); each subscriber's access is still checked per event.

/** Close code when the session's token expires or is refused: the client's cue to sign in again. */
export const SESSION_EXPIRED = { code: 4401, reason: "Session expired" } as const;
/** How stale a connection's view of its account may be when an event is delivered. */
export const LIVE_RECHECK_MS = 2000;
/** Subscriptions one connection may hold at once (the client holds at most a handful). */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 25;
// setTimeout's longest delay (about 24.8 days); a later expiry re-arms.
const MAX_TIMER_MS = 2_147_483_647;

type ConnectionExtra = {
  session?: Session;
  ip?: string;
  socket: WebSocket;
  live?: LiveSubscriber;
};

export function tokenFromConnectionParams(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) {
    return undefined;
  }
  const authorization = params.authorization ?? params.Authorization;
  if (typeof authorization === "string") {
    return authorization;
  }
  return typeof params.token === "string" ? `Bearer ${params.token}` : undefined;
}

/** Closes `socket` with 4401 when the token's exp (seconds) passes. */
function closeAtExpiry(socket: WebSocket, expiresAt: number) {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const delay = expiresAt * 1000 - Date.now();
    if (delay <= 0) {
      socket.close(SESSION_EXPIRED.code, SESSION_EXPIRED.reason);
      return;
    }
    timer = setTimeout(arm, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * The connection's subscriber, re-read through the session resolver (token signature and expiry,
 * account active, not signed out everywhere) at most every LIVE_RECHECK_MS, or at once after
 * `invalidate`. A failed read counts as no subscriber: an event is held back rather than sent
 * unchecked.
 */
function liveSubscriber(authorization: string | undefined, resolveSession: SessionResolver, actor: Actor) {
  let readAt = Date.now();
  let state: Promise<Actor | null> = Promise.resolve(actor);
  return {
    current(): Promise<Actor | null> {
      if (Date.now() - readAt >= LIVE_RECHECK_MS) {
        readAt = Date.now();
        state = resolveSession(authorization).then(
          (session) => session.actor,
          () => {
            readAt = 0;
            return null;
          },
        );
      }
      return state;
    },
    invalidate() {
      readAt = 0;
    },
  };
}

/** graphql-js's validation errors, coded as on HTTP (onError then formats them, hints and all). */
function asValidationErrors(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map(
    (error) =>
      new GraphQLError(error.message, {
        ...(error.nodes ? { nodes: error.nodes } : {}),
        extensions: { ...error.extensions, code: "GRAPHQL_VALIDATION_FAILED" },
      }),
  );
}

export function attachGraphQLWebSocket(options: {
  httpServer: http.Server;
  path: string;
  schema: GraphQLSchema;
  services: Services;
  resolveSession: SessionResolver;
  logger: Logger;
  maxPayloadBytes: number;
  pubsub: AppPubSub;
  /** Whether introspection is allowed (GRAPHQL_IDE), as on HTTP. */
  introspection: boolean;
  /** Browser origins allowed besides the request's own host: PUBLIC_URL's and CORS_ORIGINS. */
  origins: { publicUrl: string; corsOrigins: readonly string[] };
  limits?: GraphQLLimits;
}) {
  const limits = options.limits ?? DEFAULT_GRAPHQL_LIMITS;
  const rules = allValidationRules({ introspection: options.introspection, limits });
  // The same boundary as HTTP, with schema hints going with introspection (see errors.ts).
  const formatError = (error: GraphQLError) =>
    formatGraphQLError(error.toJSON(), error, options.logger, { hideSchemaDetails: !options.introspection });
  /** A result's errors formatted as HTTP formats them; undefined when it has none (sent as it is). */
  const formatted = (result: ExecutionResult) =>
    result.errors?.length
      ? { ...result, errors: result.errors.map((error): GraphQLFormattedError => formatError(error)) }
      : undefined;
  // Each subscription's socket and id, by its context (made per subscription), for shared fan-out.
  const deliveries = new WeakMap<object, Delivery>();
  const fanOut = createSharedFanOut({
    // The payload graphql-ws would send: the formatted result, or the result without its errors key.
    payloadOf: (result) => {
      const { errors: _errors, ...rest } = result;
      return formatted(result) ?? rest;
    },
    deliveryOf: (contextValue) =>
      typeof contextValue === "object" && contextValue ? deliveries.get(contextValue) : undefined,
  });
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    maxPayload: options.maxPayloadBytes,
    // A page of another site must not open a socket with a child's token in its connection params.
    // Clients without an Origin (not a browser) still have to present a token.
    verifyClient: (info, done) => {
      if (!info.origin || isAllowedOrigin(info.origin, info.req, options.origins)) {
        done(true);
        return;
      }
      options.logger.warn({ origin: info.origin }, "websocket refused: origin not allowed");
      done(false, 403, "Origin not allowed");
    },
  });
  const socketsByUser = new Map<string, Set<WebSocket>>();
  const revoked = options.pubsub.subscribe(Topics.sessionsRevoked);
  void (async () => {
    for await (const { userId, reason } of revoked) {
      for (const socket of socketsByUser.get(userId) ?? []) {
        socket.close(4403, reason);
      }
    }
  })();
  const disposable = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      schema: options.schema,
      async onConnect(ctx) {
        const authorization = tokenFromConnectionParams(ctx.connectionParams);
        const session = await options.resolveSession(authorization);
        if (!session.actor) {
          if (session.tokenError) {
            // Closed here first: graphql-ws's own refusal (4403) is then a no-op.
            ctx.extra.socket.close(SESSION_EXPIRED.code, session.tokenError);
          }
          return false;
        }
        const socket = ctx.extra.socket;
        if (socket.readyState !== socket.OPEN) {
          // Closed while the session was being read: nothing to register.
          return false;
        }
        ctx.extra.session = session;
        ctx.extra.ip = ctx.extra.request.socket.remoteAddress ?? "unknown";
        const userId = session.actor.id;
        const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
        sockets.add(socket);
        socketsByUser.set(userId, sockets);
        if (session.expiresAt !== undefined) {
          closeAtExpiry(socket, session.expiresAt);
        }
        const live = liveSubscriber(authorization, options.resolveSession, session.actor);
        ctx.extra.live = live;
        // A change to the account (role, status, block) is seen by the next event, not LIVE_RECHECK_MS later.
        const changes = options.pubsub.subscribe(Topics.accountUpdated, userId);
        void (async () => {
          for await (const _change of changes) {
            live.invalidate();
          }
        })();
        socket.once("close", () => {
          void changes.return?.();
          sockets.delete(socket);
          if (!sockets.size && socketsByUser.get(userId) === sockets) {
            socketsByUser.delete(userId);
          }
        });
        return true;
      },
      // The same parse and validation as HTTP: token, depth, cost, alias, root-field and directive
      // limits, and introspection only when enabled.
      onSubscribe(ctx, _id, payload) {
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [
            new GraphQLError(
              `Too many subscriptions on one connection: the limit is ${MAX_SUBSCRIPTIONS_PER_CONNECTION}.`,
              { extensions: { code: "BAD_REQUEST" } },
            ),
          ];
        }
        let document;
        try {
          document = parse(payload.query, { maxTokens: limits.maxTokens });
        } catch (error) {
          if (error instanceof GraphQLError) {
            return [new GraphQLError(error.message, { extensions: { code: "GRAPHQL_PARSE_FAILED" } })];
          }
          throw error;
        }
        const errors = validate(options.schema, document, rules);
        if (errors.length) {
          return asValidationErrors(errors);
        }
        return {
          schema: options.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
        };
      },
      context(ctx, id): GraphQLContext {
        const session = ctx.extra.session as Session;
        const context = {
          ...session,
          services: options.services,
          ip: ctx.extra.ip ?? "unknown",
          ...(ctx.extra.live ? { live: ctx.extra.live } : {}),
        };
        deliveries.set(context, { socket: ctx.extra.socket, id });
        return context;
      },
      subscribe: (args) => fanOut.subscribe(args),
      // Errors before or outside a result (a subscription that fails to start) are masked the same way.
      onError(_ctx, _id, _payload, errors) {
        return errors.map(formatError);
      },
      onNext(_ctx, _id, _payload, _args, result) {
        return formatted(result);
      },
    },
    wsServer,
  );
  return {
    wsServer,
    async close() {
      // 1001 Going Away: clients reconnect to another instance.
      for (const client of wsServer.clients) {
        client.close(1001, "Server shutting down");
      }
      await revoked.return?.();
      await disposable.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
