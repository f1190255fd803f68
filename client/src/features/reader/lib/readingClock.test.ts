import { describe, expect, it } from "vitest";
import { IDLE_AFTER_MS, ReadingClock } from "./readingClock";

const SECOND = 1000;

function run(clock: ReadingClock, from: number, seconds: number) {
  for (let i = 1; i <= seconds; i += 1) {
    clock.tick(from + i * SECOND);
  }
  return from + seconds * SECOND;
}

describe("ReadingClock", () => {
  it("counts the seconds after an interaction until a minute of idleness", () => {
    const clock = new ReadingClock(0);
    const later = run(clock, 0, 90);
    expect(clock.take(1000)).toBe(IDLE_AFTER_MS / SECOND - 1);
    clock.interact(later);
    run(clock, later, 10);
    expect(clock.take(1000)).toBe(10);
  });

  it("keeps counting while the child listens, without touching anything", () => {
    const clock = new ReadingClock(0);
    clock.setListening(true);
    run(clock, 0, 200);
    expect(clock.take(1000)).toBe(200);
  });

  it("does not count while the page is hidden, and counts again when it comes back", () => {
    const clock = new ReadingClock(0);
    clock.setListening(true);
    clock.setVisible(false, 0);
    let now = run(clock, 0, 30);
    expect(clock.take(1000)).toBe(0);
    clock.setVisible(true, now);
    clock.setListening(false);
    now = run(clock, now, 5);
    expect(clock.take(1000)).toBe(5);
  });

  it("hands out at most max seconds at a take, keeps the rest, and takes back a failed save", () => {
    const clock = new ReadingClock(0);
    run(clock, 0, 40);
    expect(clock.take(30)).toBe(30);
    clock.giveBack(30);
    expect(clock.take(100)).toBe(40);
    expect(clock.take(100)).toBe(0);
  });
});
