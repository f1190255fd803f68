import "reflect-metadata";
import compression from "compression";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";
import { pinoHttp } from "pino-http";
import type PinoPretty from "pino-pretty";
import { createSessionResolver } from "./auth/session.js";
import { createTokenService, resolveTokenSecret, type TokenService } from "./auth/tokens.js";
import type { Config } from "./config/config.js";
import { type Database, openDatabase } from "./db/database.js";
import { migrate, type MigrationResult } from "./db/migrate.js";
import { onCatalogueWrite, onUserWrite } from "./db/watched-writes.js";
import { seed, type SeedReport } from "./db/seed.js";
import { notFound } from "./errors/app-error.js";
import { createApolloServer } from "./graphql/apollo.js";
import type { GraphQLContext } from "./graphql/context.js";
import { buildGraphQLSchema } from "./graphql/schema.js";
import { attachGraphQLWebSocket } from "./graphql/websocket.js";
import { clientRouter } from "./http/client-static.js";
import { IDE_ASSETS_PATH, ideRouter } from "./http/ide.js";
import { clientAddress, restErrorHandler, sessionMiddleware, sessionOf } from "./http/rest-kit.js";
import { cors, declaredBodyLimit, securityHeaders } from "./http/security.js";
import { createMailer } from "./mail/mailer.js";
import { outboxRoutes } from "./mail/outbox.routes.js";
import { adminRoutes } from "./modules/admin/admin.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { reviewRoutes } from "./modules/books/book.routes.js";
import { chatRoutes } from "./modules/chat/chat.routes.js";
import { coverRoutes } from "./modules/covers/cover.routes.js";
import { safeguardingRoutes } from "./modules/safeguarding/safeguarding.routes.js";
import { userRoutes } from "./modules/users/user.routes.js";
import { type AppPubSub, createAppPubSub, createRedisPubSub } from "./pubsub/pubsub.js";
import { connectRedis, type RedisConnections } from "./pubsub/redis.js";
import { createServices, type Services } from "./services.js";

/** Responses smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_OVER_BYTES = 1024;

export const GRAPHQL_PATH = "/graphql";
// The admin's cover and text uploads: raw bodies with their own limits (admin.routes.ts).
const UPLOAD_ROUTE = /^\/api\/admin\/books\/[^/]+\/(?:cover|text)$/;

export type App = {
  url: string;
  port: number;
  httpServer: http.Server;
  db: Database;
  services: Services;
  tokens: TokenService;
  logger: Logger;
  migration: MigrationResult;
  seed: SeedReport;
  /** Graceful: stop accepting, let in-flight requests finish, close sockets, then the database. */
  close(): Promise<void>;
};

/** Where the logger writes: stdout, or a test's stand-in. */
export type LogOutput = { isTTY?: boolean; write(chunk: string): unknown };

/**
 * JSON, one object per line, for machines (containers, files, CI, tests); readable coloured lines
 * when a person watches stdout in a terminal (`npm start`, `npm run dev`).
 */
export function createLogger(config: Pick<Config, "logLevel">, output: LogOutput = process.stdout): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.passwordHash", "*.token"],
      censor: "[redacted]",
    },
  };
  if (output.isTTY && config.logLevel !== "silent") {
    return pino(options, readableLines(output));
  }
  // pino's own asynchronous writer for stdout (the fastest), or the test's stream.
  return output === process.stdout ? pino(options) : pino(options, output);
}

// Required here, not imported at the top: only a terminal loads pino-pretty. It prettifies each
// line in this thread and writes it at once (a terminal's writes are synchronous), so a fatal line
// logged just before process.exit() is not lost, as it could be in a transport's worker thread.
function readableLines(output: LogOutput): DestinationStream {
  const { isColorSupported, prettyFactory } = createRequire(import.meta.url)("pino-pretty") as typeof PinoPretty;
  const prettify = prettyFactory({
    colorize: isColorSupported,
    translateTime: "SYS:HH:MM:ss.l",
    messageFormat: withRequestSummary,
    // What a person at their own terminal does not need; the JSON lines keep all of it.
    ignore: "pid,hostname,req,res,responseTime",
  });
  return {
    write(line: string) {
      output.write(prettify(line));
    },
  };
}

// pino-http's request lines read "GET /api/books 404 3ms", not two screens of headers.
function withRequestSummary(log: Record<string, unknown>, messageKey: string): string {
  const message = typeof log[messageKey] === "string" ? log[messageKey] : "";
  const req = log.req as { method?: string; url?: string } | undefined;
  if (!req) {
    return message;
  }
  const res = log.res as { statusCode?: number } | undefined;
  const summary = [
    req.method,
    req.url,
    res?.statusCode,
    typeof log.responseTime === "number" ? `${log.responseTime}ms` : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(" ");
  return message === "request completed" ? summary : `${message}: ${summary}`;
}

/**
 * Opens the database (migrating and seeding it) and Redis when configured, then serves HTTP and
 * WebSocket on config.port.
 */
export async function startApp(config: Config, logger: Logger = createLogger(config)): Promise<App> {
  const db = await openDatabase(config.database, {
    logQueries: config.logQueries,
    onQuery: (sql, durationMs) => logger.debug({ sql, durationMs }, "sql"),
  });
  let redis: RedisConnections | undefined;
  try {
    redis = config.redis ? await connectRedis(config.redis.url, { prefix: config.redis.prefix, logger }) : undefined;
    return await serve(config, logger, db, redis);
  } catch (error) {
    await redis?.close().catch(() => {});
    await db.close().catch(() => {});
    throw error;
  }
}

async function serve(config: Config, logger: Logger, db: Database, redis: RedisConnections | undefined): Promise<App> {
  const migration = await migrate(db.sql);
  if (migration.applied.length) {
    logger.info({ applied: migration.applied }, "database migrated");
  }
  const seedReport = await seed(db.prisma, config);
  if (seedReport.demoAccountsDisabled.length) {
    logger.warn(
      { accounts: seedReport.demoAccountsDisabled },
      "demo accounts made inactive: their passwords are published, and NODE_ENV is production (SEED_DEMO=true keeps them)",
    );
  }
  if (config.seedDemo && config.env === "production") {
    logger.warn(
      { host: config.host },
      "SEED_DEMO is on in production: demo accounts with published passwords can sign in (an admin among them)",
    );
  }

  const tokens = createTokenService(await resolveTokenSecret(db.prisma, config.jwtSecret), config.tokenTtlSeconds);
  // With Redis, events reach the subscribers of every instance.
  const pubsub: AppPubSub = redis ? await createRedisPubSub(redis, logger) : createAppPubSub();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, prisma: db.prisma });
  const services = createServices({ config, prisma: db.prisma, tokens, mailer, pubsub, logger, redis });
  // Every write to an account, through any service (or a test's direct write), drops what is held of it.
  const stopWatchingAccounts = onUserWrite(db.prisma, services.accounts.changed);
  // And every write to the catalogue drops Explore's counts and the recommendations held.
  const stopWatchingCatalogue = onCatalogueWrite(db.prisma, () => services.catalogue.changed(null));
  const resolveSession = createSessionResolver({ prisma: db.prisma, tokens, cache: services.sessions });
  const schema = await buildGraphQLSchema(pubsub);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const httpServer = http.createServer(app);

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // Headers and CORS on every response; a declared body over the limit is refused before any route
  // reads it (the admin's uploads have their own, larger limits: see admin.routes.ts).
  app.use(
    securityHeaders({
      publicUrl: config.publicUrl,
      corsOrigins: config.corsOrigins,
      idePaths: config.graphqlIde ? [GRAPHQL_PATH, IDE_ASSETS_PATH] : [],
    }),
    cors({ corsOrigins: config.corsOrigins }),
    declaredBodyLimit(config.bodyLimitBytes, { skip: (req) => UPLOAD_ROUTE.test(req.path) && req.method === "PUT" }),
    // Responses over COMPRESS_OVER_BYTES (GraphQL and REST JSON, index.html) in brotli or gzip, as the
    // client accepts; a file already sent precompressed (client-static.ts) is left as it is.
    compression({ threshold: COMPRESS_OVER_BYTES, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } }),
  );

  app.get("/healthz", async (_req, res) => {
    const [database, shared] = await Promise.all([
      db.sql.query("SELECT 1").then(
        () => true,
        () => false,
      ),
      redis ? redis.ping() : undefined,
    ]);
    // Without Redis an instance still serves reading and chats from the database (live events wait
    // for it): degraded, not down, so a Redis outage does not take every instance out of the pool.
    res.status(database ? 200 : 503).json({
      status: !database ? "unavailable" : shared === false ? "degraded" : "ok",
      database: database ? "up" : "down",
      databaseKind: db.kind,
      ...(redis ? { redis: shared ? "up" : "down" } : {}),
    });
  });

  const json = express.json({ limit: config.bodyLimitBytes, strict: true });

  if (config.graphqlIde) {
    app.use(await ideRouter(GRAPHQL_PATH));
  }
  const apollo = createApolloServer({ schema, httpServer, logger, introspection: config.graphqlIde });
  await apollo.start();
  app.use(
    GRAPHQL_PATH,
    json,
    sessionMiddleware(resolveSession),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<GraphQLContext> => ({
        ...sessionOf(res),
        services,
        ip: clientAddress(req),
      }),
    }),
  );

  const api = express.Router();
  api.use(json, sessionMiddleware(resolveSession));
  api.use(authRoutes(services));
  api.use(userRoutes(services));
  api.use(reviewRoutes(services));
  api.use(chatRoutes(services));
  api.use(adminRoutes(services));
  api.use(safeguardingRoutes(services));
  if (mailer.kind === "outbox" && config.env !== "production") {
    api.use(outboxRoutes(db.prisma));
  }
  api.use(() => {
    throw notFound("Not found");
  });
  api.use(restErrorHandler(logger));
  app.use("/api", api);
  app.use(coverRoutes(services));
  app.use(clientRouter(config.clientDir));
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  app.use(restErrorHandler(logger));

  const ws = attachGraphQLWebSocket({
    httpServer,
    path: GRAPHQL_PATH,
    schema,
    services,
    resolveSession,
    logger,
    maxPayloadBytes: config.bodyLimitBytes,
    introspection: config.graphqlIde,
    origins: { publicUrl: config.publicUrl, corsOrigins: config.corsOrigins },
    pubsub,
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host}:${port}`;
  // Unreviewed urgent alerts are e-mailed again on schedule (the rows are shared by every instance).
  services.safeguarding.startResending();

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const force = setTimeout(() => httpServer.closeAllConnections(), config.shutdownTimeoutMs);
      force.unref();
      await ws.close();
      // Apollo's drain plugin stops the HTTP server: in-flight requests finish, idle sockets close.
      await apollo.stop();
      if (httpServer.listening) {
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      }
      clearTimeout(force);
      await services.auth.drain();
      await services.chats.drain();
      await services.safeguarding.stop();
      stopWatchingAccounts();
      stopWatchingCatalogue();
      await services.accounts.close();
      await services.catalogue.close();
      mailer.close();
      await redis?.close();
      await db.close();
    })();
    return closing;
  };

  return { url, port, httpServer, db, services, tokens, logger, migration, seed: seedReport, close };
}
