import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ErrorCode, Messages } from "../errors/app-error.js";

// Security headers on every response, the Content-Security-Policy the built client runs under, and
// CORS closed unless CORS_ORIGINS names an origin. No helmet: the set is small and written out here so
// the policy can be read in one place.
//
// The built client (dist/client) needs only its own origin: module scripts and stylesheets from
// /assets, fonts bundled by Vite, covers from /covers, and GraphQL over fetch and a same-origin
// WebSocket. React's style props go through the CSSOM, which style-src does not govern, so no
// 'unsafe-inline' anywhere. The IDE (Altair) gets its own, looser policy on its own paths only.

export type SecurityOptions = {
  /** PUBLIC_URL: HSTS when it is https. */
  publicUrl: string;
  /** Origins (scheme://host[:port]) allowed cross-origin requests and WebSockets besides our own. */
  corsOrigins: readonly string[];
  /** Paths whose HTML is the GraphQL IDE (its own CSP). */
  idePaths?: readonly string[];
};

const HSTS = "max-age=31536000; includeSubDomains";
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

// A Host header as browsers send it (name or address, optional port): anything else is not echoed.
const HOST_PATTERN = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** connect-src's addition for this host's WebSocket (" ws://host"), or nothing for a Host not to echo. */
function socketSource(host: string | undefined, https: boolean): string {
  return host && HOST_PATTERN.test(host) ? ` ${https ? "wss" : "ws"}://${host}` : "";
}

/** The client's policy. `host` (the request's Host) adds its WebSocket origin to connect-src. */
export function appContentSecurityPolicy(host: string | undefined, https: boolean): string {
  const sockets = socketSource(host, https);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${sockets}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The IDE's policy: its one inline script by nonce, Angular's inline styles, its own assets. */
export function ideContentSecurityPolicy(nonce: string, host: string | undefined, https: boolean): string {
  const sockets = socketSource(host, https);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The nonce of this response's IDE policy (set by securityHeaders on IDE paths). */
export function cspNonceOf(res: Response): string | undefined {
  return res.locals.cspNonce as string | undefined;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * Whether a browser page at `origin` may call us: our own origin (PUBLIC_URL, or the Host the
 * request was sent to, whatever the scheme a proxy terminated) or one listed in CORS_ORIGINS.
 */
export function isAllowedOrigin(
  origin: string,
  request: Pick<IncomingMessage, "headers">,
  options: Pick<SecurityOptions, "publicUrl" | "corsOrigins">,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === "null") {
    return false;
  }
  if (parsed.origin === originOf(options.publicUrl) || options.corsOrigins.includes(parsed.origin)) {
    return true;
  }
  const host = request.headers.host;
  return typeof host === "string" && parsed.host.toLowerCase() === host.toLowerCase();
}

/** Headers on every response: CSP (the IDE's on its paths), framing, sniffing, referrer, features. */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const https = options.publicUrl.startsWith("https:");
  // Exact paths, and folders (ending in "/") for everything below them: worked out once, not per request.
  const idePaths = options.idePaths ?? [];
  const ideExact = new Set(idePaths);
  const ideFolders = idePaths.filter((p) => p.endsWith("/"));
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    if (ideExact.has(req.path) || ideFolders.some((folder) => req.path.startsWith(folder))) {
      const nonce = randomBytes(16).toString("base64");
      res.locals.cspNonce = nonce;
      res.setHeader("Content-Security-Policy", ideContentSecurityPolicy(nonce, host, https));
    } else {
      res.setHeader("Content-Security-Policy", appContentSecurityPolicy(host, https));
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    res.setHeader("Origin-Agent-Cluster", "?1");
    res.setHeader("X-DNS-Prefetch-Control", "off");
    res.setHeader("X-Permitted-Cross-Domain-Policies", "none");
    if (https) {
      res.setHeader("Strict-Transport-Security", HSTS);
    }
    next();
  };
}

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
const ALLOWED_HEADERS = "Authorization, Content-Type, Apollo-Require-Preflight";

/**
 * CORS, closed by default: a cross-origin browser request gets no Access-Control-Allow-Origin unless
 * CORS_ORIGINS lists its origin (exactly), and a preflight from any other origin is refused (403).
 * Same-origin requests need no CORS and are untouched. No credentials: the session is a bearer token.
 */
export function cors(options: Pick<SecurityOptions, "corsOrigins">): RequestHandler {
  const allowed = new Set(options.corsOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    res.vary("Origin");
    const listed = typeof origin === "string" && allowed.has(origin);
    if (listed) {
      res.setHeader("Access-Control-Allow-Origin", origin);
    }
    const preflight = req.method === "OPTIONS" && req.headers["access-control-request-method"] !== undefined;
    if (!preflight) {
      next();
      return;
    }
    if (!listed) {
      res
        .status(403)
        .json({ error: "Cross-origin requests from this origin are not allowed", code: ErrorCode.Forbidden });
      return;
    }
    res.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
    res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    res.setHeader("Access-Control-Max-Age", "600");
    res.status(204).end();
  };
}

/**
 * A first, cheap body limit for every route: a declared Content-Length over `maxBytes` is a 413
 * before anything reads the body. The parsers enforce their own (smaller) limits on what they read,
 * including bodies sent without a length.
 */
export function declaredBodyLimit(
  maxBytes: number,
  options: { skip?: (req: Request) => boolean } = {},
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (options.skip?.(req)) {
      next();
      return;
    }
    const declared = Number(req.headers["content-length"] ?? 0);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.setHeader("Connection", "close");
      res.status(413).json({ error: Messages.payloadTooLarge, code: ErrorCode.PayloadTooLarge });
      return;
    }
    next();
  };
}
