import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import type http from "node:http";
import type { Logger } from "pino";
import { type WebSocket, WebSocketServer } from "ws";
import { type AppPubSub, Topics } from "../pubsub/pubsub.js";
import type { Session, SessionResolver } from "../auth/session.js";
import type { Services } from "../services.js";
import type { GraphQLContext } from "./context.js";
import { formatGraphQLError } from "./errors.js";

// Subscriptions over graphql-ws on the same path as /graphql. The connection is authenticated once,
// in connection_init's payload, with the same token as HTTP ({ authorization: "Bearer <token>" } or
// { token }); a connection without a valid token is closed with 4403 Forbidden. When an account is
// blocked, its open connections are closed at once (4403): the client reconnects with a fresh session
// that carries the new state.

type ConnectionExtra = { session?: Session; ip?: string; socket: WebSocket };

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

export function attachGraphQLWebSocket(options: {
  httpServer: http.Server;
  path: string;
  schema: GraphQLSchema;
  services: Services;
  resolveSession: SessionResolver;
  logger: Logger;
  maxPayloadBytes: number;
  pubsub: AppPubSub;
}) {
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    maxPayload: options.maxPayloadBytes,
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
        const session = await options.resolveSession(tokenFromConnectionParams(ctx.connectionParams));
        if (!session.actor) {
          return false;
        }
        if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) {
          // Closed while the session was being read: nothing to register.
          return false;
        }
        ctx.extra.session = session;
        ctx.extra.ip = ctx.extra.request.socket.remoteAddress ?? "unknown";
        const userId = session.actor.id;
        const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
        sockets.add(ctx.extra.socket);
        socketsByUser.set(userId, sockets);
        ctx.extra.socket.once("close", () => {
          sockets.delete(ctx.extra.socket);
          if (!sockets.size && socketsByUser.get(userId) === sockets) {
            socketsByUser.delete(userId);
          }
        });
        return true;
      },
      context(ctx): GraphQLContext {
        const session = ctx.extra.session as Session;
        return { ...session, services: options.services, ip: ctx.extra.ip ?? "unknown" };
      },
      // Errors before or outside a result (a subscription that fails to start) are masked the same way.
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => formatGraphQLError(error.toJSON(), error, options.logger));
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors?.length) {
          return undefined;
        }
        return {
          ...result,
          errors: result.errors.map((error): GraphQLFormattedError =>
            formatGraphQLError(error.toJSON(), error, options.logger),
          ),
        };
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
