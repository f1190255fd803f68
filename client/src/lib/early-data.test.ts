import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BookDetailDocument, BookGenresDocument, TeacherDashboardDocument } from "../gql/graphql";
import { createApolloClient } from "./apollo";
import { dropEarlyData, EARLY_DATA_TTL_MS, fetchEarly, takeEarly } from "./early-data";
import { TOKEN_KEY } from "./session";

const TOKEN = "early.test.token";
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const GENRES = { data: { bookGenres: ["adventure", "poetry"], __typename: "Query" } };

function stubFetch(...responses: (() => Response)[]) {
  let call = 0;
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => {
    const respond = responses[Math.min(call++, responses.length - 1)] as () => Response;
    return Promise.resolve(respond());
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body)) as { operationName: string; query: string; variables: unknown };

describe("early data", () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_KEY, TOKEN);
  });
  afterEach(() => {
    dropEarlyData();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("answers Apollo's query from the request started early: the server is asked once", async () => {
    const fetch = stubFetch(() => json(GENRES));
    fetchEarly(BookGenresDocument, {});
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/graphql");
    expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(bodyOf(init)).toMatchObject({ operationName: "BookGenres", variables: {} });
    // The cache stores what its own query would have asked for, __typename included.
    expect(bodyOf(init).query).toMatch(/bookGenres\s+__typename/);

    const client = createApolloClient({ getToken: () => TOKEN, onUnauthenticated: vi.fn() });
    const { data } = await client.query({ query: BookGenresDocument });
    expect(data?.bookGenres).toEqual(["adventure", "poetry"]);
    expect(fetch).toHaveBeenCalledTimes(1);

    // Handed over once: the next query goes to the server.
    await client.query({ query: BookGenresDocument, fetchPolicy: "network-only" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("leaves a failed early request to Apollo, which asks again and gets the answer", async () => {
    const fetch = stubFetch(
      () => json({ error: "boom" }, 500),
      () => json(GENRES),
    );
    fetchEarly(BookGenresDocument, {});
    const client = createApolloClient({ getToken: () => TOKEN, onUnauthenticated: vi.fn() });
    const { data } = await client.query({ query: BookGenresDocument });
    expect(data?.bookGenres).toEqual(["adventure", "poetry"]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("hands the answer only to the same variables, in any order, under the same token, while fresh", () => {
    stubFetch(() => json({ data: null }));
    fetchEarly(BookDetailDocument, { bookId: "1" });
    expect(takeEarly("BookDetail", { bookId: "2" }, TOKEN)).toBeNull();
    expect(takeEarly("BookDetail", { bookId: "1" }, TOKEN)).not.toBeNull();

    const variables = { search: null, sort: "name" as const, offset: 0, limit: 30 };
    fetchEarly(TeacherDashboardDocument, variables);
    expect(takeEarly("TeacherDashboard", { limit: 30, offset: 0, sort: "name", search: null }, TOKEN)).not.toBeNull();

    fetchEarly(BookDetailDocument, { bookId: "1" });
    expect(takeEarly("BookDetail", { bookId: "1" }, "someone.else.token")).toBeNull();

    const startedAt = Date.now();
    fetchEarly(BookDetailDocument, { bookId: "1" }, startedAt);
    expect(takeEarly("BookDetail", { bookId: "1" }, TOKEN, startedAt + EARLY_DATA_TTL_MS)).toBeNull();
  });

  it("asks nothing without a stored token", () => {
    window.localStorage.clear();
    const fetch = stubFetch(() => json(GENRES));
    fetchEarly(BookGenresDocument, {});
    expect(fetch).not.toHaveBeenCalled();
  });
});
