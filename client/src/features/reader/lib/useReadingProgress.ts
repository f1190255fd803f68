import { useMutation } from "@apollo/client/react";
import { useEffect, useMemo, useRef } from "react";
import { readStoredToken } from "../../../lib/session";
import { SaveReadingProgressDocument } from "../graphql";
import { ReadingClock } from "./readingClock";

/** The place the reader shows and the page's last paragraph (the furthest point, once past it). */
export type ProgressPlace = {
  chapter: number;
  paragraph: number;
  offset: number;
  seenChapter: number;
  seenParagraph: number;
};

export const SAVE_EVERY_MS = 20_000;
const PLACE_SETTLE_MS = 800;
/** The server's limit for one save. */
const MAX_SECONDS = 300;

// Sent with fetch's keepalive when the page is hidden or closed, when Apollo's request would be cut off.
const SAVE_ON_LEAVE = `mutation SaveReadingProgressOnLeave($input: ReadingProgressInput!) {
  saveReadingProgress(input: $input) { bookId }
}`;

/**
 * Keeps the server up to date with the reader: the place (soon after each page turn), and the active
 * reading time (every 20 seconds, and when the child leaves). A failed save keeps its seconds for
 * the next one, so no reading is lost to a flaky connection.
 */
export function useReadingProgress(bookId: string) {
  const [saveProgress] = useMutation(SaveReadingProgressDocument);
  const clock = useRef<ReadingClock | null>(null);
  const place = useRef<ProgressPlace | null>(null);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const api = useMemo(() => {
    const getClock = () => {
      clock.current ??= new ReadingClock(Date.now());
      return clock.current;
    };
    const save = (): Promise<void> => {
      saving.current = saving.current.then(async () => {
        const at = place.current;
        if (!at) {
          return;
        }
        const seconds = getClock().take(MAX_SECONDS);
        try {
          await saveProgress({ variables: { input: { bookId, ...at, activeSeconds: seconds } } });
        } catch {
          getClock().giveBack(seconds);
        }
      });
      return saving.current;
    };
    const saveOnLeave = () => {
      const at = place.current;
      const token = readStoredToken();
      if (!at || !token) {
        return;
      }
      const seconds = getClock().take(MAX_SECONDS);
      void fetch("/graphql", {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: SAVE_ON_LEAVE, variables: { input: { bookId, ...at, activeSeconds: seconds } } }),
      })
        .then(async (response) => {
          const body = (await response.json().catch(() => null)) as { errors?: unknown[] } | null;
          if (!response.ok || !body || body.errors) {
            throw new Error("the save on leaving was refused");
          }
        })
        // Refused or lost: the seconds go with the next save (when the child comes back to the tab).
        .catch(() => getClock().giveBack(seconds));
    };
    return {
      clock: getClock,
      save,
      saveOnLeave,
      /** The page on screen changed: remembered, and saved once the child stops turning pages. */
      setPlace(next: ProgressPlace) {
        place.current = next;
        if (settle.current) {
          clearTimeout(settle.current);
        }
        settle.current = setTimeout(() => void save(), PLACE_SETTLE_MS);
      },
      interact() {
        getClock().interact(Date.now());
      },
      setListening(listening: boolean) {
        getClock().setListening(listening);
      },
      /** Saves now (before marking the book read, so its minutes are counted). */
      flush(): Promise<void> {
        if (settle.current) {
          clearTimeout(settle.current);
          settle.current = null;
        }
        return save();
      },
    };
  }, [bookId, saveProgress]);

  useEffect(() => {
    const tick = setInterval(() => api.clock().tick(Date.now()), 1000);
    const periodic = setInterval(() => void api.save(), SAVE_EVERY_MS);
    const onInteract = () => api.interact();
    const onVisibility = () => {
      const visible = document.visibilityState === "visible";
      api.clock().setVisible(visible, Date.now());
      if (!visible) {
        api.saveOnLeave();
      }
    };
    const onLeave = () => api.saveOnLeave();
    const events = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;
    for (const name of events) {
      window.addEventListener(name, onInteract, { passive: true });
    }
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onLeave);
    return () => {
      clearInterval(tick);
      clearInterval(periodic);
      for (const name of events) {
        window.removeEventListener(name, onInteract);
      }
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onLeave);
      if (settle.current) {
        clearTimeout(settle.current);
      }
      // Leaving the reader inside the app: one last save with what was counted.
      void api.save();
    };
  }, [api]);

  return api;
}
