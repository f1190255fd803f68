import type { SessionChannel } from "./session-share";

/**
 * A stand-in for the browser's BroadcastChannel in unit tests: each `connect()` is one tab; what a
 * tab posts reaches every other open tab (never itself) a moment later, as a copy.
 */
export function createFakeSessionBus() {
  const open = new Set<SessionChannel>();
  const posted: unknown[] = [];
  const connect = (): SessionChannel => {
    const channel: SessionChannel = {
      onmessage: null,
      postMessage(message) {
        posted.push(message);
        const data: unknown = structuredClone(message);
        for (const other of open) {
          if (other !== channel) {
            void Promise.resolve().then(() => other.onmessage?.(new MessageEvent("message", { data })));
          }
        }
      },
      close() {
        open.delete(channel);
      },
    };
    open.add(channel);
    return channel;
  };
  return { connect, posted, openTabs: () => open.size };
}
