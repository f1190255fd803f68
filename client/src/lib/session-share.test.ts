import { afterEach, describe, expect, it, vi } from "vitest";
import { buildUser, makeToken, tokenExpiringIn } from "../test/factories";
import { type SessionUser, storeSession } from "./session";
import { openSessionShare, SESSION_ASK_TIMEOUT_MS } from "./session-share";
import { createFakeSessionBus } from "./session-share.fake";

const user = buildUser({ displayName: "Ada" }) as SessionUser;

describe("sharing the session between tabs", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("hands an open tab's session to a new tab that asks", async () => {
    const bus = createFakeSessionBus();
    const session = { token: tokenExpiringIn(3600), user };
    openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => session });
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });

    expect(await newTab.ask()).toEqual(session);
  });

  it("answers with this tab's sessionStorage session only: a remembered one the new tab reads itself", async () => {
    const bus = createFakeSessionBus();
    openSessionShare(bus.connect(), { onSignedOut: vi.fn() });
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });

    storeSession({ token: tokenExpiringIn(3600), user }, true);
    expect(await newTab.ask(50)).toBeNull();

    const token = tokenExpiringIn(3600);
    storeSession({ token, user }, false);
    expect(await newTab.ask(50)).toEqual({ token, user: expect.objectContaining({ uid: user.uid }) as unknown });
  });

  it("gives up after a short wait when no tab answers", async () => {
    vi.useFakeTimers();
    const bus = createFakeSessionBus();
    openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });

    let answer: unknown = "pending";
    void newTab.ask().then((session) => (answer = session));
    await vi.advanceTimersByTimeAsync(SESSION_ASK_TIMEOUT_MS - 1);
    expect(answer).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
    expect(SESSION_ASK_TIMEOUT_MS).toBeLessThanOrEqual(500);
  });

  it("ignores an answer without a valid token or user", async () => {
    const bus = createFakeSessionBus();
    const stranger = bus.connect();
    stranger.onmessage = () => {
      for (const session of [
        { token: "garbage", user },
        { token: makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }), user },
        { token: tokenExpiringIn(3600), user: { displayName: "No id" } },
        null,
      ]) {
        (stranger.postMessage as (message: unknown) => void)({ type: "session", session });
      }
    };
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });

    expect(await newTab.ask(50)).toBeNull();
  });

  it("tells the other tabs, not this one, that the user signed out", async () => {
    const bus = createFakeSessionBus();
    const here = vi.fn();
    const there = vi.fn();
    const thisTab = openSessionShare(bus.connect(), { onSignedOut: here });
    openSessionShare(bus.connect(), { onSignedOut: there });

    thisTab.announceSignOut();
    await vi.waitFor(() => expect(there).toHaveBeenCalledTimes(1));
    expect(here).not.toHaveBeenCalled();
  });

  it("stops answering once closed, and a pending question ends with no session", async () => {
    const bus = createFakeSessionBus();
    const session = { token: tokenExpiringIn(3600), user };
    const openTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => session });
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });

    openTab.close();
    const pending = newTab.ask(5_000);
    newTab.close();
    expect(await pending).toBeNull();
    expect(bus.openTabs()).toBe(0);
  });

  it("never writes a shared session to localStorage", async () => {
    const bus = createFakeSessionBus();
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    const session = { token: tokenExpiringIn(3600), user };
    openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => session });
    const newTab = openSessionShare(bus.connect(), { onSignedOut: vi.fn(), ownSession: () => null });
    await newTab.ask();
    expect(setItem).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
    setItem.mockRestore();
  });
});
