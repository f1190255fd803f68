import { describe, expect, it } from "vitest";
import type { Actor } from "./actor.js";
import type { Session } from "./session.js";
import { createSessionCache } from "./session-cache.js";

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const accepted = (id: string, expiresAt = inAnHour()): Session => ({
  actor: { id } as Actor,
  tokenError: null,
  expiresAt,
});

/** A resolver that counts its calls and answers what `answer` gives at the time. */
function reader(answer: () => Session) {
  const calls = { count: 0 };
  return {
    calls,
    resolve: async () => {
      calls.count += 1;
      return answer();
    },
  };
}

describe("createSessionCache", () => {
  it("reads an accepted session once and holds it", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const { calls, resolve } = reader(() => accepted("u1"));
    await cache.session("t1", resolve);
    const again = await cache.session("t1", resolve);
    expect(again.actor?.id).toBe("u1");
    expect(calls.count).toBe(1);
  });

  it("shares one read among concurrent requests with the same token", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const { calls, resolve } = reader(() => accepted("u1"));
    await Promise.all(Array.from({ length: 5 }, () => cache.session("t1", resolve)));
    expect(calls.count).toBe(1);
  });

  it("never holds a refused session", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const { calls, resolve } = reader(() => ({ actor: null, tokenError: "no" }));
    await cache.session("t1", resolve);
    await cache.session("t1", resolve);
    expect(calls.count).toBe(2);
  });

  it("does not serve a session whose token has expired since", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const { calls, resolve } = reader(() => accepted("u1", Math.floor(Date.now() / 1000) - 1));
    await cache.session("t1", resolve);
    await cache.session("t1", resolve);
    expect(calls.count).toBe(2);
  });

  it("forgets one account's sessions, every token of it, and keeps the others'", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    const one = reader(() => accepted("u1"));
    const two = reader(() => accepted("u2"));
    await cache.session("t1", one.resolve);
    await cache.session("t1-other-device", one.resolve);
    await cache.session("t2", two.resolve);
    cache.forget("u1");
    await cache.session("t1", one.resolve);
    await cache.session("t1-other-device", one.resolve);
    await cache.session("t2", two.resolve);
    expect(one.calls.count).toBe(4);
    expect(two.calls.count).toBe(1);

    cache.forget(null);
    await cache.session("t2", two.resolve);
    expect(two.calls.count).toBe(2);
  });

  it("does not hold what a read began before a change read", async () => {
    const cache = createSessionCache({ ttlMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let active = true;
    const slow = async (): Promise<Session> => {
      const status = active;
      await gate;
      return status ? accepted("u1") : { actor: null, tokenError: "inactive" };
    };
    const before = cache.session("t1", slow);
    active = false;
    cache.forget("u1");
    release();
    expect((await before).actor?.id).toBe("u1");
    // The read from before the change answered its own request only; the next one reads afresh.
    expect((await cache.session("t1", slow)).actor).toBeNull();
  });

  it("holds nothing with a TTL of 0", async () => {
    const cache = createSessionCache({ ttlMs: 0 });
    const { calls, resolve } = reader(() => accepted("u1"));
    await cache.session("t1", resolve);
    await cache.session("t1", resolve);
    expect(calls.count).toBe(2);
  });
});
