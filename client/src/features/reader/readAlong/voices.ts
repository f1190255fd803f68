// The browser's voices, in the order a London reader wants them: British English, other English, the rest.

const isEnglish = (voice: SpeechSynthesisVoice) => /^en([-_]|$)/i.test(voice.lang);
const isBritish = (voice: SpeechSynthesisVoice) => /^en[-_]gb$/i.test(voice.lang);

const rank = (voice: SpeechSynthesisVoice) => {
  if (isBritish(voice)) {
    return 0;
  }
  return isEnglish(voice) ? 1 : 2;
};

/** English voices first (British first of all), otherwise in the browser's order, each voice once. */
export function sortVoices(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice[] {
  // Some browsers list a voice twice; the voice select is keyed by voiceURI.
  const seen = new Set<string>();
  const unique = voices.filter((voice) => {
    if (seen.has(voice.voiceURI)) {
      return false;
    }
    seen.add(voice.voiceURI);
    return true;
  });
  return unique.sort((a, b) => rank(a) - rank(b));
}

// The browser's default voice wins within its group, since the user may have picked it in their settings.
const preferences: ((voice: SpeechSynthesisVoice) => boolean)[] = [
  (voice) => voice.default && isBritish(voice),
  isBritish,
  (voice) => voice.default && isEnglish(voice),
  isEnglish,
  (voice) => voice.default,
];

/** The voice to read with until the reader picks one: British English, else English, else the default. */
export function preferredVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  for (const prefers of preferences) {
    const found = voices.find(prefers);
    if (found) {
      return found;
    }
  }
  return voices[0] ?? null;
}

const languageNames = new Intl.DisplayNames(["en-GB"], { type: "language", fallback: "code" });

/** "Google UK English Female (British English)"; Android writes languages as en_GB. */
export function voiceLabel(voice: SpeechSynthesisVoice): string {
  const lang = voice.lang.replace(/_/g, "-");
  if (!lang) {
    return voice.name;
  }
  let language = lang;
  try {
    language = languageNames.of(lang) ?? lang;
  } catch {
    // Not a valid language tag: show it as the browser gave it.
  }
  return `${voice.name} (${language})`;
}
