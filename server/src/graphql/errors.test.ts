import { buildSchema, execute, GraphQLError, parse, Source, type GraphQLFormattedError } from "graphql";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { AppError, badInput, ErrorCode, tooManyRequests } from "../errors/app-error.js";
import { formatGraphQLError } from "./errors.js";

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

type LogLine = { level: number; msg: string; err?: { type: string; message: string; stack: string } };

/** A real pino logger whose lines are kept in `lines` instead of written out. */
function captureLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

/** What Apollo hands formatError as its first argument (errorNormalize.ts enrichError). */
function formattedByApollo(error: GraphQLError, extra: Record<string, unknown> = {}): GraphQLFormattedError {
  return {
    ...error.toJSON(),
    extensions: { ...error.extensions, code: error.extensions.code ?? "INTERNAL_SERVER_ERROR", ...extra },
  };
}

/** An error thrown by a resolver, as graphql-js wraps it: located at `path`, the thrown error kept. */
function resolverError(thrown: Error, path: (string | number)[] = ["me"]): GraphQLError {
  const source = new Source("{ me { uid } }");
  return new GraphQLError(thrown.message, { source, positions: [2], path, originalError: thrown });
}

describe("formatGraphQLError", () => {
  it("keeps an AppError's code, message, location and path", () => {
    const { logger, lines } = captureLogger();
    const error = resolverError(new AppError(ErrorCode.Forbidden, "You do not have permission to do that."));
    expect(formatGraphQLError(formattedByApollo(error), error, logger)).toEqual({
      message: "You do not have permission to do that.",
      locations: [{ line: 1, column: 3 }],
      path: ["me"],
      extensions: { code: "FORBIDDEN" },
    });
    expect(lines).toEqual([]);
  });

  it("keeps an AppError's field errors", () => {
    const { logger } = captureLogger();
    const fields = { email: "Email is invalid", password: "Password is required" };
    const error = resolverError(badInput("Email is invalid", fields), ["signUp"]);
    const result = formatGraphQLError(formattedByApollo(error), error, logger);
    expect(result.message).toBe("Email is invalid");
    expect(result.extensions).toEqual({ code: "BAD_USER_INPUT", fields });
  });

  it("keeps an AppError's retryAfterSeconds", () => {
    const { logger } = captureLogger();
    const error = resolverError(tooManyRequests("Too many attempts. Please try again later.", 42), ["login"]);
    expect(formatGraphQLError(formattedByApollo(error), error, logger).extensions).toEqual({
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: 42,
    });
  });

  it("keeps an AppError that reaches it unwrapped", () => {
    const { logger } = captureLogger();
    const appError = new AppError(ErrorCode.Unauthenticated, "Authentication required. Please log in again.");
    const formatted = { message: appError.message, extensions: { code: "INTERNAL_SERVER_ERROR" } };
    expect(formatGraphQLError(formatted, appError, logger)).toEqual({
      message: "Authentication required. Please log in again.",
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("keeps a GRAPHQL_VALIDATION_FAILED message and location, without other extensions", () => {
    const { logger, lines } = captureLogger();
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', {
      source: new Source("{ nope }"),
      positions: [2],
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    const formatted = formattedByApollo(error, { stacktrace: ["GraphQLError: ...", "    at validate"] });
    expect(formatGraphQLError(formatted, error, logger)).toEqual({
      message: 'Cannot query field "nope" on type "Query".',
      locations: [{ line: 1, column: 3 }],
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    expect(lines).toEqual([]);
  });

  it("keeps a GRAPHQL_PARSE_FAILED message", () => {
    const { logger } = captureLogger();
    const error = new GraphQLError("Syntax Error: Expected Name, found <EOF>.", {
      extensions: { code: "GRAPHQL_PARSE_FAILED" },
    });
    expect(formatGraphQLError(formattedByApollo(error), error, logger)).toEqual({
      message: "Syntax Error: Expected Name, found <EOF>.",
      extensions: { code: "GRAPHQL_PARSE_FAILED" },
    });
  });

  it("answers an engine error about the request (no path, no cause) as BAD_USER_INPUT", () => {
    const { logger, lines } = captureLogger();
    const error = new GraphQLError('Variable "$id" of required type "ID!" was not provided.');
    expect(formatGraphQLError(error.toJSON(), error, logger)).toEqual({
      message: 'Variable "$id" of required type "ID!" was not provided.',
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(lines).toEqual([]);
  });

  it('drops graphql-js\'s "Did you mean" hint unless the schema is public', () => {
    const { logger } = captureLogger();
    const error = new GraphQLError('Cannot query field "bookz" on type "Query". Did you mean "book" or "books"?', {
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
    const messageWith = (options?: { hideSchemaDetails: boolean }) =>
      formatGraphQLError(formattedByApollo(error), error, logger, options).message;
    expect(messageWith({ hideSchemaDetails: true })).toBe('Cannot query field "bookz" on type "Query".');
    expect(messageWith()).toBe('Cannot query field "bookz" on type "Query".');
    expect(messageWith({ hideSchemaDetails: false })).toBe(
      'Cannot query field "bookz" on type "Query". Did you mean "book" or "books"?',
    );
  });

  it("answers a variable value an enum refuses as BAD_USER_INPUT, without the hint", async () => {
    const { logger, lines } = captureLogger();
    const schema = buildSchema("enum Colour { red green }  type Query { paint(colour: Colour): Int }");
    const result = await execute({
      schema,
      document: parse("query Paint($colour: Colour) { paint(colour: $colour) }"),
      variableValues: { colour: "gren" },
    });
    // As graphql-ws hands it over: no path, caused by the enum's own GraphQLError.
    const [error] = result.errors ?? [];
    expect(error?.originalError).toBeInstanceOf(GraphQLError);
    expect(formatGraphQLError((error as GraphQLError).toJSON(), error, logger, { hideSchemaDetails: true })).toEqual({
      message: 'Variable "$colour" got invalid value "gren"; Value "gren" does not exist in "Colour" enum.',
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(lines).toEqual([]);
  });

  it("hides an unknown resolver error as INTERNAL_SERVER_ERROR and logs it", () => {
    const { logger, lines } = captureLogger();
    const cause = new Error("connect ECONNREFUSED 10.0.0.5:5432");
    const error = resolverError(cause, ["books", 0, "title"]);
    const result = formatGraphQLError(formattedByApollo(error), error, logger);
    expect(result).toEqual({
      message: INTERNAL_MESSAGE,
      path: ["books", 0, "title"],
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
    expect(JSON.stringify(result)).not.toContain("ECONNREFUSED");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "unexpected GraphQL error" });
    expect(lines[0]?.err).toMatchObject({ type: "Error", message: "connect ECONNREFUSED 10.0.0.5:5432" });
    expect(lines[0]?.err?.stack).toContain("connect ECONNREFUSED");
  });

  it("hides an unknown error even when it carries a request error code of its own", () => {
    const { logger, lines } = captureLogger();
    // A library error that happens to have a `code` property must not pass as a request error.
    const cause = Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" });
    const error = resolverError(cause, ["signUp"]);
    expect(formatGraphQLError(formattedByApollo(error), error, logger)).toEqual({
      message: INTERNAL_MESSAGE,
      path: ["signUp"],
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
    expect(lines).toHaveLength(1);
  });

  it("hides and logs a plain Error that Apollo passes unwrapped", () => {
    const { logger, lines } = captureLogger();
    // Outside the resolvers (a plugin hook throwing, a stopped or failed server) Apollo's
    // errorResponse() formats a plain Error: no originalError, no path, and the first argument is
    // that Error wrapped by ensureGraphQLError with the default code INTERNAL_SERVER_ERROR.
    const cause = new Error("Internal server error");
    const formatted = { message: cause.message, extensions: { code: "INTERNAL_SERVER_ERROR" } };
    expect(formatGraphQLError(formatted, cause, logger)).toEqual({
      message: INTERNAL_MESSAGE,
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.err).toMatchObject({ type: "Error", message: "Internal server error" });
  });

  it("never shows the message of a plain Error", () => {
    const { logger } = captureLogger();
    const cause = new Error("connect ECONNREFUSED 10.0.0.5:5432");
    const formatted = { message: cause.message, extensions: { code: "INTERNAL_SERVER_ERROR" } };
    expect(JSON.stringify(formatGraphQLError(formatted, cause, logger))).not.toContain("ECONNREFUSED");
  });
});
