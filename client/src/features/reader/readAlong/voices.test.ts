import { describe, expect, it } from "vitest";
import { buildVoice } from "./fakeSpeech";
import { wordAt } from "./readAlongPlayer";
import { preferredVoice, sortVoices, voiceLabel } from "./voices";

const names = (voices: SpeechSynthesisVoice[]) => voices.map((voice) => voice.name);

describe("sortVoices", () => {
  it("puts British English first, then other English, then the rest, each once", () => {
    const voices = [
      buildVoice({ name: "Thomas", lang: "fr-FR" }),
      buildVoice({ name: "Alex", lang: "en-US" }),
      buildVoice({ name: "Daniel", lang: "en_GB" }),
      buildVoice({ name: "Anna", lang: "de-DE" }),
      buildVoice({ name: "Karen", lang: "en-AU" }),
      buildVoice({ name: "Alex", lang: "en-US" }),
    ];
    expect(names(sortVoices(voices))).toEqual(["Daniel", "Alex", "Karen", "Thomas", "Anna"]);
  });
});

describe("preferredVoice", () => {
  it("prefers British English, the browser's default first", () => {
    const daniel = buildVoice({ name: "Daniel", lang: "en-GB" });
    const kate = buildVoice({ name: "Kate", lang: "en-GB", default: true });
    const alex = buildVoice({ name: "Alex", lang: "en-US", default: true });
    expect(preferredVoice([alex, daniel, kate])).toBe(kate);
    expect(preferredVoice([alex, daniel])).toBe(daniel);
  });

  it("falls back to other English, then the default, then the first voice", () => {
    const alex = buildVoice({ name: "Alex", lang: "en-US" });
    const thomas = buildVoice({ name: "Thomas", lang: "fr-FR" });
    const anna = buildVoice({ name: "Anna", lang: "de-DE", default: true });
    expect(preferredVoice([thomas, alex, anna])).toBe(alex);
    expect(preferredVoice([thomas, anna])).toBe(anna);
    expect(preferredVoice([thomas])).toBe(thomas);
    expect(preferredVoice([])).toBeNull();
  });
});

describe("voiceLabel", () => {
  it("names the voice and its language", () => {
    expect(voiceLabel(buildVoice({ name: "Google UK English Female", lang: "en-GB" }))).toBe(
      "Google UK English Female (British English)",
    );
    expect(voiceLabel(buildVoice({ name: "Daniel", lang: "en_GB" }))).toBe("Daniel (British English)");
    expect(voiceLabel(buildVoice({ name: "Odd", lang: "not a tag" }))).toBe("Odd (not a tag)");
    expect(voiceLabel(buildVoice({ name: "Plain", lang: "" }))).toBe("Plain");
  });
});

describe("wordAt", () => {
  const text = "“Don’t go,” said Mum.";
  it("takes the voice's word length when it gives one word", () => {
    expect(wordAt(text, 12, 4)).toEqual({ charIndex: 12, charLength: 4 });
  });

  it("reads the word from the text when the voice gives no length, or more than a word", () => {
    expect(wordAt(text, 1, 0)).toEqual({ charIndex: 1, charLength: 5 });
    expect(wordAt(text, 12, 9)).toEqual({ charIndex: 12, charLength: 4 });
    expect(wordAt(text, 17, 0)).toEqual({ charIndex: 17, charLength: 3 });
    // Starting at punctuation, the word runs to the next space.
    expect(wordAt(text, 0, 0)).toEqual({ charIndex: 0, charLength: 6 });
  });

  it("reports no word outside the text", () => {
    expect(wordAt(text, 40, 3)).toEqual({ charIndex: 0, charLength: 0 });
  });
});
