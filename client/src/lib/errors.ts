import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { toAuthError } from "./auth-errors";
import { NO_RESPONSE } from "./messages";

export const NO_RESPONSE_MESSAGE = NO_RESPONSE;

/**
 * The message to show for a failed call, as the spec's error catalogue says: the server's own
 * error message; "No response from server..." when nothing came back; else the fallback.
 * The same reading of a failure as the auth layer's (toAuthError), with one fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return toAuthError(error, { server: fallback, setup: fallback }).message;
}

/** Per-field messages the server sent with a validation error ({ email: "Email is invalid" }). */
export function fieldErrors(error: unknown): Record<string, string> {
  return toAuthError(error, { server: "", setup: "" }).fields;
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

/**
 * True when safeguarding refused the text (GraphQL CONTENT_FLAGGED): it was not sent, and the form
 * should not keep it, so one more Enter cannot send it again and earn another strike.
 */
export function isContentFlagged(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "CONTENT_FLAGGED");
}

export const RESTRICTED_NOTICE =
  "Safeguarding notice: Your account is currently restricted from sending messages or reviews due to repeated harmful content. Please speak to your teacher.";
