import { type KeyboardEvent, type SyntheticEvent, useEffect, useRef } from "react";

/**
 * A native modal <dialog>: shown on mount with focus on the element marked
 * `data-autofocus` (React does not write the autofocus attribute that showModal would look for),
 * Escape and the dialog's own cancel call `onClose`, and on unmount focus goes back to the element
 * that opened it while that is still there.
 */
export function useModalDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) {
      return;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) {
        dialog.showModal();
      }
    } else {
      // jsdom and old browsers: no top layer, but the same semantics for assistive technology.
      dialog.setAttribute("open", "");
    }
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (typeof dialog.close === "function" && dialog.open) {
        dialog.close();
      }
      if (opener?.isConnected) {
        opener.focus();
      }
    };
  }, []);

  const dialogProps = {
    ref: dialogRef,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      onClose();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        onClose();
      }
    },
  };
  return dialogProps;
}
