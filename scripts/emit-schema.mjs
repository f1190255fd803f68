#!/usr/bin/env node
// `npm run schema:emit`: writes schema.graphql from the type-graphql resolvers.
import fs from "node:fs";
import path from "node:path";
import { root, run } from "./lib.mjs";

run("node", ["scripts/build.mjs", "--if-stale"]);
await import("reflect-metadata");
const { buildGraphQLSchema, printSchemaFile } = await import(path.join(root, "dist/server/graphql/schema.js"));
const { createAppPubSub } = await import(path.join(root, "dist/server/pubsub/pubsub.js"));
const sdl = printSchemaFile(await buildGraphQLSchema(createAppPubSub()));
fs.writeFileSync(path.join(root, "schema.graphql"), sdl);
console.log(`schema.graphql written (${sdl.split("\n").length} lines)`);
