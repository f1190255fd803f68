import express, { type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import fs from "node:fs";
import path from "node:path";

// The built client (vite build -> dist/client): hashed assets cached for a year and sent precompressed
// (brotli or gzip) when the browser accepts it, index.html never cached, and index.html for any other
// GET that a browser navigates to (client-side routes).
// A missing file (a path with an extension) is a real 404, not the app.

export function clientRouter(clientDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) {
    return router;
  }
  router.use(
    // The build's .br and .gz copies (client/vite.config.ts) for a browser that accepts them, with
    // Content-Encoding and Vary: Accept-Encoding; the file itself otherwise.
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: {
        index: false,
        setHeaders(res, file) {
          const immutable = file.startsWith(path.join(clientDir, "assets") + path.sep);
          res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        },
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    const lastSegment = req.path.split("/").pop() ?? "";
    if (lastSegment.includes(".") || !req.accepts("html")) {
      next();
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(indexFile);
  });
  return router;
}
