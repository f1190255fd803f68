import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { type ASTNode, type DocumentNode, Kind, type OperationDefinitionNode, print } from "graphql";
import { readStoredToken } from "./session";

// A page's data fetched as the app starts, while its lazy chunks (the page, Apollo) still download:
// on a slow link they take seconds, and the query would otherwise wait for all of them. The page
// asks for the same data through Apollo as always; Apollo's link (lib/apollo.ts) hands it the answer
// fetched early instead of sending the query again. An answer is handed over once, to the same
// operation with the same variables under the same token, and only shortly after it was asked for.

/** What the server answered, as Apollo's HTTP link would have read it. */
export type EarlyResult<TData = unknown> = { data?: TData | null; errors?: unknown; extensions?: unknown };

type Early = { token: string; startedAt: number; result: Promise<EarlyResult | null> };

/** After this the page is not on its way any more (the visitor went elsewhere): the answer is dropped. */
export const EARLY_DATA_TTL_MS = 30_000;

const pending = new Map<string, Early>();

// Variables compared by value, whatever the order of their keys.
function stable(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(stable).join(",")}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const keyOf = (operationName: string, variables: Record<string, unknown>) => `${operationName} ${stable(variables)}`;

// Apollo's cache asks for __typename on every object it stores; the early query asks for it too, so
// its answer is the one Apollo's own query would have had (an extra __typename is never in the way).
function withTypenames<T extends ASTNode>(node: T): T {
  if (Array.isArray(node)) {
    return node.map(withTypenames) as unknown as T;
  }
  if (!node || typeof node !== "object") {
    return node;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = value && typeof value === "object" ? withTypenames(value as ASTNode) : value;
  }
  if (node.kind === Kind.SELECTION_SET) {
    const selections = copy.selections as { kind: string; name?: { value: string } }[];
    if (!selections.some((s) => s.kind === Kind.FIELD && s.name?.value === "__typename")) {
      copy.selections = [...selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } }];
    }
  }
  return copy as T;
}

function operationName(document: DocumentNode): string | null {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return operation?.name?.value ?? null;
}

/**
 * Starts `document` now, over plain fetch with the stored token, for Apollo to pick up later; the
 * answer (null when it failed), or null at once without a token or when the same query is already on
 * its way.
 */
export function fetchEarly<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  now = Date.now(),
): Promise<EarlyResult<TData> | null> | null {
  const token = readStoredToken();
  const name = operationName(document);
  if (!token || !name) {
    return null;
  }
  const key = keyOf(name, variables);
  const existing = pending.get(key);
  if (existing && existing.token === token && now - existing.startedAt < EARLY_DATA_TTL_MS) {
    return null;
  }
  const result = fetch("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ operationName: name, query: print(withTypenames(document)), variables }),
  })
    // Anything but a plain answer (a refused token, a server error, no network) is left to Apollo,
    // which asks again and reports it as it always does.
    .then((res) => (res.ok ? (res.json() as Promise<EarlyResult<TData>>) : null))
    .catch(() => null);
  pending.set(key, { token, startedAt: now, result });
  return result;
}

/**
 * Fetches an image the page is about to show (a cover, usually what the page paints largest), so that
 * it arrives beside the page's chunks rather than after them.
 */
export function preloadImage(url: string | null | undefined): void {
  if (!url) {
    return;
  }
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = url;
  document.head.append(link);
}

/**
 * The early answer for this operation, if there is one for these variables and this token (it is
 * handed over once); null when Apollo should send the query itself.
 */
export function takeEarly(
  name: string | undefined,
  variables: Record<string, unknown>,
  token: string | null,
  now = Date.now(),
): Promise<EarlyResult | null> | null {
  if (!name) {
    return null;
  }
  const key = keyOf(name, variables);
  const early = pending.get(key);
  if (!early) {
    return null;
  }
  pending.delete(key);
  if (early.token !== token || now - early.startedAt >= EARLY_DATA_TTL_MS) {
    return null;
  }
  return early.result;
}

/** Forgets every early answer (tests). */
export function dropEarlyData(): void {
  pending.clear();
}
