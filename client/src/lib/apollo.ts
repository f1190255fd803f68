import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { createClient } from "graphql-ws";
import { from, mergeMap, of } from "rxjs";
import { takeEarly } from "./early-data";
import { emitLiveReconnected } from "./live-events";
import { looksUnauthenticated } from "./session-events";

export type ApolloOptions = {
  getToken: () => string | null;
  /** Called on any 401 (or UNAUTHENTICATED error): the session ends. */
  onUnauthenticated: () => void;
  uri?: string;
};

/** A 401, or a GraphQL error with code UNAUTHENTICATED (one rule, shared with AuthProvider). */
export const isUnauthenticated = looksUnauthenticated;

/**
 * Queries and mutations over HTTP, subscriptions over graphql-ws, both to this origin's /graphql
 * and both carrying the session token (header, and connection params for the WebSocket).
 */
export function createApolloClient({ getToken, onUnauthenticated, uri = "/graphql" }: ApolloOptions) {
  const http = new HttpLink({ uri });
  const auth = new SetContextLink((prev) => {
    const token = getToken();
    return token ? { headers: { ...prev.headers, authorization: `Bearer ${token}` } } : {};
  });
  const errors = new ErrorLink(({ error, operation }) => {
    // A failed sign-in is not a lost session.
    if (operation.operationName !== "Login" && isUnauthenticated(error)) {
      onUnauthenticated();
    }
  });
  // A query the app started early for the page (lib/early-data.ts) is answered from that request.
  const early = new ApolloLink((operation, forward) => {
    const result = takeEarly(operation.operationName, operation.variables, getToken());
    if (!result) {
      return forward(operation);
    }
    return from(result).pipe(mergeMap((answer) => (answer ? of(answer as ApolloLink.Result) : forward(operation))));
  });
  const wsUrl = new URL(uri, window.location.href);
  wsUrl.protocol = wsUrl.protocol === "https:" ? "wss:" : "ws:";
  const ws = new GraphQLWsLink(
    createClient({
      url: wsUrl.toString(),
      lazy: true,
      retryAttempts: Infinity,
      on: {
        connected: (_socket, _payload, wasRetry) => {
          if (wasRetry) {
            emitLiveReconnected();
          }
        },
        // 4401: the session's token expired while connected (the server closes the socket then). The
        // session ends as on an HTTP 401; graphql-ws does not retry this code.
        closed: (event) => {
          if ((event as { code?: unknown } | undefined)?.code === 4401) {
            onUnauthenticated();
          }
        },
      },
      connectionParams: () => {
        const token = getToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  );
  const link = ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    ws,
    ApolloLink.from([errors, auth, early, http]),
  );
  return new ApolloClient({ link, cache: createCache() });
}

/**
 * The cache. A student card's moderation state has no id of its own: live events and the unblock
 * answer write parts of it, merged into what is there.
 */
export function createCache() {
  return new InMemoryCache({
    typePolicies: {
      SchoolStudent: { fields: { moderation: { merge: true } } },
    },
  });
}
