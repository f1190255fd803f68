import type { PointerEvent as ReactPointerEvent } from "react";
import { useRef } from "react";

/** How far a finger moves sideways to turn the page. */
export const SWIPE_PX = 40;
/** Moving less than this is a tap. */
const TAP_PX = 10;
/** The share of the page's width, at each side, where a tap turns the page. */
export const EDGE_SHARE = 0.25;

const INTERACTIVE = "a, button, input, select, textarea, label, summary, [contenteditable='true']";

/** Where a tap landed: near the left edge, in the middle, or near the right edge. */
export type TapZone = "previous" | "middle" | "next";

type PageGestures = {
  /** A swipe to the left. */
  onNext: () => void;
  /** A swipe to the right. */
  onPrevious: () => void;
  onTap: (zone: TapZone) => void;
};

/**
 * Swipes and taps on the page, as in the e-readers children already use: a swipe by finger or pen
 * turns the page, and a tap says where it landed (the reader turns the page at the edges). A mouse
 * click counts as a tap in the middle: a mouse drag selects text as usual, and a click on the text
 * must not turn the page under the pointer.
 */
export function usePageGestures({ onNext, onPrevious, onTap }: PageGestures) {
  const startRef = useRef<{ x: number; y: number; mouse: boolean } | null>(null);

  function onPointerDown(event: ReactPointerEvent<HTMLElement>) {
    const mouse = event.pointerType === "mouse";
    startRef.current = mouse && event.button !== 0 ? null : { x: event.clientX, y: event.clientY, mouse };
  }

  function onPointerUp(event: ReactPointerEvent<HTMLElement>) {
    const start = startRef.current;
    startRef.current = null;
    if (!start) {
      return;
    }
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!start.mouse && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) {
        onNext();
      } else {
        onPrevious();
      }
      return;
    }
    if (Math.abs(dx) > TAP_PX || Math.abs(dy) > TAP_PX) {
      return;
    }
    // A control on the page (the end of the book's 'Mark as read') does its own thing; so does a tap
    // that ends choosing words.
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) {
      return;
    }
    if (window.getSelection()?.isCollapsed === false) {
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const at = box.width > 0 ? (event.clientX - box.left) / box.width : 0.5;
    if (start.mouse) {
      onTap("middle");
    } else {
      onTap(at < EDGE_SHARE ? "previous" : at > 1 - EDGE_SHARE ? "next" : "middle");
    }
  }

  return {
    onPointerDown,
    onPointerUp,
    onPointerCancel: () => {
      startRef.current = null;
    },
  };
}
