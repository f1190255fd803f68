import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom lacks CSS.escape, which Testing Library needs to move between radio buttons with the keyboard.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
