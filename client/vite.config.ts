import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig } from "vite";

// The client: built into dist/client and served by the server under the same origin.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, "../dist/client"),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    target: "es2022",
  },
  server: {
    port: 5173,
    proxy: {
      "/graphql": { target: "http://127.0.0.1:3000", ws: true },
      "/api": "http://127.0.0.1:3000",
      "/healthz": "http://127.0.0.1:3000",
    },
  },
});
