import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildVoice, FakeSpeechSynthesis, stubSpeechSynthesisUtterance } from "./fakeSpeech";
import { ReadAlongControls } from "./ReadAlongControls";
import { VOICES_WAIT_MS } from "./readAlongPlayer";
import { type ReadAlongSentence, useReadAlong } from "./useReadAlong";

const SENTENCES: ReadAlongSentence[] = [
  { id: "s1", text: "Once upon a time." },
  { id: "s2", text: "The end." },
];
const UNAVAILABLE = "Read-along is not available: this browser has no voices for reading aloud.";

const DANIEL = buildVoice({ name: "Daniel", lang: "en-GB" });
const SAMANTHA = buildVoice({ name: "Samantha", lang: "en-US" });
const THOMAS = buildVoice({ name: "Thomas", lang: "fr-FR" });

function Reader({ synth }: { synth: SpeechSynthesis | null | undefined }) {
  const readAlong = useReadAlong({ sentences: SENTENCES, onPageEnd: () => {}, synth });
  return <ReadAlongControls readAlong={readAlong} />;
}

function renderControls(synth = new FakeSpeechSynthesis([THOMAS, SAMANTHA, DANIEL])) {
  render(<Reader synth={synth.asSynth()} />);
  return synth;
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>("combobox", { name });
const optionTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole("option")
    .map((option) => option.textContent);

beforeEach(() => {
  stubSpeechSynthesisUtterance();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("ReadAlongControls", () => {
  it("plays and pauses from one button whose name says what it does", async () => {
    const user = userEvent.setup();
    const synth = renderControls();
    await user.click(screen.getByRole("button", { name: "Read aloud" }));
    expect(synth.spokenTexts).toEqual(["Once upon a time."]);
    expect(screen.queryByRole("button", { name: "Read aloud" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Pause reading" }));
    expect(synth.cancelCount).toBe(1);
    screen.getByRole("button", { name: "Read aloud" });
  });

  it("works from the keyboard", async () => {
    const user = userEvent.setup();
    const synth = renderControls();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Read aloud" }));
    await user.keyboard("{Enter}");
    expect(synth.spokenTexts).toEqual(["Once upon a time."]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Pause reading" }));

    await user.tab();
    expect(document.activeElement).toBe(select("Speed"));
    await user.tab();
    expect(document.activeElement).toBe(select("Voice"));
  });

  it("offers the speeds, and a new speed restarts the sentence at that speed", async () => {
    const user = userEvent.setup();
    const synth = renderControls();
    const speed = select("Speed");
    expect(optionTexts(speed)).toEqual(["0.5x", "0.75x", "1x", "1.25x", "1.5x", "2x"]);
    expect(speed.value).toBe("1");

    await user.click(screen.getByRole("button", { name: "Read aloud" }));
    await user.selectOptions(speed, "1.25x");
    expect(speed.value).toBe("1.25");
    expect(synth.spokenTexts).toEqual(["Once upon a time.", "Once upon a time."]);
    expect(synth.current.rate).toBe(1.25);
  });

  it("lists the voices by name and language, English first, and reads with the one chosen", async () => {
    const user = userEvent.setup();
    const synth = renderControls();
    const voice = select("Voice");
    expect(optionTexts(voice)).toEqual([
      "Daniel (British English)",
      "Samantha (American English)",
      "Thomas (French (France))",
    ]);
    expect(voice.value).toBe(DANIEL.voiceURI);

    await user.selectOptions(voice, "Samantha (American English)");
    await user.click(screen.getByRole("button", { name: "Read aloud" }));
    expect(synth.current.voice).toBe(SAMANTHA);
  });

  it("waits for the voices before listing them", () => {
    vi.useFakeTimers();
    const synth = renderControls(new FakeSpeechSynthesis([]));
    const voice = select("Voice");
    expect(voice.disabled).toBe(true);
    expect(optionTexts(voice)).toEqual(["Loading voices…"]);

    synth.setVoices([DANIEL]);
    expect(select("Voice").disabled).toBe(false);
    expect(optionTexts(select("Voice"))).toEqual(["Daniel (British English)"]);
  });

  it("says read-along is not available, with no play button, when the browser has no voices", () => {
    vi.useFakeTimers();
    renderControls(new FakeSpeechSynthesis([]));
    screen.getByRole("button", { name: "Read aloud" });
    act(() => vi.advanceTimersByTime(VOICES_WAIT_MS));

    expect(screen.getByRole("status").textContent).toBe(UNAVAILABLE);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says read-along is not available when the browser has no speech synthesis", () => {
    render(<Reader synth={undefined} />);
    expect(screen.getByRole("status").textContent).toBe(UNAVAILABLE);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a speech failure as an alert", async () => {
    const user = userEvent.setup();
    const synth = renderControls();
    await user.click(screen.getByRole("button", { name: "Read aloud" }));
    synth.failCurrent("network");
    expect(screen.getByRole("alert").textContent).toBe(
      "This voice needs the internet, and the connection failed. Try again or choose another voice.",
    );
    screen.getByRole("button", { name: "Read aloud" });
  });
});
