import { NO_RESPONSE } from "./messages";

// The auth service's error rules (spec section 8), without importing Apollo: the server's own message
// when it answered; "No response from server..." when nothing came back; otherwise the underlying
// message or the operation's fallback.

export class AuthError extends Error {
  override name = "AuthError";
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Answered = {
  errors?: { message?: string; extensions?: { fields?: unknown } }[];
  statusCode?: number;
  bodyText?: string;
};

export function toAuthError(error: unknown, fallbacks: { server: string; setup: string }): AuthError {
  if (error instanceof AuthError) {
    return error;
  }
  const e = (typeof error === "object" && error !== null ? error : {}) as Answered;
  if (Array.isArray(e.errors)) {
    const first = e.errors[0];
    const fields = first?.extensions?.fields;
    return new AuthError(
      first?.message || fallbacks.server,
      fields && typeof fields === "object" ? (fields as Record<string, string>) : {},
    );
  }
  if (typeof e.statusCode === "number") {
    try {
      const body = JSON.parse(e.bodyText ?? "") as { error?: string; errors?: { message?: string }[] };
      return new AuthError(body.error ?? body.errors?.[0]?.message ?? fallbacks.server);
    } catch {
      return new AuthError(fallbacks.server);
    }
  }
  if (error instanceof TypeError) {
    return new AuthError(NO_RESPONSE);
  }
  return new AuthError(error instanceof Error && error.message ? error.message : fallbacks.setup);
}

export const AUTH_FALLBACKS = {
  login: { server: "Authentication failed", setup: "An error occurred during login" },
  register: { server: "Registration failed", setup: "An error occurred during registration" },
  reset: { server: "Password reset failed", setup: "An error occurred during password reset" },
  user: { server: "Failed to get user data", setup: "Failed to get user data" },
  role: { server: "Failed to update user role", setup: "Failed to update user role" },
} as const;
