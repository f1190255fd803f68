import { Router } from "express";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";

// The spec's POST /api/chat/moderate ({ bookId, message } -> { flagged, category, severity }).
export function chatRoutes(services: Services): Router {
  const router = Router();

  router.post("/chat/moderate", async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(
      await services.chats.moderateMessage({ actor: requireActor(res), bookId: body.bookId, message: body.message }),
    );
  });

  return router;
}
