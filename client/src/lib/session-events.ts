// The session's one cross-cutting event, without importing Apollo: any 401 (or UNAUTHENTICATED
// GraphQL error) seen by the network layer ends the session held by AuthProvider.

type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthenticated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitUnauthenticated(): void {
  listeners.forEach((listener) => listener());
}

/** Duck-typed, so that code outside the Apollo chunk can tell an UNAUTHENTICATED error. */
export function looksUnauthenticated(error: unknown): boolean {
  if (typeof error !== "object" || error === null) {
    return false;
  }
  const e = error as { statusCode?: unknown; errors?: { extensions?: { code?: unknown } }[] };
  return (
    e.statusCode === 401 || (Array.isArray(e.errors) && e.errors.some((x) => x.extensions?.code === "UNAUTHENTICATED"))
  );
}
