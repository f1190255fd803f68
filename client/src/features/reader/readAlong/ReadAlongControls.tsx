import { useId } from "react";
import { Button } from "../../../components/Button";
import { Notice } from "../../../components/Notice";
import { SelectField } from "../../../components/SelectField";
import styles from "./ReadAlongControls.module.css";
import type { ReadAlong } from "./useReadAlong";
import { voiceLabel } from "./voices";

export const READ_ALONG_UNAVAILABLE = "Read-along is not available: this browser has no voices for reading aloud.";

export const READ_ALONG_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export function PlayIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" fill="currentColor" />
    </svg>
  );
}

/** Play/pause, speed and voice for useReadAlong, or why reading aloud is not available. */
export function ReadAlongControls({ readAlong }: { readAlong: ReadAlong }) {
  const id = useId();
  const { supported, voices, voicesReady, voiceURI, setVoiceURI, rate, setRate, playing, play, pause, error } =
    readAlong;

  if (!supported || (voicesReady && voices.length === 0)) {
    return (
      <p className={styles.unavailable} role="status">
        {READ_ALONG_UNAVAILABLE}
      </p>
    );
  }

  const loadingVoices = voices.length === 0;
  return (
    <div className={styles.readAlong}>
      <div className={styles.controls} role="group" aria-label="Read-along">
        <Button variant={playing ? "secondary" : "primary"} className={styles.play} onClick={playing ? pause : play}>
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? "Pause reading" : "Read aloud"}
        </Button>
        <div className={styles.speed}>
          <SelectField
            label="Speed"
            id={`${id}-speed`}
            name="readAlongSpeed"
            value={String(rate)}
            onChange={(event) => setRate(Number(event.target.value))}
          >
            {READ_ALONG_RATES.map((option) => (
              <option key={option} value={String(option)}>
                {`${option}x`}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={styles.voice}>
          <SelectField
            label="Voice"
            id={`${id}-voice`}
            name="readAlongVoice"
            value={voiceURI ?? ""}
            onChange={(event) => setVoiceURI(event.target.value)}
            disabled={loadingVoices}
          >
            {loadingVoices ? (
              <option value="">Loading voices…</option>
            ) : (
              voices.map((voice) => (
                <option key={voice.voiceURI} value={voice.voiceURI}>
                  {voiceLabel(voice)}
                </option>
              ))
            )}
          </SelectField>
        </div>
      </div>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
