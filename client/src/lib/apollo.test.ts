import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginDocument, MeDocument } from "../features/auth/graphql/auth";
import { buildUser } from "../test/factories";
import { createApolloClient, isUnauthenticated } from "./apollo";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stubFetch(response: () => Response) {
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response()));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);

describe("isUnauthenticated", () => {
  it("is true for HTTP 401 and for the UNAUTHENTICATED code", () => {
    const bodyText = JSON.stringify({ error: "Unauthorized" });
    expect(
      isUnauthenticated(new ServerError("401", { response: new Response(bodyText, { status: 401 }), bodyText })),
    ).toBe(true);
    expect(
      isUnauthenticated(
        new CombinedGraphQLErrors({ data: null, errors: [{ message: "No", extensions: { code: "UNAUTHENTICATED" } }] }),
      ),
    ).toBe(true);
  });

  it("is false for other errors", () => {
    const bodyText = "{}";
    expect(
      isUnauthenticated(new ServerError("403", { response: new Response(bodyText, { status: 403 }), bodyText })),
    ).toBe(false);
    expect(
      isUnauthenticated(
        new CombinedGraphQLErrors({ data: null, errors: [{ message: "No", extensions: { code: "FORBIDDEN" } }] }),
      ),
    ).toBe(false);
    expect(isUnauthenticated(new Error("Unauthorized"))).toBe(false);
  });
});

describe("createApolloClient", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("posts to /graphql with the session token as a bearer header", async () => {
    const me = buildUser();
    const fetch = stubFetch(() => json({ data: { me } }));
    const client = createApolloClient({ getToken: () => "tok.en.value", onUnauthenticated: vi.fn() });
    const { data } = await client.query({ query: MeDocument });
    expect(data?.me.uid).toBe(me.uid);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/graphql");
    expect(init?.method).toBe("POST");
    expect(headersOf(init).get("authorization")).toBe("Bearer tok.en.value");
  });

  it("sends no authorization header without a token", async () => {
    const fetch = stubFetch(() => json({ data: { me: buildUser() } }));
    const client = createApolloClient({ getToken: () => null, onUnauthenticated: vi.fn() });
    await client.query({ query: MeDocument });
    expect(headersOf(fetch.mock.calls[0]?.[1]).has("authorization")).toBe(false);
  });

  it("ends the session on an HTTP 401", async () => {
    stubFetch(() => json({ error: "Unauthorized" }, 401));
    const onUnauthenticated = vi.fn();
    const client = createApolloClient({ getToken: () => "t.o.k", onUnauthenticated });
    await expect(client.query({ query: MeDocument })).rejects.toSatisfy(ServerError.is);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("ends the session on an UNAUTHENTICATED GraphQL error", async () => {
    stubFetch(() =>
      json({ data: null, errors: [{ message: "Not authenticated", extensions: { code: "UNAUTHENTICATED" } }] }),
    );
    const onUnauthenticated = vi.fn();
    const client = createApolloClient({ getToken: () => "t.o.k", onUnauthenticated });
    await expect(client.query({ query: MeDocument })).rejects.toSatisfy(CombinedGraphQLErrors.is);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it("keeps the session on other errors", async () => {
    stubFetch(() => json({ data: null, errors: [{ message: "Boom", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }));
    const onUnauthenticated = vi.fn();
    const client = createApolloClient({ getToken: () => "t.o.k", onUnauthenticated });
    await expect(client.query({ query: MeDocument })).rejects.toThrow("Boom");
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it("does not treat a failed sign-in as a lost session", async () => {
    stubFetch(() =>
      json({ data: null, errors: [{ message: "Invalid email or password", extensions: { code: "UNAUTHENTICATED" } }] }),
    );
    const onUnauthenticated = vi.fn();
    const client = createApolloClient({ getToken: () => null, onUnauthenticated });
    await expect(
      client.mutate({ mutation: LoginDocument, variables: { input: { email: "a@b.co", password: "wrong" } } }),
    ).rejects.toThrow("Invalid email or password");
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
