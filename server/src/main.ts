import fs from "node:fs";
import { ConfigError, loadConfig } from "./config/config.js";
import { createLogger, startApp } from "./app.js";

// The production entry point: config from the environment (and .env when present), then serve.
if (fs.existsSync(".env")) {
  process.loadEnvFile(".env");
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const logger = createLogger(config);
const app = await startApp(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, "server failed to start");
  process.exit(1);
});

logger.info(
  { url: app.url, database: app.db.kind, migrationsApplied: app.migration.applied.length },
  `Reading Room is listening on ${config.publicUrl}`,
);
if (app.seed.demoAccounts.length) {
  const lines = app.seed.demoAccounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(34)} ${a.password}`);
  // Plain text on purpose: a newcomer reads this in the terminal.
  console.log(`\nDemo accounts (SEED_DEMO is on with the embedded database):\n${lines.join("\n")}\n`);
} else if (app.seed.activeAdmins === 0) {
  console.log(
    "\nNo admin account yet. Set ADMIN_EMAIL and ADMIN_PASSWORD and start again to create one, or try the\n" +
      "product on this machine with demo accounts: SEED_DEMO=true npm start\n",
  );
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) {
      return;
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    // close() forces open connections shut after SHUTDOWN_TIMEOUT_MS; if a step still hangs past
    // that, exit anyway (an orchestrator would SIGKILL us soon after) and say so.
    const watchdog = setTimeout(() => {
      logger.error({ signal }, "shutdown did not finish in time: exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    watchdog.unref();
    // A step whose promise never settles lets the event loop run dry with close() unfinished: the
    // process would exit 0 without closing the database. Report it instead.
    process.once("beforeExit", () => {
      logger.error({ signal }, "shutdown stalled: a step of close() never finished");
      process.exit(1);
    });
    app.close().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
