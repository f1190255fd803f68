import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limit.js";

const WINDOW_MS = 60_000;

/** A limiter on a hand-driven clock: `clock.t` is the current time in milliseconds. */
function buildLimiter(limit = 3) {
  const clock = { t: 1_700_000_000_000 };
  const limiter = createMemoryRateLimiter({ limit, windowMs: WINDOW_MS, now: () => clock.t });
  return { limiter, clock, start: clock.t };
}

async function hitTimes(limiter: ReturnType<typeof buildLimiter>["limiter"], key: string, times: number) {
  const results = [];
  for (let i = 0; i < times; i += 1) {
    results.push(await limiter.hit(key));
  }
  return results;
}

describe("createMemoryRateLimiter", () => {
  it("allows `limit` hits in a window and refuses the next", async () => {
    const { limiter } = buildLimiter(3);
    const results = await hitTimes(limiter, "login:a@example.org", 4);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  });

  it("keeps refusing while the window lasts", async () => {
    const { limiter, clock, start } = buildLimiter(2);
    await hitTimes(limiter, "k", 2);
    clock.t = start + WINDOW_MS - 1;
    expect((await limiter.hit("k")).allowed).toBe(false);
  });

  it("starts a new window once the old one has run out", async () => {
    const { limiter, clock, start } = buildLimiter(2);
    await hitTimes(limiter, "k", 3);
    clock.t = start + WINDOW_MS;
    const results = await hitTimes(limiter, "k", 3);
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
  });

  it("forgets a key on reset(key)", async () => {
    const { limiter } = buildLimiter(2);
    await hitTimes(limiter, "k", 3);
    await limiter.reset("k");
    const results = await hitTimes(limiter, "k", 3);
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
  });

  it("takes back one hit on refund(key), within the window and never below zero", async () => {
    const { limiter } = buildLimiter(2);
    await limiter.refund("k");
    await hitTimes(limiter, "k", 2);
    await limiter.refund("k");
    const results = await hitTimes(limiter, "k", 2);
    expect(results.map((r) => r.allowed)).toEqual([true, false]);
  });

  it("resets only the key it is given", async () => {
    const { limiter } = buildLimiter(1);
    await hitTimes(limiter, "a", 2);
    await hitTimes(limiter, "b", 2);
    await limiter.reset("a");
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("b")).allowed).toBe(false);
  });

  it("counts keys independently", async () => {
    const { limiter } = buildLimiter(2);
    const a = await hitTimes(limiter, "login:a@example.org", 3);
    const b = await hitTimes(limiter, "login:b@example.org", 2);
    expect(a.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(b.map((r) => r.allowed)).toEqual([true, true]);
  });

  it("answers retryAfterSeconds as the whole seconds left in the window, at least 1", async () => {
    const { limiter, clock, start } = buildLimiter(1);
    expect(await limiter.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 60 });
    clock.t = start + 30_500;
    expect(await limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 30 });
    clock.t = start + 59_000;
    expect(await limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.t = start + WINDOW_MS - 1;
    expect(await limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("measures retryAfterSeconds from the new window after one runs out", async () => {
    const { limiter, clock, start } = buildLimiter(1);
    await hitTimes(limiter, "k", 2);
    clock.t = start + WINDOW_MS + 15_000;
    expect(await limiter.hit("k")).toEqual({ allowed: true, retryAfterSeconds: 60 });
    clock.t = start + WINDOW_MS + 45_000;
    expect(await limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it("keeps counting a live key when finished windows of other keys are swept", async () => {
    const { limiter, clock, start } = buildLimiter(2);
    await hitTimes(limiter, "old", 1);
    clock.t = start + WINDOW_MS - 1_000;
    await hitTimes(limiter, "live", 2);
    // Past the first window: the sweep drops "old" but "live" began later and still counts.
    clock.t = start + WINDOW_MS + 1_000;
    expect((await limiter.hit("live")).allowed).toBe(false);
    expect((await limiter.hit("old")).allowed).toBe(true);
  });
});
