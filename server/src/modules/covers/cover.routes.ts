import { Router } from "express";
import type { Services } from "../../services.js";
import { isCoverSize } from "./cover.service.js";

// GET /covers/{bookId}/{low|medium|large}?v={version}. Versioned URLs never change, so they are
// cached for a year; a missing cover redirects to the spec's placeholder image. The uploaded original
// is not served: every size is bounded, so no page ever decodes an arbitrarily large picture.
export const PLACEHOLDER_COVER = "/images/book-placeholder.jpg";
const BOOK_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function coverRoutes(services: Services): Router {
  const router = Router();
  router.get("/covers/:bookId/:size", async (req, res) => {
    const { bookId, size } = req.params;
    if (!BOOK_ID.test(bookId) || !isCoverSize(size)) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const image = await services.covers.coverImage(bookId, size);
    if (!image) {
      res.setHeader("Cache-Control", "no-cache");
      res.redirect(302, PLACEHOLDER_COVER);
      return;
    }
    const versioned = req.query.v === image.version;
    res.setHeader("ETag", image.etag);
    res.setHeader("Cache-Control", versioned ? "public, max-age=31536000, immutable" : "public, max-age=300");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.headers["if-none-match"] === image.etag) {
      res.status(304).end();
      return;
    }
    res.type(image.contentType).send(Buffer.from(image.data));
  });
  return router;
}
