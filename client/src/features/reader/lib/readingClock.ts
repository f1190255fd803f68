// Active reading time: a second counts when the page is visible and the child has touched, clicked,
// scrolled or pressed a key in the last minute, or is listening to the read-along. Idle time (a tab
// left open, a child gone to lunch) is not counted.

export const IDLE_AFTER_MS = 60_000;

export type ClockState = { lastInteraction: number; listening: boolean; visible: boolean };

/** Whether the second ending at `now` was a second of reading. */
export function isActive(state: ClockState, now: number): boolean {
  return state.visible && (state.listening || now - state.lastInteraction < IDLE_AFTER_MS);
}

/** Counts active seconds between takes. */
export class ReadingClock {
  private state: ClockState;
  private pending = 0;

  constructor(now: number) {
    this.state = { lastInteraction: now, listening: false, visible: true };
  }

  interact(now: number) {
    this.state = { ...this.state, lastInteraction: now };
  }

  setListening(listening: boolean) {
    this.state = { ...this.state, listening };
  }

  setVisible(visible: boolean, now: number) {
    // Coming back to the page is itself a sign of reading.
    this.state = { ...this.state, visible, ...(visible ? { lastInteraction: now } : {}) };
  }

  /** Called once a second. */
  tick(now: number) {
    if (isActive(this.state, now)) {
      this.pending += 1;
    }
  }

  /** The seconds counted since the last take (at most `max`; the rest waits for the next take). */
  take(max: number): number {
    const taken = Math.min(this.pending, max);
    this.pending -= taken;
    return taken;
  }

  /** Gives seconds back when a save failed, so they go with the next one. */
  giveBack(seconds: number) {
    this.pending += seconds;
  }
}
