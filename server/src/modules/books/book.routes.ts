import { Router } from "express";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";

// The spec's /api/reviews routes.
export function reviewRoutes(services: Services): Router {
  const router = Router();

  router.get("/reviews/:bookId", async (req, res) => {
    res.json(await services.books.listReviews({ actor: requireActor(res), bookId: req.params.bookId }));
  });

  router.post("/reviews/:bookId", async (req, res) => {
    const review = await services.books.submitReview({
      actor: requireActor(res),
      bookId: req.params.bookId,
      input: req.body,
    });
    res.status(201).json({ review });
  });

  return router;
}
