import express, { type Request, type Response, type NextFunction, type Router } from "express";
import { cspNonceOf } from "./security.js";

// A GraphQL IDE (Altair) served from our own node_modules, so it works with no internet.
// GET /graphql from a browser (Accept: text/html, no query) shows it; everything else is the API.
// Its page runs under the IDE's own Content-Security-Policy (http/security.ts): its one inline script
// carries that response's nonce.

export const IDE_ASSETS_PATH = "/graphql-ide/";

/** Loaded only when the IDE is on: Altair is not part of a production server's start-up. */
export async function ideRouter(graphqlPath: string): Promise<Router> {
  const { getDistDirectory, renderAltair } = await import("altair-static");
  const router = express.Router();
  router.use(IDE_ASSETS_PATH, express.static(getDistDirectory(), { index: false, maxAge: "1d" }));
  router.get(graphqlPath, (req: Request, res: Response, next: NextFunction) => {
    const wantsHtml = req.accepts(["application/json", "text/html"]) === "text/html";
    if (!wantsHtml || req.query.query !== undefined) {
      next();
      return;
    }
    res.type("html").send(
      renderAltair({
        baseURL: IDE_ASSETS_PATH,
        initialName: "Reading Room",
        endpointURL: graphqlPath,
        subscriptionsEndpoint: graphqlPath,
        subscriptionsProtocol: req.protocol === "https" ? "wss" : "ws",
        initialSubscriptionRequestHandlerId: "graphql-ws",
        // Paste a token as { "authorization": "Bearer ..." } in the IDE's subscription payload.
        initialSubscriptionsPayload: {},
        disableAccount: true,
        ...(cspNonceOf(res) ? { cspNonce: cspNonceOf(res) } : {}),
      }),
    );
  });
  return router;
}
