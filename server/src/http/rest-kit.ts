import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import type { Actor } from "../auth/actor.js";
import { ANONYMOUS, type Session, type SessionResolver } from "../auth/session.js";
import { AppError, ErrorCode, Messages, requestErrorOf, unauthenticated } from "../errors/app-error.js";

// The REST adapter's shared parts: who is calling, and the one error boundary of /api.

export function sessionMiddleware(resolveSession: SessionResolver) {
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.session =
      req.headers.authorization === undefined ? ANONYMOUS : await resolveSession(req.headers.authorization);
    next();
  };
}

export function sessionOf(res: Response): Session {
  return (res.locals.session as Session | undefined) ?? ANONYMOUS;
}

/** The signed-in actor, or a 401 with the reason the token was refused. */
export function requireActor(res: Response): Actor {
  const session = sessionOf(res);
  if (!session.actor) {
    throw unauthenticated(session.tokenError ?? undefined);
  }
  return session.actor;
}

export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

type BodyParserError = Error & { type?: string; status?: number };

/** Maps every error of /api to `{ error }` with its status; unknown errors are logged, not leaked. */
export function restErrorHandler(logger: Logger) {
  return (thrown: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(thrown);
      return;
    }
    const error = requestErrorOf(thrown) ?? thrown;
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds) {
        res.setHeader("Retry-After", String(error.details.retryAfterSeconds));
      }
      res.status(error.status).json({
        error: error.message,
        code: error.code,
        ...(error.details.fields ? { fields: error.details.fields } : {}),
      });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === "entity.parse.failed") {
      res.status(400).json({ error: Messages.malformedJson, code: ErrorCode.BadUserInput });
      return;
    }
    if (parserError.type === "entity.too.large") {
      res.status(413).json({ error: Messages.payloadTooLarge, code: ErrorCode.PayloadTooLarge });
      return;
    }
    if (parserError.type !== undefined && parserError.status !== undefined && parserError.status < 500) {
      // Other body-parser refusals: unsupported charset or encoding, aborted request.
      res.status(parserError.status).json({ error: parserError.message, code: ErrorCode.BadUserInput });
      return;
    }
    logger.error({ err: error }, "unexpected error in REST route");
    res.status(500).json({ error: Messages.internal, code: ErrorCode.Internal });
  };
}
