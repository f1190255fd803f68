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
        test: { name: "unit", include: ["server/src/**/*.test.ts"] },
      },
      integration("pglite"),
      integration("postgres"),
    ],
  },
});
