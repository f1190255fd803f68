// What a child sees when the browser could not read a sentence aloud, by the browser's error code.

/** The message for a speech error, or null for the codes that only mean the speech was stopped. */
export function speechErrorMessage(code: SpeechSynthesisErrorCode): string | null {
  switch (code) {
    case "canceled":
    case "interrupted":
      return null;
    case "not-allowed":
      return "The browser stopped the reading. Press Read aloud to start again.";
    case "audio-busy":
    case "audio-hardware":
      return "Reading aloud could not play any sound. Check the sound is on, then press Read aloud.";
    case "network":
      return "This voice needs the internet, and the connection failed. Try again or choose another voice.";
    case "language-unavailable":
    case "voice-unavailable":
      return "This voice cannot read this book. Choose another voice.";
    case "synthesis-unavailable":
    case "synthesis-failed":
    case "invalid-argument":
    case "text-too-long":
      return "Reading aloud stopped because of a problem with the voice. Try again or choose another voice.";
    default:
      return unknownCode(code);
  }
}

// Browsers may send codes newer than the DOM types know; they still stop the reading.
function unknownCode(_code: never): string {
  return "Reading aloud stopped because of a problem. Press Read aloud to try again.";
}
