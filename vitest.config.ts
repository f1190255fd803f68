import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
// One copy of graphql, or type-graphql and Apollo see "GraphQLSchema from another module or realm".
const alias = [{ find: /^graphql$/, replacement: require.resolve("graphql") }];

const integration = (database: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration:${database}`,
    include: ["server/test/**/*.test.ts"],
    env: { TEST_DATABASE: database },
    globalSetup: ["server/test/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    reporters: ["default", "./scripts/vitest-summary-reporter.ts"],
    projects: [
      {
        extends: true,
        // Some unit tests walk whole books or evaluation sets: generous time on a busy 2-core machine.
        test: { name: "unit", include: ["server/src/**/*.test.ts"], testTimeout: 30_000 },
      },
      integration("pglite"),
      integration("postgres"),
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "client",
          include: ["client/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["client/src/test/setup.ts"],
        },
      },
      {
        // Real Chromium (Debian's) driven by playwright-core, against the built client served by a
        // real server. `npm test` builds the client first.
        extends: true,
        test: {
          name: "browser",
          include: ["client/e2e/**/*.e2e.ts"],
          env: { TEST_DATABASE: "pglite" },
          globalSetup: ["server/test/helpers/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
