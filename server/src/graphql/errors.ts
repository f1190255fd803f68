import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { Logger } from "pino";
import { AppError, ErrorCode, Messages, requestErrorOf } from "../errors/app-error.js";

// Codes of errors that GraphQL or Apollo raise themselves about a bad request: shown as they are.
const REQUEST_ERROR_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "OPERATION_RESOLUTION_FAILURE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
]);

// graphql-js ends some messages with spelling suggestions taken from the schema ('Cannot query field
// "bookz" on type "Query". Did you mean "book" or "books"?', 'Value "primery" does not exist in
// "BookCategory" enum. Did you mean the enum value "primary"?'): names a private schema must not give
// away. Apollo's hideSchemaDetailsFromClientErrors strips them from validation errors only, and only
// on HTTP; this boundary sees every error of both transports, validation and variable values alike.
const SCHEMA_HINT = / ?Did you mean .+\?$/;

/** A message without graphql-js's "Did you mean ...?" suggestion. */
export const withoutSchemaHints = (message: string) => message.replace(SCHEMA_HINT, "");

export type GraphQLErrorOptions = {
  /** Drop schema-derived hints from messages: when introspection is off (GRAPHQL_IDE false). */
  hideSchemaDetails: boolean;
};

/**
 * The one GraphQL error boundary, for HTTP and the WebSocket: domain errors keep code and message;
 * request errors keep their message (without schema hints when the schema is private); anything
 * else is hidden and logged.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  logger: Logger,
  options: GraphQLErrorOptions = { hideSchemaDetails: true },
): GraphQLFormattedError {
  const requestMessage = (message: string) => (options.hideSchemaDetails ? withoutSchemaHints(message) : message);
  const unwrapped = unwrapResolverError(error);
  const original = requestErrorOf(unwrapped) ?? unwrapped;
  if (original instanceof AppError) {
    return {
      message: original.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: {
        code: original.code,
        ...(original.details.fields ? { fields: original.details.fields } : {}),
        ...(original.details.retryAfterSeconds ? { retryAfterSeconds: original.details.retryAfterSeconds } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && REQUEST_ERROR_CODES.has(code)) {
    return {
      message: requestMessage(formatted.message),
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      extensions: { code },
    };
  }
  // A GraphQLError without a path and without a known code, caused by nothing or by another
  // GraphQLError (an enum refusing a variable's value), is still the engine talking about the request
  // (e.g. variable coercion in graphql-ws): keep it, it holds no internals.
  const fromEngine =
    error instanceof GraphQLError &&
    !error.path &&
    (!error.originalError || error.originalError instanceof GraphQLError);
  if (fromEngine && formatted.message) {
    return { message: requestMessage(formatted.message), extensions: { code: ErrorCode.BadUserInput } };
  }
  logger.error({ err: original }, "unexpected GraphQL error");
  return {
    message: Messages.internal,
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: ErrorCode.Internal },
  };
}
