import {
  type DirectiveNode,
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLCompositeType,
  GraphQLError,
  type GraphQLField,
  isCompositeType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  NoSchemaIntrospectionCustomRule,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
} from "graphql";

// Abuse limits on GraphQL documents, as graphql-js validation rules: the same rules run on HTTP
// (Apollo's validationRules) and on the WebSocket (graphql-ws's onSubscribe), so a document refused
// on one transport is refused on the other. Each operation is measured with its fragments expanded
// (each fragment measured once and reused, so a document of nested spreads costs linear time).
//
// The limits sit well above what the real client sends (limits.test.ts validates every client
// operation against them) and far below what hurts the server.

export type GraphQLLimits = {
  /** Nesting of fields: `{ me { school { name } } }` is 3. */
  maxDepth: number;
  /**
   * Estimated work: each field costs 1, times the assumed length (LIST_SIZE) of every list above
   * it. A page of 20 students each with 10 books is 20×10 fields, not 1.
   */
  maxCost: number;
  /** Aliased fields, the classic way to ask for one expensive field a thousand times in one query. */
  maxAliases: number;
  /** Top-level fields of one operation (besides __typename). */
  maxRootFields: number;
  /** Directives (@include, @skip, and unknown ones, each of which otherwise costs an error). */
  maxDirectives: number;
  /** Lexical tokens of the whole document, checked while parsing, before any of the above. */
  maxTokens: number;
};

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxDepth: 10,
  maxCost: 5000,
  maxAliases: 15,
  maxRootFields: 10,
  maxDirectives: 20,
  maxTokens: 3000,
};

/** The assumed length of a list field: the services cap their pages at a few dozen items. */
export const LIST_SIZE = 10;

// The IDE's schema query (the standard introspection query) is deeper and wider than any product
// query; __schema and __type are measured against these instead, and only exist when introspection
// is on (see graphqlValidationRules).
export const INTROSPECTION_LIMITS = { maxDepth: 16, maxCost: 150_000 } as const;

/** The code every limit violation carries, as graphql-js's own validation errors do (HTTP 400). */
export const LIMIT_ERROR_CODE = "GRAPHQL_VALIDATION_FAILED";

export type LimitName = "depth" | "cost" | "aliases" | "rootFields" | "directives";

function limitError(node: OperationDefinitionNode, limit: LimitName, message: string, max: number, actual: number) {
  return new GraphQLError(message, {
    nodes: [node],
    extensions: { code: LIMIT_ERROR_CODE, limit, max, actual },
  });
}

const isIntrospectionRoot = (name: string) => name.startsWith("__") && name !== "__typename";

/** Walks an operation with fragments expanded, memoising each fragment's measure. */
function memoOverFragments<T>(context: ValidationContext, measure: (fragment: FragmentDefinitionNode) => T, empty: T) {
  const memo = new Map<string, T>();
  const visiting = new Set<string>();
  return (name: string): T => {
    const known = memo.get(name);
    if (known !== undefined) {
      return known;
    }
    const fragment = context.getFragment(name);
    // A missing or cyclic fragment is reported by graphql-js's own rules (KnownFragmentNames,
    // NoFragmentCycles); here it measures nothing.
    if (!fragment || visiting.has(name)) {
      return empty;
    }
    visiting.add(name);
    const value = measure(fragment);
    visiting.delete(name);
    memo.set(name, value);
    return value;
  };
}

/** Deepest field nesting under a selection set. */
function depthRule(maxDepth: number, introspectionMaxDepth: number): ValidationRule {
  return (context) => {
    const fragmentDepth = memoOverFragments(context, (f) => depthOf(f.selectionSet), 0);
    function depthOf(set: SelectionSetNode | undefined): number {
      let deepest = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === "Field") {
          deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet));
        } else if (selection.kind === "InlineFragment") {
          deepest = Math.max(deepest, depthOf(selection.selectionSet));
        } else {
          deepest = Math.max(deepest, fragmentDepth(selection.name.value));
        }
      }
      return deepest;
    }
    return {
      OperationDefinition(operation) {
        let deepest = 0;
        let deepestMeta = 0;
        for (const { name, set } of rootFields(context, operation.selectionSet)) {
          const depth = 1 + depthOf(set);
          if (isIntrospectionRoot(name)) {
            deepestMeta = Math.max(deepestMeta, depth);
          } else {
            deepest = Math.max(deepest, depth);
          }
        }
        if (deepest > maxDepth) {
          context.reportError(
            limitError(
              operation,
              "depth",
              `Query is too deep: it nests ${deepest} levels of fields, the limit is ${maxDepth}.`,
              maxDepth,
              deepest,
            ),
          );
        }
        if (deepestMeta > introspectionMaxDepth) {
          context.reportError(
            limitError(
              operation,
              "depth",
              `Introspection query is too deep: it nests ${deepestMeta} levels, the limit is ${introspectionMaxDepth}.`,
              introspectionMaxDepth,
              deepestMeta,
            ),
          );
        }
      },
    };
  };
}

/** The root fields of a selection set, through fragments (a fragment spread twice counts twice). */
function rootFields(
  context: ValidationContext,
  set: SelectionSetNode,
  seen = new Set<string>(),
): { name: string; set: SelectionSetNode | undefined }[] {
  const fields: { name: string; set: SelectionSetNode | undefined }[] = [];
  for (const selection of set.selections) {
    if (selection.kind === "Field") {
      fields.push({ name: selection.name.value, set: selection.selectionSet });
    } else if (selection.kind === "InlineFragment") {
      fields.push(...rootFields(context, selection.selectionSet, seen));
    } else {
      const fragment = context.getFragment(selection.name.value);
      if (fragment && !seen.has(fragment.name.value)) {
        fields.push(...rootFields(context, fragment.selectionSet, new Set([...seen, fragment.name.value])));
      }
    }
  }
  return fields;
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

function isListOutput(type: GraphQLOutputType): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner);
}

/** Estimated fields resolved: 1 per field, times LIST_SIZE for each list above it. */
function costRule(maxCost: number, introspectionMaxCost: number): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const fragmentCost = memoOverFragments(
      context,
      (f) => {
        const type = schema.getType(f.typeCondition.name.value);
        return type && isCompositeType(type) ? costOf(f.selectionSet, type) : 0;
      },
      0,
    );
    function costOf(set: SelectionSetNode | undefined, parent: GraphQLCompositeType): number {
      let total = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === "Field") {
          total += fieldCost(selection.name.value, selection.selectionSet, parent);
        } else if (selection.kind === "InlineFragment") {
          const typed = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          total += typed && isCompositeType(typed) ? costOf(selection.selectionSet, typed) : 0;
        } else {
          total += fragmentCost(selection.name.value);
        }
      }
      return total;
    }
    function fieldCost(name: string, set: SelectionSetNode | undefined, parent: GraphQLCompositeType): number {
      if (name === "__typename") {
        return 0;
      }
      const field = name === "__schema" || name === "__type" ? schemaMetaField(schema, name) : fieldOf(parent, name);
      if (!field) {
        // FieldsOnCorrectType reports it.
        return 0;
      }
      const named = getNamedType(field.type);
      const children = set && isCompositeType(named) ? costOf(set, named) : 0;
      return 1 + (isListOutput(field.type) ? LIST_SIZE : 1) * children;
    }
    return {
      OperationDefinition(operation) {
        const root = schema.getRootType(operation.operation);
        if (!root) {
          return;
        }
        let cost = 0;
        let metaCost = 0;
        for (const { name, set } of rootFields(context, operation.selectionSet)) {
          const fieldCostValue = fieldCost(name, set, root);
          if (isIntrospectionRoot(name)) {
            metaCost += fieldCostValue;
          } else {
            cost += fieldCostValue;
          }
        }
        if (cost > maxCost) {
          context.reportError(
            limitError(
              operation,
              "cost",
              `Query is too complex: its estimated cost is ${cost}, the limit is ${maxCost}. Ask for fewer fields or smaller lists.`,
              maxCost,
              cost,
            ),
          );
        }
        if (metaCost > introspectionMaxCost) {
          context.reportError(
            limitError(
              operation,
              "cost",
              `Introspection query is too complex: its estimated cost is ${metaCost}, the limit is ${introspectionMaxCost}.`,
              introspectionMaxCost,
              metaCost,
            ),
          );
        }
      },
    };
  };
}

function schemaMetaField(schema: GraphQLSchema, name: "__schema" | "__type"): GraphQLField<unknown, unknown> {
  // graphql-js's meta fields: __schema returns __Schema, __type returns __Type.
  const type = schema.getType(name === "__schema" ? "__Schema" : "__Type");
  return { name, type: type as GraphQLOutputType } as GraphQLField<unknown, unknown>;
}

/** Counts something per operation, with fragments expanded. */
function countingRule(
  limit: LimitName,
  max: number,
  countField: (field: { alias?: unknown; directives?: readonly DirectiveNode[] }) => number,
  countOther: (node: { directives?: readonly DirectiveNode[] }) => number,
  message: (actual: number) => string,
): ValidationRule {
  return (context) => {
    const fragmentCount = memoOverFragments(context, (f) => countOther(f) + countIn(f.selectionSet), 0);
    function countIn(set: SelectionSetNode | undefined): number {
      let total = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === "Field") {
          total += countField(selection) + countIn(selection.selectionSet);
        } else if (selection.kind === "InlineFragment") {
          total += countOther(selection) + countIn(selection.selectionSet);
        } else {
          total += countOther(selection) + fragmentCount(selection.name.value);
        }
      }
      return total;
    }
    return {
      OperationDefinition(operation) {
        const actual = countOther(operation) + countIn(operation.selectionSet);
        if (actual > max) {
          context.reportError(limitError(operation, limit, message(actual), max, actual));
        }
      },
    };
  };
}

const directiveCount = (node: { directives?: readonly DirectiveNode[] }) => node.directives?.length ?? 0;

function rootFieldRule(max: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const actual = rootFields(context, operation.selectionSet).filter((f) => f.name !== "__typename").length;
      if (actual > max) {
        context.reportError(
          limitError(
            operation,
            "rootFields",
            `Operation asks for too many top-level fields: ${actual}, the limit is ${max}.`,
            max,
            actual,
          ),
        );
      }
    },
  });
}

/** The limit rules alone (depth, cost, aliases, root fields, directives). */
export function limitRules(limits: GraphQLLimits = DEFAULT_GRAPHQL_LIMITS): ValidationRule[] {
  return [
    depthRule(limits.maxDepth, Math.max(limits.maxDepth, INTROSPECTION_LIMITS.maxDepth)),
    costRule(limits.maxCost, Math.max(limits.maxCost, INTROSPECTION_LIMITS.maxCost)),
    countingRule(
      "aliases",
      limits.maxAliases,
      (field) => (field.alias ? 1 : 0),
      () => 0,
      (actual) => `Query uses too many aliases: ${actual}, the limit is ${limits.maxAliases}.`,
    ),
    rootFieldRule(limits.maxRootFields),
    countingRule(
      "directives",
      limits.maxDirectives,
      directiveCount,
      directiveCount,
      (actual) => `Query uses too many directives: ${actual}, the limit is ${limits.maxDirectives}.`,
    ),
  ];
}

/**
 * Everything a document must pass on either transport beyond graphql-js's specified rules: the
 * limits, and no introspection unless it is enabled. (Apollo adds the introspection rule itself on
 * HTTP; graphql-ws needs it here.)
 */
export function graphqlValidationRules(options: { introspection: boolean; limits?: GraphQLLimits }): ValidationRule[] {
  return [...limitRules(options.limits), ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule])];
}

/** graphql-js's specified rules plus ours: what graphql-ws validates with. */
export function allValidationRules(options: { introspection: boolean; limits?: GraphQLLimits }): ValidationRule[] {
  return [...specifiedRules, ...graphqlValidationRules(options)];
}
