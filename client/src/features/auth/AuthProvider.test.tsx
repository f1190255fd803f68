import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ServerError } from "@apollo/client/errors";
import { describe, expect, it, vi } from "vitest";
import { type SessionUser, TOKEN_KEY, USER_KEY } from "../../lib/session";
import { openSessionShare, SESSION_ASK_TIMEOUT_MS } from "../../lib/session-share";
import { createFakeSessionBus } from "../../lib/session-share.fake";
import { createTestClient, deferred, graphqlError, type Reply } from "../../test/apollo";
import { buildUser, storeSignedIn, tokenExpiringIn } from "../../test/factories";
import { AuthProbe, renderRoutes } from "../../test/render";
import { AuthProvider, useAuth } from "./AuthProvider";

function LogoutButton() {
  const { logout } = useAuth();
  return (
    <button type="button" onClick={() => logout()}>
      Log out
    </button>
  );
}

const routes = [
  {
    path: "/",
    element: (
      <>
        <AuthProbe />
        <LogoutButton />
      </>
    ),
  },
];

describe("AuthProvider", () => {
  it("starts unauthenticated with nothing stored and asks the server nothing", async () => {
    const { client, calls } = createTestClient();
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(screen.getByTestId("user").textContent).toBe("none");
    // Give any start-up request the chance to go out.
    await act(() => Promise.resolve());
    expect(calls).toEqual([]);
  });

  it("shows the stored user at once, authenticated before the server answers", async () => {
    const stored = buildUser({ displayName: "Ada", email: "ada@school.test", role: "teacher" });
    storeSignedIn(stored);
    const me = deferred<Reply>();
    const { client, callsOf } = createTestClient({ Me: () => me.promise });
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    expect(screen.getByTestId("user").textContent).toBe("Ada <ada@school.test> teacher");
    await waitFor(() => expect(callsOf("Me")).toHaveLength(1));
    // Still the stored user while the server has not answered.
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    await act(async () => me.resolve({ data: { me: stored } }));
  });

  it("replaces the stored user with the server's answer to me", async () => {
    const stored = buildUser({ displayName: "Ada", email: "ada@school.test", role: "student" });
    storeSignedIn(stored, { remember: false });
    const fresh = { ...stored, displayName: "Ada Lovelace", role: "teacher" as const };
    const { client } = createTestClient({ Me: { data: { me: fresh } } });
    renderRoutes(routes, { client });
    expect(await screen.findByText("Ada Lovelace <ada@school.test> teacher")).toBeTruthy();
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    const kept = JSON.parse(window.sessionStorage.getItem(USER_KEY) ?? "null") as { displayName: string; role: string };
    expect(kept.displayName).toBe("Ada Lovelace");
    expect(kept.role).toBe("teacher");
  });

  it("normalises an unknown role from the server to student", async () => {
    const stored = buildUser({ displayName: "Ada", email: "ada@school.test", role: "teacher" });
    storeSignedIn(stored);
    const { client } = createTestClient({
      Me: { data: { me: { ...stored, displayName: "Ada L.", role: "librarian" } } },
    });
    renderRoutes(routes, { client });
    expect(await screen.findByText("Ada L. <ada@school.test> student")).toBeTruthy();
  });

  it("logs out and clears storage when the server answers UNAUTHENTICATED", async () => {
    storeSignedIn(buildUser());
    const { client } = createTestClient({
      Me: graphqlError("Not authenticated", { code: "UNAUTHENTICATED" }),
    });
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"));
    expect(screen.getByTestId("user").textContent).toBe("none");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });

  it("logs out when the server answers HTTP 401", async () => {
    storeSignedIn(buildUser(), { remember: false });
    const bodyText = JSON.stringify({ error: "Unauthorized" });
    const { client } = createTestClient({
      Me: new ServerError("Response not successful", { response: new Response(bodyText, { status: 401 }), bodyText }),
    });
    renderRoutes(routes, { client });
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"));
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
  });

  it("logs out when the server answers without a user", async () => {
    storeSignedIn(buildUser());
    const { client } = createTestClient({ Me: { data: { me: null } } });
    renderRoutes(routes, { client });
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps the stored session when the server cannot be reached", async () => {
    const stored = buildUser({ displayName: "Ada", email: "ada@school.test" });
    const token = storeSignedIn(stored);
    const { client } = createTestClient({ Me: new TypeError("Failed to fetch") });
    const query = vi.spyOn(client, "query");
    renderRoutes(routes, { client });
    await waitFor(() => expect(query).toHaveBeenCalledTimes(1));
    // Let the failed confirmation settle, and its handler run, before looking.
    await act(async () => {
      await expect(query.mock.results[0]?.value).rejects.toThrow("Failed to fetch");
    });
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    expect(screen.getByTestId("user").textContent).toBe("Ada <ada@school.test> student");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it("removes an expired stored token and its user at start, without asking the server", async () => {
    storeSignedIn(buildUser(), { token: tokenExpiringIn(-60) });
    const { client, calls } = createTestClient();
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    await act(() => Promise.resolve());
    expect(calls).toEqual([]);
  });

  it("removes a malformed stored token at start", () => {
    storeSignedIn(buildUser(), { token: "not.a-jwt" });
    const { client } = createTestClient();
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("logout clears token and user from storage and state and makes no network call", async () => {
    const stored = buildUser();
    storeSignedIn(stored, { remember: false });
    const { client, calls } = createTestClient({ Me: { data: { me: stored } } });
    const { user } = renderRoutes(routes, { client });
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Log out" }));
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(screen.getByTestId("user").textContent).toBe("none");
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(USER_KEY)).toBeNull();
    await act(() => Promise.resolve());
    expect(calls.map((call) => call.operationName)).toEqual(["Me"]);
  });

  // A still-valid token without a stored user is not thrown away: the server says who it is.
  it("confirms a valid stored token without a stored user with the server", async () => {
    const token = tokenExpiringIn(3600);
    window.localStorage.setItem(TOKEN_KEY, token);
    const me = buildUser({ displayName: "Ada", email: "ada@school.test" });
    const { client } = createTestClient({ Me: { data: { me } } });
    renderRoutes(routes, { client });
    expect(screen.getByTestId("status").textContent).toBe("loading");
    expect(await screen.findByText("Ada <ada@school.test> student")).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
  });
});

describe("AuthProvider across the tabs of one browser", () => {
  function SignOutButton() {
    const { logout } = useAuth();
    return (
      <button type="button" onClick={() => logout({ signedOut: true })}>
        Sign out
      </button>
    );
  }

  // This tab, on a bus of tabs (the fake BroadcastChannel).
  function renderTab(bus: ReturnType<typeof createFakeSessionBus>, resolvers = {}) {
    const test = createTestClient(resolvers);
    render(
      <AuthProvider loadClient={async () => test.client} sessionChannel={bus.connect}>
        <AuthProbe />
        <SignOutButton />
      </AuthProvider>,
    );
    return test;
  }

  // Another tab of the same browser, holding a session without "Remember me".
  function openTab(bus: ReturnType<typeof createFakeSessionBus>, session: { token: string; user: SessionUser } | null) {
    const onSignedOut = vi.fn();
    const tab = openSessionShare(bus.connect(), { onSignedOut, ownSession: () => session });
    return { tab, onSignedOut };
  }

  it("takes the session of an open tab into its own sessionStorage, then confirms it with the server", async () => {
    const bus = createFakeSessionBus();
    const ada = buildUser({ displayName: "Ada", email: "ada@school.test" });
    const token = tokenExpiringIn(3600);
    openTab(bus, { token, user: ada as SessionUser });
    const { callsOf } = renderTab(bus, { Me: { data: { me: ada } } });

    // Asking: neither signed in nor signed out yet, so a guarded page waits instead of going to /login.
    expect(screen.getByTestId("status").textContent).toBe("loading");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
    expect(screen.getByTestId("user").textContent).toBe("Ada <ada@school.test> student");
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    await waitFor(() => expect(callsOf("Me")).toHaveLength(1));
  });

  it("starts signed out when no open tab answers within the wait, and asks the server nothing", async () => {
    const bus = createFakeSessionBus();
    openTab(bus, null);
    const { calls } = renderTab(bus);
    expect(screen.getByTestId("status").textContent).toBe("loading");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"), {
      timeout: SESSION_ASK_TIMEOUT_MS + 1000,
    });
    expect(calls).toEqual([]);
  });

  it("does not ask when this tab has its own session", async () => {
    const bus = createFakeSessionBus();
    const stored = buildUser();
    storeSignedIn(stored, { remember: false });
    renderTab(bus, { Me: { data: { me: stored } } });
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    await act(() => Promise.resolve());
    expect(bus.posted).toEqual([]);
  });

  it("answers a new tab with its own session", async () => {
    const bus = createFakeSessionBus();
    const stored = buildUser();
    const token = storeSignedIn(stored, { remember: false });
    renderTab(bus, { Me: { data: { me: stored } } });
    const { tab } = openTab(bus, null);
    expect(await tab.ask()).toMatchObject({ token, user: { uid: stored.uid } });
  });

  it("signing out here signs the other tabs out", async () => {
    const bus = createFakeSessionBus();
    const stored = buildUser();
    storeSignedIn(stored, { remember: false });
    renderTab(bus, { Me: { data: { me: stored } } });
    const other = openTab(bus, null);
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign out" }));
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    await waitFor(() => expect(other.onSignedOut).toHaveBeenCalledTimes(1));
  });

  it("follows a sign-out in another tab", async () => {
    const bus = createFakeSessionBus();
    const stored = buildUser();
    storeSignedIn(stored, { remember: false });
    renderTab(bus, { Me: { data: { me: stored } } });
    const other = openTab(bus, null);
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    act(() => other.tab.announceSignOut());
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"));
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    // Only the tab that signed out tells the others: no echo.
    expect(bus.posted).toEqual([{ type: "signedOut" }]);
  });

  it("keeps a refused session to this tab: a 401 does not sign the other tabs out", async () => {
    const bus = createFakeSessionBus();
    storeSignedIn(buildUser(), { remember: false });
    renderTab(bus, { Me: graphqlError("Not authenticated", { code: "UNAUTHENTICATED" }) });
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("unauthenticated"));
    expect(bus.posted).toEqual([]);
  });

  it("stops listening when it unmounts", async () => {
    const bus = createFakeSessionBus();
    openTab(bus, null);
    renderTab(bus);
    expect(bus.openTabs()).toBe(2);
    cleanup();
    expect(bus.openTabs()).toBe(1);
  });
});
