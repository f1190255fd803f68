import { Router } from "express";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";

// The spec's chat routes: POST /api/chat/moderate ({ bookId, message } -> { flagged, category, severity })
// and the teacher's GET /api/chat/teacher/chats?limit&cursor&userId ({ items, nextCursor }) and
// GET /api/chat/teacher/chat/{chatId} ({ chat, messages, nextBefore }; ?before&limit page back).
export function chatRoutes(services: Services): Router {
  const router = Router();

  router.post("/chat/moderate", async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(
      await services.chats.moderateMessage({ actor: requireActor(res), bookId: body.bookId, message: body.message }),
    );
  });

  router.get("/chat/teacher/chats", async (req, res) => {
    res.json(
      await services.teacher.listChats({
        actor: requireActor(res),
        userId: req.query.userId,
        limit: req.query.limit,
        cursor: req.query.cursor,
        schoolId: req.query.schoolId,
      }),
    );
  });

  router.get("/chat/teacher/chat/:chatId", async (req, res) => {
    res.json(
      await services.teacher.chatMessages({
        actor: requireActor(res),
        chatId: req.params.chatId,
        before: req.query.before,
        limit: req.query.limit,
      }),
    );
  });

  return router;
}
