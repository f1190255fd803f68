import { describe, expect, it } from "vitest";
import { createHeldPromises } from "./held-promises.js";

describe("held promises", () => {
  const setup = () => {
    const clock = { now: 1_000 };
    const held = createHeldPromises<number>({ max: 2, now: () => clock.now });
    let loads = 0;
    const load = (value: number) => () => {
      loads += 1;
      return Promise.resolve(value);
    };
    return { clock, held, load, loads: () => loads };
  };

  it("at its bound drops the oldest key, and the stale keys after it up to a fresh one", async () => {
    const { clock, held, load, loads } = setup();
    await held.get("a", 100, load(1));
    await held.get("b", 10, load(2));
    await held.get("c", 100, load(3)); // at the bound: a, the oldest, goes; b is fresh
    expect(await held.get("b", 10, load(9))).toBe(2);
    expect(await held.get("c", 100, load(9))).toBe(3);
    expect(loads()).toBe(3);

    clock.now += 20; // b is stale now, c is not
    await held.get("d", 100, load(4)); // b goes as the oldest; c stays
    expect(await held.get("c", 100, load(9))).toBe(3);
    expect(await held.get("d", 100, load(9))).toBe(4);
    expect(loads()).toBe(4);

    await held.get("e", 10, load(5)); // c goes; d and e held
    clock.now += 20; // e is stale now, d is not
    await held.get("f", 100, load(6)); // d goes as the oldest, and e, stale, after it
    expect(await held.get("f", 100, load(9))).toBe(6);
    expect(await held.get("e", 10, load(7))).toBe(7);
    expect(loads()).toBe(7);
  });

  it("drops a key, the keys a test accepts, or all", async () => {
    const { held, load } = setup();
    await held.get("x:1", 100, load(1));
    await held.get("y:1", 100, load(1));
    held.delete((key) => key.startsWith("x:"));
    expect(await held.get("x:1", 100, load(2))).toBe(2);
    expect(await held.get("y:1", 100, load(2))).toBe(1);
    held.delete("y:1");
    expect(await held.get("y:1", 100, load(3))).toBe(3);
    held.clear();
    expect(await held.get("x:1", 100, load(4))).toBe(4);
  });
});
