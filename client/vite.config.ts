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
    // One stylesheet, in the page's head: a page's own CSS files were a third of the files it waited for.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Few files, not many small ones: over HTTP/1.1 a browser fetches 6 at a time, so on a slow
        // school link (150 ms a request) each further wave of files cost the page a round trip.
        codeSplitting: {
          groups: [
            // What the first page needs, whatever it is (React, the router, the shell), stays in the
            // first chunk: claimed here before the next group could take it.
            { name: "start", tags: ["$initial"], priority: 4 },
            // What every page that talks to the server shares, Apollo and its link, in one file
            // rather than a dozen (the public pages take none of it).
            { name: "app", test: /[\\/]node_modules[\\/]|[\\/]client[\\/]src[\\/]lib[\\/]apollo/, priority: 3 },
            // The shared controls the public pages use, kept out of the next group, which brings Apollo.
            // (A public page that imports from it drags Apollo into the landing page: the client-size
            // bench's budget then fails.)
            {
              name: "public",
              test: /[\\/]client[\\/]src[\\/](lib[\\/]useDocumentTitle|components[\\/](Button|Card|NotFoundPage))\./,
              priority: 2,
            },
            // The controls, hooks and documents of a student's pages (books, chat, dashboard, sign-in).
            {
              name: "student",
              test: /[\\/]client[\\/]src[\\/](components|lib|features[\\/](books|chat|dashboard|auth)[\\/](?!pages[\\/]))/,
              priority: 1,
            },
          ],
        },
      },
    },
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
