// Test helpers: a SpeechSynthesis that speaks nothing, whose utterances a test drives (start, word
// boundaries, end, errors), and the SpeechSynthesisUtterance that jsdom lacks.
import { act } from "@testing-library/react";
import { vi } from "vitest";

type Handler = ((this: SpeechSynthesisUtterance, event: SpeechSynthesisEvent) => unknown) | null;
type ErrorHandler = ((this: SpeechSynthesisUtterance, event: SpeechSynthesisErrorEvent) => unknown) | null;

/** The parts of SpeechSynthesisUtterance the read-along uses. */
export class FakeUtterance {
  text: string;
  voice: SpeechSynthesisVoice | null = null;
  lang = "";
  rate = 1;
  pitch = 1;
  volume = 1;
  onstart: Handler = null;
  onend: Handler = null;
  onboundary: Handler = null;
  onerror: ErrorHandler = null;

  constructor(text = "") {
    this.text = text;
  }

  fire(type: "start" | "end", extra: Partial<SpeechSynthesisEvent> = {}) {
    const handler = type === "start" ? this.onstart : this.onend;
    act(() => {
      handler?.call(this.asUtterance(), this.event(type, extra));
    });
  }

  fireBoundary(charIndex: number, charLength?: number, name = "word") {
    act(() => {
      this.onboundary?.call(
        this.asUtterance(),
        this.event("boundary", { charIndex, charLength: charLength ?? 0, name }),
      );
    });
  }

  fireError(error: SpeechSynthesisErrorCode) {
    act(() => this.reportError(error));
  }

  /** Without act: for errors the synth reports while the code under test calls it (cancel). */
  reportError(error: SpeechSynthesisErrorCode) {
    const event = { ...this.event("error", {}), error } as unknown as SpeechSynthesisErrorEvent;
    this.onerror?.call(this.asUtterance(), event);
  }

  private asUtterance() {
    return this as unknown as SpeechSynthesisUtterance;
  }

  private event(type: string, extra: Partial<SpeechSynthesisEvent>) {
    return {
      type,
      utterance: this.asUtterance(),
      charIndex: 0,
      charLength: 0,
      elapsedTime: 0,
      name: "",
      ...extra,
    } as unknown as SpeechSynthesisEvent;
  }
}

export function buildVoice(overrides: Partial<SpeechSynthesisVoice> = {}): SpeechSynthesisVoice {
  const name = overrides.name ?? "Daniel";
  return {
    name,
    lang: "en-GB",
    voiceURI: `voice:${name}`,
    localService: true,
    default: false,
    ...overrides,
  };
}

/**
 * A SpeechSynthesis that records what it was asked to speak. Like Chrome, cancel() reports the
 * utterance being spoken as 'interrupted' and the queued ones as 'canceled'; a test finishes or fails
 * the utterance being spoken with endCurrent / failCurrent.
 */
export class FakeSpeechSynthesis extends EventTarget {
  /** Every utterance passed to speak, in order. */
  readonly spoken: FakeUtterance[] = [];
  /** The utterances waiting or being spoken; the first is being spoken. */
  queue: FakeUtterance[] = [];
  cancelCount = 0;
  paused = false;
  onvoiceschanged: ((this: SpeechSynthesis, event: Event) => unknown) | null = null;
  private voices: SpeechSynthesisVoice[];

  constructor(voices: SpeechSynthesisVoice[] = [buildVoice()]) {
    super();
    this.voices = voices;
  }

  get pending() {
    return this.queue.length > 1;
  }

  get speaking() {
    return this.queue.length > 0;
  }

  getVoices() {
    return [...this.voices];
  }

  speak(utterance: SpeechSynthesisUtterance) {
    const fake = utterance as unknown as FakeUtterance;
    this.spoken.push(fake);
    this.queue.push(fake);
  }

  cancel() {
    this.cancelCount += 1;
    const [speaking, ...waiting] = this.queue;
    this.queue = [];
    speaking?.reportError("interrupted");
    for (const utterance of waiting) {
      utterance.reportError("canceled");
    }
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
  }

  /** The voice list changes, as when Chrome has loaded its voices. */
  setVoices(voices: SpeechSynthesisVoice[]) {
    this.voices = voices;
    act(() => {
      this.dispatchEvent(new Event("voiceschanged"));
    });
  }

  /** The utterance being spoken (the test fails when there is none). */
  get current(): FakeUtterance {
    const utterance = this.queue[0];
    if (!utterance) {
      throw new Error("Nothing is being spoken");
    }
    return utterance;
  }

  /** The texts passed to speak, in order. */
  get spokenTexts() {
    return this.spoken.map((utterance) => utterance.text);
  }

  endCurrent() {
    const utterance = this.current;
    this.queue.shift();
    utterance.fire("end");
  }

  failCurrent(error: SpeechSynthesisErrorCode) {
    const utterance = this.current;
    this.queue.shift();
    utterance.fireError(error);
  }

  asSynth() {
    return this as unknown as SpeechSynthesis;
  }
}

/** Gives jsdom a SpeechSynthesisUtterance for the test; undo with vi.unstubAllGlobals(). */
export function stubSpeechSynthesisUtterance() {
  vi.stubGlobal("SpeechSynthesisUtterance", FakeUtterance);
}
