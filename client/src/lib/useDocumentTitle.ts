import { useEffect } from "react";

export const APP_NAME = "Reading Room";

/** "The Secret Garden - Reading Room"; the app's name alone for no title, or for the app's name. */
export function documentTitle(title: string | null | undefined): string {
  return title && title !== APP_NAME ? `${title} - ${APP_NAME}` : APP_NAME;
}

/**
 * Names the browser tab (and what a screen reader announces on arrival) after the page. Pass null
 * while the page's subject is still loading: the tab keeps its title until there is one.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) {
      document.title = documentTitle(title);
    }
  }, [title]);
}
