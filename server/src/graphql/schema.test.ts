import fs from "node:fs";
import path from "node:path";
import { getMetadataStorage } from "type-graphql";
import { describe, expect, it } from "vitest";
import { createAppPubSub } from "../pubsub/pubsub.js";
import { publicResolvers } from "./public.js";
import { buildGraphQLSchema, printSchemaFile, resolvers } from "./schema.js";

const schemaFile = path.resolve(import.meta.dirname, "../../../schema.graphql");

describe("GraphQL schema", () => {
  it("matches the committed schema.graphql (run `npm run schema:emit` after changing resolvers)", async () => {
    const sdl = printSchemaFile(await buildGraphQLSchema(createAppPubSub()));
    expect(fs.readFileSync(schemaFile, "utf8")).toBe(sdl);
  });

  it("guards every operation: its resolver class is @Authorized() or explicitly @PublicResolver()", async () => {
    await buildGraphQLSchema(createAppPubSub());
    const storage = getMetadataStorage();
    const guarded = new Set(storage.authorizedResolver.map((entry) => entry.target));
    const operations = [...storage.queries, ...storage.mutations, ...storage.subscriptions].filter((op) =>
      resolvers.includes(op.target),
    );
    expect(operations.length).toBeGreaterThan(0);
    const unguarded = operations
      .filter((op) => !guarded.has(op.target) && !publicResolvers.has(op.target))
      .map((op) => `${op.target.name}.${op.methodName}`);
    expect(unguarded).toEqual([]);
    const both = resolvers.filter((r) => guarded.has(r) && publicResolvers.has(r)).map((r) => r.name);
    expect(both).toEqual([]);
  });
});
