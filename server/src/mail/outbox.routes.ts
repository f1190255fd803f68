import { Router } from "express";
import type { PrismaClient } from "../generated/prisma/client.js";
import { forbidden } from "../errors/app-error.js";
import { clientAddress, sessionOf } from "../http/rest-kit.js";
import { listOutbox } from "./mailer.js";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

// The dev outbox: mail that would have gone out without SMTP. Readable from this machine (or by an
// admin), never in production. GET /api/dev/outbox?to=email lists the newest first.
export function outboxRoutes(prisma: PrismaClient): Router {
  const router = Router();
  router.get("/dev/outbox", async (req, res) => {
    const isAdmin = sessionOf(res).actor?.role === "admin";
    if (!isAdmin && !LOOPBACK.test(clientAddress(req))) {
      throw forbidden("The dev outbox can only be read from this machine or by an admin");
    }
    const to = typeof req.query.to === "string" ? req.query.to : undefined;
    res.json({ messages: await listOutbox(prisma, to) });
  });
  return router;
}
