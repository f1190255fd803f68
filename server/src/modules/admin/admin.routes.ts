import express, { type RequestHandler, Router } from "express";
import { AppError, ErrorCode } from "../../errors/app-error.js";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";
import { COVER_TOO_LARGE_MESSAGE, MAX_COVER_BYTES } from "../covers/cover.service.js";
import { MAX_TEXT_BYTES, TEXT_TOO_LARGE_MESSAGE } from "./admin-books.service.js";
import { requireAdmin } from "./audit.js";

// The admin's uploads, as raw request bodies so the browser can show their progress:
//   PUT /api/admin/books/{id}/cover  an image (PNG, JPEG or WebP, checked by its content, at most 5 MB)
//   PUT /api/admin/books/{id}/text   a .txt file's bytes (UTF-8, checked) or pasted text
// Everything else an admin does goes through GraphQL. The caller is checked before the body is read.

const adminOnly: RequestHandler = (_req, res, next) => {
  requireAdmin(requireActor(res));
  next();
};

/** The body's bytes, up to `limit`; past it, a 413 with `tooLarge` as the message. */
function rawBody(limit: number, tooLarge: string): RequestHandler {
  const parse = express.raw({ type: () => true, limit });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === "entity.too.large") {
        next(new AppError(ErrorCode.PayloadTooLarge, tooLarge));
        return;
      }
      next(error);
    });
  };
}

const bytesOf = (body: unknown) => (Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array());

export function adminRoutes(services: Services): Router {
  const router = Router();

  router.put(
    "/admin/books/:id/cover",
    adminOnly,
    rawBody(MAX_COVER_BYTES, COVER_TOO_LARGE_MESSAGE),
    async (req, res) => {
      const book = await services.adminBooks.setCover({
        actor: requireActor(res),
        bookId: req.params.id,
        image: bytesOf(req.body),
      });
      res.json({ book });
    },
  );

  router.put("/admin/books/:id/text", adminOnly, rawBody(MAX_TEXT_BYTES, TEXT_TOO_LARGE_MESSAGE), async (req, res) => {
    const book = await services.adminBooks.setText({
      actor: requireActor(res),
      bookId: req.params.id,
      content: bytesOf(req.body),
    });
    res.json({ book });
  });

  return router;
}
