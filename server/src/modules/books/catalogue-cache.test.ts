import { describe, expect, it, vi } from "vitest";
import { createAppPubSub, Topics } from "../../pubsub/pubsub.js";
import { CATALOGUE_COUNT_TTL_MS, catalogueScope, createCatalogueCache } from "./catalogue-cache.js";

describe("catalogue count cache", () => {
  const setup = () => {
    const clock = { now: 1_000_000 };
    const pubsub = createAppPubSub();
    const cache = createCatalogueCache({ pubsub, now: () => clock.now });
    let loads = 0;
    const load = (value: number) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    return { clock, pubsub, cache, load, loads: () => loads };
  };

  it("counts once per TTL per scope and filters, concurrent callers sharing the one count", async () => {
    const { clock, cache, load, loads } = setup();
    const [a, b] = await Promise.all([cache.count("school:x", "f", load(5)), cache.count("school:x", "f", load(6))]);
    expect([a, b, loads()]).toEqual([5, 5, 1]);
    expect(await cache.count("school:y", "f", load(7))).toBe(7);
    expect(await cache.count("school:x", "g", load(8))).toBe(8);
    clock.now += CATALOGUE_COUNT_TTL_MS - 1;
    expect(await cache.count("school:x", "f", load(9))).toBe(5);
    clock.now += 1;
    expect(await cache.count("school:x", "f", load(9))).toBe(9);
  });

  it("a change drops every count (null) or one school's, here at once", async () => {
    const { cache, load } = setup();
    await cache.count("school:x", "f", load(1));
    await cache.count("school:y", "f", load(1));
    await cache.count("*", "f", load(1));
    cache.changed("x");
    expect(await cache.count("school:x", "f", load(2))).toBe(2);
    expect(await cache.count("school:y", "f", load(2))).toBe(1);
    expect(await cache.count("*", "f", load(2))).toBe(1);
    cache.changed(null);
    expect(await cache.count("school:y", "f", load(3))).toBe(3);
    expect(await cache.count("*", "f", load(3))).toBe(3);
  });

  it("drops its counts when another instance's change arrives, and publishes its own", async () => {
    const { pubsub, cache, load } = setup();
    await cache.count("school:x", "f", load(1));
    const heard: (string | null)[] = [];
    const listening = (async () => {
      for await (const { schoolId } of pubsub.subscribe(Topics.catalogueChanged)) {
        heard.push(schoolId);
        return;
      }
    })();
    cache.changed("z");
    await listening;
    expect(heard).toEqual(["z"]);

    pubsub.publish(Topics.catalogueChanged, { schoolId: null });
    await vi.waitFor(async () => expect(await cache.count("school:x", "f", load(2))).toBe(2));
    await cache.close();
  });

  it("holds any value for its own TTL (0: never held), dropped with the counts", async () => {
    const { clock, cache, load, loads } = setup();
    const remember = (value: number, ttl = 30_000) => cache.remember("school:x", "list", ttl, load(value));
    expect(await remember(1)).toBe(1);
    clock.now += 29_999;
    expect(await remember(2)).toBe(1);
    clock.now += 1;
    expect(await remember(3)).toBe(3);
    cache.changed("x");
    expect(await remember(4)).toBe(4);
    expect([await remember(5, 0), await remember(6, 0), loads()]).toEqual([5, 6, 5]);
    // A count and another value under the same key are kept apart.
    expect(await cache.count("school:x", "list", load(7))).toBe(7);
  });

  it("a value still being worked out when a change comes is not kept", async () => {
    const { cache, load } = setup();
    let finish = (_value: number) => {};
    const slow = cache.remember("*", "k", 30_000, () => new Promise<number>((resolve) => (finish = resolve)));
    cache.changed(null);
    finish(1);
    expect(await slow).toBe(1);
    expect(await cache.remember("*", "k", 30_000, load(2))).toBe(2);
  });

  it("does not keep a failed count", async () => {
    const { cache, load } = setup();
    await expect(cache.count("*", "f", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.count("*", "f", load(4))).toBe(4);
  });

  it("admins count every book; teachers and students their school's", () => {
    expect(catalogueScope({ role: "admin", schoolId: "x" })).toBe("*");
    expect(catalogueScope({ role: "teacher", schoolId: "x" })).toBe(catalogueScope({ role: "student", schoolId: "x" }));
    expect(catalogueScope({ role: "student", schoolId: null })).not.toBe(
      catalogueScope({ role: "admin", schoolId: null }),
    );
  });
});
