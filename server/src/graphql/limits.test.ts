import fs from "node:fs";
import path from "node:path";
import {
  buildSchema,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  getIntrospectionQuery,
  type GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  specifiedRules,
  validate,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../config/paths.js";
import { allValidationRules, DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits, LIMIT_ERROR_CODE } from "./limits.js";

const schema = buildSchema(fs.readFileSync(path.join(PROJECT_ROOT, "schema.graphql"), "utf8"));

/** Every `graphql(`...`)` document in the client's source, as codegen finds them (client/src, not gql/). */
function clientSources(dir = path.join(PROJECT_ROOT, "client", "src")): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "gql") {
        found.push(...clientSources(full));
      }
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(full, "utf8");
      for (const match of text.matchAll(/\bgraphql\(\s*`([^`]*)`/g)) {
        found.push(match[1] as string);
      }
    }
  }
  return found;
}

/** Each client operation as the client sends it: with every fragment it uses, transitively. */
function clientOperations(): { name: string; document: DocumentNode }[] {
  const definitions: DefinitionNode[] = clientSources().flatMap((source) => parse(source).definitions);
  const fragments = new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  return definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const used = new Map<string, FragmentDefinitionNode>();
      const collect = (node: DefinitionNode) =>
        visit(node, {
          FragmentSpread(spread) {
            const fragment = fragments.get(spread.name.value);
            if (fragment && !used.has(spread.name.value)) {
              used.set(spread.name.value, fragment);
              collect(fragment);
            }
          },
        });
      collect(operation);
      return {
        name: operation.name?.value ?? "(anonymous)",
        document: { kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] },
      };
    });
}

const rules = (limits?: GraphQLLimits) => allValidationRules({ introspection: false, ...(limits ? { limits } : {}) });
const limitErrors = (errors: readonly GraphQLError[]) =>
  errors.filter((e) => e.extensions.code === LIMIT_ERROR_CODE && e.extensions.limit !== undefined);

describe("GraphQL limits", () => {
  const operations = clientOperations();

  it("finds the client's operations", () => {
    // The client has dozens of operations; an empty list would make the next test pass vacuously.
    expect(operations.length).toBeGreaterThanOrEqual(40);
    expect(operations.map((o) => o.name)).toEqual(expect.arrayContaining(["Login", "Dashboard", "ChatEvents"]));
  });

  it("lets every client operation through, with room to spare", () => {
    // Half of each limit: a client query that nears a limit fails here, long before users see it.
    const half: GraphQLLimits = {
      maxDepth: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxDepth / 2),
      maxCost: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxCost / 2),
      maxAliases: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxAliases / 2),
      maxRootFields: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxRootFields / 2),
      maxDirectives: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxDirectives / 2),
      maxTokens: Math.floor(DEFAULT_GRAPHQL_LIMITS.maxTokens / 2),
    };
    for (const { name, document } of operations) {
      const errors = validate(schema, document, rules());
      expect(
        errors.map((e) => e.message),
        name,
      ).toEqual([]);
      expect(
        limitErrors(validate(schema, document, rules(half))).map((e) => e.message),
        `${name} uses more than half of a limit`,
      ).toEqual([]);
      expect(() => parse(print(document), { maxTokens: half.maxTokens }), name).not.toThrow();
    }
  });

  it("measures fragments as if written out", () => {
    const shallow = parse(`query { me { id } }`);
    const viaFragment = parse(
      `query { me { ...A } } fragment A on User { school { ...B } } fragment B on School { name }`,
    );
    const tight = { ...DEFAULT_GRAPHQL_LIMITS, maxDepth: 2 };
    expect(limitErrors(validate(schema, shallow, rules(tight)))).toEqual([]);
    const [error] = limitErrors(validate(schema, viaFragment, rules(tight)));
    expect(error?.message).toBe("Query is too deep: it nests 3 levels of fields, the limit is 2.");
    expect(error?.extensions).toMatchObject({ code: LIMIT_ERROR_CODE, limit: "depth", max: 2, actual: 3 });
  });

  it("refuses a query nested past the depth limit", () => {
    const deep = parse(`query { teacherDashboard { students { booksRead { title } } } }`);
    const tight = { ...DEFAULT_GRAPHQL_LIMITS, maxDepth: 3 };
    const errors = limitErrors(validate(schema, deep, rules(tight)));
    expect(errors.map((e) => e.extensions)).toEqual([{ code: LIMIT_ERROR_CODE, limit: "depth", max: 3, actual: 4 }]);
  });

  it("refuses too many aliases, counting each spread of a fragment", () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(" ");
    const [error] = limitErrors(validate(schema, parse(`query { ${aliases} }`), rules()));
    expect(error?.message).toBe("Query uses too many aliases: 16, the limit is 15.");
    const spread = parse(
      `query { me { ...F } again: me { ...F } } fragment F on User { a: id b: id c: id d: id e: id f: id g: id h: id }`,
    );
    const [spreadError] = limitErrors(validate(schema, spread, rules()));
    expect(spreadError?.extensions).toMatchObject({ limit: "aliases", actual: 17 });
  });

  it("refuses a query whose estimated cost is over the limit", () => {
    // Each copy: teacherDashboard 1 + students 1 + 10 students × (booksRead 1 + 10 books × 3 fields) = 312.
    const copy = (i: number) => `t${i}: teacherDashboard { students { booksRead { title author bookId } } }`;
    const query = parse(`query { ${[0, 1, 2, 3].map(copy).join(" ")} }`);
    const tight = { ...DEFAULT_GRAPHQL_LIMITS, maxCost: 1000 };
    const [error] = limitErrors(validate(schema, query, rules(tight)));
    expect(error?.message).toBe(
      "Query is too complex: its estimated cost is 1248, the limit is 1000. Ask for fewer fields or smaller lists.",
    );
    expect(limitErrors(validate(schema, query, rules()))).toEqual([]);
  });

  it("refuses too many root fields and too many directives", () => {
    const roots = Array.from({ length: 11 }, () => `me { id }`).join(" ");
    expect(limitErrors(validate(schema, parse(`query { ${roots} }`), rules())).map((e) => e.message)).toEqual([
      "Operation asks for too many top-level fields: 11, the limit is 10.",
    ]);
    const directives = Array.from({ length: 21 }, () => `@skip(if: false)`).join(" ");
    const errors = validate(schema, parse(`query { me { id ${directives} } }`), rules());
    expect(limitErrors(errors).map((e) => e.message)).toEqual(["Query uses too many directives: 21, the limit is 20."]);
  });

  it("lets the IDE's introspection query through when introspection is on, and refuses it when off", () => {
    const introspection = parse(getIntrospectionQuery());
    expect(validate(schema, introspection, allValidationRules({ introspection: true }))).toEqual([]);
    const off = validate(schema, introspection, allValidationRules({ introspection: false }));
    expect(off.length).toBeGreaterThan(0);
    expect(off[0]?.message).toMatch(/introspection/i);
  });

  it("refuses a recursive introspection query even when introspection is on", () => {
    let inner = "name";
    for (let i = 0; i < 8; i++) {
      inner = `name fields { name type { name fields { name type { ${inner} } } } }`;
    }
    const errors = validate(
      schema,
      parse(`{ __schema { types { ${inner} } } }`),
      allValidationRules({ introspection: true }),
    );
    expect(limitErrors(errors).map((e) => e.extensions.limit)).toEqual(expect.arrayContaining(["depth", "cost"]));
  });

  it("adds nothing to graphql-js's rules but the limits and the introspection switch", () => {
    expect(allValidationRules({ introspection: true }).length).toBe(specifiedRules.length + 5);
    expect(allValidationRules({ introspection: false }).length).toBe(specifiedRules.length + 6);
  });
});
