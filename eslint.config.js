import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "data/",
      "coverage/",
      "server/src/generated/",
      "client/src/gql/",
      "client/dist/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      curly: ["error", "all"],
      eqeqeq: ["error", "always"],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts and benchmarks talk to a terminal; tests may read loosely typed JSON answers.
    files: [
      "scripts/**",
      "bench/**",
      "prisma/tools/**",
      "**/*.test.ts",
      "**/*.test.tsx",
      "server/test/**",
      "client/e2e/**",
      "client/src/test/**",
      "server/src/main.ts",
    ],
    rules: { "no-console": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
);
