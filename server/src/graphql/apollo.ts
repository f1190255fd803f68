import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLSchema } from "graphql";
import type http from "node:http";
import type { Logger } from "pino";
import { ErrorCode } from "../errors/app-error.js";
import type { GraphQLContext } from "./context.js";
import { formatGraphQLError } from "./errors.js";
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits, limitRules } from "./limits.js";

// The HTTP status follows the error where a client or a proxy acts on it: 401 (the client logs out
// on any 401, from either transport) and 429 with Retry-After.
const statusFromErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== "single") {
          return;
        }
        const errors = response.body.singleResult.errors ?? [];
        if (errors.some((e) => e.extensions?.code === ErrorCode.Unauthenticated)) {
          response.http.status = 401;
          return;
        }
        const limited = errors.find((e) => e.extensions?.code === ErrorCode.TooManyRequests);
        if (limited) {
          response.http.status = 429;
          response.http.headers.set("retry-after", String(limited.extensions?.retryAfterSeconds ?? 60));
        }
      },
    };
  },
};

export function createApolloServer(options: {
  schema: GraphQLSchema;
  httpServer: http.Server;
  logger: Logger;
  introspection: boolean;
  limits?: GraphQLLimits;
  extraPlugins?: ApolloServerPlugin<GraphQLContext>[];
}): ApolloServer<GraphQLContext> {
  const limits = options.limits ?? DEFAULT_GRAPHQL_LIMITS;
  return new ApolloServer<GraphQLContext>({
    schema: options.schema,
    logger: options.logger,
    introspection: options.introspection,
    // main.ts handles SIGTERM and calls App.close(), which stops Apollo. Apollo's own handler would
    // stop it first, and the second stop() then never settles: shutdown hung until the event loop ran dry.
    stopOnTerminationSignals: false,
    // The same limits as the WebSocket (see websocket.ts); Apollo adds its own no-introspection rule
    // when introspection is off. A document over a limit is a 400.
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: limitRules(limits),
    // One operation per request: a JSON array body is a 400 ("Operation batching disabled."). The
    // client never batches, and a batch would multiply every limit above by its length.
    allowBatchedHttpRequests: false,
    // No automatic persisted queries: the client does not send them, and an open registry of
    // queries is not an allow-list (see README, Security).
    persistedQueries: false,
    // The IDE is served from our own files (see http/ide.ts), never from a CDN.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are given (every answer is per reader), and the cache-control plugin's hook on
      // every field made Apollo wrap every resolver: a fifth of Explore's time on the server.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer }),
      statusFromErrors,
      ...(options.extraPlugins ?? []),
    ],
    // Schema hints go with introspection, as on the WebSocket (see errors.ts).
    formatError: (formatted, error) =>
      formatGraphQLError(formatted, error, options.logger, { hideSchemaDetails: !options.introspection }),
    includeStacktraceInErrorResponses: false,
    // Compact JSON: Apollo's default indents every answer, which costs time on every request (a
    // page of books: about 4% of the server's time) and bytes on the wire.
    stringifyResult: (value) => JSON.stringify(value),
  });
}
