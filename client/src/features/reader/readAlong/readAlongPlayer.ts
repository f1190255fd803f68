import { speechErrorMessage } from "./speechErrors";
import { preferredVoice, sortVoices } from "./voices";

export type ReadAlongSentence = { id: string; text: string };

/** The sentence being spoken, and the word in it (charLength 0 until the voice reports a word). */
export type SpokenPosition = { sentenceId: string; charIndex: number; charLength: number };

export type ReadAlongSnapshot = {
  supported: boolean;
  voices: SpeechSynthesisVoice[];
  voicesReady: boolean;
  voiceURI: string | null;
  rate: number;
  playing: boolean;
  current: SpokenPosition | null;
  error: string | null;
};

export const MIN_RATE = 0.5;
export const MAX_RATE = 2;

/** How long to wait for 'voiceschanged' before deciding that there are no voices: Chrome fills the
 * list a moment after load, and some browsers never fire the event. */
export const VOICES_WAIT_MS = 1500;

const pageKeyOf = (sentences: readonly ReadAlongSentence[]) =>
  sentences.map((sentence) => `${sentence.id}\u0000${sentence.text}`).join("\u0001");

/** The word spoken from charIndex: the voice's charLength when it gives one word, else read from the text
 * (Safari and Firefox report no charLength, and some engines report the rest of the sentence). */
export function wordAt(text: string, charIndex: number, charLength: number): { charIndex: number; charLength: number } {
  if (charIndex < 0 || charIndex >= text.length) {
    return { charIndex: 0, charLength: 0 };
  }
  const reported = charLength > 0 ? text.slice(charIndex, charIndex + charLength) : "";
  if (reported && !/\s/.test(reported)) {
    return { charIndex, charLength: reported.length };
  }
  const rest = text.slice(charIndex);
  const word = /^[\p{L}\p{M}\p{N}'’-]+/u.exec(rest) ?? /^\S+/.exec(rest);
  return { charIndex, charLength: word ? word[0].length : 0 };
}

/**
 * Reads a page of sentences aloud with the browser's speech synthesis, one utterance per sentence so
 * that the sentence is always known (not every voice reports words) and Chrome's cut-off of long
 * utterances is avoided. Speech is started from the caller's click handler (play, setRate,
 * setVoiceURI), which iOS requires. React reads its state through subscribe/getSnapshot.
 */
export class ReadAlongPlayer {
  private readonly synth: SpeechSynthesis | null;
  private sentences: readonly ReadAlongSentence[] = [];
  private pageKey: string | null = null;
  /** The sentence being spoken, or to resume from; sentences.length once the page has been read. */
  private index = 0;
  /** The utterance we are speaking. Events from any other (one we cancelled) are ignored, and holding
   * it stops Chrome from garbage-collecting it before its 'end' event. */
  private active: SpeechSynthesisUtterance | null = null;
  private chosenVoiceURI: string | null = null;
  private pageEndHandler: () => void = () => {};
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadAlongSnapshot;

  constructor(synth: SpeechSynthesis | null) {
    const supported = synth !== null && typeof SpeechSynthesisUtterance === "function";
    this.synth = supported ? synth : null;
    const voices = this.synth ? sortVoices(this.synth.getVoices()) : [];
    this.snapshot = {
      supported,
      voices,
      voicesReady: !supported || voices.length > 0,
      voiceURI: preferredVoice(voices)?.voiceURI ?? null,
      rate: 1,
      playing: false,
      current: null,
      error: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Listens for the voice list; the returned cleanup also stops speaking. */
  connect = () => {
    const synth = this.synth;
    if (!synth) {
      return () => {};
    }
    const onVoicesChanged = () => this.loadVoices();
    synth.addEventListener("voiceschanged", onVoicesChanged);
    // The list may have arrived between the constructor and now.
    this.loadVoices();
    const timer = setTimeout(() => this.update({ voicesReady: true }), VOICES_WAIT_MS);
    return () => {
      clearTimeout(timer);
      synth.removeEventListener("voiceschanged", onVoicesChanged);
      this.silence();
      this.update({ playing: false, current: null });
    };
  };

  setPageEndHandler(handler: () => void) {
    this.pageEndHandler = handler;
  }

  /** The current page. A different page starts from its first sentence, at once when playing. */
  setSentences(sentences: readonly ReadAlongSentence[]) {
    this.sentences = sentences;
    const key = pageKeyOf(sentences);
    if (key === this.pageKey) {
      return;
    }
    this.pageKey = key;
    this.index = 0;
    if (this.snapshot.playing) {
      this.speakAt(0);
      return;
    }
    this.silence();
    this.update({ current: null });
  }

  play = () => {
    if (!this.synth || this.snapshot.playing) {
      return;
    }
    // Chrome can keep a stale queue from before a reload that blocks new speech until it is cancelled.
    if (!this.active && (this.synth.speaking || this.synth.pending)) {
      this.synth.cancel();
    }
    this.update({ playing: true, error: null });
    this.speakAt(this.index < this.sentences.length ? this.index : 0);
  };

  /** Stops speaking and keeps the sentence, which play reads again from its start. */
  pause = () => {
    if (!this.snapshot.playing) {
      return;
    }
    this.silence();
    const current = this.snapshot.current;
    this.update({ playing: false, current: current && { ...current, charIndex: 0, charLength: 0 } });
  };

  setRate = (rate: number) => {
    if (!Number.isFinite(rate)) {
      return;
    }
    const clamped = Math.min(MAX_RATE, Math.max(MIN_RATE, rate));
    if (clamped === this.snapshot.rate) {
      return;
    }
    this.update({ rate: clamped });
    this.restartSentence();
  };

  setVoiceURI = (uri: string) => {
    this.chosenVoiceURI = uri;
    const voiceURI = this.voiceFor(this.snapshot.voices)?.voiceURI ?? null;
    if (voiceURI === this.snapshot.voiceURI) {
      return;
    }
    this.update({ voiceURI });
    this.restartSentence();
  };

  private voiceFor(voices: readonly SpeechSynthesisVoice[]) {
    return voices.find((voice) => voice.voiceURI === this.chosenVoiceURI) ?? preferredVoice(voices);
  }

  private loadVoices() {
    if (!this.synth) {
      return;
    }
    const voices = sortVoices(this.synth.getVoices());
    this.update({
      voices,
      voicesReady: this.snapshot.voicesReady || voices.length > 0,
      voiceURI: this.voiceFor(voices)?.voiceURI ?? null,
    });
  }

  // A new rate or voice applies from the start of the sentence being spoken.
  private restartSentence() {
    if (this.active) {
      this.speakAt(this.index);
    }
  }

  /** Cancels our speech. The cancelled utterance is forgotten first, so its 'interrupted' or 'canceled'
   * error (or Safari's 'end') is ignored rather than shown or taken as the end of the sentence. */
  private silence() {
    if (!this.active) {
      return;
    }
    this.active = null;
    this.synth?.cancel();
  }

  private speakAt(index: number) {
    const synth = this.synth;
    if (!synth) {
      return;
    }
    this.silence();
    this.index = index;
    const sentence = this.sentences[index];
    if (!sentence) {
      this.finishPage();
      return;
    }

    const utterance = new SpeechSynthesisUtterance(sentence.text);
    const voice = this.snapshot.voices.find((candidate) => candidate.voiceURI === this.snapshot.voiceURI);
    if (voice) {
      utterance.voice = voice;
      utterance.lang = voice.lang;
    }
    utterance.rate = this.snapshot.rate;
    utterance.onboundary = (event) => {
      // Some voices also report sentence boundaries; only words move the highlight.
      if (this.active !== utterance || (event.name && event.name !== "word")) {
        return;
      }
      this.update({
        current: { sentenceId: sentence.id, ...wordAt(sentence.text, event.charIndex, event.charLength) },
      });
    };
    utterance.onend = () => {
      if (this.active !== utterance) {
        return;
      }
      this.active = null;
      this.speakAt(index + 1);
    };
    utterance.onerror = (event) => {
      if (this.active !== utterance) {
        return;
      }
      this.active = null;
      // Interrupted by something else (another tab, the system): stop quietly, ready to resume.
      this.update({
        playing: false,
        error: speechErrorMessage(event.error),
        current: { sentenceId: sentence.id, charIndex: 0, charLength: 0 },
      });
    };

    this.active = utterance;
    this.update({ current: { sentenceId: sentence.id, charIndex: 0, charLength: 0 } });
    // Speech paused by someone else would hold our utterance in the queue.
    if (synth.paused) {
      synth.resume();
    }
    synth.speak(utterance);
  }

  private finishPage() {
    this.index = this.sentences.length;
    this.update({ current: null });
    this.pageEndHandler();
  }

  private update(patch: Partial<ReadAlongSnapshot>) {
    const changed = (Object.keys(patch) as (keyof ReadAlongSnapshot)[]).some(
      (key) => !Object.is(patch[key], this.snapshot[key]),
    );
    if (!changed) {
      return;
    }
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) {
      listener();
    }
  }
}
