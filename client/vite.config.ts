import react from "@vitejs/plugin-react";
import path from "node:path";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// The client: built into dist/client and served by the server under the same origin, precompressed.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Each text asset also as .br and .gz, made once at build time at the highest levels; the server
    // sends the one the browser accepts (server/src/http/client-static.ts).
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: [/\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/],
      threshold: 1024,
    }),
  ],
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
