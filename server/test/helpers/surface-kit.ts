import { getNamedType, type GraphQLArgument, type GraphQLField, type GraphQLSchema, isCompositeType } from "graphql";
import { buildGraphQLSchema } from "../../src/graphql/schema.js";
import { createAppPubSub } from "../../src/pubsub/pubsub.js";
import type { TestApp } from "./test-app.js";

// The server's whole API surface, read from the server itself so that a new operation or route shows
// up in the matrix and fuzz tests without anyone listing it: the GraphQL root fields of the schema the
// resolvers build, and the REST routes registered on the Express app's router stack.

export type OperationKind = "query" | "mutation" | "subscription";

export type RootOperation = {
  kind: OperationKind;
  name: string;
  // Any: the schema's fields carry resolver-specific type parameters.
  field: GraphQLField<unknown, unknown>;
};

let schema: Promise<GraphQLSchema> | undefined;

/** The schema the resolvers build (the same function the server calls), once per test file. */
export function liveSchema(): Promise<GraphQLSchema> {
  schema ??= buildGraphQLSchema(createAppPubSub());
  return schema;
}

/** Every query, mutation and subscription field, in schema order. */
export async function rootOperations(): Promise<RootOperation[]> {
  const live = await liveSchema();
  const roots: [OperationKind, ReturnType<GraphQLSchema["getQueryType"]>][] = [
    ["query", live.getQueryType()],
    ["mutation", live.getMutationType()],
    ["subscription", live.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ kind, name: field.name, field })),
  );
}

/**
 * A document calling one root field with every argument as a variable of its declared type, selecting
 * only `__typename` (the matrix is about who may call the field, not what it returns).
 */
export function operationDocument(
  operation: RootOperation,
  options: { args?: readonly GraphQLArgument[]; selection?: string } = {},
) {
  const args = options.args ?? operation.field.args;
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isCompositeType(getNamedType(operation.field.type))
    ? ` { ${options.selection ?? "__typename"} }`
    : "";
  return `${operation.kind} ${operation.name}Call${declared ? `(${declared})` : ""} { ${operation.name}${
    passed ? `(${passed})` : ""
  }${selection} }`;
}

// --- REST ------------------------------------------------------------------------------------------

export type RestRoute = { method: string; path: string; key: string };

// The parts of Express 5's router (the `router` package) this walk reads.
type Layer = {
  rawPath?: string | RegExp | (string | RegExp)[];
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};
type ExpressApp = { router: { stack: Layer[] } };

function pathOf(raw: Layer["rawPath"] | string | RegExp): string {
  if (raw === undefined || raw === "/") {
    return "";
  }
  if (Array.isArray(raw)) {
    return raw.map(pathOf).join("|");
  }
  return raw instanceof RegExp ? String(raw) : raw;
}

/**
 * Every route of the running app ("METHOD /path" as registered, e.g. "PATCH /api/auth/user/:id"),
 * found by walking the Express router stack: mounted routers are entered with their mount path.
 */
export function restRoutes(app: Pick<TestApp, "httpServer">): RestRoute[] {
  const handler = app.httpServer.listeners("request")[0] as unknown as ExpressApp | undefined;
  if (!handler?.router?.stack) {
    throw new Error("The HTTP server's request handler is not an Express app");
  }
  const routes: RestRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = `${prefix}${pathOf(layer.route.path)}` || "/";
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") {
            routes.push({ method: method.toUpperCase(), path, key: `${method.toUpperCase()} ${path}` });
          }
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, `${prefix}${pathOf(layer.rawPath)}`);
      }
    }
  };
  walk(handler.router.stack, "");
  return routes;
}
