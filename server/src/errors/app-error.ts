// Domain errors: a code from one enum and a user-facing message. One boundary per transport maps
// them (GraphQL extensions.code, REST status + { error }); anything else is an internal error.

export enum ErrorCode {
  BadUserInput = "BAD_USER_INPUT",
  Unauthenticated = "UNAUTHENTICATED",
  Forbidden = "FORBIDDEN",
  NotFound = "NOT_FOUND",
  Conflict = "CONFLICT",
  AccountInactive = "ACCOUNT_INACTIVE",
  AccountRestricted = "ACCOUNT_RESTRICTED",
  /** A student's text was stopped by moderation (not sent, a strike recorded). */
  ContentFlagged = "CONTENT_FLAGGED",
  PayloadTooLarge = "PAYLOAD_TOO_LARGE",
  TooManyRequests = "TOO_MANY_REQUESTS",
  /** The AI provider failed after its retries; nothing the student wrote was lost. */
  AiUnavailable = "AI_UNAVAILABLE",
  Internal = "INTERNAL_SERVER_ERROR",
}

export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.BadUserInput:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
    case ErrorCode.AccountInactive:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.ContentFlagged:
      return 422;
    case ErrorCode.AccountRestricted:
      return 423;
    case ErrorCode.TooManyRequests:
      return 429;
    case ErrorCode.Internal:
      return 500;
    case ErrorCode.AiUnavailable:
      return 503;
  }
}

/** Messages used in more than one place; spec wording where the spec has one. */
export const Messages = {
  authenticationRequired: "Authentication required. Please log in again.",
  invalidToken: "Your session has expired or is invalid. Please log in again.",
  forbidden: "You do not have permission to do that.",
  accountInactive: "Account inactive. Please contact your school or an administrator.",
  accountRestricted: "Account restricted due to repeated harmful content.",
  internal: "Something went wrong on our side. Please try again.",
  malformedJson: "Request body is not valid JSON",
  payloadTooLarge: "Request body is too large",
  unstorableText: "The request contains a character that cannot be stored (such as a NUL character).",
  malformedPath: "The address is not valid: it contains a malformed %-encoding.",
} as const;

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldErrors; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}

export const badInput = (message: string, fields?: FieldErrors) =>
  new AppError(ErrorCode.BadUserInput, message, fields ? { fields } : {});
export const unauthenticated = (message: string = Messages.authenticationRequired) =>
  new AppError(ErrorCode.Unauthenticated, message);
export const forbidden = (message: string = Messages.forbidden) => new AppError(ErrorCode.Forbidden, message);
export const notFound = (message: string) => new AppError(ErrorCode.NotFound, message);
export const conflict = (message: string) => new AppError(ErrorCode.Conflict, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(ErrorCode.TooManyRequests, message, { retryAfterSeconds });

/** Prisma's known request errors carry a code such as P2002 (unique) or P2025 (not found). */
export function prismaErrorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" && /^P\d{4}$/.test(code) ? code : undefined;
  }
  return undefined;
}

/**
 * A bad request that surfaced as another library's error, as the AppError it is (undefined for a real
 * fault): PostgreSQL refusing a character no text column can hold (NUL; SQLSTATE 22021, as Prisma's
 * driver adapters report it), or a path parameter whose %-encoding does not decode.
 */
export function requestErrorOf(error: unknown): AppError | undefined {
  if (error instanceof URIError) {
    return badInput(Messages.malformedPath);
  }
  if (databaseErrorCode(error) === "22021") {
    return badInput(Messages.unstorableText);
  }
  return undefined;
}

function databaseErrorCode(error: unknown): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { code?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.code;
  return typeof code === "string" ? code : undefined;
}
