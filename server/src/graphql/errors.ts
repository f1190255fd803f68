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

/** The one GraphQL error boundary: domain errors keep code and message; anything else is hidden. */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  logger: Logger,
): GraphQLFormattedError {
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
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      extensions: { code },
    };
  }
  // A GraphQLError without an original error and without a known code is still the engine talking
  // about the request (e.g. variable coercion in graphql-ws): keep it, it holds no internals.
  if (error instanceof GraphQLError && !error.originalError && !error.path && formatted.message) {
    return { message: formatted.message, extensions: { code: ErrorCode.BadUserInput } };
  }
  logger.error({ err: original }, "unexpected GraphQL error");
  return {
    message: Messages.internal,
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: ErrorCode.Internal },
  };
}
