import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI wants a native schema engine downloaded from Prisma's own host. Where it cannot be
// downloaded, prisma/tools/prisma.mjs points PRISMA_SCHEMA_ENGINE_BINARY at a stand-in over
// Prisma's official wasm build of the same engine; a machine with the native engine uses it as is.
export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  datasource: {
    // The CLI needs some URL; the embedded database is reached through PGLITE_DIR by the stand-in.
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/reading_room_cli",
  },
});
