import { useEffect, useMemo, useSyncExternalStore } from "react";
import { ReadAlongPlayer, type ReadAlongSentence, type SpokenPosition } from "./readAlongPlayer";

export type { ReadAlongSentence, SpokenPosition } from "./readAlongPlayer";

export type ReadAlongOptions = {
  /** The current page's sentences, in order. */
  sentences: readonly ReadAlongSentence[];
  /** Called after the page's last sentence was spoken. The reader turns the page and reading goes on
   * with the new sentences while playing; on the book's last page, call pause() here. */
  onPageEnd: () => void;
  /** For tests; defaults to window.speechSynthesis when the browser has it. */
  synth?: SpeechSynthesis | null;
};

export type ReadAlong = {
  /** False when the browser has no speech synthesis at all. */
  supported: boolean;
  /** English voices first; updated on 'voiceschanged'. */
  voices: SpeechSynthesisVoice[];
  /** True once the voices are known: loaded, or a short wait found none. */
  voicesReady: boolean;
  voiceURI: string | null;
  setVoiceURI: (uri: string) => void;
  /** 0.5 to 2, default 1. */
  rate: number;
  setRate: (rate: number) => void;
  playing: boolean;
  play: () => void;
  /** Stops speaking and remembers the sentence; play reads it again from its start. */
  pause: () => void;
  /** The sentence being spoken, and the word when the voice reports words (charLength 0 otherwise). */
  current: SpokenPosition | null;
  /** A message for the reader when speaking failed. */
  error: string | null;
};

const browserSynth = () =>
  typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;

/** Reads the current page aloud, one sentence at a time, and reports what is being spoken. */
export function useReadAlong({ sentences, onPageEnd, synth }: ReadAlongOptions): ReadAlong {
  const speech = synth === undefined ? browserSynth() : synth;
  const player = useMemo(() => new ReadAlongPlayer(speech), [speech]);

  useEffect(() => player.connect(), [player]);
  // Before setSentences, which calls the handler at once for a page with nothing to read.
  useEffect(() => {
    player.setPageEndHandler(onPageEnd);
  }, [player, onPageEnd]);
  useEffect(() => {
    player.setSentences(sentences);
  }, [player, sentences]);

  const state = useSyncExternalStore(player.subscribe, player.getSnapshot);
  return useMemo(
    () => ({
      ...state,
      play: player.play,
      pause: player.pause,
      setRate: player.setRate,
      setVoiceURI: player.setVoiceURI,
    }),
    [state, player],
  );
}
