import { useEffect, useRef } from "react";

// The live connection came back after a drop (a network blip, a server restart, or the server closing
// the socket after a block). Events published while it was down are lost, so each screen that keeps
// state from subscriptions reads that state afresh (chat messages catch up by seq on their own).

type Listener = () => void;
const listeners = new Set<Listener>();

export function emitLiveReconnected(): void {
  listeners.forEach((listener) => listener());
}

/** Calls `refresh` each time the live connection is re-established (not on the first connection). */
export function useOnLiveReconnected(refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
