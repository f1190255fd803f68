import { badInput, type FieldErrors } from "../errors/app-error.js";

// Small, explicit readers for untrusted input (JSON bodies and GraphQL arguments alike). Each rule's
// message is the user-facing one; the first failing field's message becomes the error message.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export function asRecord(raw: unknown): Record<string, unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw badInput("Request body must be a JSON object");
  }
  return raw as Record<string, unknown>;
}

/** Collects field errors in order; `done()` throws the first when there is any. */
export class FieldCheck {
  private readonly errors: FieldErrors = {};

  constructor(private readonly source: Record<string, unknown>) {}

  /** A string field: missing or null reads as "", other types are an error. Trims when asked. */
  string(field: string, options: { trim?: boolean; label?: string } = {}): string {
    const value = this.source[field];
    if (value === undefined || value === null) {
      return "";
    }
    if (typeof value !== "string") {
      this.fail(field, `${options.label ?? field} must be text`);
      return "";
    }
    // Raw fields (passwords) are kept exactly as typed; text fields lose control characters.
    return options.trim === false ? value : withoutControlCharacters(value).trim();
  }

  fail(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  done(): void {
    const first = Object.values(this.errors)[0];
    if (first !== undefined) {
      throw badInput(first, this.errors);
    }
  }

  /** A person's full name: required, at most MAX_NAME_LENGTH characters. */
  displayName(field = "displayName"): string {
    const name = this.string(field, { label: "Full name" });
    if (!this.has(field)) {
      if (!name) {
        this.fail(field, "Full name is required");
      } else if (name.length > MAX_NAME_LENGTH) {
        this.fail(field, `Full name must be at most ${MAX_NAME_LENGTH} characters`);
      }
    }
    return name;
  }

  email(field = "email"): string {
    const email = this.string(field, { label: "Email" }).toLowerCase();
    if (this.has(field)) {
      return email;
    }
    if (!email) {
      this.fail(field, "Email is required");
    } else if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
      this.fail(field, "Email is invalid");
    }
    return email;
  }
}

/**
 * Text without NUL and the other control characters (tabs and line breaks stay): PostgreSQL refuses
 * NUL in text, and none of them belongs in anything a person types.
 */
export function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "");
}
