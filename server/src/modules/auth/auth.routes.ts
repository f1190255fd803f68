import { Router } from "express";
import { clientAddress } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";

// The spec's /api/auth routes, over the same services as the GraphQL resolvers.
export function authRoutes(services: Services): Router {
  const router = Router();

  router.post("/auth/register", async (req, res) => {
    res.status(201).json(await services.auth.register({ input: req.body, ip: clientAddress(req) }));
  });

  router.post("/auth/login", async (req, res) => {
    res.json(await services.auth.login({ input: req.body, ip: clientAddress(req) }));
  });

  router.post("/auth/reset-password", async (req, res) => {
    res.json(await services.auth.requestPasswordReset({ input: req.body, ip: clientAddress(req) }));
  });

  router.post("/auth/reset-password/complete", async (req, res) => {
    res.json(await services.auth.completePasswordReset({ input: req.body }));
  });

  return router;
}
