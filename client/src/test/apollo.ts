// A real ApolloClient whose link answers from canned replies, so component tests run the app's own
// documents, cache and error handling without a server. Each reply is a GraphQL result ({ data } or
// { errors }), an Error (a network failure: the link errors), or a function of the variables
// returning either (possibly later, through a promise, to hold the form busy).
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import type { FormattedExecutionResult } from "graphql";
import { Observable } from "rxjs";

export type Reply = FormattedExecutionResult | Error;
export type Resolver = Reply | ((variables: Record<string, unknown>) => Reply | Promise<Reply>);
export type Call = { operationName: string; variables: Record<string, unknown> };

export function createTestClient(resolvers: Record<string, Resolver> = {}) {
  const calls: Call[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const operationName = operation.operationName ?? "";
        calls.push({ operationName, variables: { ...operation.variables } });
        const resolver = resolvers[operationName];
        let closed = false;
        Promise.resolve()
          .then(() => {
            if (resolver === undefined) {
              return new Error(`No canned reply for operation ${operationName}`);
            }
            return typeof resolver === "function" ? resolver(operation.variables) : resolver;
          })
          .then(
            (reply) => {
              if (closed) {
                return;
              }
              if (reply instanceof Error) {
                observer.error(reply);
              } else {
                observer.next(reply as ApolloLink.Result);
                observer.complete();
              }
            },
            (error: unknown) => {
              if (!closed) {
                observer.error(error);
              }
            },
          );
        return () => {
          closed = true;
        };
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  /** The operations sent so far with this name. */
  const callsOf = (operationName: string) => calls.filter((call) => call.operationName === operationName);
  return { client, calls, callsOf };
}

/** A promise settled from outside, to hold a request open while asserting the busy state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A GraphQL error result as the server sends it. */
export function graphqlError(message: string, extensions?: Record<string, unknown>): FormattedExecutionResult {
  return { data: null, errors: [{ message, ...(extensions ? { extensions } : {}) }] };
}
