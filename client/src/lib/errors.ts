import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client/errors";
import { AuthError } from "./auth-errors";
import { NO_RESPONSE } from "./messages";

export const NO_RESPONSE_MESSAGE = NO_RESPONSE;

/**
 * The message to show for a failed call, as the spec's error catalogue says: the server's own
 * error message; "No response from server..." when nothing came back; else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors[0]?.message || fallback;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { error?: string; errors?: { message?: string }[] };
      return body.error ?? body.errors?.[0]?.message ?? fallback;
    } catch {
      return fallback;
    }
  }
  if (ServerParseError.is(error)) {
    return fallback;
  }
  if (error instanceof TypeError) {
    // fetch() rejects with a TypeError when no response arrives at all.
    return NO_RESPONSE_MESSAGE;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Per-field messages the server sent with a validation error ({ email: "Email is invalid" }). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof AuthError) {
    return error.fields;
  }
  if (CombinedGraphQLErrors.is(error)) {
    const fields = error.errors[0]?.extensions?.fields;
    if (fields && typeof fields === "object") {
      return fields as Record<string, string>;
    }
  }
  return {};
}

/** True for the spec's restricted-account case: HTTP 423 or a message containing "Account restricted". */
export function isAccountRestricted(error: unknown): boolean {
  if (ServerError.is(error) && error.statusCode === 423) {
    return true;
  }
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some(
      (e) => e.extensions?.code === "ACCOUNT_RESTRICTED" || e.message.includes("Account restricted"),
    );
  }
  return error instanceof Error && error.message.includes("Account restricted");
}

export const RESTRICTED_NOTICE =
  "Safeguarding notice: Your account is currently restricted from sending messages or reviews due to repeated harmful content. Please speak to your teacher.";
