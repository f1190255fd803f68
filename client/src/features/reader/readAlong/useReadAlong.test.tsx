import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildVoice, FakeSpeechSynthesis, stubSpeechSynthesisUtterance } from "./fakeSpeech";
import { VOICES_WAIT_MS } from "./readAlongPlayer";
import { type ReadAlongSentence, useReadAlong } from "./useReadAlong";

const PAGE_ONE: ReadAlongSentence[] = [
  { id: "p1-s1", text: "The cat sat down." },
  { id: "p1-s2", text: "It was tired." },
  { id: "p1-s3", text: "Then it slept." },
];
const PAGE_TWO: ReadAlongSentence[] = [
  { id: "p2-s1", text: "Morning came." },
  { id: "p2-s2", text: "The cat woke up." },
];

const DANIEL = buildVoice({ name: "Daniel", lang: "en-GB" });
const SAMANTHA = buildVoice({ name: "Samantha", lang: "en-US" });
const AMELIE = buildVoice({ name: "Amélie", lang: "fr-CA" });

function setup({
  synth = new FakeSpeechSynthesis([DANIEL, SAMANTHA]),
  sentences = PAGE_ONE,
}: { synth?: FakeSpeechSynthesis; sentences?: readonly ReadAlongSentence[] } = {}) {
  const onPageEnd = vi.fn();
  const view = renderHook(
    (props: { sentences: readonly ReadAlongSentence[] }) =>
      useReadAlong({ sentences: props.sentences, onPageEnd, synth: synth.asSynth() }),
    { initialProps: { sentences } },
  );
  return { synth, onPageEnd, ...view };
}

beforeEach(() => {
  stubSpeechSynthesisUtterance();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("useReadAlong", () => {
  it("speaks the sentences in order, one utterance each, reporting the sentence and the word", () => {
    const { synth, result } = setup();
    expect(result.current.playing).toBe(false);
    expect(synth.spoken).toHaveLength(0);

    act(() => result.current.play());
    expect(result.current.playing).toBe(true);
    expect(synth.spokenTexts).toEqual(["The cat sat down."]);
    expect(result.current.current).toEqual({ sentenceId: "p1-s1", charIndex: 0, charLength: 0 });

    synth.current.fire("start");
    synth.current.fireBoundary(4, 3);
    expect(result.current.current).toEqual({ sentenceId: "p1-s1", charIndex: 4, charLength: 3 });
    // Sentence boundaries do not move the word.
    synth.current.fireBoundary(0, 17, "sentence");
    expect(result.current.current).toEqual({ sentenceId: "p1-s1", charIndex: 4, charLength: 3 });

    synth.endCurrent();
    expect(synth.spokenTexts).toEqual(["The cat sat down.", "It was tired."]);
    expect(result.current.current).toEqual({ sentenceId: "p1-s2", charIndex: 0, charLength: 0 });
    // A voice without charLength (Safari): the word is read from the text, without its full stop.
    synth.current.fireBoundary(7, undefined);
    expect(result.current.current).toEqual({ sentenceId: "p1-s2", charIndex: 7, charLength: 5 });

    synth.endCurrent();
    expect(synth.spokenTexts).toEqual(["The cat sat down.", "It was tired.", "Then it slept."]);
    expect(result.current.current?.sentenceId).toBe("p1-s3");
    expect(synth.cancelCount).toBe(0);
  });

  it("reads with the preferred voice and the rate, and English voices come first", () => {
    const synth = new FakeSpeechSynthesis([AMELIE, SAMANTHA, DANIEL]);
    const { result } = setup({ synth });
    expect(result.current.voices.map((voice) => voice.name)).toEqual(["Daniel", "Samantha", "Amélie"]);
    expect(result.current.voicesReady).toBe(true);
    expect(result.current.voiceURI).toBe(DANIEL.voiceURI);
    expect(result.current.rate).toBe(1);

    act(() => result.current.play());
    expect(synth.current.voice).toBe(DANIEL);
    expect(synth.current.lang).toBe("en-GB");
    expect(synth.current.rate).toBe(1);
  });

  it("calls onPageEnd once after the last sentence, and not before", () => {
    const { synth, result, onPageEnd } = setup();
    act(() => result.current.play());
    synth.endCurrent();
    synth.endCurrent();
    expect(onPageEnd).not.toHaveBeenCalled();

    synth.endCurrent();
    expect(onPageEnd).toHaveBeenCalledTimes(1);
    expect(result.current.current).toBeNull();
    // Still playing: the next page's sentences will be read when they arrive.
    expect(result.current.playing).toBe(true);
    expect(synth.spoken).toHaveLength(3);
  });

  it("pauses by stopping the speech, and play resumes at the same sentence", () => {
    const { synth, result } = setup();
    act(() => result.current.play());
    synth.endCurrent();
    synth.current.fireBoundary(3, 3);

    act(() => result.current.pause());
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue).toHaveLength(0);
    expect(result.current.playing).toBe(false);
    // The cancel's 'interrupted' error is ours, not a failure.
    expect(result.current.error).toBeNull();
    expect(result.current.current).toEqual({ sentenceId: "p1-s2", charIndex: 0, charLength: 0 });

    act(() => result.current.play());
    expect(result.current.playing).toBe(true);
    expect(synth.spokenTexts).toEqual(["The cat sat down.", "It was tired.", "It was tired."]);
    synth.endCurrent();
    expect(synth.spokenTexts.at(-1)).toBe("Then it slept.");
  });

  it("restarts the sentence with the new rate when the rate changes while playing", () => {
    const { synth, result } = setup();
    act(() => result.current.play());
    synth.endCurrent();

    act(() => result.current.setRate(1.5));
    expect(result.current.rate).toBe(1.5);
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue).toHaveLength(1);
    expect(synth.current.text).toBe("It was tired.");
    expect(synth.current.rate).toBe(1.5);
    expect(result.current.playing).toBe(true);
    expect(result.current.error).toBeNull();

    // The rest of the page keeps the new rate.
    synth.endCurrent();
    expect(synth.current.text).toBe("Then it slept.");
    expect(synth.current.rate).toBe(1.5);
  });

  it("keeps the rate between 0.5 and 2, and only applies it when paused", () => {
    const { synth, result } = setup();
    act(() => result.current.setRate(5));
    expect(result.current.rate).toBe(2);
    act(() => result.current.setRate(0.1));
    expect(result.current.rate).toBe(0.5);
    expect(synth.spoken).toHaveLength(0);
    act(() => result.current.play());
    expect(synth.current.rate).toBe(0.5);
  });

  it("restarts the sentence with the new voice when the voice changes while playing", () => {
    const { synth, result } = setup();
    act(() => result.current.play());
    synth.endCurrent();
    expect(synth.current.voice).toBe(DANIEL);

    act(() => result.current.setVoiceURI(SAMANTHA.voiceURI));
    expect(result.current.voiceURI).toBe(SAMANTHA.voiceURI);
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue).toHaveLength(1);
    expect(synth.current.text).toBe("It was tired.");
    expect(synth.current.voice).toBe(SAMANTHA);
    expect(synth.current.lang).toBe("en-US");
    expect(result.current.error).toBeNull();
  });

  it("reads the new page from its first sentence when the sentences change while playing", () => {
    const { synth, result, rerender } = setup();
    act(() => result.current.play());
    synth.endCurrent();

    rerender({ sentences: PAGE_TWO });
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue).toHaveLength(1);
    expect(synth.current.text).toBe("Morning came.");
    expect(result.current.current).toEqual({ sentenceId: "p2-s1", charIndex: 0, charLength: 0 });
    expect(result.current.playing).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it("goes on to the next page when the reader turns it from onPageEnd", () => {
    const { synth, result, rerender, onPageEnd } = setup();
    onPageEnd.mockImplementation(() => rerender({ sentences: PAGE_TWO }));
    act(() => result.current.play());
    synth.endCurrent();
    synth.endCurrent();
    synth.endCurrent();

    expect(onPageEnd).toHaveBeenCalledTimes(1);
    expect(synth.spokenTexts.slice(3)).toEqual(["Morning came."]);
    expect(result.current.current?.sentenceId).toBe("p2-s1");
    synth.endCurrent();
    expect(synth.current.text).toBe("The cat woke up.");
  });

  it("ignores a new array with the same sentences, and starts a page turned while paused from its top", () => {
    const { synth, result, rerender } = setup();
    act(() => result.current.play());
    synth.endCurrent();
    rerender({ sentences: PAGE_ONE.map((sentence) => ({ ...sentence })) });
    expect(synth.spoken).toHaveLength(2);
    expect(synth.cancelCount).toBe(0);

    act(() => result.current.pause());
    rerender({ sentences: PAGE_TWO });
    expect(result.current.current).toBeNull();
    act(() => result.current.play());
    expect(synth.current.text).toBe("Morning came.");
  });

  it("stops with a message when speaking fails, and play tries the sentence again", () => {
    const { synth, result } = setup();
    act(() => result.current.play());
    synth.endCurrent();
    synth.failCurrent("synthesis-failed");

    expect(result.current.playing).toBe(false);
    expect(result.current.error).toBe(
      "Reading aloud stopped because of a problem with the voice. Try again or choose another voice.",
    );
    act(() => result.current.play());
    expect(result.current.error).toBeNull();
    expect(synth.current.text).toBe("It was tired.");
  });

  it("stops quietly when something else interrupts the speech", () => {
    const { synth, result } = setup();
    act(() => result.current.play());
    synth.failCurrent("interrupted");
    expect(result.current.playing).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("updates the voices on 'voiceschanged', and is ready with none only after a short wait", () => {
    vi.useFakeTimers();
    const synth = new FakeSpeechSynthesis([]);
    const { result } = setup({ synth });
    expect(result.current.voices).toEqual([]);
    expect(result.current.voicesReady).toBe(false);
    expect(result.current.voiceURI).toBeNull();

    synth.setVoices([AMELIE, DANIEL]);
    expect(result.current.voices).toEqual([DANIEL, AMELIE]);
    expect(result.current.voicesReady).toBe(true);
    expect(result.current.voiceURI).toBe(DANIEL.voiceURI);

    const empty = setup({ synth: new FakeSpeechSynthesis([]) });
    act(() => vi.advanceTimersByTime(VOICES_WAIT_MS - 1));
    expect(empty.result.current.voicesReady).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(empty.result.current.voicesReady).toBe(true);
    expect(empty.result.current.voices).toEqual([]);
  });

  it("is not supported without speech synthesis", () => {
    const { result } = renderHook(() => useReadAlong({ sentences: PAGE_ONE, onPageEnd: vi.fn(), synth: null }));
    expect(result.current.supported).toBe(false);
    act(() => result.current.play());
    expect(result.current.playing).toBe(false);

    // jsdom's window has no speechSynthesis: the default finds none.
    const browser = renderHook(() => useReadAlong({ sentences: PAGE_ONE, onPageEnd: vi.fn() }));
    expect(browser.result.current.supported).toBe(false);
  });

  it("clears speech left in the queue (Chrome after a reload) before the first sentence", () => {
    const synth = new FakeSpeechSynthesis([DANIEL]);
    synth.speak(new SpeechSynthesisUtterance("Left over"));
    const { result } = setup({ synth });
    act(() => result.current.play());
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue.map((utterance) => utterance.text)).toEqual(["The cat sat down."]);
    expect(result.current.playing).toBe(true);
  });

  it("cancels the speech when unmounted", () => {
    const { synth, result, unmount } = setup();
    act(() => result.current.play());
    expect(synth.cancelCount).toBe(0);

    unmount();
    expect(synth.cancelCount).toBe(1);
    expect(synth.queue).toHaveLength(0);
  });

  it("stops listening for voices when unmounted", () => {
    const synth = new FakeSpeechSynthesis([DANIEL]);
    const removeEventListener = vi.spyOn(synth, "removeEventListener");
    const { unmount } = setup({ synth });
    unmount();
    expect(removeEventListener).toHaveBeenCalledWith("voiceschanged", expect.any(Function));
  });
});
