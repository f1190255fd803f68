import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import type { ReactNode } from "react";
import { createApolloClient } from "./apollo";
import { readStoredToken } from "./session";
import { emitUnauthenticated } from "./session-events";

// Loaded on demand: pages that talk to the server pull Apollo in; the landing page does not.

let client: ApolloClient | undefined;

export function getClient(): ApolloClient {
  client ??= createApolloClient({ getToken: readStoredToken, onUnauthenticated: emitUnauthenticated });
  return client;
}

export function ApolloRoot({ children }: { children: ReactNode }) {
  return <ApolloProvider client={getClient()}>{children}</ApolloProvider>;
}
