import { Router } from "express";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";

export function userRoutes(services: Services): Router {
  const router = Router();

  router.get("/auth/user", (_req, res) => {
    res.json({ user: services.users.currentUser(requireActor(res)) });
  });

  router.patch("/auth/user/:id", async (req, res) => {
    const user = await services.users.changeUserRole({
      actor: requireActor(res),
      userId: req.params.id,
      input: req.body,
    });
    res.json({ user });
  });

  // Spec 7: the teacher's unblock (no body; only success is used).
  router.patch("/auth/user/:id/moderation/unblock", async (req, res) => {
    const user = await services.moderation.unblock({ actor: requireActor(res), userId: req.params.id });
    res.json({ user });
  });

  return router;
}
