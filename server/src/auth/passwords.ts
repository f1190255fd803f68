import { Algorithm, hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 6;
// argon2 accepts long inputs, but a megabyte "password" is an attack, not a password.
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random password, verified against when the email is unknown, so that a login for an
// unknown account takes as long as one with a wrong password.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`unused-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

// The 10,000 most common passwords of public breach corpora (zxcvbn's ranked list).
const COMMON_PASSWORDS = new Set((dictionary["passwords-common"] as string[]).slice(0, 10_000));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less common password.";

/**
 * Why a new password is too easy to guess, as the field error the person sees, or undefined when it
 * is acceptable. Length first (the spec's minimum), then the patterns people actually try: breach
 * lists, one key held down, only spaces, and the account's own email.
 */
export function passwordWeakness(password: string, email?: string): string | undefined {
  if (!password) {
    return "Password is required";
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  if (password.trim() === "") {
    return "Password cannot be only spaces";
  }
  if (new Set(password).size === 1) {
    return "Password cannot be one character repeated. Try a few words you will remember.";
  }
  const localPart = email?.split("@")[0]?.toLowerCase() ?? "";
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    return "Password cannot contain your email address. Try a few words you will remember.";
  }
  if (isCommonPassword(password)) {
    return COMMON_PASSWORD_MESSAGE;
  }
  return undefined;
}
