import type { CodegenConfig } from "@graphql-codegen/cli";

// Typed documents for the client, generated from the committed schema.graphql (no server needed).
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["client/src/**/*.{ts,tsx}", "!client/src/gql/**"],
  ignoreNoDocuments: true,
  generates: {
    "client/src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: "string" } },
    },
  },
};

export default config;
